package dev.northwind.keymanager;

/**
 * 409 {@code Key is disabled}: the key's owner disabled the licence key (for example while a
 * customer has not paid); it can be neither activated nor deactivated until it is enabled again.
 *
 * <p>A subclass of {@link RequestRefusedException}, so code written before it existed keeps
 * catching it.
 */
public class KeyDisabledException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "key_disabled";

    /** The server's message for this refusal. */
    public static final String MESSAGE = "Key is disabled";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public KeyDisabledException(String message) {
        super(message, 409);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param code the server's error code ({@link #CODE}), or null
     */
    public KeyDisabledException(String message, String code) {
        super(message, 409, code);
    }
}
