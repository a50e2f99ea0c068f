package dev.northwind.keymanager;

import java.time.Instant;

/** Past its expiry (plus the clock-skew allowance): check out a new certificate when online. */
public class LicenseExpiredException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    private final Instant expiresAt;

    /**
     * Creates the exception.
     *
     * @param expiresAt when the certificate expired
     */
    public LicenseExpiredException(Instant expiresAt) {
        super("The licence expired at " + expiresAt);
        this.expiresAt = expiresAt;
    }

    /**
     * When the certificate expired.
     *
     * @return its {@code expiresAt}
     */
    public Instant getExpiresAt() {
        return expiresAt;
    }
}
