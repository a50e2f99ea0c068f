package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Licensing's operations against the stub: path, body, typed result, and one exception per code. */
class LicensingTest {
    private static final String KEY = "\"id\":\"k-1\",\"key\":\"LIC-1\",\"maxActivations\":2,\"currentActivations\":1,"
            + "\"isActive\":true,\"keyStatus\":\"expired\",\"expiresAt\":\"2027-01-31T00:00:00Z\",\"product\":\"studio\","
            + "\"trial\":false,\"entitlements\":{\"seats\":5,\"pro\":true},\"metadata\":{\"order\":\"A-17\"},"
            + "\"customer\":{\"name\":null,\"email\":\"ana@example.com\",\"ref\":\"C-9\"}";

    private StubServer stub;
    private KeyManager manager;

    @BeforeEach
    void start() throws IOException {
        stub = new StubServer();
        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Done\"," + KEY + "}");
        manager = new KeyManager("km_live_test", stub.baseUrl());
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> sentBody() {
        return (Map<String, Object>) Json.parse(stub.requestBody);
    }

    @Test
    void validateKeySendsWhatItIsGivenAndAnswersInOneWord() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"valid\":false,\"code\":\"ENTITLEMENTS_MISSING\","
                + "\"message\":\"The key lacks an entitlement the app asked for.\",\"key\":{" + KEY + "},"
                + "\"missingEntitlements\":[\"export\"]}");
        ValidationResult result = manager.validateKey(ValidateKeyRequest.forKey("LIC-1")
                .fingerprint("pc-1").product("studio").entitlements("seats", "export"));
        assertEquals(KeyManager.API_PATH + "validate-key", stub.path);
        assertEquals(Map.of("key", "LIC-1", "fingerprint", "pc-1", "product", "studio",
                "entitlements", List.of("seats", "export")), sentBody());
        assertFalse(result.isValid());
        assertEquals(ValidationCode.ENTITLEMENTS_MISSING, result.getCode());
        assertEquals(List.of("export"), result.getMissingEntitlements());
        KeyInformation key = result.getKey().orElseThrow();
        assertEquals("expired", key.getKeyStatus());
        assertEquals(Instant.parse("2027-01-31T00:00:00Z"), key.getExpiresAt());
        assertEquals("studio", key.getProduct());
        assertEquals(Boolean.FALSE, key.isTrial());
        assertEquals(Map.of("seats", 5L, "pro", true), key.getEntitlements());
        assertEquals(Map.of("order", "A-17"), key.getMetadata());
        Customer customer = key.getCustomer().orElseThrow();
        assertEquals("ana@example.com", customer.getEmail());
        assertEquals("C-9", customer.getRef());
        assertEquals(null, customer.getName());
    }

    @Test
    void notFoundIsAnAnswerWithoutAKeyAndUnknownCodesAreKeptByName() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"valid\":false,\"code\":\"NOT_FOUND\",\"message\":\"No such key.\",\"key\":null}");
        ValidationResult missing = manager.validateKey(ValidateKeyRequest.forId("k-1"));
        assertEquals(Map.of("id", "k-1"), sentBody());
        assertEquals(ValidationCode.NOT_FOUND, missing.getCode());
        assertTrue(missing.getKey().isEmpty());
        stub.reply(200, "{\"status\":\"ok\",\"valid\":false,\"code\":\"MOON_PHASE\",\"message\":\"?\",\"key\":null}");
        ValidationResult later = manager.validateKey(ValidateKeyRequest.forKey("LIC-1"));
        assertEquals(ValidationCode.UNKNOWN, later.getCode());
        assertEquals("MOON_PHASE", later.getCodeName());
    }

    @Test
    void trialsRenewalsAndSuspensionsPostToTheirPaths() throws KeyManagerException {
        ManipulationResponse trial = manager.startTrial(
                StartTrialRequest.of("studio", "pc-1").email("ana@example.com").name(" ").platform("linux"));
        assertEquals(KeyManager.API_PATH + "start-trial", stub.path);
        assertEquals(Map.of("product", "studio", "fingerprint", "pc-1", "email", "ana@example.com", "platform", "linux"),
                sentBody());
        assertEquals("Done", trial.getMessage());
        assertEquals("k-1", trial.getKeyInformation().getId());

        manager.convertTrial(ConvertTrialRequest.forKey("LIC-1").policyId("p-1").customerRef("C-9").customerName(null));
        assertEquals(KeyManager.API_PATH + "convert-trial", stub.path);
        assertEquals(Map.of("key", "LIC-1", "policyId", "p-1", "customerRef", "C-9", "customerName", ""), sentBody());

        manager.renewKey("LIC-1");
        assertEquals(KeyManager.API_PATH + "renew-key", stub.path);
        assertEquals(Map.of("key", "LIC-1"), sentBody());
        manager.renewKey("LIC-1", Instant.parse("2028-01-31T00:00:00Z"));
        assertEquals(Map.of("key", "LIC-1", "until", "2028-01-31T00:00:00Z"), sentBody());

        manager.suspendKey("LIC-1", true);
        assertEquals(KeyManager.API_PATH + "suspend-key", stub.path);
        assertEquals(Map.of("key", "LIC-1", "suspended", true), sentBody());
        stub.reply(200, "{\"status\":\"ok\"," + KEY + "}");
        assertEquals("Key reinstated", manager.suspendKey("LIC-1", false).getMessage());
    }

    @Test
    void checksArgumentsBeforeCalling() {
        assertThrows(IllegalArgumentException.class, () -> ValidateKeyRequest.forKey(" "));
        assertThrows(IllegalArgumentException.class, () -> ValidateKeyRequest.forKey("LIC-1").entitlements("pro", ""));
        assertThrows(IllegalArgumentException.class, () -> StartTrialRequest.of("studio", null));
        assertThrows(IllegalArgumentException.class, () -> manager.renewKey("LIC-1", null));
        assertThrows(IllegalArgumentException.class, () -> manager.validateKey(null));
        assertEquals(0, stub.requests);
    }

    @Test
    void eachLicensingCodeHasItsOwnRefusal() {
        Object[][] cases = {
            {409, "key_expired", KeyExpiredException.class},
            {409, "trial_expired", TrialExpiredException.class},
            {409, "key_suspended", KeySuspendedException.class},
            {404, "product_not_found", ProductNotFoundException.class},
            {404, "policy_not_found", PolicyNotFoundException.class},
            {404, "trial_not_offered", TrialNotOfferedException.class},
            {409, "trial_used", TrialUsedException.class},
            {409, "not_a_trial", NotATrialException.class},
            {409, "key_not_renewable", KeyNotRenewableException.class},
        };
        for (Object[] c : cases) {
            int status = (Integer) c[0];
            String code = (String) c[1];
            stub.reply(status, "{\"status\":\"failed\",\"code\":\"" + code + "\",\"message\":\"Refused: " + code + "\"}");
            RequestRefusedException error =
                    assertThrows(RequestRefusedException.class, () -> manager.activate("LIC-1", "pc-1"));
            assertEquals(c[2], error.getClass(), code);
            assertEquals(code, error.getCode());
            assertEquals(status, error.getStatusCode());
            assertEquals("Refused: " + code, error.getMessage());
        }
        // An ended trial is an expired key too: one catch covers both.
        stub.reply(409, "{\"status\":\"failed\",\"code\":\"trial_expired\",\"message\":\"Trial has ended\"}");
        assertThrows(KeyExpiredException.class, () -> manager.heartbeat("LIC-1", "pc-1"));
    }
}
