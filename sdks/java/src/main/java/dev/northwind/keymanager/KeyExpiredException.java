package dev.northwind.keymanager;

/**
 * 409 {@code key_expired}: the licence key is past its expiry (and any grace period), under a policy
 * that refuses expired keys. Renew it ({@link KeyManager#renewKey(String)}) and try again.
 *
 * <p>{@link TrialExpiredException} extends it, so one catch covers a paid key and a trial alike.
 */
public class KeyExpiredException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "key_expired";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public KeyExpiredException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected KeyExpiredException(String message, String code) {
        super(message, 409, code);
    }
}
