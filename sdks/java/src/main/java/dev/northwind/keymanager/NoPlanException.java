package dev.northwind.keymanager;

/**
 * 403 {@code Activate a Key Manager plan first}: the API key's owner has no Key Manager plan, so
 * the public REST interface refuses every call until one is activated in the dashboard.
 *
 * <p>A subclass of {@link RequestRefusedException}, so code written before it existed keeps
 * catching it.
 */
public class NoPlanException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public NoPlanException(String message) {
        super(message, 403);
    }
}
