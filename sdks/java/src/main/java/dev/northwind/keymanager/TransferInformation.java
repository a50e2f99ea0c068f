package dev.northwind.keymanager;

import java.util.Map;

/**
 * A self-serve transfer: an activation at the key's limit released the key's least recently seen
 * idle device to make room for the new one. {@link ManipulationResponse#getTransfer()} holds it.
 */
public final class TransferInformation {
    private final String releasedDeviceId;
    private final int transfersUsed;
    private final int transfersPer30Days;

    TransferInformation(String releasedDeviceId, int transfersUsed, int transfersPer30Days) {
        this.releasedDeviceId = releasedDeviceId;
        this.transfersUsed = transfersUsed;
        this.transfersPer30Days = transfersPer30Days;
    }

    /** The reply's {@code transfer} object, or null when the reply has none (no transfer happened). */
    static TransferInformation of(Object value) {
        if (!(value instanceof Map)) {
            return null;
        }
        Map<?, ?> fields = (Map<?, ?>) value;
        Object device = fields.get("releasedDeviceId");
        if (device == null) {
            return null;
        }
        return new TransferInformation(
                String.valueOf(device), number(fields.get("transfersUsed")), number(fields.get("transfersPer30Days")));
    }

    private static int number(Object value) {
        return value instanceof Number ? ((Number) value).intValue() : 0;
    }

    /**
     * The device whose slot the new device took, as the dashboard's Devices list names it.
     *
     * @return the released device's id
     */
    public String getReleasedDeviceId() {
        return releasedDeviceId;
    }

    /**
     * Transfers this key made in the last 30 days, this one included.
     *
     * @return the count
     */
    public int getTransfersUsed() {
        return transfersUsed;
    }

    /**
     * Transfers the key allows per 30 days.
     *
     * @return the allowance
     */
    public int getTransfersPer30Days() {
        return transfersPer30Days;
    }

    @Override
    public String toString() {
        return "TransferInformation{releasedDeviceId=" + releasedDeviceId + ", transfersUsed=" + transfersUsed
                + ", transfersPer30Days=" + transfersPer30Days + "}";
    }
}
