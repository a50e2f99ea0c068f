package dev.northwind.keymanager;

/**
 * Signed with a key that is not among the public keys given: the owner rotated after this build of
 * the app (ship the new public key beside the old one), or the key is not the owner's.
 */
public class ReplyUnknownSigningKeyException extends ReplyVerificationException {
    private static final long serialVersionUID = 1L;

    /** This library's code for the reason. */
    public static final String CODE = "reply_unknown_signing_key";

    /** See {@link #getSigningKeyId()}. */
    private final String signingKeyId;

    /**
     * Creates the exception.
     *
     * @param signingKeyId the reply's {@code x-km-signing-key}
     * @param statusCode the reply's HTTP status
     */
    public ReplyUnknownSigningKeyException(String signingKeyId, int statusCode) {
        super("No public key given for signing key " + signingKeyId, statusCode, CODE);
        this.signingKeyId = signingKeyId;
    }

    /**
     * The id of the key that signed the reply.
     *
     * @return the reply's {@code x-km-signing-key}
     */
    public String getSigningKeyId() {
        return signingKeyId;
    }
}
