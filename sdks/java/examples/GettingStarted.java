import dev.northwind.keymanager.KeyInformation;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;

/**
 * Getting started: add the downloaded key-manager-1.0.0.jar to the classpath, create one KeyManager
 * with your API key and reuse it. Run: java -cp key-manager-1.0.0.jar:. GettingStarted YOUR-LICENCE-KEY
 */
public class GettingStarted {
    public static void main(String[] args) throws KeyManagerException {
        // The API key comes from the API tab of the Key Manager dashboard; keep it out of your code.
        // The server defaults to KEY_MANAGER_BASE_URL; pass it as a second argument to choose another.
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));

        KeyInformation key = keyManager.getKeyInformation(args[0]).getKeyInformation();
        System.out.println("Connected to " + keyManager.getBaseUrl() + "; key usable: " + key.isActive());
    }
}
