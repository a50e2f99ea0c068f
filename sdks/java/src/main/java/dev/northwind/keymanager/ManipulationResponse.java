package dev.northwind.keymanager;

import java.util.Optional;

/**
 * The result of an operation that changes a licence key (activate, deactivate, set usable, delete).
 * Failures are thrown as {@link KeyManagerException}s, so a returned response always means success.
 */
public final class ManipulationResponse {
    private final String status;
    private final String message;
    private final KeyInformation keyInformation;
    private final TransferInformation transfer;

    ManipulationResponse(String status, String message, KeyInformation keyInformation) {
        this(status, message, keyInformation, null);
    }

    ManipulationResponse(String status, String message, KeyInformation keyInformation, TransferInformation transfer) {
        this.status = status;
        this.message = message;
        this.keyInformation = keyInformation;
        this.transfer = transfer;
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
     * A human-readable description of what happened.
     *
     * @return the message, never null
     */
    public String getMessage() {
        return message;
    }

    /**
     * The key's state after the change, when the server reported it (activate, deactivate and set
     * usable do; delete does not).
     *
     * @return the key information, never null but possibly empty
     */
    public KeyInformation getKeyInformation() {
        return keyInformation;
    }

    /**
     * The self-serve transfer this activation made: at the key's limit, the least recently seen
     * idle device was released to make room for this one.
     *
     * @return the transfer, or empty when no device was released (and for every other operation)
     */
    public Optional<TransferInformation> getTransfer() {
        return Optional.ofNullable(transfer);
    }

    /**
     * Whether the server reported success.
     *
     * @return true when the status is {@code ok}
     */
    public boolean isSuccess() {
        return "ok".equals(status);
    }

    @Override
    public String toString() {
        return "ManipulationResponse{status=" + status + ", message=" + message + ", keyInformation=" + keyInformation
                + (transfer == null ? "" : ", transfer=" + transfer) + "}";
    }
}
