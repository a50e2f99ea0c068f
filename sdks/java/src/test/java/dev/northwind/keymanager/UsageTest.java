package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class UsageTest {
    private static final String COUNTS = "\"validations\":6,\"activations\":1,\"deactivations\":0,\"heartbeats\":0,"
            + "\"checkouts\":0,\"information\":0,\"other\":0,\"refusals\":1";

    private StubServer stub;
    private KeyManager manager;

    @BeforeEach
    void start() throws IOException {
        stub = new StubServer();
        manager = new KeyManager("km_live_server", stub.baseUrl());
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void withAppInfoSendsTheVersionAndPlatformWithEveryCallAndACallsOwnPlatformWins() throws KeyManagerException {
        KeyManager app = manager.withAppInfo(" 2.4.1 ", "macos");
        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Key activated\",\"currentActivations\":1}");
        app.activate("LIC-1");
        assertEquals(Map.of("key", "LIC-1", "appVersion", "2.4.1", "platform", "macos"), Json.parse(stub.requestBody));
        app.activate("LIC-1", "laptop-1", "Ana's laptop", "windows");
        assertEquals(
                Map.of("key", "LIC-1", "fingerprint", "laptop-1", "deviceName", "Ana's laptop", "platform", "windows",
                        "appVersion", "2.4.1"),
                Json.parse(stub.requestBody));
        manager.activate("LIC-1");
        assertEquals(Map.of("key", "LIC-1"), Json.parse(stub.requestBody));
        assertThrows(IllegalArgumentException.class, () -> manager.withAppInfo("x".repeat(41), null));
    }

    @Test
    void usagePostsTheRangeAndReadsTheTypedCounts() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"granularity\":\"hour\",\"series\":[{\"at\":\"2026-11-28T10:00:00.000Z\","
                + COUNTS + "}],\"totals\":{" + COUNTS + ",\"calls\":7,\"uniqueDevices\":2}}");
        UsageResult usage = manager.usage(Instant.parse("2026-11-28T10:00:00Z"), null, true);
        assertEquals("/api/v1/saas-platform/key-manager/usage", stub.path);
        assertEquals(Map.of("from", "2026-11-28T10:00:00Z", "granularity", "hour"), Json.parse(stub.requestBody));
        assertEquals("hour", usage.getGranularity());
        assertEquals(Instant.parse("2026-11-28T10:00:00Z"), usage.getSeries().get(0).getAt());
        assertEquals(6L, usage.getSeries().get(0).getValidations());
        assertEquals(1L, usage.getTotals().getRefusals());
        assertEquals(7L, usage.getCalls());
        assertEquals(2L, usage.getUniqueDevices());
        assertThrows(IllegalArgumentException.class, () -> manager.usage(null));
    }

    @Test
    void aPublishableKeyIsRefused() {
        stub.reply(403, "{\"status\":\"failed\",\"code\":\"publishable_key_not_allowed\","
                + "\"message\":\"A publishable key cannot do this\"}");
        assertThrows(RequestRefusedException.class, () -> manager.usage(Instant.parse("2026-11-01T00:00:00Z")));
    }
}
