package dev.northwind.keymanager;

/**
 * Base class of every error the Key Manager library throws.
 *
 * <p>When the server answered, {@link #getStatusCode()} is its HTTP status and {@link #getMessage()}
 * is the server's {@code message} (for example {@code Invalid Key Provided}). When it could not be
 * reached, the subclass {@link APIConnectionException} is thrown and the status code is 0.
 *
 * <p>{@link #getCode()} is the server's error code (for example {@code key_disabled}), which chose
 * the exception's class; it is null when no reply arrived or the reply had none (a server older than
 * the codes, whose refusals are then told apart by status and message).
 */
public class KeyManagerException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int statusCode;

    /** The server's error code, or null. */
    private final String code;

    /**
     * Creates an exception for a reply the server gave.
     *
     * @param message the server's message, or a description of the problem
     * @param statusCode the HTTP status code, or 0 when no reply was received
     */
    public KeyManagerException(String message, int statusCode) {
        this(message, statusCode, (String) null);
    }

    /**
     * Creates an exception for a reply that named its error code.
     *
     * @param message the server's message, or a description of the problem
     * @param statusCode the HTTP status code
     * @param code the server's error code (for example {@code key_disabled}), or null
     */
    public KeyManagerException(String message, int statusCode, String code) {
        super(message);
        this.statusCode = statusCode;
        this.code = code;
    }

    /**
     * Creates an exception caused by another one.
     *
     * @param message a description of the problem
     * @param statusCode the HTTP status code, or 0 when no reply was received
     * @param cause the underlying exception
     */
    public KeyManagerException(String message, int statusCode, Throwable cause) {
        super(message, cause);
        this.statusCode = statusCode;
        this.code = null;
    }

    /**
     * The HTTP status code of the server's reply.
     *
     * @return the status code, or 0 when the server was not reached
     */
    public int getStatusCode() {
        return statusCode;
    }

    /**
     * The server's error code: one of a closed list, each with one HTTP status (for example
     * {@code key_disabled}, {@code activation_limit_reached}, {@code rate_limited}; see the REST
     * documentation's error codes).
     *
     * @return the code, or null when no reply was received or the reply carried none
     */
    public String getCode() {
        return code;
    }
}
