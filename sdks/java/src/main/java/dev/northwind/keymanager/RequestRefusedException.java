package dev.northwind.keymanager;

/**
 * Any other 4xx reply: the server understood the call and refused it, for example an activation
 * past the key's limit, an activation or deactivation of a disabled key, a deactivation at zero, or
 * invalid input. {@link #getMessage()} carries the server's explanation.
 */
public class RequestRefusedException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the server's message
     * @param statusCode the HTTP status code (400 to 499)
     */
    public RequestRefusedException(String message, int statusCode) {
        super(message, statusCode);
    }
}
