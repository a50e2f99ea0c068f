package dev.northwind.keymanager;

import java.util.ArrayList;
import java.util.List;

/**
 * What {@link KeyManager#validateKey(ValidateKeyRequest)} asks: a key (or its id) and, optionally,
 * this device, the product the app is, and the entitlements it needs.
 *
 * <pre>{@code
 * ValidateKeyRequest.forKey(licenceKey).fingerprint(fingerprint).product("studio").entitlements("export")
 * }</pre>
 *
 * <p>A builder: not thread-safe; make one per call. Arguments are checked at once ({@link
 * IllegalArgumentException} for a null or blank text).
 */
public final class ValidateKeyRequest {
    private final RequestBody body;

    private ValidateKeyRequest(RequestBody body) {
        this.body = body;
    }

    /**
     * Validates the given licence key.
     *
     * @param key the licence key
     * @return the request
     */
    public static ValidateKeyRequest forKey(String key) {
        return new ValidateKeyRequest(RequestBody.key(key));
    }

    /**
     * Validates the licence key with this id (as the dashboard shows it).
     *
     * @param id the key's id
     * @return the request
     */
    public static ValidateKeyRequest forId(String id) {
        return new ValidateKeyRequest(RequestBody.of("id", id));
    }

    /**
     * This device: adds the device checks ({@link ValidationCode#NOT_ACTIVATED}, {@link
     * ValidationCode#TOO_MANY_DEVICES}).
     *
     * @param fingerprint the fingerprint the device was activated with
     * @return this request
     */
    public ValidateKeyRequest fingerprint(String fingerprint) {
        body.text("fingerprint", fingerprint);
        return this;
    }

    /**
     * The product code this app is: a key of another product answers {@link
     * ValidationCode#PRODUCT_MISMATCH}.
     *
     * @param product the product's code
     * @return this request
     */
    public ValidateKeyRequest product(String product) {
        body.text("product", product);
        return this;
    }

    /**
     * Entitlement names this app needs: a key lacking one answers {@link
     * ValidationCode#ENTITLEMENTS_MISSING}.
     *
     * @param names the entitlement names
     * @return this request
     */
    public ValidateKeyRequest entitlements(String... names) {
        List<String> list = new ArrayList<>();
        for (String name : names == null ? new String[0] : names) {
            list.add(RequestBody.requireText(name, "entitlement name"));
        }
        body.put("entitlements", list);
        return this;
    }

    RequestBody body() {
        return body;
    }

    @Override
    public String toString() {
        return "ValidateKeyRequest" + body.fields();
    }
}
