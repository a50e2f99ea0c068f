package dev.northwind.keymanager;

/**
 * 402: the subscription of the API key's owner is suspended (an unpaid renewal), so the public REST
 * interface refuses every call until it is paid. Nothing the application can retry its way out of.
 *
 * <p>A subclass of {@link RequestRefusedException}, so code written before it existed keeps
 * catching it.
 */
public class PaymentRequiredException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "payment_required";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public PaymentRequiredException(String message) {
        super(message, 402);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param code the server's error code ({@link #CODE}), or null
     */
    public PaymentRequiredException(String message, String code) {
        super(message, 402, code);
    }
}
