package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Signed replies against the stub signing as the server does (contract key-licensing.ts): Ed25519
 * over {@code km-reply-v1\n<signedAt>\n<nonce>\n<path>\n<body>} with a key pair made here. Each test
 * changes one thing the library must refuse.
 */
class SignedRepliesTest {
    private static final String VALID_BODY = "{\"status\":\"ok\",\"valid\":true,\"code\":\"VALID\","
            + "\"message\":\"The key is valid.\",\"key\":{\"id\":\"k-1\",\"key\":\"LIC-1\",\"maxActivations\":3,"
            + "\"currentActivations\":1,\"isActive\":true,\"keyStatus\":\"active\",\"expiresAt\":null,"
            + "\"product\":\"studio\",\"trial\":false,\"entitlements\":{\"pro\":true},\"metadata\":{}}}";

    private static final KeyPair OWNER = newPair();
    private static final String PUBLIC_KEY = Base64.getEncoder().encodeToString(OWNER.getPublic().getEncoded());
    private static final String KID = OfflineLicense.signingKeyId(PUBLIC_KEY);

    private StubServer stub;
    private Instant deviceNow;
    private Instant serverNow;
    /** What the stub signs; null fields take the request's own values. */
    private String signedNonce;
    private String signedBody;
    private String signedPath;
    private PrivateKey signingKey;
    private String kid;
    private String echoedNonce;
    private final List<String> nonces = new ArrayList<>();

    private static KeyPair newPair() {
        try {
            return KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        } catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
    }

