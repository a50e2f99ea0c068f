package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OfflineLicenseTest {
    // A certificate signed by the server's code (apps/api .../licences/certificate.ts) with a key made
    // for this test, fixed here so both sides are held to the same format. Ed25519 is deterministic.
    private static final String PUBLIC_KEY = "MCowBQYDK2VwAyEA00JeuLNLzUsyKXz6H6WBkQLEYsEpbADeyTP1ydCLsjk=";
    private static final String PEM =
            "-----BEGIN PUBLIC KEY-----\n" + PUBLIC_KEY + "\n-----END PUBLIC KEY-----\n";
    private static final String KEY_ID = "aZGxPuOmW5Oup57t";
    private static final String BODY =
            "eyJ2IjoxLCJzaWduaW5nS2V5SWQiOiJhWkd4UHVPbVc1T3VwNTd0Iiwia2V5SWQiOiI3YjBjNWE1Mi0zZjRlLTRkN2MtOWE1MS0wYzJiOGY2ZTFkMTEiLCJrZXkiOiJMSUMtVEVTVC1WRUNUT1IiLCJmaW5nZXJwcmludCI6ImxhcHRvcC0xIiwibWF4QWN0aXZhdGlvbnMiOjMsImlzc3VlZEF0IjoxNzAwMDAwMDAwLCJleHBpcmVzQXQiOjE3MDA2MDQ4MDAsImVudGl0bGVtZW50cyI6eyJlZGl0aW9uIjoic3R1ZGlvIiwic2VhdHMiOjUsImV4cG9ydCI6dHJ1ZX19";
    private static final String SIGNATURE =
            "ZQmVYa0ooOlLUoEBkvONw323Z9Ol0K2_Nzj9A5_6bSr9xVhJ68qz44Mhh53gOMpNTMeoCRFiE-mK3hnsmZwECA";
    private static final String CERTIFICATE = BODY + "." + SIGNATURE;
    private static final Instant ISSUED = Instant.ofEpochSecond(1_700_000_000L);
    private static final Instant EXPIRES = Instant.ofEpochSecond(1_700_604_800L);
    private static final Duration SKEW = OfflineLicense.DEFAULT_CLOCK_SKEW;

    private static License verifyAt(String certificate, String fingerprint, Instant now)
            throws LicenseVerificationException {
        return OfflineLicense.verify(certificate, List.of(PUBLIC_KEY), fingerprint, SKEW, now);
    }

    @Test
    void acceptsTheServersCertificateWithPemOrBase64() throws Exception {
        for (String key : List.of(PUBLIC_KEY, PEM)) {
            License license = OfflineLicense.verify(CERTIFICATE, List.of(key), "laptop-1", SKEW, ISSUED.plusSeconds(60));
            assertEquals("LIC-TEST-VECTOR", license.getKey());
            assertEquals("7b0c5a52-3f4e-4d7c-9a51-0c2b8f6e1d11", license.getKeyId());
            assertEquals(3L, license.getMaxActivations());
            assertEquals(EXPIRES, license.getExpiresAt());
            assertEquals(Map.of("edition", "studio", "seats", 5L, "export", true), license.getEntitlements());
        }
        assertEquals(KEY_ID, OfflineLicense.signingKeyId(PEM));
    }

    @Test
    void refusesATamperedCertificate() {
        String richer = Base64.getUrlEncoder().withoutPadding().encodeToString(
                new String(Base64.getUrlDecoder().decode(BODY), StandardCharsets.UTF_8)
                        .replace("\"maxActivations\":3", "\"maxActivations\":0")
                        .getBytes(StandardCharsets.UTF_8));
        assertThrows(LicenseSignatureException.class, () -> verifyAt(richer + "." + SIGNATURE, "laptop-1", ISSUED));
        String flipped = SIGNATURE.substring(0, 10) + (SIGNATURE.charAt(10) == 'A' ? 'B' : 'A') + SIGNATURE.substring(11);
        assertThrows(LicenseSignatureException.class, () -> verifyAt(BODY + "." + flipped, "laptop-1", ISSUED));
    }

    @Test
    void refusesExpiredOnlyPastTheSkew() throws Exception {
        verifyAt(CERTIFICATE, "laptop-1", EXPIRES.plusSeconds(299));
        LicenseExpiredException expired = assertThrows(
                LicenseExpiredException.class, () -> verifyAt(CERTIFICATE, "laptop-1", EXPIRES.plusSeconds(301)));
        assertEquals(EXPIRES, expired.getExpiresAt());
        assertThrows(LicenseNotYetValidException.class, () -> verifyAt(CERTIFICATE, "laptop-1", ISSUED.minusSeconds(301)));
    }

    @Test
    void refusesAnotherDeviceAnUnknownKeyAndGarbage() throws Exception {
        assertThrows(LicenseFingerprintMismatchException.class, () -> verifyAt(CERTIFICATE, "desktop-2", ISSUED));
        KeyPairGenerator generator = KeyPairGenerator.getInstance("Ed25519");
        String stranger = Base64.getEncoder().encodeToString(generator.generateKeyPair().getPublic().getEncoded());
        LicenseUnknownSigningKeyException unknown = assertThrows(
                LicenseUnknownSigningKeyException.class,
                () -> OfflineLicense.verify(CERTIFICATE, List.of(stranger), "laptop-1", SKEW, ISSUED));
        assertEquals(KEY_ID, unknown.getSigningKeyId());
        for (String garbage : List.of("", "abc", CERTIFICATE + ".x", "e30." + SIGNATURE, "bm90IGpzb24." + SIGNATURE)) {
            assertThrows(LicenseMalformedException.class, () -> verifyAt(garbage, "laptop-1", ISSUED), garbage);
        }
        assertThrows(IllegalArgumentException.class, () -> verifyAt(CERTIFICATE, " ", ISSUED));
        assertThrows(IllegalArgumentException.class, () -> OfflineLicense.verify(CERTIFICATE, List.of("nope"), "laptop-1"));
    }
}
