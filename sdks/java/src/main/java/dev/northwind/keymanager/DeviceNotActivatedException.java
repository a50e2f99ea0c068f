package dev.northwind.keymanager;

/**
 * 409 {@code This device is not activated for the key}: the device's slot is gone — it was
 * deactivated, released from the dashboard, taken by a self-serve transfer, or its lease lapsed
 * without a heartbeat. Activate again with the same fingerprint to take a slot.
 *
 * <p>A subclass of {@link RequestRefusedException}, so code written before it existed keeps
 * catching it.
 */
public class DeviceNotActivatedException extends RequestRefusedException {
    private static final long serialVersionUID = 1L;

    /** The server's error code for this refusal. */
    public static final String CODE = "device_not_activated";

    /** The server's message for this refusal. */
    public static final String MESSAGE = "This device is not activated for the key";

    /**
     * Creates the exception.
     *
     * @param message the server's message
     */
    public DeviceNotActivatedException(String message) {
        super(message, 409);
    }

    /**
     * Creates the exception for a reply that named its error code.
     *
     * @param message the server's message
     * @param code the server's error code ({@link #CODE}), or null
     */
    public DeviceNotActivatedException(String message, String code) {
        super(message, 409, code);
    }
}
