import dev.northwind.keymanager.ConvertTrialRequest;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.ManipulationResponse;

/**
 * From your server with a secret key, when a payment arrives or fails: a trial made a paid key, a
 * renewal, a suspension and its end. Argument: the trial's licence key.
 */
public class ManageLicence {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY")); // secret: server only
        String trialKey = args[0];

        ManipulationResponse paid = keyManager.convertTrial(
                ConvertTrialRequest.forKey(trialKey).customerEmail("ana@example.com"));
        System.out.println(paid.getMessage() + " " + paid.getKeyInformation().getKeyStatus()); // Trial converted active
        ManipulationResponse renewed = keyManager.renewKey(trialKey); // one more period
        System.out.println(renewed.getMessage() + " " + renewed.getKeyInformation().getExpiresAt());
        keyManager.suspendKey(trialKey, true); // e.g. the payment bounced
        ManipulationResponse back = keyManager.suspendKey(trialKey, false);
        System.out.println(back.getMessage() + " " + back.getKeyInformation().getKeyStatus()); // Key reinstated active
    }
}
