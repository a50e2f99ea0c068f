import dev.northwind.keymanager.APIConnectionException;
import dev.northwind.keymanager.ActivationLimitReachedException;
import dev.northwind.keymanager.InvalidApiKeyException;
import dev.northwind.keymanager.KeyDisabledException;
import dev.northwind.keymanager.KeyInformation;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.KeyNotFoundException;
import dev.northwind.keymanager.ManipulationResponse;
import dev.northwind.keymanager.RateLimitException;

/**
 * Exercises every library operation against a real server, as the acceptance story does.
 * Run by apps/api/src/modules/key-manager-sdk/java-library.api.test.ts with the jar downloaded
 * from the server's /media area.
 *
 * <p>Arguments: baseUrl apiKey licenceKey(max 3 activations, unused) unreachableBaseUrl
 * rateLimitedApiKey rateLimitedLicenceKey. Prints WALKTHROUGH OK and exits 0 when every check holds.
 */
public class LibraryWalkthrough {
    interface Call {
        void run() throws KeyManagerException;
    }

    public static void main(String[] args) throws Exception {
        String baseUrl = args[0];
        String key = args[2];
        KeyManager manager = new KeyManager(args[1], baseUrl);

        KeyInformation info = manager.getKeyInformation(key).getKeyInformation();
        check(!info.isEmpty(), "information is not empty");
        check(info.getMaxActivations() == 3, "max activations 3, got " + info.getMaxActivations());
        check(info.getCurrentActivations() == 0, "no activations yet");
        check(Boolean.TRUE.equals(info.isActive()), "key usable");
        step("get information: " + info);

        for (int expected = 1; expected <= 3; expected++) {
            ManipulationResponse activated = manager.activate(key);
            check("Key activated".equals(activated.getMessage()), "activate message: " + activated.getMessage());
            check(activated.getKeyInformation().getCurrentActivations() == expected, "count " + expected);
        }
        step("activated three times");
        refused(() -> manager.activate(key), ActivationLimitReachedException.class, 409, "Activation limit reached",
                "activation_limit_reached");
        step("fourth activation refused");

        ManipulationResponse deactivated = manager.deactivate(key);
        check("Key deactivated".equals(deactivated.getMessage()), "deactivate message");
        check(deactivated.getKeyInformation().getCurrentActivations() == 2, "count 2 after deactivation");
        step("deactivated");

        check("Key disabled".equals(manager.setUsable(key, false).getMessage()), "disable message");
        check(Boolean.FALSE.equals(manager.getKeyInformation(key).getKeyInformation().isActive()), "disabled");
        refused(() -> manager.activate(key), KeyDisabledException.class, 409, "Key is disabled", "key_disabled");
        refused(() -> manager.deactivate(key), KeyDisabledException.class, 409, "Key is disabled", "key_disabled");
        step("disabled: activation and deactivation refused");

        check("Key enabled".equals(manager.setUsable(key, true).getMessage()), "enable message");
        check(manager.activate(key).getKeyInformation().getCurrentActivations() == 3, "activation after enable");
        step("enabled and activated again");

        manager.deactivate(key);
        check(manager.activate(key, "device-1").getKeyInformation().getCurrentActivations() == 3, "device counted");
        ManipulationResponse again = manager.activate(key, "device-1");
        check(again.getKeyInformation().getCurrentActivations() == 3, "same device counts once");
        check(manager.deactivate(key, "device-1").getKeyInformation().getCurrentActivations() == 2, "device freed");
        step("fingerprint extension");

        String id = info.getId();
        check(key.equals(manager.getKeyInformationById(id).getKeyInformation().asMap().get("key")), "lookup by id");
        step("information by id");

        check("Key deleted".equals(manager.delete(key).getMessage()), "delete message");
        refused(() -> manager.getKeyInformation(key), KeyNotFoundException.class, 404, "Invalid Key Provided",
                "key_not_found");
        refused(() -> manager.activate(key), KeyNotFoundException.class, 404, "Invalid Key Provided", "key_not_found");
        step("deleted: Invalid Key Provided");

        KeyManager wrongKey = new KeyManager("km_not-a-real-key", baseUrl);
        refused(() -> wrongKey.getKeyInformation(key), InvalidApiKeyException.class, 401, null, "invalid_api_key");
        step("wrong API key refused");

        KeyManager offline = new KeyManager(args[1], args[3], java.time.Duration.ofSeconds(2));
        refused(() -> offline.getKeyInformation(key), APIConnectionException.class, 0, null, null);
        step("unreachable server: APIConnectionException");

        KeyManager limited = new KeyManager(args[4], baseUrl);
        RateLimitException limit = null;
        int calls = 0;
        while (limit == null && calls < 100) {
            calls++;
            try {
                limited.getKeyInformation(args[5]);
            } catch (RateLimitException e) {
                limit = e;
            }
        }
        check(limit != null, "rate limit reached within 100 calls");
        check(limit.getRetryAfterSeconds() >= 1, "Retry-After given: " + limit.getRetryAfterSeconds());
        check("rate_limited".equals(limit.getCode()), "code rate_limited, got " + limit.getCode());
        step("rate limited after " + calls + " calls, retry after " + limit.getRetryAfterSeconds() + " s");

        System.out.println("WALKTHROUGH OK");
    }

    private static void refused(
            Call call, Class<? extends KeyManagerException> type, int status, String message, String code) {
        try {
            call.run();
        } catch (KeyManagerException e) {
            check(e.getClass() == type, "expected " + type.getSimpleName() + ", got " + e);
            check(e.getStatusCode() == status, "status " + status + ", got " + e.getStatusCode());
            check(message == null || message.equals(e.getMessage()), "message '" + message + "', got " + e.getMessage());
            check(java.util.Objects.equals(code, e.getCode()), "code " + code + ", got " + e.getCode());
            return;
        }
        throw new AssertionError("expected " + type.getSimpleName());
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError(what);
        }
    }

    private static void step(String what) {
        System.out.println("ok - " + what);
    }
}
