package dev.northwind.keymanager;

import java.time.Instant;

/**
 * Issued in the future beyond the clock-skew allowance: this machine's clock is far behind, or was
 * turned back.
 */
public class LicenseNotYetValidException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param issuedAt when the certificate says it was issued
     */
    public LicenseNotYetValidException(Instant issuedAt) {
        super("The licence is dated " + issuedAt + ", in the future");
    }
}
