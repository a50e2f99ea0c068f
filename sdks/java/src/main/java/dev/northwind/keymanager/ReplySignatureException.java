package dev.northwind.keymanager;

/**
 * The signature does not match the reply: it was altered on the way, or forged.
 */
public class ReplySignatureException extends ReplyVerificationException {
    private static final long serialVersionUID = 1L;

    /** This library's code for the reason. */
    public static final String CODE = "reply_bad_signature";

    /**
     * Creates the exception.
     *
     * @param statusCode the reply's HTTP status
     */
    public ReplySignatureException(int statusCode) {
        super("The reply signature is not valid", statusCode, CODE);
    }

    /**
     * Creates the exception with a more precise message.
     *
     * @param message why the reply was refused
     * @param statusCode the reply's HTTP status
     */
    public ReplySignatureException(String message, int statusCode) {
        super(message, statusCode, CODE);
    }
}
