package dev.northwind.keymanager;

/**
 * 404 {@code policy_not_found}: no such policy for the key's product (convert-trial's policy id).
 */
public class PolicyNotFoundException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "policy_not_found";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public PolicyNotFoundException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected PolicyNotFoundException(String message, String code) {
        super(message, 404, code);
    }
}
