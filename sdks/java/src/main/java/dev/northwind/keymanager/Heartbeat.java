package dev.northwind.keymanager;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A background heartbeat for one device: calls {@link KeyManager#heartbeat(String, String)} at
 * once and then every interval, so a key with a lease keeps the device's slot while the
 * application runs.
 *
 * <p>It runs on its own single daemon thread (a {@link ScheduledExecutorService} with fixed delay:
 * one beat at a time, a slow reply delays the next one, never overlaps it), so it never keeps the
 * JVM alive. Failures go to the {@link Listener} and the beats go on; stop them with {@link
 * #stop()} or try-with-resources. Thread-safe: {@link #stop()} and {@link #isRunning()} may be
 * called from any thread, any number of times.
 *
 * <pre>{@code
 * KeyManager manager = new KeyManager(publishableKey, "https://example.com");
 * manager.activate(licenceKey, fingerprint);
 * Heartbeat heartbeat = Heartbeat.start(manager, licenceKey, fingerprint, Duration.ofMinutes(5),
 *         new Heartbeat.Listener() {
 *             public void onError(KeyManagerException error) {
 *                 if (error instanceof DeviceNotActivatedException) {
 *                     // the slot is gone (released, or the lease lapsed): activate again or stop
 *                 }
 *             }
 *         });
 * // when the application quits:
 * heartbeat.stop();
 * }</pre>
 */
public final class Heartbeat implements AutoCloseable {
    /** What a heartbeat reports; both methods do nothing unless overridden. */
    public interface Listener {
        /**
         * Called after each successful beat, on the heartbeat's thread.
         *
         * @param response the server's reply
         */
        default void onBeat(HeartbeatResponse response) {}

        /**
         * Called after each failed beat, on the heartbeat's thread; the beats go on.
         *
         * @param error why the beat failed; a {@link DeviceNotActivatedException} means the slot
         *     is gone
         */
        default void onError(KeyManagerException error) {}
    }

    private static final AtomicInteger THREADS = new AtomicInteger();
    private static final Listener SILENT = new Listener() {};

    private final ScheduledExecutorService executor;
    private final AtomicBoolean stopped;

    private Heartbeat(ScheduledExecutorService executor, AtomicBoolean stopped) {
        this.executor = executor;
        this.stopped = stopped;
    }

    /**
     * Starts beating for a device that is activated with this fingerprint, with no listener.
     *
     * @param manager the client to call
     * @param key the licence key
     * @param fingerprint the fingerprint the device was activated with
     * @param interval the time between beats; choose well under the key's lease (a third of it)
     * @return the running heartbeat
     * @throws IllegalArgumentException when an argument is null or blank, or the interval is not positive
     */
    public static Heartbeat start(KeyManager manager, String key, String fingerprint, Duration interval) {
        return start(manager, key, fingerprint, interval, SILENT);
    }

    /**
     * Starts beating for a device that is activated with this fingerprint.
     *
     * @param manager the client to call
     * @param key the licence key
     * @param fingerprint the fingerprint the device was activated with
     * @param interval the time between beats; choose well under the key's lease (a third of it)
     * @param listener told about every beat and every failure
     * @return the running heartbeat
     * @throws IllegalArgumentException when an argument is null or blank, or the interval is not positive
     */
    public static Heartbeat start(
            KeyManager manager, String key, String fingerprint, Duration interval, Listener listener) {
        if (manager == null) {
            throw new IllegalArgumentException("manager must not be null");
        }
        if (key == null || key.trim().isEmpty()) {
            throw new IllegalArgumentException("key must not be empty");
        }
        if (fingerprint == null || fingerprint.trim().isEmpty()) {
            throw new IllegalArgumentException("fingerprint must not be empty");
        }
        if (interval == null || interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("interval must be positive");
        }
        if (listener == null) {
            throw new IllegalArgumentException("listener must not be null");
        }
        ThreadFactory daemons = runnable -> {
            Thread thread = new Thread(runnable, "key-manager-heartbeat-" + THREADS.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
        ScheduledExecutorService executor = Executors.newSingleThreadScheduledExecutor(daemons);
        AtomicBoolean stopped = new AtomicBoolean();
        Runnable beat = () -> {
            try {
                HeartbeatResponse response = manager.heartbeat(key, fingerprint);
                if (!stopped.get()) {
                    listener.onBeat(response);
                }
            } catch (KeyManagerException error) {
                // A beat interrupted by stop() is no failure worth reporting.
                if (!stopped.get()) {
                    listener.onError(error);
                }
            } catch (RuntimeException error) {
                // A listener's own failure must not end the schedule (the executor would stop silently).
            }
        };
        executor.scheduleWithFixedDelay(beat, 0, interval.toMillis(), TimeUnit.MILLISECONDS);
        return new Heartbeat(executor, stopped);
    }

    /**
     * Whether beats are still scheduled.
     *
     * @return false once {@link #stop()} was called
     */
    public boolean isRunning() {
        return !stopped.get();
    }

    /**
     * Stops the beats: none starts after this returns (a beat in flight is interrupted). Safe to
     * call more than once.
     */
    public void stop() {
        stopped.set(true);
        executor.shutdownNow();
    }

    /**
     * Waits until the heartbeat's thread has ended after {@link #stop()} (for an orderly shutdown).
     *
     * @param timeout how long to wait at most
     * @return true when it ended, false when the timeout passed first
     * @throws InterruptedException when the waiting thread is interrupted
     */
    public boolean awaitTermination(Duration timeout) throws InterruptedException {
        return executor.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** The same as {@link #stop()}, for try-with-resources. */
    @Override
    public void close() {
        stop();
    }
}
