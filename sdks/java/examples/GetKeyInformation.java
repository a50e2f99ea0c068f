import dev.northwind.keymanager.KeyInformation;
import dev.northwind.keymanager.KeyInformationResponse;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.KeyNotFoundException;

/** Retrieve digital key information: id, activation limit and count, and whether it is usable. */
public class GetKeyInformation {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        String licenceKey = args[0];
        try {
            KeyInformationResponse response = keyManager.getKeyInformation(licenceKey);
            KeyInformation info = response.getKeyInformation();
            System.out.println("id: " + info.getId());
            System.out.println("activations: " + info.getCurrentActivations() + " of " + info.getMaxActivations());
            System.out.println("usable: " + info.isActive());
        } catch (KeyNotFoundException e) {
            // Unknown or deleted key: the server says "Invalid Key Provided".
            System.out.println(e.getMessage());
        }
    }
}
