package dev.northwind.keymanager;

/**
 * The reply answers another request (its nonce is not the one this request sent): a replayed answer.
 */
public class ReplyNonceMismatchException extends ReplyVerificationException {
    private static final long serialVersionUID = 1L;

    /** This library's code for the reason. */
    public static final String CODE = "reply_nonce_mismatch";

    /**
     * Creates the exception.
     *
     * @param statusCode the reply's HTTP status
     */
    public ReplyNonceMismatchException(int statusCode) {
        super("The reply answers another request (nonce mismatch)", statusCode, CODE);
    }

    /**
     * Creates the exception with a more precise message.
     *
     * @param message why the reply was refused
     * @param statusCode the reply's HTTP status
     */
    public ReplyNonceMismatchException(String message, int statusCode) {
        super(message, statusCode, CODE);
    }
}
