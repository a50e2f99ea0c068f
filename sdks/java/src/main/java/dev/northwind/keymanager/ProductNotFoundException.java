package dev.northwind.keymanager;

/**
 * 404 {@code product_not_found}: no product with that code for this API key's owner (start-trial's
 * product).
 */
public class ProductNotFoundException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "product_not_found";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public ProductNotFoundException(String message) {
        this(message, CODE);
    }

    /**
     * Creates the exception with a given error code (a subclass passes its own).
     *
     * @param message the server's message
     * @param code the server's error code
     */
    protected ProductNotFoundException(String message, String code) {
        super(message, 404, code);
    }
}
