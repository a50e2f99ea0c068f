import dev.northwind.keymanager.KeyInformation;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ValidateKeyRequest;
import dev.northwind.keymanager.ValidationCode;
import dev.northwind.keymanager.ValidationResult;

/**
 * May the app run now: one call checks the key's state, expiry and grace, product, this device's
 * activation and the entitlements asked for. Arguments: licence key, this device's fingerprint.
 */
public class ValidateKey {
    public static void main(String[] args) throws KeyManagerException {
        // A publishable key (km_pub_...) may validate; the server comes from KEY_MANAGER_BASE_URL.
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        String licenceKey = args[0];
        String fingerprint = args[1];
        ValidationResult result = keyManager.validateKey(
                ValidateKeyRequest.forKey(licenceKey).fingerprint(fingerprint).product("studio").entitlements("pro"));
        if (result.isValid()) {
            KeyInformation key = result.getKey().orElseThrow();
            Object until = key.getExpiresAt() == null ? "forever" : key.getExpiresAt();
            System.out.println(result.getCode() + " until " + until + ", seats: " + key.getEntitlements().get("seats"));
        } else if (result.getCode() == ValidationCode.NOT_ACTIVATED) {
            keyManager.activate(licenceKey, fingerprint); // a free slot: take it, then validate again
            System.out.println("activated this device");
        } else {
            System.out.println(result.getCode() + ": " + result.getMessage()); // e.g. EXPIRED: The key has expired.
        }
    }
}
