import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.License;
import dev.northwind.keymanager.LicenseVerificationException;
import dev.northwind.keymanager.OfflineLicense;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The recommended licence check: online when possible, a stored certificate verified offline when
 * this service cannot be reached, so an outage never stops a paying user.
 */
public class OfflineLicenseCheck {
    /**
     * Every public key listed in the dashboard (Offline licences tab), current and previous, base64.
     * Signed in, the docs page shows yours here.
     */
    static final List<String> PUBLIC_KEYS = List.of("YOUR_PUBLIC_KEY");
    static final long OFFLINE_DAYS = 14;

    public static void main(String[] args) throws Exception {
        // A publishable key (km_pub_...) may be shipped inside the app.
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        String licenceKey = args[0];
        String fingerprint = args[1];
        Path stored = Path.of(System.getProperty("user.home"), ".myapp", "licence.txt");
        License license = check(keyManager, licenceKey, fingerprint, stored);
        System.out.println("Licensed until " + license.getExpiresAt() + ": " + license.getEntitlements());
    }

    static License check(KeyManager keyManager, String licenceKey, String fingerprint, Path stored)
            throws KeyManagerException, LicenseVerificationException, IOException {
        try {
            // Activating the same fingerprint again counts once, so this is safe at every start.
            keyManager.activate(licenceKey, fingerprint);
            String certificate = keyManager.checkoutLicense(licenceKey, fingerprint, OFFLINE_DAYS * 86_400).getCertificate();
            Files.createDirectories(stored.getParent());
            Files.writeString(stored, certificate, StandardCharsets.UTF_8);
        } catch (KeyManagerException e) {
            // No answer (status 0, an APIConnectionException), rate limited or a server error: the
            // service is out of reach, use the stored certificate. Any other answer is a refusal
            // (disabled or deleted key, limit reached): forget the certificate and stop.
            int status = e.getStatusCode();
            if (status != 0 && status != 429 && status < 500) {
                Files.deleteIfExists(stored);
                throw e;
            }
        }
        if (!Files.exists(stored)) {
            throw new IllegalStateException("Connect to the internet once to activate this device.");
        }
        // LicenseExpiredException after OFFLINE_DAYS without an online check, LicenseSignatureException
        // if edited, LicenseFingerprintMismatchException if copied from another machine.
        return OfflineLicense.verify(Files.readString(stored, StandardCharsets.UTF_8).trim(), PUBLIC_KEYS, fingerprint);
    }
}
