package dev.northwind.keymanager;

/**
 * 409 {@code not_a_trial}: convert-trial was given a key that is not a trial.
 */
public class NotATrialException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "not_a_trial";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public NotATrialException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected NotATrialException(String message, String code) {
        super(message, 409, code);
    }
}
