package dev.northwind.keymanager;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The last-seen-time guard: the latest moment the owner's own signatures have proved (a signed
 * reply's signing time, a verified certificate's issue time). Real time never runs backwards, so a
 * clock earlier than that by more than the tolerance was turned back, the usual trick to keep an
 * expired certificate or trial alive offline.
 *
 * <p>Keep it across runs: save {@link #getLastSeenAt()} (or pass a listener that saves each new
 * value) and give it back to the constructor at the next start. A guard restored from storage is
 * only as strong as that storage; it stops the casual trick.
 *
 * <pre>{@code
 * ClockGuard guard = new ClockGuard(savedOrNull, ClockGuard.DEFAULT_TOLERANCE, at -> save(at));
 * }</pre>
 *
 * <p>Thread-safe.
 */
public final class ClockGuard {
    /** Default allowance for a clock that is off a little: 5 minutes. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private final Duration tolerance;
    private final Consumer<Instant> onAdvance;
    private Instant lastSeenAt;

    /** Creates an empty guard with the default tolerance (a first run). */
    public ClockGuard() {
        this(null, DEFAULT_TOLERANCE, null);
    }

    /**
     * Creates a guard restored from a previous run, with the default tolerance.
     *
     * @param lastSeenAt the saved value, or null for none
     */
    public ClockGuard(Instant lastSeenAt) {
        this(lastSeenAt, DEFAULT_TOLERANCE, null);
    }

    /**
     * Creates a guard.
     *
     * @param lastSeenAt the saved value, or null for none
     * @param tolerance how far behind the last-seen time the clock may be before it counts as turned back
     * @param onAdvance called (outside any lock) each time the last-seen time moves forward, to save it; or null
     * @throws IllegalArgumentException when the tolerance is null or negative
     */
    public ClockGuard(Instant lastSeenAt, Duration tolerance, Consumer<Instant> onAdvance) {
        if (tolerance == null || tolerance.isNegative()) {
            throw new IllegalArgumentException("tolerance must be 0 or more");
        }
        this.tolerance = tolerance;
        this.onAdvance = onAdvance;
        this.lastSeenAt = lastSeenAt;
    }

    /**
     * The latest proven time.
     *
     * @return it, or empty before the first signed reply or verified certificate
     */
    public synchronized Optional<Instant> getLastSeenAt() {
        return Optional.ofNullable(lastSeenAt);
    }

    /**
     * The allowance for a clock a little behind.
     *
     * @return the tolerance
     */
    public Duration getTolerance() {
        return tolerance;
    }

    /**
     * Takes a saved value back. It never moves the guard backwards: the later of the two is kept.
     *
     * @param saved the value saved from a previous run
     * @throws IllegalArgumentException when it is null
     */
    public void restore(Instant saved) {
        if (saved == null) {
            throw new IllegalArgumentException("saved must not be null");
        }
        advance(saved, false);
    }

    /**
     * Whether the given time is behind the last-seen time by more than the tolerance.
     *
     * @param now this machine's clock
     * @return true when the clock was turned back
     */
    public synchronized boolean isTurnedBack(Instant now) {
        return lastSeenAt != null && now.isBefore(lastSeenAt.minus(tolerance));
    }

    /** Records a time the owner's signature proved (the library's verifiers call it). */
    void observe(Instant provenAt) {
        advance(provenAt, true);
    }

    private void advance(Instant at, boolean notify) {
        synchronized (this) {
            if (lastSeenAt != null && !at.isAfter(lastSeenAt)) {
                return;
            }
            lastSeenAt = at;
        }
        if (notify && onAdvance != null) {
            onAdvance.accept(at);
        }
    }
}
