package dev.northwind.keymanager;

/** The certificate was checked out for another device (another fingerprint). */
public class LicenseFingerprintMismatchException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public LicenseFingerprintMismatchException() {
        super("The licence was issued for another device");
    }
}
