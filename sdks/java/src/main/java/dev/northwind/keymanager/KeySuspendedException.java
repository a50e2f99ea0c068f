package dev.northwind.keymanager;

/**
 * 409 {@code key_suspended}: the key's owner suspended it (for example unpaid); it is refused like a
 * disabled key until reinstated ({@link KeyManager#suspendKey(String, boolean)} with false).
 */
public class KeySuspendedException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "key_suspended";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public KeySuspendedException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected KeySuspendedException(String message, String code) {
        super(message, 409, code);
    }
}
