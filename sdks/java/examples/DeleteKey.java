import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;

/** Delete a key for good: later calls with it fail with "Invalid Key Provided". */
public class DeleteKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        ManipulationResponse response = keyManager.delete(args[0]);
        System.out.println(response.getMessage());
    }
}
