package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class KeyManagerTest {
    private static final String KEY_STATE =
            "\"id\":\"6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11\",\"key\":\"LIC-1\",\"maxActivations\":3,"
                    + "\"currentActivations\":1,\"isActive\":true";

    private StubServer stub;
    private KeyManager manager;

    @BeforeEach
    void start() throws IOException {
        stub = new StubServer();
        manager = new KeyManager("km_secret", stub.baseUrl());
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
    void getKeyInformationPostsTheKeyWithTheApiKeyAndReadsTheState() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\"," + KEY_STATE + "}");

        KeyInformationResponse response = manager.getKeyInformation("LIC-1");

        assertEquals("POST", stub.method);
        assertEquals("/api/v1/saas-platform/key-manager/get-key-information", stub.path);
        assertEquals("Bearer km_secret", stub.authorization);
        assertEquals("application/json", stub.contentType);
        assertTrue(stub.userAgent.startsWith("northwind-key-manager-java/" + KeyManager.VERSION));
        assertEquals(Map.of("key", "LIC-1"), sentBody());
        assertEquals("ok", response.getStatus());
        KeyInformation info = response.getKeyInformation();
        assertFalse(info.isEmpty());
        assertEquals("6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11", info.getId());
        assertEquals(3, info.getMaxActivations());
        assertEquals(1, info.getCurrentActivations());
        assertEquals(Boolean.TRUE, info.isActive());
        assertEquals("LIC-1", info.asMap().get("key"));
        assertEquals("LIC-1", info.getKey());
        assertFalse(info.asMap().containsKey("status"));
    }

    @Test
    void keyInformationIsEmptyWhenTheReplyCarriesNoKeyFields() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\"}");
        KeyInformation info = manager.getKeyInformation("LIC-1").getKeyInformation();
        assertTrue(info.isEmpty());
        assertNull(info.getId());
        assertNull(info.getMaxActivations());
        assertNull(info.isActive());
    }

    @Test
    void getKeyInformationByIdSendsTheId() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\"," + KEY_STATE + "}");
        manager.getKeyInformationById("6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11");
        assertEquals(Map.of("id", "6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11"), sentBody());
    }

    @Test
    void activateReturnsTheServersMessageAndNewState() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Key activated\"," + KEY_STATE + "}");
        ManipulationResponse response = manager.activate("LIC-1");
        assertEquals("/api/v1/saas-platform/key-manager/activate-key", stub.path);
        assertEquals(Map.of("key", "LIC-1"), sentBody());
        assertTrue(response.isSuccess());
        assertEquals("Key activated", response.getMessage());
        assertEquals(1, response.getKeyInformation().getCurrentActivations());
    }

    @Test
    void anActivationThatTransferredASlotSaysWhichDeviceWasReleased() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Key activated\"," + KEY_STATE
                + ",\"transfer\":{\"releasedDeviceId\":\"dev-7\",\"transfersUsed\":1,\"transfersPer30Days\":2}}");
        TransferInformation transfer = manager.activate("LIC-1", "laptop-42", "Laptop", "linux").getTransfer().orElseThrow();
        assertEquals("dev-7", transfer.getReleasedDeviceId());
        assertEquals(1, transfer.getTransfersUsed());
        assertEquals(2, transfer.getTransfersPer30Days());

        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Key activated\"," + KEY_STATE + "}");
        assertTrue(manager.activate("LIC-1", "laptop-42").getTransfer().isEmpty());
    }

    @Test
    void activateAndDeactivateWithAFingerprintSendIt() throws KeyManagerException {
        manager.activate("LIC-1", "laptop-42");
        assertEquals(Map.of("key", "LIC-1", "fingerprint", "laptop-42"), sentBody());
        manager.deactivate("LIC-1", "laptop-42");
        assertEquals("/api/v1/saas-platform/key-manager/deactivate-key", stub.path);
        assertEquals(Map.of("key", "LIC-1", "fingerprint", "laptop-42"), sentBody());
    }

    @Test
    void deactivateUsesTheDeactivatePath() throws KeyManagerException {
        ManipulationResponse response = manager.deactivate("LIC-1");
        assertEquals("/api/v1/saas-platform/key-manager/deactivate-key", stub.path);
        // The server sent no message: the library describes the outcome itself.
        assertEquals("Key deactivated", response.getMessage());
        assertTrue(response.getKeyInformation().isEmpty());
    }

    @Test
    void setUsableSendsIsActive() throws KeyManagerException {
        manager.setUsable("LIC-1", false);
        assertEquals("/api/v1/saas-platform/key-manager/mark-key-as-active", stub.path);
        assertEquals(Map.of("key", "LIC-1", "isActive", false), sentBody());
        ManipulationResponse enabled = manager.setUsable("LIC-1", true);
        assertEquals(Map.of("key", "LIC-1", "isActive", true), sentBody());
        assertEquals("Key enabled", enabled.getMessage());
    }

    @Test
    void deleteUsesTheDeletePath() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Key deleted\"}");
        assertEquals("Key deleted", manager.delete("LIC-1").getMessage());
        assertEquals("/api/v1/saas-platform/key-manager/delete-key", stub.path);
    }

    @Test
    void keysWithQuotesAndBackslashesAreSentAsValidJson() throws KeyManagerException {
        manager.activate("a\"b\\c\u0001");
        assertEquals(Map.of("key", "a\"b\\c\u0001"), sentBody());
    }

    @Test
    void unauthorisedRepliesThrowInvalidApiKeyException() {
        stub.reply(401, "{\"status\":\"failed\",\"message\":\"Invalid API key\"}");
        InvalidApiKeyException error = assertThrows(InvalidApiKeyException.class, () -> manager.activate("LIC-1"));
        assertEquals("Invalid API key", error.getMessage());
        assertEquals(401, error.getStatusCode());
    }

    @Test
    void unknownKeysThrowKeyNotFoundException() {
        stub.reply(404, "{\"status\":\"failed\",\"message\":\"Invalid Key Provided\"}");
        KeyNotFoundException error =
                assertThrows(KeyNotFoundException.class, () -> manager.getKeyInformation("nope"));
        assertEquals("Invalid Key Provided", error.getMessage());
        assertEquals(404, error.getStatusCode());
    }

    @Test
    void rateLimitedRepliesCarryRetryAfter() {
        stub.reply(429, "{\"status\":\"failed\",\"message\":\"Rate limit exceeded\"}");
        stub.replyHeaders.put("Retry-After", "42");
        RateLimitException error = assertThrows(RateLimitException.class, () -> manager.delete("LIC-1"));
        assertEquals(42, error.getRetryAfterSeconds());
        assertEquals("Rate limit exceeded", error.getMessage());
    }

    @Test
    void otherRefusalsThrowRequestRefusedExceptionWithTheServersMessage() {
        stub.reply(409, "{\"status\":\"failed\",\"message\":\"Key has no activations to deactivate\"}");
        RequestRefusedException error =
                assertThrows(RequestRefusedException.class, () -> manager.deactivate("LIC-1"));
        assertEquals(RequestRefusedException.class, error.getClass());
        assertEquals(409, error.getStatusCode());
        assertEquals("Key has no activations to deactivate", error.getMessage());
    }

    @Test
    void specificRefusalsHaveTheirOwnExceptionsThatAreStillRequestRefusals() {
        Object[][] cases = {
            {409, "Activation limit reached", ActivationLimitReachedException.class},
            {409, "Key is disabled", KeyDisabledException.class},
            {402, "Your subscription is suspended", PaymentRequiredException.class},
            {403, "Activate a Key Manager plan first", NoPlanException.class},
        };
        for (Object[] c : cases) {
            int status = (Integer) c[0];
            String message = (String) c[1];
            stub.reply(status, "{\"status\":\"failed\",\"message\":\"" + message + "\"}");
            // Caught as RequestRefusedException, as callers written before these classes do.
            RequestRefusedException error =
                    assertThrows(RequestRefusedException.class, () -> manager.activate("LIC-1"));
            assertEquals(c[2], error.getClass(), message);
            assertEquals(status, error.getStatusCode());
            assertEquals(message, error.getMessage());
            // A server older than the codes sent none.
            assertNull(error.getCode());
        }
    }

    @Test
    void aReplysCodeChoosesTheExceptionWhateverItsMessage() {
        Object[][] cases = {
            {401, "api_key_required", InvalidApiKeyException.class},
            {401, "invalid_api_key", InvalidApiKeyException.class},
            {404, "key_not_found", KeyNotFoundException.class},
            {409, "activation_limit_reached", ActivationLimitReachedException.class},
            {409, "key_disabled", KeyDisabledException.class},
            {409, "device_not_activated", DeviceNotActivatedException.class},
            {409, "no_activations", RequestRefusedException.class},
            {402, "payment_required", PaymentRequiredException.class},
            {403, "no_plan", NoPlanException.class},
            {403, "publishable_key_not_allowed", RequestRefusedException.class},
            {429, "rate_limited", RateLimitException.class},
            // A route the server does not have (a wrong base URL) is not an unknown licence key.
            {404, "not_found", RequestRefusedException.class},
            {400, "invalid_input", RequestRefusedException.class},
            {503, "unavailable", KeyManagerException.class},
        };
        for (Object[] c : cases) {
            int status = (Integer) c[0];
            String code = (String) c[1];
            // Not a message the fallback recognises: the code alone chooses.
            String message = "Refused (" + code + "), in words a later server may choose";
            stub.reply(status, "{\"status\":\"failed\",\"code\":\"" + code + "\","
                    + "\"message\":\"" + message + "\"}");
            KeyManagerException error = assertThrows(KeyManagerException.class, () -> manager.activate("LIC-1"));
            assertEquals(c[2], error.getClass(), code);
            assertEquals(code, error.getCode());
            assertEquals(status, error.getStatusCode());
            assertEquals(message, error.getMessage());
        }
    }

    @Test
    void aCodedLimitRefusalKeepsItsTransferTimeAndACodedRateLimitItsRetryAfter() {
        stub.reply(409, "{\"status\":\"failed\",\"code\":\"activation_limit_reached\",\"message\":\"x\","
                + "\"nextTransferAt\":\"2026-12-21T14:05:07Z\"}");
        ActivationLimitReachedException limited =
                assertThrows(ActivationLimitReachedException.class, () -> manager.activate("LIC-1", "pc-2"));
        assertEquals(java.time.Instant.parse("2026-12-21T14:05:07Z"), limited.getNextTransferAt().orElseThrow());

        stub.reply(429, "{\"status\":\"failed\",\"code\":\"rate_limited\",\"message\":\"x\"}");
        stub.replyHeaders.put("Retry-After", "9");
        RateLimitException slowed = assertThrows(RateLimitException.class, () -> manager.delete("LIC-1"));
        assertEquals(9, slowed.getRetryAfterSeconds());
        assertEquals(RateLimitException.CODE, slowed.getCode());
    }

    @Test
    void otherForbiddenRepliesStayPlainRefusals() {
        stub.reply(403, "{\"status\":\"failed\",\"message\":\"A publishable key cannot do this\"}");
        RequestRefusedException error = assertThrows(RequestRefusedException.class, () -> manager.delete("LIC-1"));
        assertEquals(RequestRefusedException.class, error.getClass());
        assertEquals(403, error.getStatusCode());
    }

    @Test
    void aFailedStatusInASuccessfulReplyIsARefusal() {
        stub.reply(200, "{\"status\":\"failed\",\"message\":\"Key is disabled\"}");
        RequestRefusedException error =
                assertThrows(RequestRefusedException.class, () -> manager.deactivate("LIC-1"));
        assertEquals("Key is disabled", error.getMessage());
    }

    @Test
    void serverErrorsAndNonJsonRepliesThrowKeyManagerException() {
        stub.reply(500, "{\"status\":\"failed\",\"message\":\"Internal error\"}");
        KeyManagerException error = assertThrows(KeyManagerException.class, () -> manager.activate("LIC-1"));
        assertEquals(KeyManagerException.class, error.getClass());
        assertEquals(500, error.getStatusCode());

        stub.reply(502, "<html>Bad gateway</html>");
        KeyManagerException html = assertThrows(KeyManagerException.class, () -> manager.activate("LIC-1"));
        assertEquals(KeyManagerException.class, html.getClass());
        assertTrue(html.getMessage().contains("HTTP 502"));
    }

    @Test
    void anUnreachableServerThrowsAPIConnectionException() {
        String base = stub.baseUrl();
        stub.close();
        KeyManager offline = new KeyManager("km_secret", base);
        APIConnectionException error =
                assertThrows(APIConnectionException.class, () -> offline.getKeyInformation("LIC-1"));
        assertEquals(0, error.getStatusCode());
    }

    @Test
    void aServerThatDoesNotAnswerInTimeThrowsAPIConnectionException() {
        stub.delayMillis = 2000;
        KeyManager impatient = new KeyManager("km_secret", stub.baseUrl(), java.time.Duration.ofMillis(200));
        assertThrows(APIConnectionException.class, () -> impatient.activate("LIC-1"));
    }

    @Test
    void argumentsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new KeyManager(" ", stub.baseUrl()));
        assertThrows(IllegalArgumentException.class, () -> new KeyManager(null, stub.baseUrl()));
        assertThrows(IllegalArgumentException.class, () -> new KeyManager("k", "ftp://example.com"));
        assertThrows(IllegalArgumentException.class, () -> manager.activate(""));
        assertThrows(IllegalArgumentException.class, () -> manager.activate("LIC-1", " "));
        assertEquals(0, stub.requests);
    }

    @Test
    void aTrailingSlashInTheBaseUrlIsIgnored() throws KeyManagerException {
        KeyManager slashed = new KeyManager("km_secret", stub.baseUrl() + "/");
        assertEquals(stub.baseUrl(), slashed.getBaseUrl());
        slashed.activate("LIC-1");
        assertEquals("/api/v1/saas-platform/key-manager/activate-key", stub.path);
    }
}
