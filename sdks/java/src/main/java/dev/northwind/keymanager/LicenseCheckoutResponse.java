package dev.northwind.keymanager;

/**
 * The reply of {@link KeyManager#checkoutLicense}: the certificate to store, and its payload.
 * Immutable and thread-safe.
 */
public final class LicenseCheckoutResponse {
    private final String certificate;
    private final License license;

    LicenseCheckoutResponse(String certificate, License license) {
        this.certificate = certificate;
        this.license = license;
    }

    /**
     * The signed certificate. Store it as it is, and check it with {@link OfflineLicense#verify}.
     *
     * @return the certificate text
     */
    public String getCertificate() {
        return certificate;
    }

    /**
     * The certificate's payload, as the server sent it.
     *
     * @return the payload
     */
    public License getLicense() {
        return license;
    }
}
