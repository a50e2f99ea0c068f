package dev.northwind.keymanager;

/**
 * 409 {@code key_not_renewable}: the key has no duration to renew by; give a date instead
 * ({@link KeyManager#renewKey(String, java.time.Instant)}).
 */
public class KeyNotRenewableException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "key_not_renewable";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public KeyNotRenewableException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected KeyNotRenewableException(String message, String code) {
        super(message, 409, code);
    }
}
