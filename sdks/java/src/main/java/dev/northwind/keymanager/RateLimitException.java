package dev.northwind.keymanager;

/**
 * HTTP 429: the API key made more calls this minute than its plan allows. Wait
 * {@link #getRetryAfterSeconds()} seconds before calling again.
 */
public class RateLimitException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "rate_limited";

    private final long retryAfterSeconds;

    /**
     * Creates the exception.
     *
     * @param message the server's message
     * @param retryAfterSeconds the server's {@code Retry-After} header in seconds (0 when absent)
     */
    public RateLimitException(String message, long retryAfterSeconds) {
        this(message, retryAfterSeconds, null);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param retryAfterSeconds the server's {@code Retry-After} header in seconds (0 when absent)
     * @param code the server's error code ({@link #CODE}), or null
     */
    public RateLimitException(String message, long retryAfterSeconds, String code) {
        super(message, 429, code);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /**
     * How long to wait before the next call.
     *
     * @return seconds from the {@code Retry-After} header, or 0 when the server sent none
     */
    public long getRetryAfterSeconds() {
        return retryAfterSeconds;
    }
}
