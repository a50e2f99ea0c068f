package dev.northwind.keymanager;

/**
 * A 4xx reply not covered by a more specific exception: the server understood the call and refused
 * it, for example a deactivation at zero or invalid input. {@link #getMessage()} carries the
 * server's explanation.
 *
 * <p>The specific refusals extend this class: {@link ActivationLimitReachedException},
 * {@link KeyDisabledException}, {@link PaymentRequiredException} (402) and {@link NoPlanException}
 * (403). Catching {@code RequestRefusedException} still catches them all.
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

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param statusCode the HTTP status code (400 to 499)
     * @param code the server's error code, or null
     */
    public RequestRefusedException(String message, int statusCode, String code) {
        super(message, statusCode, code);
    }
}
