package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HeartbeatTest {
    private static final String BEAT =
            "{\"status\":\"ok\",\"message\":\"Heartbeat recorded\",\"id\":\"6f1c9a52-4c1e-4bde-9b0f-2f1b7f0f1a11\","
                    + "\"key\":\"LIC-1\",\"maxActivations\":2,\"currentActivations\":1,\"isActive\":true,"
                    + "\"leaseSeconds\":600,\"leaseExpiresAt\":\"2026-11-23T10:10:00.000Z\"}";

    private StubServer stub;
    private KeyManager manager;

    @BeforeEach
    void start() throws IOException {
        stub = new StubServer();
        manager = new KeyManager("km_pub_app", stub.baseUrl());
    }

    @AfterEach
    void stop() {
        stub.close();
    }

    @Test
    void heartbeatPostsKeyAndFingerprintAndReadsTheLease() throws KeyManagerException {
        stub.reply(200, BEAT);

        HeartbeatResponse response = manager.heartbeat("LIC-1", "laptop-1");

        assertEquals("/api/v1/saas-platform/key-manager/heartbeat", stub.path);
        assertEquals(Map.of("key", "LIC-1", "fingerprint", "laptop-1"), Json.parse(stub.requestBody));
        assertEquals("Heartbeat recorded", response.getMessage());
        assertEquals(600L, response.getLeaseSeconds());
        assertEquals(Instant.parse("2026-11-23T10:10:00Z"), response.getLeaseExpiresAt().orElseThrow());
        assertEquals(1, response.getKeyInformation().getCurrentActivations());
        assertThrows(IllegalArgumentException.class, () -> manager.heartbeat("LIC-1", " "));
    }

    @Test
    void aLapsedDeviceAndALimitWithATransferDateHaveTheirOwnExceptions() {
        stub.reply(409, "{\"status\":\"failed\",\"message\":\"This device is not activated for the key\"}");
        assertThrows(DeviceNotActivatedException.class, () -> manager.heartbeat("LIC-1", "gone"));

        stub.reply(409, "{\"status\":\"failed\",\"message\":\"Activation limit reached. This licence can move to "
                + "a new device from 2026-12-21 14:05 UTC; until then, release a device or ask the seller to.\","
                + "\"nextTransferAt\":\"2026-12-21T14:05:00.000Z\"}");
        ActivationLimitReachedException refused =
                assertThrows(ActivationLimitReachedException.class, () -> manager.activate("LIC-1", "new-pc"));
        assertEquals(Instant.parse("2026-12-21T14:05:00Z"), refused.getNextTransferAt().orElseThrow());

        stub.reply(409, "{\"status\":\"failed\",\"message\":\"Activation limit reached\"}");
        ActivationLimitReachedException plain =
                assertThrows(ActivationLimitReachedException.class, () -> manager.activate("LIC-1", "new-pc"));
        assertTrue(plain.getNextTransferAt().isEmpty());
    }

    @Test
    void activationSendsTheDeviceDetails() throws KeyManagerException {
        stub.reply(200, "{\"status\":\"ok\",\"message\":\"Key activated\",\"currentActivations\":1}");
        manager.activate("LIC-1", "laptop-1", "Ana's laptop", "windows");
        assertEquals(
                Map.of("key", "LIC-1", "fingerprint", "laptop-1", "deviceName", "Ana's laptop", "platform", "windows"),
                Json.parse(stub.requestBody));
    }

    @Test
    void theBackgroundHeartbeatBeatsOnADaemonThreadUntilStopped() throws Exception {
        stub.reply(200, BEAT);
        CountDownLatch threeBeats = new CountDownLatch(3);
        List<Thread> threads = new CopyOnWriteArrayList<>();
        Heartbeat heartbeat = Heartbeat.start(manager, "LIC-1", "laptop-1", Duration.ofMillis(20), new Heartbeat.Listener() {
            @Override
            public void onBeat(HeartbeatResponse response) {
                threads.add(Thread.currentThread());
                threeBeats.countDown();
                // A listener that throws must not end the beats.
                throw new IllegalStateException("listener bug");
            }
        });
        assertTrue(threeBeats.await(10, TimeUnit.SECONDS), "three beats");
        assertTrue(heartbeat.isRunning());
        assertTrue(threads.get(0).isDaemon(), "daemon thread");
        assertEquals(1, threads.stream().distinct().count(), "one thread, one beat at a time");
        heartbeat.stop();
        heartbeat.stop();
        assertFalse(heartbeat.isRunning());
        assertTrue(heartbeat.awaitTermination(Duration.ofSeconds(10)), "thread ended");
        assertEquals("/api/v1/saas-platform/key-manager/heartbeat", stub.path);
    }

    @Test
    void failuresGoToTheListenerAndTheBeatsGoOn() throws Exception {
        stub.reply(409, "{\"status\":\"failed\",\"message\":\"This device is not activated for the key\"}");
        CountDownLatch twoErrors = new CountDownLatch(2);
        List<KeyManagerException> errors = new CopyOnWriteArrayList<>();
        try (Heartbeat heartbeat = Heartbeat.start(manager, "LIC-1", "laptop-1", Duration.ofMillis(20), new Heartbeat.Listener() {
            @Override
            public void onError(KeyManagerException error) {
                errors.add(error);
                twoErrors.countDown();
            }
        })) {
            assertTrue(twoErrors.await(10, TimeUnit.SECONDS), "two failed beats reported");
            assertTrue(heartbeat.isRunning());
        }
        assertTrue(errors.get(0) instanceof DeviceNotActivatedException);
        assertThrows(IllegalArgumentException.class, () -> Heartbeat.start(manager, "LIC-1", "x", Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> Heartbeat.start(manager, "", "x", Duration.ofSeconds(1)));
        assertThrows(IllegalArgumentException.class, () -> Heartbeat.start(null, "k", "x", Duration.ofSeconds(1)));
    }
}
