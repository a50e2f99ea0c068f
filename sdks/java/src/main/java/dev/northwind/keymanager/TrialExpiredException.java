package dev.northwind.keymanager;

/**
 * 409 {@code trial_expired}: the trial key's trial has ended. Convert it to a paid key
 * ({@link KeyManager#convertTrial(ConvertTrialRequest)}) to go on.
 *
 * <p>A subclass of {@link KeyExpiredException}.
 */
public class TrialExpiredException extends KeyExpiredException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "trial_expired";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public TrialExpiredException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected TrialExpiredException(String message, String code) {
        super(message, code);
    }
}
