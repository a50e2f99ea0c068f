package dev.northwind.keymanager;

/**
 * HTTP 404: the licence key does not exist, was deleted, or belongs to another account. The
 * server's message is {@code Invalid Key Provided}.
 */
public class KeyNotFoundException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public KeyNotFoundException(String message) {
        super(message, 404);
    }
}
