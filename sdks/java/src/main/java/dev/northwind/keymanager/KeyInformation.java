package dev.northwind.keymanager;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The state of one licence key as the server reported it. It is empty (see {@link #isEmpty()})
 * when the reply carried no key fields; the getters then return null.
 */
public final class KeyInformation {
    private static final String[] KEY_FIELDS = {"id", "maxActivations", "currentActivations", "isActive"};

    private final Map<String, Object> fields;

    KeyInformation(Map<String, Object> reply) {
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<String, Object> entry : reply.entrySet()) {
            // status and message describe the reply, not the key.
            if (!"status".equals(entry.getKey()) && !"message".equals(entry.getKey())) {
                copy.put(entry.getKey(), entry.getValue());
            }
        }
        this.fields = Collections.unmodifiableMap(copy);
    }

    /**
     * Whether the reply held no key information.
     *
     * @return true when none of id, maxActivations, currentActivations and isActive was present
     */
    public boolean isEmpty() {
        for (String name : KEY_FIELDS) {
            if (fields.get(name) != null) {
                return false;
            }
        }
        return true;
    }

    /**
     * The key's id, usable instead of the key itself in {@link KeyManager#getKeyInformationById}.
     *
     * @return the id as text, or null when empty
     */
    public String getId() {
        Object id = fields.get("id");
        return id == null ? null : String.valueOf(id);
    }

    /**
     * The licence key itself (e.g. the one a started trial gave this device: keep it).
     *
     * @return the key as text, or null when empty
     */
    public String getKey() {
        Object key = fields.get("key");
        return key == null ? null : String.valueOf(key);
    }

    /**
     * How many activations the key allows.
     *
     * @return the limit (0 means unlimited), or null when empty
     */
    public Integer getMaxActivations() {
        return asInteger(fields.get("maxActivations"));
    }

    /**
     * How many activations the key has now.
     *
     * @return the count, or null when empty
     */
    public Integer getCurrentActivations() {
        return asInteger(fields.get("currentActivations"));
    }

    /**
     * Whether the key is usable; a disabled key cannot be activated or deactivated.
     *
     * @return true when usable, false when disabled, or null when empty
     */
    public Boolean isActive() {
        Object value = fields.get("isActive");
        return value instanceof Boolean ? (Boolean) value : null;
    }

    /**
     * The key's state now: {@code active}, {@code trial}, {@code expired}, {@code suspended} or
     * {@code disabled} (licensing; the reply's own {@code status} is its {@code ok}).
     *
     * @return the state, or null when the reply did not say (empty, or a server older than licensing)
     */
    public String getKeyStatus() {
        Object value = fields.get("keyStatus");
        return value instanceof String ? (String) value : null;
    }

    /**
     * When the key expires.
     *
     * @return the expiry, or null when it never expires (or its clock starts at the first
     *     activation), or the reply did not say
     */
    public Instant getExpiresAt() {
        return Replies.instant(fields.get("expiresAt"));
    }

    /**
     * The code of the key's product ({@code default} for keys made without one).
     *
     * @return the product code, or null when the reply did not say
     */
    public String getProduct() {
        Object value = fields.get("product");
        return value instanceof String ? (String) value : null;
    }

    /**
     * Whether the key is a trial ({@link KeyManager#startTrial(String, String)}).
     *
     * @return true for a trial, false for a paid key, or null when the reply did not say
     */
    public Boolean isTrial() {
        Object value = fields.get("trial");
        return value instanceof Boolean ? (Boolean) value : null;
    }

    /**
     * What the licence unlocks, set per key by its owner ({@code seats}, {@code pro}, ...).
     *
     * @return an unmodifiable map of names to String, Long, Double or Boolean; empty when none
     */
    public Map<String, Object> getEntitlements() {
        return objectField("entitlements");
    }

    /**
     * The developer's own JSON about the key (an order number, a plan name).
     *
     * @return an unmodifiable map of JSON values; empty when none
     */
    public Map<String, Object> getMetadata() {
        return objectField("metadata");
    }

    /**
     * The licensee. Only replies to a secret API key carry it, never those to a publishable key.
     *
     * @return the customer, or empty
     */
    public Optional<Customer> getCustomer() {
        Object value = fields.get("customer");
        return value instanceof Map ? Optional.of(new Customer((Map<?, ?>) value)) : Optional.empty();
    }

    /**
     * Every field of the reply except status and message, including any the server adds later.
     *
     * @return an unmodifiable map of JSON values (String, Double, Boolean, List, Map or null)
     */
    public Map<String, Object> asMap() {
        return fields;
    }

    private Map<String, Object> objectField(String name) {
        Object value = fields.get(name);
        if (!(value instanceof Map)) {
            return Collections.emptyMap();
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
            copy.put(String.valueOf(entry.getKey()), entry.getValue());
        }
        return Collections.unmodifiableMap(copy);
    }

    private static Integer asInteger(Object value) {
        return value instanceof Number ? Integer.valueOf(((Number) value).intValue()) : null;
    }

    @Override
    public String toString() {
        return "KeyInformation" + fields;
    }
}
