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

    /** The server's error code for this refusal. */
    public static final String CODE = "no_plan";

    /**
     * The server's message for this refusal; other 403 replies (a publishable key used for a secret
     * key's operation) are a plain {@link RequestRefusedException}.
     */
    public static final String MESSAGE = "Activate a Key Manager plan first";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public NoPlanException(String message) {
        super(message, 403);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param code the server's error code ({@link #CODE}), or null
     */
    public NoPlanException(String message, String code) {
        super(message, 403, code);
    }
}
