package dev.northwind.keymanager;

/**
 * Base class of every reason {@link OfflineLicense#verify} refuses a certificate. Each reason has its
 * own subclass, so callers can catch one (an expired licence: go online for a new one) or all.
 */
public class LicenseVerificationException extends Exception {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message why the certificate was refused
     */
    public LicenseVerificationException(String message) {
        super(message);
    }
}
