package dev.northwind.keymanager;

/**
 * 409 {@code Activation limit reached}: every activation the licence key allows is in use. Free a
 * slot by deactivating another device (or ask the key's owner to raise the limit).
 *
 * <p>A subclass of {@link RequestRefusedException}, so code written before it existed keeps
 * catching it.
 */
public class ActivationLimitReachedException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's message for this refusal. */
    public static final String MESSAGE = "Activation limit reached";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public ActivationLimitReachedException(String message) {
        super(message, 409);
    }
}
