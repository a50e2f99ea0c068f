package dev.northwind.keymanager;

/**
 * What {@link KeyManager#startTrial(StartTrialRequest)} asks: a trial of a product on one device,
 * optionally with the user's email (one trial per email too) and name, and the device's name and
 * platform for the seller's dashboard.
 *
 * <p>A builder: not thread-safe; make one per call. Optional texts left blank are not sent.
 */
public final class StartTrialRequest {
    private final RequestBody body;

    private StartTrialRequest(RequestBody body) {
        this.body = body;
    }

    /**
     * A trial of the product for this device.
     *
     * @param product the product's code
     * @param fingerprint a stable identifier of this device or installation
     * @return the request
     * @throws IllegalArgumentException when either is null or blank
     */
    public static StartTrialRequest of(String product, String fingerprint) {
        return new StartTrialRequest(RequestBody.of("product", product).text("fingerprint", fingerprint));
    }

    /**
     * The user's email: one trial per email per product, as per device.
     *
     * @param email the email, or null
     * @return this request
     */
    public StartTrialRequest email(String email) {
        body.optionalText("email", email);
        return this;
    }

    /**
     * The user's name, kept as the trial key's customer name.
     *
     * @param name the name, or null
     * @return this request
     */
    public StartTrialRequest name(String name) {
        body.optionalText("name", name);
        return this;
    }

    /**
     * The device's name, shown in the seller's dashboard.
     *
     * @param deviceName the name, or null
     * @return this request
     */
    public StartTrialRequest deviceName(String deviceName) {
        body.optionalText("deviceName", deviceName);
        return this;
    }

    /**
     * The device's platform (for example {@code windows}).
     *
     * @param platform the platform, or null
     * @return this request
     */
    public StartTrialRequest platform(String platform) {
        body.optionalText("platform", platform);
        return this;
    }

    RequestBody body() {
        return body;
    }
}
