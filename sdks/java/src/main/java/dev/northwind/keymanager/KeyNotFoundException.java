package dev.northwind.keymanager;

/**
 * HTTP 404: the licence key does not exist, was deleted, or belongs to another account. The
 * server's message is {@code Invalid Key Provided}.
 */
public class KeyNotFoundException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "key_not_found";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public KeyNotFoundException(String message) {
        super(message, 404);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param code the server's error code ({@link #CODE}), or null
     */
    public KeyNotFoundException(String message, String code) {
        super(message, 404, code);
    }
}
