package dev.northwind.keymanager;

/**
 * The reply carried no signature: a server without signed replies, or something else (a proxy, a
 * fake server) answered.
 */
public class ReplyUnsignedException extends ReplyVerificationException {
    private static final long serialVersionUID = 1L;

    /** This library's code for the reason. */
    public static final String CODE = "reply_unsigned";

    /**
     * Creates the exception.
     *
     * @param statusCode the reply's HTTP status
     */
    public ReplyUnsignedException(int statusCode) {
        super("The reply is not signed", statusCode, CODE);
    }

    /**
     * Creates the exception with a more precise message.
     *
     * @param message why the reply was refused
     * @param statusCode the reply's HTTP status
     */
    public ReplyUnsignedException(String message, int statusCode) {
        super(message, statusCode, CODE);
    }
}
