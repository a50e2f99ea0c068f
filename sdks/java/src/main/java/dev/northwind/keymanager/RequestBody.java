package dev.northwind.keymanager;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The JSON object one operation sends. Required texts are checked here, before any network call
 * ({@link IllegalArgumentException} when null or blank); optional texts are left out when blank.
 */
final class RequestBody {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    private RequestBody() {}

    /** {@code {key}}: most operations. */
    static RequestBody key(String key) {
        return new RequestBody().text("key", key);
    }

    /** {@code {key, fingerprint}}: an operation for one device. */
    static RequestBody device(String key, String fingerprint) {
        return key(key).text("fingerprint", fingerprint);
    }

    /** {@code {name: value}} for a required text other than the key (the key's id, say). */
    static RequestBody of(String name, String value) {
        return new RequestBody().text(name, value);
    }

    RequestBody text(String name, String value) {
        fields.put(name, requireText(value, name));
        return this;
    }

    RequestBody optionalText(String name, String value) {
        if (value != null && !value.trim().isEmpty()) {
            fields.put(name, value);
        }
        return this;
    }

    RequestBody put(String name, Object value) {
        fields.put(name, value);
        return this;
    }

    Map<String, Object> fields() {
        return fields;
    }

    static String requireText(String value, String name) {
        if (value == null || value.trim().isEmpty()) {
            throw new IllegalArgumentException(name + " must not be empty");
        }
        return value;
    }
}
