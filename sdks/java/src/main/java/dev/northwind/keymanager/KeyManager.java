package dev.northwind.keymanager;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Client of the Key Manager public REST interface ({@code /api/v1/saas-platform/key-manager/}).
 * Java 17 or later; no dependencies beyond the JDK ({@code java.net.http}).
 *
 * <h2>Creating a client</h2>
 *
 * <ul>
 *   <li>{@link #KeyManager(String)}: the server named by the {@code KEY_MANAGER_BASE_URL}
 *       environment variable, else {@link #DEFAULT_BASE_URL};
 *   <li>{@link #KeyManager(String, String)}: the given server, with the default timeout of 10
 *       seconds ({@link #DEFAULT_TIMEOUT});
 *   <li>{@link #KeyManager(String, String, Duration)}: the given server and timeout, which bounds
 *       both connecting and waiting for each reply.
 * </ul>
 *
 * <p>Constructors and operations throw {@link IllegalArgumentException} (before any network call)
 * when an argument is null or blank, the base URL is not {@code http://} or {@code https://}, or
 * the timeout is not positive.
 *
 * <h2>Thread safety</h2>
 *
 * <p>Instances are immutable and thread-safe: create one per API key and share it between threads.
 * It holds one {@link java.net.http.HttpClient}, whose connection pool the calls share; creating a client per
 * call wastes connections.
 *
 * <h2>Errors</h2>
 *
 * <p>Every operation returns on success (HTTP 200, {@code status: "ok"}) and throws a {@link
 * KeyManagerException} subclass otherwise:
 *
 * <ul>
 *   <li>{@link APIConnectionException} (status 0): the server could not be reached, the timeout
 *       passed, or the thread was interrupted;
 *   <li>{@link InvalidApiKeyException}: 401, the API key is missing, wrong or revoked;
 *   <li>{@link PaymentRequiredException}: 402, the API key owner's subscription is suspended;
 *   <li>{@link NoPlanException}: 403, {@code Activate a Key Manager plan first} (other 403 replies,
 *       such as a publishable key used for a secret key's operation, are a {@link
 *       RequestRefusedException});
 *   <li>{@link KeyNotFoundException}: 404, {@code Invalid Key Provided};
 *   <li>{@link ActivationLimitReachedException}: 409, {@code Activation limit reached} (when the
 *       key allows self-serve transfers, the message goes on to say when one is possible: {@link
 *       ActivationLimitReachedException#getNextTransferAt()});
 *   <li>{@link KeyDisabledException}: 409, {@code Key is disabled};
 *   <li>{@link DeviceNotActivatedException}: 409, {@code This device is not activated for the key}
 *       (a heartbeat or deactivation for a device whose slot is gone);
 *   <li>{@link RateLimitException}: 429, too many calls this minute ({@link
 *       RateLimitException#getRetryAfterSeconds()});
 *   <li>licensing's refusals, one class per code: {@link KeyExpiredException}, {@link
 *       TrialExpiredException}, {@link KeySuspendedException}, {@link ProductNotFoundException},
 *       {@link PolicyNotFoundException}, {@link TrialNotOfferedException}, {@link
 *       TrialUsedException}, {@link NotATrialException}, {@link KeyNotRenewableException};
 *   <li>{@link RequestRefusedException}: any other 4xx (a deactivation at zero, invalid input); the
 *       402, 403, 409 and licensing exceptions above extend it;
 *   <li>{@link ReplyVerificationException}: a signed reply that cannot be trusted (see {@link
 *       SignedReplies});
 *   <li>{@link KeyManagerException} itself: a 5xx reply, or a reply that is not a JSON object (for
 *       example a proxy's HTML 502 page), with the HTTP status in {@link
 *       KeyManagerException#getStatusCode()}.
 * </ul>
 *
 * <h2>Retries</h2>
 *
 * <p>{@link APIConnectionException}, {@link RateLimitException} (after the given seconds) and 5xx
 * replies are worth retrying. An activation with a fingerprint ({@link #activate(String, String)})
 * is idempotent: the same device counts once however often it activates, so retrying it is always
 * safe. An activation without a fingerprint adds one each time it reaches the server. A heartbeat
 * is idempotent too.
 *
 * <h2>Devices, leases and transfers</h2>
 *
 * <p>An activation with a fingerprint is a device, listed in the seller's dashboard. When the key
 * has a lease, the device must call {@link #heartbeat(String, String)} within it or its slot is
 * released; {@link Heartbeat#start(KeyManager, String, String, Duration, Heartbeat.Listener)} does
 * that on a daemon thread. When the key allows self-serve transfers, an activation at the limit
 * may release the least recently seen idle device instead of failing (a reinstall gets back in).
 *
 * <h2>Licensing</h2>
 *
 * <p>{@link #validateKey(ValidateKeyRequest)} answers "may the app run now" in one call and one
 * word ({@link ValidationCode}); {@link #startTrial(StartTrialRequest)}, {@link
 * #convertTrial(ConvertTrialRequest)}, {@link #renewKey(String)} and {@link #suspendKey(String,
 * boolean)} manage a licence's life. {@link #withSignedReplies(SignedReplies)} makes a client that
 * verifies the owner's signature on validate and information replies, with a {@link ClockGuard}
 * against a clock turned back.
 *
 * <pre>{@code
 * KeyManager manager = new KeyManager(System.getenv("KEY_MANAGER_API_KEY"), "https://example.com");
 * manager.activate(licenceKey, deviceFingerprint);
 * }</pre>
 */
public final class KeyManager {
    /** This library's version, sent in the User-Agent header. */
    public static final String VERSION = "1.0.0";

    /** Base URL used when none is given and {@code KEY_MANAGER_BASE_URL} is not set. */
    public static final String DEFAULT_BASE_URL = "http://localhost:3000";

    /** Path of the public REST interface under the base URL. */
    public static final String API_PATH = "/api/v1/saas-platform/key-manager/";

    /** Timeout of the one- and two-argument constructors: 10 seconds. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);

    private final String baseUrl;
    private final Transport transport;
    /** Null: no signed replies. */
    private final SignedReplies signedReplies;

    /**
     * Creates a client for the server named by the {@code KEY_MANAGER_BASE_URL} environment
     * variable, or {@link #DEFAULT_BASE_URL} when it is not set.
     *
     * @param apiKey the API key generated in the API tab of the Key Manager dashboard
     * @throws IllegalArgumentException when the API key is null or blank
     */
    public KeyManager(String apiKey) {
        this(apiKey, defaultBaseUrl());
    }

    /**
     * Creates a client for the given server, with the default timeout of 10 seconds.
     *
     * @param apiKey the API key generated in the API tab of the Key Manager dashboard
     * @param baseUrl the server's origin, for example {@code https://example.com}
     * @throws IllegalArgumentException when the API key or base URL is null, blank or not http(s)
     */
    public KeyManager(String apiKey, String baseUrl) {
        this(apiKey, baseUrl, DEFAULT_TIMEOUT);
    }

    /**
     * Creates a client for the given server with a custom timeout.
     *
     * @param apiKey the API key generated in the API tab of the Key Manager dashboard
     * @param baseUrl the server's origin, for example {@code https://example.com}
     * @param timeout how long to wait for a connection and for each reply
     * @throws IllegalArgumentException when an argument is null, blank, not http(s) or not positive
     */
    public KeyManager(String apiKey, String baseUrl, Duration timeout) {
        RequestBody.requireText(apiKey, "apiKey");
        String url = RequestBody.requireText(baseUrl, "baseUrl").trim();
        if (!url.startsWith("http://") && !url.startsWith("https://")) {
            throw new IllegalArgumentException("baseUrl must start with http:// or https://");
        }
        this.baseUrl = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
        if (timeout == null || timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("timeout must be positive");
        }
        this.transport = new Transport(apiKey, this.baseUrl, timeout, "northwind-key-manager-java/" + VERSION);
        this.signedReplies = null;
    }

    private KeyManager(KeyManager base, SignedReplies signedReplies) {
        this(base, base.transport, signedReplies);
    }

    private KeyManager(KeyManager base, Transport transport, SignedReplies signedReplies) {
        this.baseUrl = base.baseUrl;
        this.transport = transport;
        this.signedReplies = signedReplies;
    }

    /**
     * A client like this one that sends your app's version and platform with every call, for the
     * owner's analytics (Key Manager › Analytics: by app version and platform). A call's own platform
     * ({@link #activate(String, String, String, String)}) wins.
     *
     * @param appVersion the app's version, at most 40 characters; null or blank: not sent
     * @param platform the platform ("windows", "macos"…), at most 50 characters; null or blank: not sent
     * @return the new client (same server, API key, connection pool and signed-reply settings)
     * @throws IllegalArgumentException when a value is too long
     */
    public KeyManager withAppInfo(String appVersion, String platform) {
        Map<String, Object> report = new LinkedHashMap<>();
        putBounded(report, "appVersion", appVersion, 40);
        putBounded(report, "platform", platform, 50);
        return new KeyManager(this, transport.withReport(report), signedReplies);
    }

    private static void putBounded(Map<String, Object> report, String name, String value, int max) {
        if (value == null || value.trim().isEmpty()) {
            return;
        }
        String trimmed = value.trim();
        if (trimmed.length() > max) {
            throw new IllegalArgumentException(name + " must be at most " + max + " characters");
        }
        report.put(name, trimmed);
    }

    /**
     * The owner's usage counts per day from {@code from} until now (secret API key only).
     *
     * @param from the first moment (rounded down to its day, UTC); at most 91 days ago
     * @return the series, oldest first, and the totals
     * @throws RequestRefusedException with code {@code publishable_key_not_allowed} for a publishable key
     * @throws KeyManagerException when the call fails
     */
    public UsageResult usage(Instant from) throws KeyManagerException {
        return usage(from, null, false);
    }

    /**
     * The owner's usage counts per hour or day: calls per operation family, refusals and unique
     * devices, every bucket present (secret API key only).
     *
     * @param from the first moment (rounded down to its hour or day, UTC)
     * @param to the end; null: now
     * @param hourly per hour (at most 744 hours) instead of per day (at most 91 days)
     * @return the series, oldest first, and the totals
     * @throws KeyManagerException when the call fails or is refused
     */
    public UsageResult usage(Instant from, Instant to, boolean hourly) throws KeyManagerException {
        if (from == null) {
            throw new IllegalArgumentException("from must not be null");
        }
        RequestBody body = RequestBody.of("from", from.toString()).put("granularity", hourly ? "hour" : "day");
        if (to != null) {
            body.put("to", to.toString());
        }
        return new UsageResult(call("usage", body));
    }

    /**
     * A client like this one (same server, API key and connection pool) that can ask for signed
     * replies and verify them: calls that ask ({@link #validateKey(ValidateKeyRequest, boolean)},
     * {@link #getKeyInformation(String, boolean, boolean)}), or every validate and information call
     * with {@link SignedReplies#everyCall(boolean)}.
     *
     * @param settings the owner's public keys, tolerance and clock guard
     * @return the new client
     * @throws IllegalArgumentException when the settings are null
     */
    public KeyManager withSignedReplies(SignedReplies settings) {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        return new KeyManager(this, settings);
    }

    /**
     * The last-seen-time guard this client's signed replies advance; share it with {@link
     * OfflineLicense#verify(String, java.util.Collection, String, ClockGuard)} and save its value.
     *
     * @return the guard, or empty when the client has no signed replies
     */
    public Optional<ClockGuard> getClockGuard() {
        return signedReplies == null ? Optional.empty() : Optional.of(signedReplies.getClockGuard());
    }

    /**
     * The server this client talks to.
     *
     * @return the base URL without a trailing slash
     */
    public String getBaseUrl() {
        return baseUrl;
    }

    /**
     * Gets a licence key's state: id, maximum and current activations, and whether it is usable.
     *
     * @param key the licence key
     * @return the reply with the key's information
     * @throws KeyManagerException when the call fails; {@link KeyNotFoundException} for an unknown
     *     or deleted key
     */
    public KeyInformationResponse getKeyInformation(String key) throws KeyManagerException {
        return information(RequestBody.key(key), everyCall());
    }

    /**
     * Gets a licence key's state and, when asked, its devices (up to 100, most recently seen first)
     * under {@code devices} in {@link KeyInformation#asMap()}: a list of maps with {@code id},
     * {@code fingerprint}, {@code name}, {@code platform}, {@code firstSeenAt}, {@code lastSeenAt},
     * {@code ip}, {@code userAgent} and {@code leaseExpiresAt}. Called with a publishable key,
     * fingerprints and addresses are null.
     *
     * @param key the licence key
     * @param includeDevices true to list the key's devices too
     * @return the reply with the key's information
     * @throws KeyManagerException when the call fails; {@link KeyNotFoundException} for an unknown key
     */
    public KeyInformationResponse getKeyInformation(String key, boolean includeDevices) throws KeyManagerException {
        return getKeyInformation(key, includeDevices, everyCall());
    }

    /**
     * Gets a licence key's state, its devices when asked, with a signed reply when asked: the
     * request carries a fresh nonce and the reply is accepted only with the owner's signature over
     * it (see {@link SignedReplies}).
     *
     * @param key the licence key
     * @param includeDevices true to list the key's devices too
     * @param signed true to ask for and verify a signed reply (needs {@link #withSignedReplies})
     * @return the reply with the key's information, and its signature when signed
     * @throws ReplyVerificationException a subclass when a signed reply cannot be trusted
     * @throws KeyManagerException when the call fails; {@link KeyNotFoundException} for an unknown key
     * @throws IllegalStateException when signed is true and the client has no signed replies
     */
    public KeyInformationResponse getKeyInformation(String key, boolean includeDevices, boolean signed)
            throws KeyManagerException {
        RequestBody body = RequestBody.key(key);
        if (includeDevices) {
            body.put("includeDevices", true);
        }
        return information(body, signed);
    }

    /**
     * Gets a licence key's state by the key's id instead of the key itself.
     *
     * @param id the key's id, as shown in the dashboard or returned by {@link KeyInformation#getId()}
     * @return the reply with the key's information
     * @throws KeyManagerException when the call fails; {@link KeyNotFoundException} for an unknown id
     */
    public KeyInformationResponse getKeyInformationById(String id) throws KeyManagerException {
        return information(RequestBody.of("id", id), everyCall());
    }

    /**
     * May the app run now, in one call: the key's state, expiry (with grace), product, this device's
     * activation and the entitlements asked for are all checked, and {@link ValidationResult#getCode()}
     * says which answered. A refusal is an answer here, not an exception. A publishable key may call
     * it. Signed when the client signs every call ({@link SignedReplies#everyCall(boolean)}).
     *
     * @param request the key and what to check
     * @return the answer
     * @throws KeyManagerException when the call fails (not when the key is refused)
     */
    public ValidationResult validateKey(ValidateKeyRequest request) throws KeyManagerException {
        return validateKey(request, everyCall());
    }

    /**
     * The same, with a signed reply when asked: the request carries a fresh nonce and the answer is
     * accepted only with the owner's signature over it, so a proxy, a fake server or a replayed
     * answer cannot say "valid".
     *
     * @param request the key and what to check
     * @param signed true to ask for and verify a signed reply (needs {@link #withSignedReplies})
     * @return the answer, with its signature when signed
     * @throws ReplyVerificationException a subclass when a signed reply cannot be trusted
     * @throws KeyManagerException when the call fails (not when the key is refused)
     * @throws IllegalArgumentException when the request is null
     * @throws IllegalStateException when signed is true and the client has no signed replies
     */
    public ValidationResult validateKey(ValidateKeyRequest request, boolean signed) throws KeyManagerException {
        if (request == null) {
            throw new IllegalArgumentException("request must not be null");
        }
        Transport.Reply reply = transport.send("validate-key", request.body().fields(), signing(signed));
        return new ValidationResult(reply.json, reply.signature);
    }

    /**
     * Starts a trial of a product on this device: a new key from the product's trial policy,
     * activated on the fingerprint. A publishable key may call it.
     *
     * @param product the product's code
     * @param fingerprint a stable identifier of this device or installation
     * @return the server's message and the trial key
     * @throws TrialUsedException when this device already had a trial of the product
     * @throws TrialNotOfferedException when the product offers no trial
     * @throws ProductNotFoundException when there is no such product
     * @throws KeyManagerException for the other failures
     */
    public ManipulationResponse startTrial(String product, String fingerprint) throws KeyManagerException {
        return startTrial(StartTrialRequest.of(product, fingerprint));
    }

    /**
     * Starts a trial with the user's email and name and the device's details. One per device, and
     * per email, per product.
     *
     * @param request the product, device and user
     * @return the server's message and the trial key
     * @throws TrialUsedException when this device (or email) already had a trial of the product
     * @throws TrialNotOfferedException when the product offers no trial
     * @throws ProductNotFoundException when there is no such product
     * @throws KeyManagerException for the other failures
     */
    public ManipulationResponse startTrial(StartTrialRequest request) throws KeyManagerException {
        return manipulate("start-trial", requireRequest(request).body(), "Trial started");
    }

    /**
     * Turns a trial key into a paid key from the product's first standard policy; its devices stay.
     *
     * @param key the trial key
     * @return the server's message and the key's new state
     * @throws NotATrialException when the key is not a trial
     * @throws KeyManagerException for the other failures
     */
    public ManipulationResponse convertTrial(String key) throws KeyManagerException {
        return convertTrial(ConvertTrialRequest.forKey(key));
    }

    /**
     * Turns a trial key into a paid key, from the given policy and with the customer's details.
     *
     * @param request the key, policy and customer
     * @return the server's message and the key's new state
     * @throws NotATrialException when the key is not a trial
     * @throws PolicyNotFoundException when the policy is not one of the key's product
     * @throws KeyManagerException for the other failures
     */
    public ManipulationResponse convertTrial(ConvertTrialRequest request) throws KeyManagerException {
        return manipulate("convert-trial", requireRequest(request).body(), "Trial converted");
    }

    /**
     * Extends a key's expiry by its duration: from its expiry, or from now once expired.
     *
     * @param key the licence key
     * @return the server's message and the key's new state
     * @throws KeyNotRenewableException when the key has no duration (give a date instead)
     * @throws KeyManagerException for the other failures
     */
    public ManipulationResponse renewKey(String key) throws KeyManagerException {
        return manipulate("renew-key", RequestBody.key(key), "Key renewed");
    }

    /**
     * Sets a key's expiry to the given moment.
     *
     * @param key the licence key
     * @param until the new expiry
     * @return the server's message and the key's new state
     * @throws KeyManagerException when the call fails
     * @throws IllegalArgumentException when the key is blank or until is null
     */
    public ManipulationResponse renewKey(String key, Instant until) throws KeyManagerException {
        if (until == null) {
            throw new IllegalArgumentException("until must not be null");
        }
        return manipulate("renew-key", RequestBody.key(key).put("until", until.toString()), "Key renewed");
    }

    /**
     * Suspends a key (for example unpaid) or reinstates it; a suspended key is refused like a
     * disabled one ({@link KeySuspendedException}).
     *
     * @param key the licence key
     * @param suspended true to suspend, false to reinstate
     * @return the server's message and the key's new state
     * @throws KeyManagerException when the call fails
     */
    public ManipulationResponse suspendKey(String key, boolean suspended) throws KeyManagerException {
        RequestBody body = RequestBody.key(key).put("suspended", suspended);
        return manipulate("suspend-key", body, suspended ? "Key suspended" : "Key reinstated");
    }

    /**
     * Activates a licence key: adds one to its activation count.
     *
     * @param key the licence key
     * @return the server's confirmation
     * @throws KeyManagerException when the call fails; {@link ActivationLimitReachedException} when
     *     the key is at its limit, {@link KeyDisabledException} when it is disabled
     */
    public ManipulationResponse activate(String key) throws KeyManagerException {
        return manipulate("activate-key", RequestBody.key(key), "Key activated");
    }

    /**
     * Activates a licence key for one device (an extension of the documented interface): activating
     * the same fingerprint again does not use another activation.
     *
     * @param key the licence key
     * @param fingerprint a stable identifier of the device or installation
     * @return the server's confirmation ({@code Key already activated on this device} on a repeat)
     * @throws KeyManagerException when the call fails; {@link ActivationLimitReachedException} when
     *     the key is at its limit, {@link KeyDisabledException} when it is disabled
     */
    public ManipulationResponse activate(String key, String fingerprint) throws KeyManagerException {
        return manipulate("activate-key", RequestBody.device(key, fingerprint), "Key activated");
    }

    /**
     * Activates a licence key for one device, with the device's name and platform, which the
     * seller's dashboard shows. Idempotent like {@link #activate(String, String)}.
     *
     * @param key the licence key
     * @param fingerprint a stable identifier of the device or installation
     * @param deviceName a name people recognise (for example the computer's name), or null
     * @param platform the operating system or platform (for example {@code windows}), or null
     * @return the server's confirmation; when a self-serve transfer made room, the message says so
     *     and {@link ManipulationResponse#getTransfer()} holds which device was released
     * @throws KeyManagerException when the call fails; {@link ActivationLimitReachedException} when
     *     the key is at its limit and no transfer is possible
     */
    public ManipulationResponse activate(String key, String fingerprint, String deviceName, String platform)
            throws KeyManagerException {
        RequestBody body = RequestBody.device(key, fingerprint)
                .optionalText("deviceName", deviceName)
                .optionalText("platform", platform);
        return manipulate("activate-key", body, "Key activated");
    }

    /**
     * Tells the server that this device still runs, so a key with a lease keeps its slot. Call it
     * well within the lease (a third of it), or let {@link Heartbeat} do it in the background.
     *
     * @param key the licence key
     * @param fingerprint the fingerprint the device was activated with
     * @return the key's state and the device's lease
     * @throws KeyManagerException when the call fails; {@link DeviceNotActivatedException} when the
     *     device's slot is gone (released, or its lease lapsed): activate again
     */
    public HeartbeatResponse heartbeat(String key, String fingerprint) throws KeyManagerException {
        Map<String, Object> reply = call("heartbeat", RequestBody.device(key, fingerprint));
        Object lease = reply.get("leaseSeconds");
        String message = text(reply.get("message"));
        return new HeartbeatResponse(
                message == null ? "Heartbeat recorded" : message,
                new KeyInformation(reply),
                lease instanceof Number ? ((Number) lease).longValue() : 0L,
                Replies.instant(reply.get("leaseExpiresAt")));
    }

    /**
     * Deactivates a licence key: subtracts one from its activation count.
     *
     * @param key the licence key
     * @return the server's confirmation
     * @throws KeyManagerException when the call fails; {@link RequestRefusedException} when the count
     *     is already zero, {@link KeyDisabledException} when the key is disabled
     */
    public ManipulationResponse deactivate(String key) throws KeyManagerException {
        return manipulate("deactivate-key", RequestBody.key(key), "Key deactivated");
    }

    /**
     * Deactivates the activation of one device (an extension of the documented interface), freeing
     * its slot.
     *
     * @param key the licence key
     * @param fingerprint the identifier the device was activated with
     * @return the server's confirmation
     * @throws KeyManagerException when the call fails
     */
    public ManipulationResponse deactivate(String key, String fingerprint) throws KeyManagerException {
        return manipulate("deactivate-key", RequestBody.device(key, fingerprint), "Key deactivated");
    }

    /**
     * Enables or disables a licence key. A disabled key cannot be activated or deactivated, for
     * example while a client has not paid.
     *
     * @param key the licence key
     * @param usable true to enable the key, false to disable it
     * @return the server's confirmation
     * @throws KeyManagerException when the call fails
     */
    public ManipulationResponse setUsable(String key, boolean usable) throws KeyManagerException {
        RequestBody body = RequestBody.key(key).put("isActive", usable);
        return manipulate("mark-key-as-active", body, usable ? "Key enabled" : "Key disabled");
    }

    /**
     * Deletes a licence key for good; later calls with it fail with {@code Invalid Key Provided}.
     *
     * @param key the licence key
     * @return the server's confirmation
     * @throws KeyManagerException when the call fails
     */
    public ManipulationResponse delete(String key) throws KeyManagerException {
        return manipulate("delete-key", RequestBody.key(key), "Key deleted");
    }

    /**
     * Checks out a signed offline licence for this device, valid for the server's default of 7
     * days. See {@link #checkoutLicense(String, String, long)}.
     *
     * @param key the licence key
     * @param fingerprint this device's fingerprint, activated before with {@link #activate(String, String)}
     * @return the certificate and its payload
     * @throws KeyManagerException as {@link #checkoutLicense(String, String, long)}
     * @throws IllegalArgumentException when the key or fingerprint is null or empty
     */
    public LicenseCheckoutResponse checkoutLicense(String key, String fingerprint) throws KeyManagerException {
        return checkoutLicense(key, fingerprint, 0);
    }

    /**
     * Checks out a signed offline licence (an Ed25519 certificate) for a device that holds an
     * activation of the key. Store the certificate and check it with {@link OfflineLicense#verify}
     * when the server cannot be reached. A publishable key ({@code km_pub_}) may call this.
     *
     * @param key the licence key
     * @param fingerprint this device's fingerprint, activated before with {@link #activate(String, String)}
     * @param ttlSeconds how long the certificate is valid, 60 to 2592000 (30 days); 0 for the server's
     *     default of 7 days
     * @return the certificate and its payload
     * @throws KeyDisabledException when the key is disabled
     * @throws KeyNotFoundException when the key does not exist
     * @throws RequestRefusedException 409 {@code This device is not activated for the key}, or bad input
     * @throws KeyManagerException for the other failures, as the other calls
     * @throws IllegalArgumentException when the key or fingerprint is null or empty, or the ttl negative
     */
    public LicenseCheckoutResponse checkoutLicense(String key, String fingerprint, long ttlSeconds)
            throws KeyManagerException {
        RequestBody body = RequestBody.device(key, fingerprint);
        if (ttlSeconds < 0) {
            throw new IllegalArgumentException("ttlSeconds must not be negative");
        }
        if (ttlSeconds > 0) {
            body.put("ttlSeconds", ttlSeconds);
        }
        Map<String, Object> reply = call("checkout-license", body);
        Object certificate = reply.get("certificate");
        if (!(certificate instanceof String)) {
            throw new KeyManagerException("Unexpected reply from the Key Manager: no certificate", 200);
        }
        try {
            return new LicenseCheckoutResponse((String) certificate, OfflineLicense.decode((String) certificate));
        } catch (LicenseMalformedException ex) {
            throw new KeyManagerException("Unexpected reply from the Key Manager: " + ex.getMessage(), 200, ex);
        }
    }

    private ManipulationResponse manipulate(String operation, RequestBody body, String fallback)
            throws KeyManagerException {
        Map<String, Object> reply = call(operation, body);
        String message = text(reply.get("message"));
        return new ManipulationResponse(
                text(reply.get("status")),
                message == null ? fallback : message,
                new KeyInformation(reply),
                TransferInformation.of(reply.get("transfer")));
    }

    private Map<String, Object> call(String operation, RequestBody body) throws KeyManagerException {
        return transport.post(operation, body.fields());
    }

    private KeyInformationResponse information(RequestBody body, boolean signed) throws KeyManagerException {
        Transport.Reply reply = transport.send("get-key-information", body.fields(), signing(signed));
        return new KeyInformationResponse(
                text(reply.json.get("status")), new KeyInformation(reply.json), reply.signature);
    }

    private boolean everyCall() {
        return signedReplies != null && signedReplies.isEveryCall();
    }

    /** The settings to sign with, or null for an unsigned call. */
    private SignedReplies signing(boolean signed) {
        if (signed && signedReplies == null) {
            throw new IllegalStateException("a signed reply needs withSignedReplies(...) (the owner's public keys)");
        }
        return signed ? signedReplies : null;
    }

    private static <T> T requireRequest(T request) {
        if (request == null) {
            throw new IllegalArgumentException("request must not be null");
        }
        return request;
    }

    private static String text(Object value) {
        return value == null ? null : String.valueOf(value);
    }

    private static String defaultBaseUrl() {
        String fromEnv = System.getenv("KEY_MANAGER_BASE_URL");
        return fromEnv == null || fromEnv.trim().isEmpty() ? DEFAULT_BASE_URL : fromEnv;
    }
}
