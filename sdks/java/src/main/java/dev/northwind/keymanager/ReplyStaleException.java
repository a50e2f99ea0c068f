package dev.northwind.keymanager;

import java.time.Instant;

/**
 * Signed further from this machine's clock than the tolerance allows: a delayed reply, or a clock
 * far ahead.
 */
public class ReplyStaleException extends ReplyVerificationException {
    private static final long serialVersionUID = 1L;

    /** This library's code for the reason. */
    public static final String CODE = "reply_stale";

    /** See {@link #getSignedAt()}. */
    private final Instant signedAt;

    /**
     * Creates the exception.
     *
     * @param signedAt when the server signed the reply
     * @param statusCode the reply's HTTP status
     */
    public ReplyStaleException(Instant signedAt, int statusCode) {
        super("The reply was signed at " + signedAt + ", too far from this clock", statusCode, CODE);
        this.signedAt = signedAt;
    }

    /**
     * When the server signed the reply.
     *
     * @return when the server signed the reply
     */
    public Instant getSignedAt() {
        return signedAt;
    }
}
