package dev.northwind.keymanager;

import java.time.Instant;
import java.util.Optional;

/**
 * 409 {@code Activation limit reached}: every activation the licence key allows is in use. Free a
 * slot by deactivating another device (or ask the key's owner to raise the limit).
 *
 * <p>When the key allows self-serve transfers but none is possible yet (the idle device has not
 * been idle long enough, or the 30-day allowance is used up), the message goes on to say from when
 * a new device can take a slot, and {@link #getNextTransferAt()} holds that moment.
 *
 * <p>A subclass of {@link RequestRefusedException}, so code written before it existed keeps
 * catching it.
 */
public class ActivationLimitReachedException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The start of the server's message for this refusal. */
    public static final String MESSAGE = "Activation limit reached";

    /** The server's error code for this refusal (with or without a transfer time). */
    public static final String CODE = "activation_limit_reached";

    /** When a self-serve transfer becomes possible; null when the key allows none. */
    private final Instant nextTransferAt;

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public ActivationLimitReachedException(String message) {
        this(message, null);
    }

    /**
     * Creates the exception with the moment a transfer becomes possible.
     *
     * @param message the server's message
     * @param nextTransferAt when a new device can take a slot, or null
     */
    public ActivationLimitReachedException(String message, Instant nextTransferAt) {
        this(message, nextTransferAt, null);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param nextTransferAt when a new device can take a slot, or null
     * @param code the server's error code ({@link #CODE}), or null
     */
    public ActivationLimitReachedException(String message, Instant nextTransferAt, String code) {
        super(message, 409, code);
        this.nextTransferAt = nextTransferAt;
    }

    /**
     * When a new device can take a slot by self-serve transfer, as the server computed it.
     *
     * @return the moment, or empty when the key allows no transfers
     */
    public Optional<Instant> getNextTransferAt() {
        return Optional.ofNullable(nextTransferAt);
    }
}
