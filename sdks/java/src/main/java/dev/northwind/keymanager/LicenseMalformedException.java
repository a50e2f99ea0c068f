package dev.northwind.keymanager;

/** Not a certificate: not two base64url parts joined by ".", not JSON, or not format version 1. */
public class LicenseMalformedException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what is wrong with it
     */
    public LicenseMalformedException(String message) {
        super(message);
    }
}
