import dev.northwind.keymanager.ActivationLimitReachedException;
import dev.northwind.keymanager.DeviceNotActivatedException;
import dev.northwind.keymanager.Heartbeat;
import dev.northwind.keymanager.HeartbeatResponse;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Activate this device and keep its activation alive with a background heartbeat (keys with a
 * lease release devices that stop sending one). Arguments: licence key, device fingerprint.
 */
public class KeepDeviceActive {
    public static void main(String[] args) throws KeyManagerException, InterruptedException {
        KeyManager keyManager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"));
        String licenceKey = args[0];
        String fingerprint = args[1]; // stable per installation, e.g. a UUID saved on first run
        try {
            // Safe to retry: the same fingerprint counts once. At the limit, a key that allows
            // transfers may release your least recently used idle device instead.
            System.out.println(keyManager.activate(licenceKey, fingerprint, "Workstation", "linux").getMessage());
        } catch (ActivationLimitReachedException e) {
            System.out.println("Refused: " + e.getMessage());
            e.getNextTransferAt().ifPresent(when -> System.out.println("Transfer possible from " + when));
            return;
        }
        CountDownLatch firstBeat = new CountDownLatch(1);
        Heartbeat.Listener listener = new Heartbeat.Listener() {
            @Override
            public void onBeat(HeartbeatResponse response) {
                System.out.println(response.getMessage() + "; lease: " + response.getLeaseSeconds() + " s");
                firstBeat.countDown();
            }

            @Override
            public void onError(KeyManagerException error) {
                if (error instanceof DeviceNotActivatedException) {
                    // Released from the dashboard, or the lease lapsed: activate again or stop.
                    System.out.println("Slot gone: " + error.getMessage());
                }
            }
        };
        // One daemon thread beats every 5 minutes; it never keeps the JVM alive.
        try (Heartbeat heartbeat = Heartbeat.start(keyManager, licenceKey, fingerprint, Duration.ofMinutes(5), listener)) {
            if (firstBeat.await(30, TimeUnit.SECONDS) && heartbeat.isRunning()) {
                // ... the application runs here; leaving the block stops the heartbeat ...
            }
        }
    }
}
