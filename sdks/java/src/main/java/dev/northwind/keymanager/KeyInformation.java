package dev.northwind.keymanager;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

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
     * Every field of the reply except status and message, including any the server adds later.
     *
     * @return an unmodifiable map of JSON values (String, Double, Boolean, List, Map or null)
     */
    public Map<String, Object> asMap() {
        return fields;
    }

    private static Integer asInteger(Object value) {
        return value instanceof Number ? Integer.valueOf(((Number) value).intValue()) : null;
    }

    @Override
    public String toString() {
        return "KeyInformation" + fields;
    }
}
