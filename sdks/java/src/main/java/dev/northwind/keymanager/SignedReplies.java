package dev.northwind.keymanager;

import java.security.PublicKey;
import java.time.Clock;
import java.time.Duration;
import java.util.Collection;
import java.util.Map;

/**
 * How a {@link KeyManager} asks for and checks signed replies ({@link
 * KeyManager#withSignedReplies(SignedReplies)}): the owner's licence public keys, whether every
 * validate and information call is signed, the tolerance and the {@link ClockGuard}.
 *
 * <p>A signed call sends a fresh random nonce in {@code x-km-nonce}; the server signs {@code
 * km-reply-v1\n<signedAt>\n<nonce>\n<request path>\n<body>} (UTF-8) with the owner's current licence
 * signing key, the one behind offline certificates, and sends {@code x-km-signature} (base64url
 * Ed25519), {@code x-km-signing-key} (the key's id) and {@code x-km-signed-at} (ISO 8601). The
 * library accepts the reply only when all of it holds for this request; otherwise a {@link
 * ReplyVerificationException} subclass says why.
 *
 * <pre>{@code
 * KeyManager manager = new KeyManager(apiKey, baseUrl)
 *         .withSignedReplies(SignedReplies.verifiedWith(PUBLIC_KEYS).everyCall(true));
 * }</pre>
 *
 * <p>Immutable and thread-safe; each method returns a changed copy.
 */
public final class SignedReplies {
    /** Default distance allowed between a reply's signing time and this machine's clock: 5 minutes. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMinutes(5);

    private final Map<String, PublicKey> keys;
    private final boolean everyCall;
    private final Duration tolerance;
    private final ClockGuard clockGuard;
    private final Clock clock;

    private SignedReplies(
            Map<String, PublicKey> keys, boolean everyCall, Duration tolerance, ClockGuard clockGuard, Clock clock) {
        this.keys = keys;
        this.everyCall = everyCall;
        this.tolerance = tolerance;
        this.clockGuard = clockGuard;
        this.clock = clock;
    }

    /**
     * Signed replies checked with the owner's public keys: every key the dashboard lists under Key
     * Manager, Offline licences (PEM or base64 DER), current and previous. Only calls that ask are
     * signed; the default tolerance; a new {@link ClockGuard}; the system clock.
     *
     * @param publicKeys the owner's licence public keys
     * @return the settings
     * @throws IllegalArgumentException when the list is empty or a key is not an Ed25519 public key
     */
    public static SignedReplies verifiedWith(Collection<String> publicKeys) {
        return new SignedReplies(PublicKeys.byId(publicKeys), false, DEFAULT_TOLERANCE, new ClockGuard(),
                Clock.systemUTC());
    }

    /**
     * Whether every {@code validateKey} and {@code getKeyInformation} call is signed, not only those
     * that ask.
     *
     * @param signEveryCall true to sign them all
     * @return a changed copy
     */
    public SignedReplies everyCall(boolean signEveryCall) {
        return new SignedReplies(keys, signEveryCall, tolerance, clockGuard, clock);
    }

    /**
     * How far a reply's signing time may be from this machine's clock.
     *
     * @param allowed the tolerance, positive
     * @return a changed copy
     * @throws IllegalArgumentException when it is null, zero or negative
     */
    public SignedReplies tolerance(Duration allowed) {
        if (allowed == null || allowed.isNegative() || allowed.isZero()) {
            throw new IllegalArgumentException("tolerance must be positive");
        }
        return new SignedReplies(keys, everyCall, allowed, clockGuard, clock);
    }

    /**
     * The last-seen-time guard to advance and check, for example one restored from storage. Share it
     * with {@link OfflineLicense#verify(String, Collection, String, ClockGuard)}.
     *
     * @param guard the guard
     * @return a changed copy
     * @throws IllegalArgumentException when it is null
     */
    public SignedReplies clockGuard(ClockGuard guard) {
        if (guard == null) {
            throw new IllegalArgumentException("clockGuard must not be null");
        }
        return new SignedReplies(keys, everyCall, tolerance, guard, clock);
    }

    /**
     * The clock to compare signing times with (tests; an app with a trusted time source).
     *
     * @param source the clock
     * @return a changed copy
     * @throws IllegalArgumentException when it is null
     */
    public SignedReplies clock(Clock source) {
        if (source == null) {
            throw new IllegalArgumentException("clock must not be null");
        }
        return new SignedReplies(keys, everyCall, tolerance, clockGuard, source);
    }

    /**
     * Whether every validate and information call is signed.
     *
     * @return true when they all are
     */
    public boolean isEveryCall() {
        return everyCall;
    }

    /**
     * The allowed distance between a signing time and this machine's clock.
     *
     * @return the tolerance
     */
    public Duration getTolerance() {
        return tolerance;
    }

    /**
     * The last-seen-time guard.
     *
     * @return the guard
     */
    public ClockGuard getClockGuard() {
        return clockGuard;
    }

    Map<String, PublicKey> keys() {
        return keys;
    }

    Clock clock() {
        return clock;
    }
}
