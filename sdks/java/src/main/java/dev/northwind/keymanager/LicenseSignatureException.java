package dev.northwind.keymanager;

/** The Ed25519 signature does not match: the certificate was altered, or not signed by the owner. */
public class LicenseSignatureException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception. */
    public LicenseSignatureException() {
        super("The licence signature is not valid");
    }
}
