import dev.northwind.keymanager.KeyInformation;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.StartTrialRequest;
import dev.northwind.keymanager.TrialUsedException;

/**
 * A trial of the product on this device: a new key from the product's trial policy, activated here.
 * One per device, and per email, per product. Arguments: this device's fingerprint, the user's email.
 */
public class StartTrial {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY")); // publishable
        String fingerprint = args[0];
        String email = args[1];
        try {
            KeyInformation trial = keyManager.startTrial(StartTrialRequest.of("studio", fingerprint).email(email))
                    .getKeyInformation();
            // Keep the trial's licence key (trial.getKey()): it is this device's until the trial ends.
            System.out.println("trial " + trial.getKeyStatus() + " until " + trial.getExpiresAt());
        } catch (TrialUsedException e) {
            System.out.println("this device already had its trial");
        }
    }
}
