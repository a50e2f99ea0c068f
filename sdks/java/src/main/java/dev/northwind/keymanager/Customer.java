package dev.northwind.keymanager;

import java.util.Map;

/**
 * The licensee a key is issued to: any of a name, an email and the developer's own customer id.
 * Only replies to a secret API key carry it. Immutable.
 */
public final class Customer {
    private final String name;
    private final String email;
    private final String ref;

    Customer(Map<?, ?> fields) {
        this.name = text(fields.get("name"));
        this.email = text(fields.get("email"));
        this.ref = text(fields.get("ref"));
    }

    /**
     * The licensee's name.
     *
     * @return the name, or null when not set
     */
    public String getName() {
        return name;
    }

    /**
     * The licensee's email.
     *
     * @return the email, or null when not set
     */
    public String getEmail() {
        return email;
    }

    /**
     * The developer's own customer id.
     *
     * @return the id, or null when not set
     */
    public String getRef() {
        return ref;
    }

    private static String text(Object value) {
        return value instanceof String ? (String) value : null;
    }

    @Override
    public String toString() {
        return "Customer{name=" + name + ", email=" + email + ", ref=" + ref + "}";
    }
}
