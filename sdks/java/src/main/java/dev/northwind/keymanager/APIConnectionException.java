package dev.northwind.keymanager;

/**
 * The Key Manager server could not be reached: the connection was refused, timed out, was
 * interrupted, or the host name did not resolve. No reply was received, so the operation may or may
 * not have been applied; retrying {@code getKeyInformation} tells which.
 */
public class APIConnectionException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message what failed
     * @param cause the underlying I/O exception
     */
    public APIConnectionException(String message, Throwable cause) {
        super(message, 0, cause);
    }
}
