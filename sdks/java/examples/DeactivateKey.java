import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;
import dev.northwind.keymanager.RequestRefusedException;

/**
 * Deactivate a key: frees one activation, for example when the application is uninstalled.
 * Arguments: licence key, then this device's fingerprint. With the fingerprint only this device's
 * activation is freed, and a publishable key (km_pub_...) shipped in the app may do it; without one
 * any activation is freed, which needs a secret key (km_live_...) on your server.
 */
public class DeactivateKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        String licenceKey = args[0];
        try {
            ManipulationResponse response = args.length > 1
                    ? keyManager.deactivate(licenceKey, args[1])
                    : keyManager.deactivate(licenceKey);
            System.out.println(response.getMessage());
        } catch (RequestRefusedException e) {
            // "Key has no activations to deactivate", "This device is not activated for the key"
            // or "Key is disabled".
            System.out.println("Refused: " + e.getMessage());
        }
    }
}
