package dev.northwind.keymanager;

import java.util.Optional;

/**
 * The reply of {@link KeyManager#getKeyInformation(String)}: the reply's status and the key's
 * {@link KeyInformation}, which may be empty.
 */
public final class KeyInformationResponse {
    private final String status;
    private final KeyInformation keyInformation;
    private final SignedReply signature;

    KeyInformationResponse(String status, KeyInformation keyInformation, SignedReply signature) {
        this.status = status;
        this.keyInformation = keyInformation;
        this.signature = signature;
    }

    /**
     * The reply's status.
     *
     * @return {@code ok} on success
     */
    public String getStatus() {
        return status;
    }

    /**
     * The key's state.
     *
     * @return the key information, never null but possibly empty
     */
    public KeyInformation getKeyInformation() {
        return keyInformation;
    }

    /**
     * For a signed call ({@link SignedReplies}): which key signed the reply, and when.
     *
     * @return the signature, or empty for an unsigned call
     */
    public Optional<SignedReply> getSignature() {
        return Optional.ofNullable(signature);
    }

    @Override
    public String toString() {
        return "KeyInformationResponse{status=" + status + ", keyInformation=" + keyInformation + "}";
    }
}
