package dev.northwind.keymanager;

/**
 * HTTP 401: the API key given to {@link KeyManager} is missing, wrong or revoked. Generate a new
 * one in the API tab of the Key Manager dashboard.
 */
public class InvalidApiKeyException extends KeyManagerException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for a key that is wrong or revoked. */
    public static final String CODE = "invalid_api_key";

    /** The server's error code for a call that sent no API key. */
    public static final String API_KEY_REQUIRED_CODE = "api_key_required";

    /** The server's error code for a rolled key whose overlap ended: use the key that replaced it. */
    public static final String EXPIRED_CODE = "api_key_expired";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public InvalidApiKeyException(String message) {
        super(message, 401);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param code the server's error code ({@link #CODE} or {@link #API_KEY_REQUIRED_CODE}), or null
     */
    public InvalidApiKeyException(String message, String code) {
        super(message, 401, code);
    }
}
