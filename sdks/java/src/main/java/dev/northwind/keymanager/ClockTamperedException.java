package dev.northwind.keymanager;

import java.time.Instant;

/**
 * This machine's clock is behind a time the owner's signatures already proved ({@link ClockGuard}):
 * it was turned back.
 */
public class ClockTamperedException extends ReplyVerificationException {
    private static final long serialVersionUID = 1L;

    /** This library's code for the reason. */
    public static final String CODE = "clock_tampered";

    /** See {@link #getLastSeenAt()}. */
    private final Instant lastSeenAt;

    /**
     * Creates the exception.
     *
     * @param lastSeenAt the latest time already proved
     * @param statusCode the reply's HTTP status
     */
    public ClockTamperedException(Instant lastSeenAt, int statusCode) {
        super("The clock is behind " + lastSeenAt + ", a time already seen: it was turned back", statusCode, CODE);
        this.lastSeenAt = lastSeenAt;
    }

    /**
     * The latest time the guard had seen proved.
     *
     * @return the latest time already proved
     */
    public Instant getLastSeenAt() {
        return lastSeenAt;
    }
}
