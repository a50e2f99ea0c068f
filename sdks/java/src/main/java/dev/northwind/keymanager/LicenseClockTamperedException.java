package dev.northwind.keymanager;

import java.time.Instant;

/**
 * This machine's clock is behind a time the owner's signatures already proved (see {@link
 * ClockGuard}): it was turned back, most likely to keep a certificate from expiring.
 */
public class LicenseClockTamperedException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    /** The latest proven time; an Instant is serializable. */
    private final Instant lastSeenAt;

    /**
     * Creates the exception.
     *
     * @param lastSeenAt the latest time already proved
     */
    public LicenseClockTamperedException(Instant lastSeenAt) {
        super("The clock is behind " + lastSeenAt + ", a time already seen: it was turned back");
        this.lastSeenAt = lastSeenAt;
    }

    /**
     * The latest time the guard had seen proved.
     *
     * @return the guard's last-seen time
     */
    public Instant getLastSeenAt() {
        return lastSeenAt;
    }
}
