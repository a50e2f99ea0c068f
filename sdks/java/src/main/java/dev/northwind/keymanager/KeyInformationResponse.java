package dev.northwind.keymanager;

/**
 * The reply of {@link KeyManager#getKeyInformation(String)}: the reply's status and the key's
 * {@link KeyInformation}, which may be empty.
 */
public final class KeyInformationResponse {
    private final String status;
    private final KeyInformation keyInformation;

    KeyInformationResponse(String status, KeyInformation keyInformation) {
        this.status = status;
        this.keyInformation = keyInformation;
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

    @Override
    public String toString() {
        return "KeyInformationResponse{status=" + status + ", keyInformation=" + keyInformation + "}";
    }
}
