package dev.northwind.keymanager;

/**
 * What {@link KeyManager#convertTrial(ConvertTrialRequest)} asks: a trial key to make paid, and
 * optionally the paid policy and the customer's details (empty text clears one).
 *
 * <p>A builder: not thread-safe; make one per call.
 */
public final class ConvertTrialRequest {
    private final RequestBody body;

    private ConvertTrialRequest(RequestBody body) {
        this.body = body;
    }

    /**
     * Converts the given trial key.
     *
     * @param key the licence key
     * @return the request
     * @throws IllegalArgumentException when it is null or blank
     */
    public static ConvertTrialRequest forKey(String key) {
        return new ConvertTrialRequest(RequestBody.key(key));
    }

    /**
     * Converts the trial key with this id.
     *
     * @param id the key's id
     * @return the request
     * @throws IllegalArgumentException when it is null or blank
     */
    public static ConvertTrialRequest forId(String id) {
        return new ConvertTrialRequest(RequestBody.of("id", id));
    }

    /**
     * The paid policy to issue from (else the product's first standard policy).
     *
     * @param policyId the policy's id
     * @return this request
     */
    public ConvertTrialRequest policyId(String policyId) {
        body.text("policyId", policyId);
        return this;
    }

    /**
     * The customer's name; empty text clears it.
     *
     * @param name the name
     * @return this request
     */
    public ConvertTrialRequest customerName(String name) {
        body.put("customerName", name == null ? "" : name);
        return this;
    }

    /**
     * The customer's email; empty text clears it.
     *
     * @param email the email
     * @return this request
     */
    public ConvertTrialRequest customerEmail(String email) {
        body.put("customerEmail", email == null ? "" : email);
        return this;
    }

    /**
     * The developer's own customer id; empty text clears it.
     *
     * @param ref the id
     * @return this request
     */
    public ConvertTrialRequest customerRef(String ref) {
        body.put("customerRef", ref == null ? "" : ref);
        return this;
    }

    RequestBody body() {
        return body;
    }
}
