package dev.northwind.keymanager;

/**
 * 404 {@code trial_not_offered}: the product offers no trial (it has no trial policy).
 */
public class TrialNotOfferedException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "trial_not_offered";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public TrialNotOfferedException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected TrialNotOfferedException(String message, String code) {
        super(message, 404, code);
    }
}