    @BeforeEach
    void start() throws IOException {
        stub = new StubServer();
        stub.reply(200, VALID_BODY);
        deviceNow = Instant.parse("2027-03-01T12:00:00Z");
        serverNow = deviceNow;
        signingKey = OWNER.getPrivate();
        kid = KID;
        stub.signer = (nonce, path, body) -> {
            nonces.add(nonce);
            String signedAt = serverNow.toString();
            String message = "km-reply-v1\n" + signedAt + "\n" + (signedNonce == null ? nonce : signedNonce) + "\n"
                    + (signedPath == null ? path : signedPath) + "\n" + (signedBody == null ? body : signedBody);
            Map<String, String> headers = new LinkedHashMap<>();
            headers.put("x-km-signature", sign(message, signingKey));
            headers.put("x-km-signing-key", kid);
            headers.put("x-km-signed-at", signedAt);
            if (echoedNonce != null) {
                headers.put("x-km-nonce", echoedNonce);
            }
            return headers;
        };
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    private static String sign(String message, PrivateKey key) {
        try {
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(key);
            signer.update(message.getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(signer.sign());
        } catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
    }

    private SignedReplies settings() {
        return SignedReplies.verifiedWith(List.of(PUBLIC_KEY)).clock(Clock.fixed(deviceNow, ZoneOffset.UTC));
    }

    private KeyManager client(SignedReplies settings) {
        return new KeyManager("km_pub_test", stub.baseUrl()).withSignedReplies(settings);
    }

    private ValidationResult validate(SignedReplies settings) throws KeyManagerException {
        return client(settings).validateKey(ValidateKeyRequest.forKey("LIC-1").fingerprint("pc-1"), true);
    }

    @Test
    void acceptsAGenuineReplyWithAFreshNonceEachTimeAndAdvancesTheGuard() throws KeyManagerException {
        SignedReplies settings = settings();
        ValidationResult result = validate(settings);
        assertTrue(result.isValid());
        assertEquals(ValidationCode.VALID, result.getCode());
        assertEquals("studio", result.getKey().orElseThrow().getProduct());
        SignedReply signature = result.getSignature().orElseThrow();
        assertEquals(KID, signature.getSigningKeyId());
        assertEquals(serverNow, signature.getSignedAt());
        assertEquals(serverNow, settings.getClockGuard().getLastSeenAt().orElseThrow());

        validate(settings);
        assertEquals(2, nonces.size());
        assertTrue(nonces.get(0).matches("[A-Za-z0-9_-]{43}"), nonces.get(0));
        assertNotEquals(nonces.get(0), nonces.get(1));
    }

    @Test
    void anUnsignedCallSendsNoNonceAndChecksNothing() throws KeyManagerException {
        ValidationResult result = client(settings()).validateKey(ValidateKeyRequest.forKey("LIC-1"));
        assertTrue(result.isValid());
        assertTrue(result.getSignature().isEmpty());
        assertNull(stub.nonce);
    }

    @Test
    void refusesABodyChangedAfterSigning() {
        signedBody = VALID_BODY.replace("\"valid\":true", "\"valid\":false");
        ReplySignatureException error = assertThrows(ReplySignatureException.class, () -> validate(settings()));
        assertEquals("reply_bad_signature", error.getCode());
        assertEquals(200, error.getStatusCode());
    }

    @Test
    void refusesASignatureByAnotherKeyUnderTheOwnersId() {
        signingKey = newPair().getPrivate();
        assertThrows(ReplySignatureException.class, () -> validate(settings()));
    }

    @Test
    void refusesAReplayedReplyEchoedOrNot() {
        String replayed = "an-earlier-requests-nonce-0001";
        signedNonce = replayed;
        echoedNonce = replayed;
        ReplyNonceMismatchException mismatch =
                assertThrows(ReplyNonceMismatchException.class, () -> validate(settings()));
        assertEquals("reply_nonce_mismatch", mismatch.getCode());
        // Without the echo the signature, checked over the nonce this request sent, fails.
        echoedNonce = null;
        assertThrows(ReplySignatureException.class, () -> validate(settings()));
    }

    @Test
    void bindsTheSignatureToTheRequestPath() {
        signedPath = KeyManager.API_PATH + "get-key-information";
        assertThrows(ReplySignatureException.class, () -> validate(settings()));
    }

    @Test
    void refusesAReplySignedLongerAgoThanTheTolerance() throws KeyManagerException {
        serverNow = deviceNow.minusSeconds(299);
        assertTrue(validate(settings()).isValid());
        serverNow = deviceNow.minusSeconds(301);
        ReplyStaleException stale = assertThrows(ReplyStaleException.class, () -> validate(settings()));
        assertEquals(serverNow, stale.getSignedAt());
        assertEquals("reply_stale", stale.getCode());
        assertTrue(validate(settings().tolerance(Duration.ofMinutes(10))).isValid());
    }

    @Test
    void refusesAClockTurnedBackBehindATimeAlreadySeenAcrossRuns() throws KeyManagerException {
        List<Instant> saved = new ArrayList<>();
        ClockGuard first = new ClockGuard(null, ClockGuard.DEFAULT_TOLERANCE, saved::add);
        validate(settings().clockGuard(first));
        assertEquals(List.of(deviceNow), saved);

        // Next run: the saved time is restored; the clock was turned back a day, and the reply (a
        // recording, or a fake server's) is signed at that turned-back time.
        ClockGuard restored = new ClockGuard(saved.get(0));
        deviceNow = deviceNow.minus(Duration.ofDays(1));
        serverNow = deviceNow;
        ClockTamperedException tampered =
                assertThrows(ClockTamperedException.class, () -> validate(settings().clockGuard(restored)));
        assertEquals(saved.get(0), tampered.getLastSeenAt());
        assertEquals("clock_tampered", tampered.getCode());
        assertTrue(restored.isTurnedBack(deviceNow));
        assertFalse(restored.isTurnedBack(saved.get(0).minusSeconds(299)));
    }

    @Test
    void aGenuineReplyFarAheadOfTheClockProvesTheClockIsBehind() {
        serverNow = deviceNow.plus(Duration.ofHours(1));
        SignedReplies settings = settings();
        assertThrows(ClockTamperedException.class, () -> validate(settings));
        assertEquals(serverNow, settings.getClockGuard().getLastSeenAt().orElseThrow());
    }

    @Test
    void refusesAnUnsignedReplyAndAnUnknownKey() {
        StubServer.Signer signer = stub.signer;
        stub.signer = null;
        assertThrows(ReplyUnsignedException.class, () -> validate(settings()));
        stub.signer = signer;
        kid = "someone-elses-k";
        ReplyUnknownSigningKeyException unknown =
                assertThrows(ReplyUnknownSigningKeyException.class, () -> validate(settings()));
        assertEquals("someone-elses-k", unknown.getSigningKeyId());
        // Every reason is a ReplyVerificationException and a KeyManagerException.
        assertTrue(unknown instanceof ReplyVerificationException);
    }

    @Test
    void signsKeyInformationTooAndEveryCallWhenAsked() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"id\":\"k-1\",\"key\":\"LIC-1\",\"maxActivations\":3,"
                + "\"currentActivations\":1,\"isActive\":true,\"keyStatus\":\"trial\",\"trial\":true}");
        KeyManager every = client(settings().everyCall(true));
        KeyInformationResponse info = every.getKeyInformation("LIC-1");
        assertEquals(KID, info.getSignature().orElseThrow().getSigningKeyId());
        assertEquals("trial", info.getKeyInformation().getKeyStatus());
        assertTrue(info.getKeyInformation().isTrial());
        assertTrue(every.getKeyInformation("LIC-1", false, false).getSignature().isEmpty());
        assertNull(stub.nonce);
        assertTrue(every.getClockGuard().isPresent());
    }

