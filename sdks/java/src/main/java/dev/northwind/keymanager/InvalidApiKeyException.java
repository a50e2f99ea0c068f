package dev.northwind.keymanager;

/**
 * HTTP 401: the API key given to {@link KeyManager} is missing, wrong or revoked. Generate a new
 * one in the API tab of the Key Manager dashboard.
 */
public class InvalidApiKeyException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public InvalidApiKeyException(String message) {
        super(message, 401);
    }
}
