package dev.northwind.keymanager;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answer of {@link KeyManager#validateKey(ValidateKeyRequest)}: may the app run now, and why, in
 * one word. A refusal is an answer here, not an exception. Immutable.
 */
public final class ValidationResult {
    private final boolean valid;
    private final String codeName;
    private final String message;
    private final KeyInformation key;
    private final List<String> missingEntitlements;
    private final SignedReply signature;

    ValidationResult(Map<String, Object> reply, SignedReply signature) {
        this.valid = Boolean.TRUE.equals(reply.get("valid"));
        Object code = reply.get("code");
        this.codeName = code == null ? null : String.valueOf(code);
        Object text = reply.get("message");
        this.message = text == null ? null : String.valueOf(text);
        Object information = reply.get("key");
        if (information instanceof Map) {
            @SuppressWarnings("unchecked")
            Map<String, Object> fields = (Map<String, Object>) information;
            this.key = new KeyInformation(fields);
        } else {
            this.key = null;
        }
        List<String> missing = new ArrayList<>();
        Object names = reply.get("missingEntitlements");
        if (names instanceof List) {
            for (Object name : (List<?>) names) {
                missing.add(String.valueOf(name));
            }
        }
        this.missingEntitlements = Collections.unmodifiableList(missing);
        this.signature = signature;
    }

    /**
     * May the app run now.
     *
     * @return true when it may
     */
    public boolean isValid() {
        return valid;
    }

    /**
     * Why, in one word: switch on it.
     *
     * @return the code; {@link ValidationCode#UNKNOWN} for a code this version does not know
     */
    public ValidationCode getCode() {
        return ValidationCode.of(codeName);
    }

    /**
     * The code as the server sent it ({@code VALID}, {@code EXPIRED}, ...).
     *
     * @return the code's name
     */
    public String getCodeName() {
        return codeName;
    }

    /**
     * The code as a sentence for a person.
     *
     * @return the server's message
     */
    public String getMessage() {
        return message;
    }

    /**
     * The key's information (state, expiry, product, entitlements, ...).
     *
     * @return it, or empty with {@link ValidationCode#NOT_FOUND}
     */
    public Optional<KeyInformation> getKey() {
        return Optional.ofNullable(key);
    }

    /**
     * With {@link ValidationCode#ENTITLEMENTS_MISSING}: the names asked for that the key lacks.
     *
     * @return an unmodifiable list, empty otherwise
     */
    public List<String> getMissingEntitlements() {
        return missingEntitlements;
    }

    /**
     * For a signed call: which key signed the reply, and when.
     *
     * @return the signature, or empty for an unsigned call
     */
    public Optional<SignedReply> getSignature() {
        return Optional.ofNullable(signature);
    }

    @Override
    public String toString() {
        return "ValidationResult{valid=" + valid + ", code=" + codeName + ", message=" + message + ", key=" + key
                + (missingEntitlements.isEmpty() ? "" : ", missingEntitlements=" + missingEntitlements) + "}";
    }
}