    @Test
    void checksItsSettingsBeforeAnyCall() {
        KeyManager plain = new KeyManager("k", stub.baseUrl());
        assertThrows(IllegalStateException.class,
                () -> plain.validateKey(ValidateKeyRequest.forKey("LIC-1"), true));
        assertTrue(plain.getClockGuard().isEmpty());
        assertThrows(IllegalArgumentException.class, () -> SignedReplies.verifiedWith(List.of()));
        assertThrows(IllegalArgumentException.class, () -> SignedReplies.verifiedWith(List.of("bm90IGEga2V5")));
        assertThrows(IllegalArgumentException.class, () -> settings().tolerance(Duration.ZERO));
        assertEquals(0, stub.requests);
    }

    @Test
    void offlineVerificationAdvancesAndChecksTheSameGuard() throws Exception {
        Instant issuedAt = Instant.ofEpochSecond(1_800_000_000L);
        String certificate = certificate(issuedAt, issuedAt.plus(Duration.ofDays(14)));
        ClockGuard guard = new ClockGuard();
        Duration skew = OfflineLicense.DEFAULT_CLOCK_SKEW;
        OfflineLicense.verify(certificate, List.of(PUBLIC_KEY), "pc-1", skew, issuedAt.plusSeconds(60), guard);
        assertEquals(issuedAt, guard.getLastSeenAt().orElseThrow());

        LicenseClockTamperedException tampered = assertThrows(LicenseClockTamperedException.class,
                () -> OfflineLicense.verify(certificate, List.of(PUBLIC_KEY), "pc-1", skew, issuedAt.minusSeconds(3600),
                        guard));
        assertEquals(issuedAt, tampered.getLastSeenAt());
        // A later signed reply seen online: a clock still inside the certificate's dates but behind it is refused.
        guard.restore(issuedAt.plus(Duration.ofDays(7)));
        assertThrows(LicenseClockTamperedException.class,
                () -> OfflineLicense.verify(certificate, List.of(PUBLIC_KEY), "pc-1", skew, issuedAt.plus(Duration.ofDays(1)),
                        guard));
        // Restoring an older value never moves the guard back.
        guard.restore(issuedAt);
        assertEquals(issuedAt.plus(Duration.ofDays(7)), guard.getLastSeenAt().orElseThrow());
    }

    private static String certificate(Instant issuedAt, Instant expiresAt) {
        String payload = "{\"v\":1,\"signingKeyId\":\"" + KID + "\",\"keyId\":\"k-1\",\"key\":\"LIC-1\","
                + "\"fingerprint\":\"pc-1\",\"maxActivations\":3,\"issuedAt\":" + issuedAt.getEpochSecond()
                + ",\"expiresAt\":" + expiresAt.getEpochSecond() + ",\"entitlements\":{}}";
        String body = Base64.getUrlEncoder().withoutPadding().encodeToString(payload.getBytes(StandardCharsets.UTF_8));
        try {
            Signature signer = Signature.getInstance("Ed25519");
            signer.initSign(OWNER.getPrivate());
            signer.update(body.getBytes(StandardCharsets.US_ASCII));
            return body + "." + Base64.getUrlEncoder().withoutPadding().encodeToString(signer.sign());
        } catch (GeneralSecurityException ex) {
            throw new IllegalStateException(ex);
        }
    }
}
