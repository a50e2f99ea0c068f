package dev.northwind.keymanager;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.X509EncodedKeySpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;

/**
 * Verifies signed offline licence certificates with the owner's Ed25519 public key(s), with no
 * network: {@code java.security} only (Java 15+, this library targets 17).
 *
 * <p>A certificate, from {@link KeyManager#checkoutLicense}, is
 * {@code base64url(payload JSON) + "." + base64url(Ed25519 signature of the first part's ASCII bytes)}.
 * The recommended pattern: check the key online when you can and check out a fresh certificate; when
 * the server cannot be reached, verify the stored certificate instead, so an outage never stops a
 * paying user.
 *
 * <pre>{@code
 * License license = OfflineLicense.verify(stored, List.of(PUBLIC_KEY), fingerprint);
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class OfflineLicense {
    /** Default allowance for a machine clock that is off a little, either way: 5 minutes. */
    public static final Duration DEFAULT_CLOCK_SKEW = Duration.ofMinutes(5);

    private OfflineLicense() {}

    /**
     * Verifies a certificate against this machine's clock with the default skew allowance.
     *
     * @param certificate the stored certificate
     * @param publicKeys the owner's public keys from the dashboard (PEM or base64 DER): the current
     *     one and any previous one not yet retired; the right one is chosen by the certificate's
     *     signing key id
     * @param fingerprint this device's fingerprint
     * @return the verified payload
     * @throws LicenseVerificationException a subclass naming the reason: malformed, unknown signing
     *     key, bad signature, wrong fingerprint, not yet valid, expired
     * @throws IllegalArgumentException when an argument is null or empty, or a public key is not an
     *     Ed25519 public key
     */
    public static License verify(String certificate, Collection<String> publicKeys, String fingerprint)
            throws LicenseVerificationException {
        return verify(certificate, publicKeys, fingerprint, DEFAULT_CLOCK_SKEW, Instant.now());
    }

    /**
     * Verifies a certificate. Checks, in order: shape, signing key, signature, fingerprint, issue
     * time, expiry.
     *
     * @param certificate the stored certificate
     * @param publicKeys the owner's public keys (PEM or base64 DER)
     * @param fingerprint this device's fingerprint
     * @param clockSkew how far this machine's clock may be off, either way
     * @param now the time to check against
     * @return the verified payload
     * @throws LicenseVerificationException a subclass naming the reason
     * @throws IllegalArgumentException when an argument is null or empty, the skew negative, or a
     *     public key not an Ed25519 public key
     */
    public static License verify(
            String certificate, Collection<String> publicKeys, String fingerprint, Duration clockSkew, Instant now)
            throws LicenseVerificationException {
        if (fingerprint == null || fingerprint.trim().isEmpty()) {
            throw new IllegalArgumentException("fingerprint must not be empty");
        }
        if (publicKeys == null || publicKeys.isEmpty()) {
            throw new IllegalArgumentException("publicKeys must not be empty");
        }
        if (clockSkew == null || clockSkew.isNegative() || now == null) {
            throw new IllegalArgumentException("clockSkew must be 0 or more and now must be given");
        }
        String[] parts = split(certificate);
        License license = decodePayload(parts[0]);
        PublicKey signer = null;
        // Every key is read, so a mistyped one is reported at once, not only when it is needed.
        for (String publicKey : publicKeys) {
            byte[] der = derOf(publicKey);
            PublicKey candidate = toKey(der);
            if (signer == null && keyId(der).equals(license.getSigningKeyId())) {
                signer = candidate;
            }
        }
        if (signer == null) {
            throw new LicenseUnknownSigningKeyException(license.getSigningKeyId());
        }
        boolean valid;
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(signer);
            verifier.update(parts[0].getBytes(StandardCharsets.US_ASCII));
            valid = verifier.verify(base64Url(parts[1]));
        } catch (GeneralSecurityException | IllegalArgumentException ex) {
            valid = false;
        }
        if (!valid) {
            throw new LicenseSignatureException();
        }
        if (!license.getFingerprint().equals(fingerprint.trim())) {
            throw new LicenseFingerprintMismatchException();
        }
        if (license.getIssuedAt().isAfter(now.plus(clockSkew))) {
            throw new LicenseNotYetValidException(license.getIssuedAt());
        }
        if (now.isAfter(license.getExpiresAt().plus(clockSkew))) {
            throw new LicenseExpiredException(license.getExpiresAt());
        }
        return license;
    }

    /**
     * Reads a certificate's payload WITHOUT verifying it (to show it); never trust what it says.
     *
     * @param certificate the certificate
     * @return its payload
     * @throws LicenseMalformedException when it is not a certificate
     */
    public static License decode(String certificate) throws LicenseMalformedException {
        return decodePayload(split(certificate)[0]);
    }

    /**
     * The id the server gives a public key, and puts in the certificates it signs: base64url of the
     * first 12 bytes of SHA-256 over the key's SubjectPublicKeyInfo DER.
     *
     * @param publicKey a public key as PEM or base64 DER
     * @return its signing key id
     * @throws IllegalArgumentException when it is not an Ed25519 public key
     */
    public static String signingKeyId(String publicKey) {
        byte[] der = derOf(publicKey);
        toKey(der);
        return keyId(der);
    }

    private static String[] split(String certificate) throws LicenseMalformedException {
        String[] parts = certificate == null ? new String[0] : certificate.trim().split("\\.", -1);
        if (parts.length != 2 || !parts[0].matches("[A-Za-z0-9_-]+") || !parts[1].matches("[A-Za-z0-9_-]+")) {
            throw new LicenseMalformedException("The licence is not two base64url parts joined by \".\"");
        }
        return parts;
    }

    private static License decodePayload(String body) throws LicenseMalformedException {
        Object parsed;
        try {
            parsed = Json.parse(new String(base64Url(body), StandardCharsets.UTF_8));
        } catch (IllegalArgumentException ex) {
            throw new LicenseMalformedException("The licence payload is not JSON");
        }
        if (!(parsed instanceof Map)) {
            throw new LicenseMalformedException("The licence payload is not a JSON object");
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> payload = (Map<String, Object>) parsed;
        return new License(payload);
    }

    private static byte[] base64Url(String text) {
        return Base64.getUrlDecoder().decode(text);
    }

    private static byte[] derOf(String publicKey) {
        if (publicKey == null || publicKey.trim().isEmpty()) {
            throw new IllegalArgumentException("a public key must not be empty");
        }
        String base64 = publicKey.replace("-----BEGIN PUBLIC KEY-----", "")
                .replace("-----END PUBLIC KEY-----", "")
                .replaceAll("\\s+", "");
        try {
            return Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException ex) {
            throw new IllegalArgumentException("not an Ed25519 public key (PEM or base64 DER)", ex);
        }
    }

    private static PublicKey toKey(byte[] der) {
        try {
            return KeyFactory.getInstance("Ed25519").generatePublic(new X509EncodedKeySpec(der));
        } catch (GeneralSecurityException ex) {
            throw new IllegalArgumentException("not an Ed25519 public key (PEM or base64 DER)", ex);
        }
    }

    private static String keyId(byte[] der) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(der);
            byte[] first = new byte[12];
            System.arraycopy(digest, 0, first, 0, 12);
            return Base64.getUrlEncoder().withoutPadding().encodeToString(first);
        } catch (GeneralSecurityException ex) {
            throw new IllegalStateException("SHA-256 is not available", ex);
        }
    }
}
