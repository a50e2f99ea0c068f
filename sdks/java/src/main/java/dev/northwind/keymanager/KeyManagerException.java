package dev.northwind.keymanager;

/**
 * Base class of every error the Key Manager library throws.
 *
 * <p>When the server answered, {@link #getStatusCode()} is its HTTP status and {@link #getMessage()}
 * is the server's {@code message} (for example {@code Invalid Key Provided}). When it could not be
 * reached, the subclass {@link APIConnectionException} is thrown and the status code is 0.
 */
public class KeyManagerException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int statusCode;

    /**
     * Creates an exception for a reply the server gave.
     *
     * @param message the server's message, or a description of the problem
     * @param statusCode the HTTP status code, or 0 when no reply was received
     */
    public KeyManagerException(String message, int statusCode) {
        super(message);
        this.statusCode = statusCode;
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
    }

    /**
     * The HTTP status code of the server's reply.
     *
     * @return the status code, or 0 when the server was not reached
     */
    public int getStatusCode() {
        return statusCode;
    }
}
