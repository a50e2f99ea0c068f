import dev.northwind.keymanager.APIConnectionException;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.License;
import dev.northwind.keymanager.LicenseCheckoutResponse;
import dev.northwind.keymanager.LicenseExpiredException;
import dev.northwind.keymanager.LicenseFingerprintMismatchException;
import dev.northwind.keymanager.LicenseSignatureException;
import dev.northwind.keymanager.LicenseVerificationException;
import dev.northwind.keymanager.OfflineLicense;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Offline licences with the real server, in two runs:
 * {@code checkout <baseUrl> <apiKey> <licenceKey> <fingerprint>} activates the device and prints a
 * checked-out certificate; {@code verify <baseUrl> <apiKey> <licenceKey> <fingerprint> <certificate>
 * <publicKey>} runs after the server is stopped: the online call fails, the certificate verifies
 * offline, and altered, expired and other-device uses are refused. Prints OFFLINE OK at the end.
 */
public class OfflineLicenseWalkthrough {
    public static void main(String[] args) throws Exception {
        KeyManager manager = new KeyManager(args[2], args[1]);
        String licenceKey = args[3];
        String fingerprint = args[4];
        if (args[0].equals("checkout")) {
            manager.activate(licenceKey, fingerprint);
            LicenseCheckoutResponse checkout = manager.checkoutLicense(licenceKey, fingerprint, 86_400);
            check(checkout.getLicense().getFingerprint().equals(fingerprint), "payload fingerprint");
            System.out.println("CERTIFICATE " + checkout.getCertificate());
            return;
        }
        String certificate = args[5];
        List<String> publicKeys = List.of(args[6]);
        try {
            manager.getKeyInformation(licenceKey);
            throw new AssertionError("the server should be unreachable");
        } catch (APIConnectionException expected) {
            System.out.println("online check failed: " + expected.getClass().getSimpleName());
        }
        License license = OfflineLicense.verify(certificate, publicKeys, fingerprint);
        check(license.getKey().equals(licenceKey), "key");
        check(license.getEntitlements().get("tier").equals("pro"), "entitlements " + license.getEntitlements());
        System.out.println("verified offline until " + license.getExpiresAt());

        expect(LicenseFingerprintMismatchException.class,
                () -> OfflineLicense.verify(certificate, publicKeys, "someone-elses-laptop"));
        String[] parts = certificate.split("\\.");
        String tampered = parts[0].substring(0, parts[0].length() - 2) + "AA." + parts[1];
        expect(LicenseVerificationException.class, () -> OfflineLicense.verify(tampered, publicKeys, fingerprint));
        String resigned = parts[0] + "." + (parts[1].charAt(0) == 'A' ? 'B' : 'A') + parts[1].substring(1);
        expect(LicenseSignatureException.class, () -> OfflineLicense.verify(resigned, publicKeys, fingerprint));
        Instant later = license.getExpiresAt().plus(Duration.ofDays(1));
        expect(LicenseExpiredException.class,
                () -> OfflineLicense.verify(certificate, publicKeys, fingerprint, OfflineLicense.DEFAULT_CLOCK_SKEW, later));
        System.out.println("OFFLINE OK");
    }

    interface Step {
        void run() throws Exception;
    }

    private static void expect(Class<? extends Exception> type, Step step) throws Exception {
        try {
            step.run();
        } catch (Exception ex) {
            if (!type.isInstance(ex)) {
                throw ex;
            }
            System.out.println("refused: " + ex.getClass().getSimpleName());
            return;
        }
        throw new AssertionError("expected " + type.getSimpleName());
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("unexpected " + what);
        }
    }
}
