package dev.northwind.keymanager;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The payload of a signed offline licence certificate. Only trust one returned by
 * {@link OfflineLicense#verify}; {@link OfflineLicense#decode} reads one without checking it.
 * Immutable and thread-safe.
 */
public final class License {
    private final String signingKeyId;
    private final String keyId;
    private final String key;
    private final String fingerprint;
    private final long maxActivations;
    private final Instant issuedAt;
    private final Instant expiresAt;
    private final Map<String, Object> entitlements;

    License(Map<String, Object> payload) throws LicenseMalformedException {
        if (!Long.valueOf(1).equals(payload.get("v"))) {
            throw new LicenseMalformedException("The licence payload is not a version 1 licence");
        }
        this.signingKeyId = text(payload, "signingKeyId");
        this.keyId = text(payload, "keyId");
        this.key = text(payload, "key");
        this.fingerprint = text(payload, "fingerprint");
        this.maxActivations = number(payload, "maxActivations");
        this.issuedAt = Instant.ofEpochSecond(number(payload, "issuedAt"));
        this.expiresAt = Instant.ofEpochSecond(number(payload, "expiresAt"));
        Object map = payload.get("entitlements");
        if (!(map instanceof Map)) {
            throw new LicenseMalformedException("The licence payload has no entitlements object");
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) map).entrySet()) {
            copy.put(String.valueOf(entry.getKey()), entry.getValue());
        }
        this.entitlements = Collections.unmodifiableMap(copy);
    }

    private static String text(Map<String, Object> payload, String name) throws LicenseMalformedException {
        Object value = payload.get(name);
        if (!(value instanceof String)) {
            throw new LicenseMalformedException("The licence payload has no " + name);
        }
        return (String) value;
    }

    private static long number(Map<String, Object> payload, String name) throws LicenseMalformedException {
        Object value = payload.get(name);
        if (!(value instanceof Long)) {
            throw new LicenseMalformedException("The licence payload has no whole number " + name);
        }
        return (Long) value;
    }

    /**
     * The id of the public key that verifies this certificate (see {@link OfflineLicense#signingKeyId}).
     *
     * @return the signing key id
     */
    public String getSigningKeyId() {
        return signingKeyId;
    }

    /**
     * The licence key's id.
     *
     * @return the key's id (a UUID)
     */
    public String getKeyId() {
        return keyId;
    }

    /**
     * The licence key.
     *
     * @return the licence key itself
     */
    public String getKey() {
        return key;
    }

    /**
     * The device the certificate was checked out for.
     *
     * @return the device fingerprint
     */
    public String getFingerprint() {
        return fingerprint;
    }

    /**
     * The key's activation limit when the certificate was issued.
     *
     * @return the limit; 0 means unlimited
     */
    public long getMaxActivations() {
        return maxActivations;
    }

    /**
     * When the server issued the certificate.
     *
     * @return the issue time
     */
    public Instant getIssuedAt() {
        return issuedAt;
    }

    /**
     * When the certificate stops being valid (the clock-skew allowance aside).
     *
     * @return the expiry time
     */
    public Instant getExpiresAt() {
        return expiresAt;
    }

    /**
     * The owner-defined entitlements of the key (strings, Long or Double numbers, booleans).
     *
     * @return an unmodifiable map, empty when the owner set none
     */
    public Map<String, Object> getEntitlements() {
        return entitlements;
    }

    @Override
    public String toString() {
        return "License{key=" + key + ", fingerprint=" + fingerprint + ", expiresAt=" + expiresAt
                + ", entitlements=" + entitlements + "}";
    }
}
