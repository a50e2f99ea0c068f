package dev.northwind.keymanager;

import java.net.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Base64;
import java.util.Optional;

/**
 * Checks a signed reply (see {@link SignedReplies}) and makes the nonces. In order: the headers are
 * there, an echoed nonce is ours, the key is known, the signature covers this time, our nonce, this
 * path and these bytes; then, the time being proved, the guard records it, refuses a clock turned
 * back, and refuses a time further from the clock than the tolerance.
 */
final class ReplyVerifier {
    static final String NONCE_HEADER = "x-km-nonce";
    static final String SIGNATURE_HEADER = "x-km-signature";
    static final String SIGNING_KEY_HEADER = "x-km-signing-key";
    static final String SIGNED_AT_HEADER = "x-km-signed-at";
    static final String VERSION = "km-reply-v1";

    private static final SecureRandom RANDOM = new SecureRandom();

    private ReplyVerifier() {}

    /** A fresh nonce: 32 random bytes as base64url (43 characters). */
    static String newNonce() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    static SignedReply verify(
            SignedReplies settings, String nonce, String path, int status, HttpHeaders headers, byte[] body)
            throws ReplyVerificationException {
        Optional<String> signature = headers.firstValue(SIGNATURE_HEADER);
        Optional<String> keyId = headers.firstValue(SIGNING_KEY_HEADER);
        Optional<String> signedAtText = headers.firstValue(SIGNED_AT_HEADER);
        if (signature.isEmpty() || keyId.isEmpty() || signedAtText.isEmpty()) {
            throw new ReplyUnsignedException(status);
        }
        Optional<String> echoed = headers.firstValue(NONCE_HEADER);
        if (echoed.isPresent() && !echoed.get().equals(nonce)) {
            throw new ReplyNonceMismatchException(status);
        }
        PublicKey signer = settings.keys().get(keyId.get());
        if (signer == null) {
            throw new ReplyUnknownSigningKeyException(keyId.get(), status);
        }
        // Our nonce, never the echoed one: a reply to another request cannot verify.
        byte[] head = (VERSION + "\n" + signedAtText.get() + "\n" + nonce + "\n" + path + "\n")
                .getBytes(StandardCharsets.UTF_8);
        boolean valid;
        try {
            Signature verifier = Signature.getInstance("Ed25519");
            verifier.initVerify(signer);
            verifier.update(head);
            verifier.update(body);
            valid = signature.get().matches("[A-Za-z0-9_-]+")
                    && verifier.verify(Base64.getUrlDecoder().decode(signature.get()));
        } catch (GeneralSecurityException | IllegalArgumentException ex) {
            valid = false;
        }
        if (!valid) {
            throw new ReplySignatureException(status);
        }
        Instant signedAt;
        try {
            signedAt = Instant.parse(signedAtText.get());
        } catch (DateTimeParseException ex) {
            throw new ReplySignatureException("The reply's signing time is not a time: " + signedAtText.get(), status);
        }
        // Signed over our fresh nonce, this time really passed on the server: a lower bound of real time.
        ClockGuard guard = settings.getClockGuard();
        guard.observe(signedAt);
        Instant now = settings.clock().instant();
        if (guard.isTurnedBack(now)) {
            throw new ClockTamperedException(guard.getLastSeenAt().orElse(signedAt), status);
        }
        if (Duration.between(signedAt, now).abs().compareTo(settings.getTolerance()) > 0) {
            throw new ReplyStaleException(signedAt, status);
        }
        return new SignedReply(keyId.get(), signedAt);
    }
}
