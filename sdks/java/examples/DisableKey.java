import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;

/** Disable a key: activation and deactivation are refused until it is enabled again. */
public class DisableKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        ManipulationResponse response = keyManager.setUsable(args[0], false);
        System.out.println(response.getMessage());
    }
}
