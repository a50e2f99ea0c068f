package dev.northwind.keymanager;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
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
        return verify(certificate, publicKeys, fingerprint, clockSkew, now, null);
    }

    /**
     * Verifies a certificate against this machine's clock with the default skew allowance and a
     * last-seen-time guard: a clock behind a time the owner's signatures already proved is refused
     * ({@link LicenseClockTamperedException}), and a certificate that verifies advances the guard to
     * its issue time. Pass the guard your {@link KeyManager} verifies signed replies with
     * ({@link KeyManager#getClockGuard()}), restored from storage at start.
     *
     * @param certificate the stored certificate
     * @param publicKeys the owner's public keys (PEM or base64 DER)
     * @param fingerprint this device's fingerprint
     * @param clockGuard the last-seen-time guard
     * @return the verified payload
     * @throws LicenseVerificationException a subclass naming the reason
     * @throws IllegalArgumentException when an argument is null or empty, or a public key is not an
     *     Ed25519 public key
     */
    public static License verify(
            String certificate, Collection<String> publicKeys, String fingerprint, ClockGuard clockGuard)
            throws LicenseVerificationException {
        if (clockGuard == null) {
            throw new IllegalArgumentException("clockGuard must be given");
        }
        return verify(certificate, publicKeys, fingerprint, DEFAULT_CLOCK_SKEW, Instant.now(), clockGuard);
    }

    /**
     * Verifies a certificate. Checks, in order: shape, signing key, signature, fingerprint, the clock
     * guard (when given), issue time, expiry; then advances the guard to the issue time.
     *
     * @param certificate the stored certificate
     * @param publicKeys the owner's public keys (PEM or base64 DER)
     * @param fingerprint this device's fingerprint
     * @param clockSkew how far this machine's clock may be off, either way
     * @param now the time to check against
     * @param clockGuard the last-seen-time guard, or null for none
     * @return the verified payload
     * @throws LicenseVerificationException a subclass naming the reason
     * @throws IllegalArgumentException when an argument is null or empty, the skew negative, or a
     *     public key not an Ed25519 public key
     */
    public static License verify(
            String certificate,
            Collection<String> publicKeys,
            String fingerprint,
            Duration clockSkew,
            Instant now,
            ClockGuard clockGuard)
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
            byte[] der = PublicKeys.derOf(publicKey);
            PublicKey candidate = PublicKeys.toKey(der);
            if (signer == null && PublicKeys.keyId(der).equals(license.getSigningKeyId())) {
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
        if (clockGuard != null && clockGuard.isTurnedBack(now)) {
            throw new LicenseClockTamperedException(clockGuard.getLastSeenAt().orElseThrow());
        }
        if (license.getIssuedAt().isAfter(now.plus(clockSkew))) {
            throw new LicenseNotYetValidException(license.getIssuedAt());
        }
        if (now.isAfter(license.getExpiresAt().plus(clockSkew))) {
            throw new LicenseExpiredException(license.getExpiresAt());
        }
        if (clockGuard != null) {
            // Signed by the owner, so this moment really passed: a lower bound of real time from now on.
            clockGuard.observe(license.getIssuedAt());
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
        byte[] der = PublicKeys.derOf(publicKey);
        PublicKeys.toKey(der);
        return PublicKeys.keyId(der);
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
}
