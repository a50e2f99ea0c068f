import dev.northwind.keymanager.ClockGuard;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.License;
import dev.northwind.keymanager.LicenseVerificationException;
import dev.northwind.keymanager.OfflineLicense;
import dev.northwind.keymanager.ReplyVerificationException;
import dev.northwind.keymanager.SignedReplies;
import dev.northwind.keymanager.ValidateKeyRequest;
import dev.northwind.keymanager.ValidationCode;
import dev.northwind.keymanager.ValidationResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * Signed online check, cached certificate when offline. Online, believe only a signed answer and
 * refresh a certificate for the days without a connection; when the service cannot be reached (no
 * answer, 429, 5xx, or a reply that fails its signature check), verify the stored certificate with
 * the same clock guard. Arguments: licence key, this device's fingerprint, and optionally the folder
 * to keep the files in (default: your home folder).
 */
public class SignedLicenseCheck {
    /** Every public key the dashboard lists (Key Manager, Offline licences): paste yours here. */
    static final List<String> PUBLIC_KEYS = List.of(System.getenv("LICENSE_PUBLIC_KEY"));

    enum Online { LICENSED, REFUSED, UNREACHABLE }

    public static void main(String[] args) throws IOException {
        String licenceKey = args[0];
        String fingerprint = args[1];
        Path dir = Path.of(args.length > 2 ? args[2] : System.getProperty("user.home"), ".myapp");
        Files.createDirectories(dir);
        Path certificateFile = dir.resolve("licence.txt");
        Path lastSeenFile = dir.resolve("last-seen.txt");

        // The latest time the owner's signatures proved, kept across runs.
        Instant lastSeen = Files.exists(lastSeenFile) ? Instant.parse(Files.readString(lastSeenFile).trim()) : null;
        ClockGuard guard = new ClockGuard(lastSeen, ClockGuard.DEFAULT_TOLERANCE, at -> save(lastSeenFile, at.toString()));
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"))
                .withSignedReplies(SignedReplies.verifiedWith(PUBLIC_KEYS).everyCall(true).clockGuard(guard));

        Online online = checkOnline(keyManager, licenceKey, fingerprint, certificateFile);
        boolean licensed = online == Online.LICENSED;
        if (online == Online.REFUSED) {
            Files.deleteIfExists(certificateFile);
        }
        if (online == Online.UNREACHABLE && Files.exists(certificateFile)) {
            try {
                String certificate = Files.readString(certificateFile, StandardCharsets.UTF_8).trim();
                License licence = OfflineLicense.verify(certificate, PUBLIC_KEYS, fingerprint, guard);
                System.out.println("offline: licensed until " + licence.getExpiresAt());
                licensed = true;
            } catch (LicenseVerificationException e) {
                // LicenseExpiredException, LicenseClockTamperedException, LicenseSignatureException...
                System.out.println("offline: " + e.getClass().getSimpleName());
            }
        }
        System.out.println(licensed ? "licensed" : "not licensed");
    }

    static Online checkOnline(KeyManager keyManager, String licenceKey, String fingerprint, Path certificateFile)
            throws IOException {
        try {
            ValidateKeyRequest request = ValidateKeyRequest.forKey(licenceKey).fingerprint(fingerprint).product("studio");
            ValidationResult result = keyManager.validateKey(request);
            if (result.getCode() == ValidationCode.NOT_ACTIVATED) {
                keyManager.activate(licenceKey, fingerprint);
                result = keyManager.validateKey(request);
            }
            System.out.println("online: " + result.getCode());
            if (!result.isValid()) {
                return Online.REFUSED;
            }
            String certificate = keyManager.checkoutLicense(licenceKey, fingerprint, 14 * 86_400).getCertificate();
            Files.writeString(certificateFile, certificate, StandardCharsets.UTF_8);
            return Online.LICENSED;
        } catch (ReplyVerificationException e) {
            return Online.UNREACHABLE; // a fake server is no better than none
        } catch (KeyManagerException e) {
            int status = e.getStatusCode();
            return status == 0 || status == 429 || status >= 500 ? Online.UNREACHABLE : Online.REFUSED;
        }
    }

    private static void save(Path file, String text) {
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
