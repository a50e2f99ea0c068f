package dev.northwind.keymanager;

import java.time.Instant;
import java.util.Optional;

/**
 * The result of {@link KeyManager#heartbeat(String, String)}: the key's state and this device's
 * lease. Failures are thrown as {@link KeyManagerException}s, so a returned response always means
 * the device still holds its slot.
 */
public final class HeartbeatResponse {
    private final String message;
    private final KeyInformation keyInformation;
    private final long leaseSeconds;
    private final Instant leaseExpiresAt;

    HeartbeatResponse(String message, KeyInformation keyInformation, long leaseSeconds, Instant leaseExpiresAt) {
        this.message = message;
        this.keyInformation = keyInformation;
        this.leaseSeconds = leaseSeconds;
        this.leaseExpiresAt = leaseExpiresAt;
    }

    /**
     * The server's message.
     *
     * @return {@code Heartbeat recorded}
     */
    public String getMessage() {
        return message;
    }

    /**
     * The key's state.
     *
     * @return the key information, never null
     */
    public KeyInformation getKeyInformation() {
        return keyInformation;
    }

    /**
     * The key's lease.
     *
     * @return seconds a device may go without a heartbeat; 0 means permanent
     */
    public long getLeaseSeconds() {
        return leaseSeconds;
    }

    /**
     * When this device's slot is released without another heartbeat.
     *
     * @return the moment, or empty when the lease is permanent
     */
    public Optional<Instant> getLeaseExpiresAt() {
        return Optional.ofNullable(leaseExpiresAt);
    }

    @Override
    public String toString() {
        return "HeartbeatResponse{message=" + message + ", leaseSeconds=" + leaseSeconds
                + ", leaseExpiresAt=" + leaseExpiresAt + ", keyInformation=" + keyInformation + "}";
    }
}
