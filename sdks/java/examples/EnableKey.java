import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;

/** Enable a key: it can be activated and deactivated again (for example once the client has paid). */
public class EnableKey {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        ManipulationResponse response = keyManager.setUsable(args[0], true);
        System.out.println(response.getMessage());
    }
}
