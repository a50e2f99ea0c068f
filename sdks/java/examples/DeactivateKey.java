import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;
import dev.northwind.keymanager.RequestRefusedException;

/** Deactivate a key: frees one activation, for example when the application is uninstalled. */
public class DeactivateKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        try {
            ManipulationResponse response = keyManager.deactivate(args[0]);
            System.out.println(response.getMessage());
        } catch (RequestRefusedException e) {
            // "Key has no activations to deactivate" or "Key is disabled".
            System.out.println("Refused: " + e.getMessage());
        }
    }
}
