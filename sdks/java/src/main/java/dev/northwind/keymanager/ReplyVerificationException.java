package dev.northwind.keymanager;

/**
 * A reply that was asked to be signed ({@link SignedReplies}) and could not be trusted as the
 * owner's answer to this very request. Treat it as no answer at all, never as "valid".
 *
 * <p>{@link #getStatusCode()} is the reply's HTTP status; {@link #getCode()} is this library's
 * reason (not a server error code): {@code reply_unsigned}, {@code reply_unknown_signing_key},
 * {@code reply_bad_signature}, {@code reply_nonce_mismatch}, {@code reply_stale} or {@code
 * clock_tampered}, each with its own subclass.
 */
public class ReplyVerificationException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message why the reply was refused
     * @param statusCode the reply's HTTP status
     * @param code the reason's code
     */
    public ReplyVerificationException(String message, int statusCode, String code) {
        super(message, statusCode, code);
    }
}
