package dev.northwind.keymanager;

/**
 * Signed with a key that is not among the public keys given: the owner rotated after this build of
 * the app (ship the new public key alongside the old one), or retired that key.
 */
public class LicenseUnknownSigningKeyException extends LicenseVerificationException {
    private static final long serialVersionUID = 1L;

    private final String signingKeyId;

    /**
     * Creates the exception.
     *
     * @param signingKeyId the certificate's {@code signingKeyId}
     */
    public LicenseUnknownSigningKeyException(String signingKeyId) {
        super("No public key given for signing key " + signingKeyId);
        this.signingKeyId = signingKeyId;
    }

    /**
     * The id of the key that signed the certificate.
     *
     * @return the certificate's {@code signingKeyId}
     */
    public String getSigningKeyId() {
        return signingKeyId;
    }
}
