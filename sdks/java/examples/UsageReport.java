import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.UsageResult;
import java.time.Duration;
import java.time.Instant;

/** Last week's usage per day, for your own reports (a secret API key: run it on your server). */
public class UsageReport {
    public static void main(String[] args) throws KeyManagerException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        UsageResult usage = keyManager.usage(Instant.now().minus(Duration.ofDays(7)));
        for (UsageResult.Counts day : usage.getSeries()) {
            System.out.println(day.getAt() + ": " + day.getValidations() + " validations, "
                    + day.getRefusals() + " refused");
        }
        System.out.println(usage.getCalls() + " calls, " + usage.getUniqueDevices() + " devices");
    }
}
