package dev.northwind.keymanager;

/**
 * {@link KeyManager#validateKey(ValidateKeyRequest)}'s answer in one word. {@link
 * ValidationResult#isValid()} says whether the app may run now; the code says why. {@link #EXPIRED}
 * and {@link #TRIAL_EXPIRED} come with {@code valid} true while a grace period runs, or when the
 * key's policy allows running after expiry.
 */
public enum ValidationCode {
    /** The key is valid. */
    VALID,
    /** No such key (for this API key). */
    NOT_FOUND,
    /** The key is disabled. */
    DISABLED,
    /** The key is suspended. */
    SUSPENDED,
    /** The key has expired. */
    EXPIRED,
    /** The trial has ended. */
    TRIAL_EXPIRED,
    /** The key belongs to another product. */
    PRODUCT_MISMATCH,
    /** This device is not activated for the key. */
    NOT_ACTIVATED,
    /** This device is not activated and the key has no free activation. */
    TOO_MANY_DEVICES,
    /** The key lacks an entitlement the app asked for. */
    ENTITLEMENTS_MISSING,
    /** A code this version of the library does not know (a newer server): read {@link ValidationResult#getCodeName()}. */
    UNKNOWN;

    static ValidationCode of(String name) {
        for (ValidationCode code : values()) {
            if (code != UNKNOWN && code.name().equals(name)) {
                return code;
            }
        }
        return UNKNOWN;
    }
}
