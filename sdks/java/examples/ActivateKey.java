import dev.northwind.keymanager.ActivationLimitReachedException;
import dev.northwind.keymanager.KeyDisabledException;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;

/** Activate a key: adds one activation, refused when the key is at its limit or disabled. */
public class ActivateKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        try {
            ManipulationResponse response = keyManager.activate(args[0]);
            System.out.println(response.getMessage());
        } catch (ActivationLimitReachedException e) {
            // Every activation is in use: ask the user to deactivate another installation first.
            System.out.println("Refused: " + e.getMessage());
        } catch (KeyDisabledException e) {
            // The key was disabled (for example unpaid): stop the application here.
            System.out.println("Refused: " + e.getMessage());
        }
    }
}
