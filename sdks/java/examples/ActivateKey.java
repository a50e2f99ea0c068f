import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;
import dev.northwind.keymanager.RequestRefusedException;

/** Activate a key: adds one activation, refused when the key is at its limit or disabled. */
public class ActivateKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        try {
            ManipulationResponse response = keyManager.activate(args[0]);
            System.out.println(response.getMessage());
        } catch (RequestRefusedException e) {
            // "Activation limit reached" or "Key is disabled": stop the application here.
            System.out.println("Refused: " + e.getMessage());
        }
    }
}
