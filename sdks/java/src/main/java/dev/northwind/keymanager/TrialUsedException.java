package dev.northwind.keymanager;

/**
 * 409 {@code trial_used}: this device (or email) has already had a trial of the product.
 */
public class TrialUsedException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "trial_used";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public TrialUsedException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected TrialUsedException(String message, String code) {
        super(message, 409, code);
    }
}
