import dev.northwind.keymanager.ClockGuard;
import dev.northwind.keymanager.ClockTamperedException;
import dev.northwind.keymanager.ConvertTrialRequest;
import dev.northwind.keymanager.KeyExpiredException;
import dev.northwind.keymanager.KeyInformation;
import dev.northwind.keymanager.KeyManager;
import dev.northwind.keymanager.KeyManagerException;
import dev.northwind.keymanager.KeySuspendedException;
import dev.northwind.keymanager.License;
import dev.northwind.keymanager.LicenseCheckoutResponse;
import dev.northwind.keymanager.LicenseExpiredException;
import dev.northwind.keymanager.LicenseVerificationException;
import dev.northwind.keymanager.ManipulationResponse;
import dev.northwind.keymanager.NotATrialException;
import dev.northwind.keymanager.OfflineLicense;
import dev.northwind.keymanager.ProductNotFoundException;
import dev.northwind.keymanager.SignedReplies;
import dev.northwind.keymanager.SignedReply;
import dev.northwind.keymanager.StartTrialRequest;
import dev.northwind.keymanager.TrialExpiredException;
import dev.northwind.keymanager.TrialUsedException;
import dev.northwind.keymanager.ValidateKeyRequest;
import dev.northwind.keymanager.ValidationCode;
import dev.northwind.keymanager.ValidationResult;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * Licensing (decision 032) with the real server, in two runs. {@code online <baseUrl> <secretKey>
 * <publishableKey> <licenceKey> <policyId> <publicKey> <signingKeyId>}: validate-key's answers,
 * suspension, renewal to a date, a trial started, refused and converted, a second trial left to
 * run out (its offline certificate ends when the trial does; its key printed as {@code trial key:
 * …}), and signed replies verified (and a clock turned back refused). {@code expired <baseUrl>
 * <secretKey> <licenceKey> <publishableKey> <trialKey>} runs after the test moved the server's
 * clock past both expiries: EXPIRED and TRIAL_EXPIRED, the typed refusals, and a renewal. Prints
 * LICENSING OK at the end of each.
 */
public class LicensingWalkthrough {
    interface Call {
        void run() throws KeyManagerException;
    }

    public static void main(String[] args) throws Exception {
        String baseUrl = args[1];
        KeyManager backend = new KeyManager(args[2], baseUrl);
        if (args[0].equals("expired")) {
            expired(backend, args[3]);
            trialExpired(new KeyManager(args[4], baseUrl), args[5]);
        } else {
            online(backend, new KeyManager(args[3], baseUrl), args[4], args[5], args[6], args[7]);
        }
        System.out.println("LICENSING OK");
    }

    private static void online(KeyManager backend, KeyManager app, String key, String policyId,
            String publicKey, String signingKeyId) throws Exception {
        KeyInformation info = backend.getKeyInformation(key).getKeyInformation();
        check("active".equals(info.getKeyStatus()), "key status " + info);
        check("studio".equals(info.getProduct()), "product " + info.getProduct());
        check(Boolean.FALSE.equals(info.isTrial()), "not a trial");
        check(Boolean.TRUE.equals(info.getEntitlements().get("pro")), "entitlements " + info.getEntitlements());
        check(info.getExpiresAt() != null && info.getExpiresAt().isAfter(Instant.now().plus(Duration.ofDays(300))),
                "expires in a year: " + info.getExpiresAt());
        check(info.getCustomer().isPresent(), "a secret key sees the customer");

        ValidationResult valid = app.validateKey(ValidateKeyRequest.forKey(key).product("studio").entitlements("pro"));
        check(valid.isValid() && valid.getCode() == ValidationCode.VALID, "valid: " + valid);
        check(valid.getKey().orElseThrow().getCustomer().isEmpty(), "a publishable key never sees the customer");
        ValidationResult lacking = app.validateKey(ValidateKeyRequest.forKey(key).entitlements("pro", "export"));
        check(lacking.getCode() == ValidationCode.ENTITLEMENTS_MISSING, "entitlements missing: " + lacking);
        check(lacking.getMissingEntitlements().equals(List.of("export")), "missing " + lacking.getMissingEntitlements());
        ValidationResult notHere = app.validateKey(ValidateKeyRequest.forKey(key).fingerprint("pc-1"));
        check(notHere.getCode() == ValidationCode.NOT_ACTIVATED, "not activated: " + notHere);
        app.activate(key, "pc-1");
        check(app.validateKey(ValidateKeyRequest.forKey(key).fingerprint("pc-1")).isValid(), "valid on pc-1");
        check(app.validateKey(ValidateKeyRequest.forKey("NO-SUCH-KEY")).getCode() == ValidationCode.NOT_FOUND,
                "not found");
        step("validate-key");

        ManipulationResponse suspended = backend.suspendKey(key, true);
        check("Key suspended".equals(suspended.getMessage()), "suspend message " + suspended.getMessage());
        check("suspended".equals(suspended.getKeyInformation().getKeyStatus()), "suspended state");
        check(app.validateKey(ValidateKeyRequest.forKey(key)).getCode() == ValidationCode.SUSPENDED, "SUSPENDED");
        refused(() -> app.activate(key, "pc-2"), KeySuspendedException.class, "key_suspended");
        check("Key reinstated".equals(backend.suspendKey(key, false).getMessage()), "reinstated");
        Instant until = Instant.now().plus(Duration.ofDays(400)).truncatedTo(ChronoUnit.SECONDS);
        ManipulationResponse renewed = backend.renewKey(key, until);
        check(until.equals(renewed.getKeyInformation().getExpiresAt()), "renewed to " + until);
        step("suspend, reinstate, renew");

        ManipulationResponse trial = app.startTrial(StartTrialRequest.of("studio", "java-pc").email("jo@example.com"));
        KeyInformation trialKey = trial.getKeyInformation();
        check(Boolean.TRUE.equals(trialKey.isTrial()) && "trial".equals(trialKey.getKeyStatus()), "trial " + trialKey);
        refused(() -> app.startTrial("studio", "java-pc"), TrialUsedException.class, "trial_used");
        refused(() -> app.startTrial("nope", "java-pc"), ProductNotFoundException.class, "product_not_found");
        String trialLicence = trialKey.getKey();
        ManipulationResponse converted =
                backend.convertTrial(ConvertTrialRequest.forKey(trialLicence).policyId(policyId).customerRef("J-1"));
        check(Boolean.FALSE.equals(converted.getKeyInformation().isTrial()), "converted " + converted);
        refused(() -> backend.convertTrial(trialLicence), NotATrialException.class, "not_a_trial");
        step("trial started, refused twice, converted");

        // Another machine's trial, left to run out: its certificate, asked for 30 days, ends with it.
        KeyInformation running = app.startTrial("studio", "java-pc-2").getKeyInformation();
        Instant trialEnds = running.getExpiresAt();
        check(trialEnds != null && trialEnds.isAfter(Instant.now().plus(Duration.ofDays(13)))
                && trialEnds.isBefore(Instant.now().plus(Duration.ofDays(15))), "a 14-day trial: " + trialEnds);
        LicenseCheckoutResponse checkout = app.checkoutLicense(running.getKey(), "java-pc-2", 30L * 86_400);
        License certificate = checkout.getLicense();
        check(!certificate.getExpiresAt().isAfter(trialEnds)
                && certificate.getExpiresAt().equals(trialEnds.truncatedTo(ChronoUnit.SECONDS)),
                "certificate ends " + certificate.getExpiresAt() + ", the trial " + trialEnds);
        License verified = OfflineLicense.verify(checkout.getCertificate(), List.of(publicKey), "java-pc-2");
        check(verified.getExpiresAt().equals(certificate.getExpiresAt()), "verified " + verified);
        Instant afterTrial = trialEnds.plus(OfflineLicense.DEFAULT_CLOCK_SKEW).plusSeconds(1);
        refusedOffline(() -> OfflineLicense.verify(checkout.getCertificate(), List.of(publicKey), "java-pc-2",
                OfflineLicense.DEFAULT_CLOCK_SKEW, afterTrial), LicenseExpiredException.class);
        System.out.println("trial key: " + running.getKey());
        step("trial's certificate ends with the trial");

        SignedReplies settings = SignedReplies.verifiedWith(List.of(publicKey)).everyCall(true);
        KeyManager signedApp = app.withSignedReplies(settings);
        ValidationResult signedResult = signedApp.validateKey(ValidateKeyRequest.forKey(key).fingerprint("pc-1"));
        SignedReply signature = signedResult.getSignature().orElseThrow();
        check(signedResult.isValid() && signingKeyId.equals(signature.getSigningKeyId()), "signed " + signature);
        check(signedApp.getKeyInformation(key).getSignature().isPresent(), "signed information");
        Instant lastSeen = settings.getClockGuard().getLastSeenAt().orElseThrow();
        check(lastSeen.equals(signature.getSignedAt())
                || lastSeen.isAfter(signature.getSignedAt()), "guard advanced to " + lastSeen);
        step("signed replies verified");

        // The next run restores the saved time; the clock has been turned back a day.
        KeyManager turnedBack = app.withSignedReplies(SignedReplies.verifiedWith(List.of(publicKey))
                .clockGuard(new ClockGuard(lastSeen))
                .clock(Clock.offset(Clock.systemUTC(), Duration.ofDays(-1))));
        refused(() -> turnedBack.validateKey(ValidateKeyRequest.forKey(key), true), ClockTamperedException.class,
                "clock_tampered");
        step("clock turned back refused");
    }

    private static void expired(KeyManager backend, String key) throws KeyManagerException {
        ValidationResult expired = backend.validateKey(ValidateKeyRequest.forKey(key));
        check(!expired.isValid() && expired.getCode() == ValidationCode.EXPIRED, "expired: " + expired);
        refused(() -> backend.activate(key, "pc-3"), KeyExpiredException.class, "key_expired");
        ManipulationResponse renewed = backend.renewKey(key);
        check("Key renewed".equals(renewed.getMessage()), "renew message " + renewed.getMessage());
        check(backend.validateKey(ValidateKeyRequest.forKey(key)).isValid(), "valid after renewal");
        step("expired, refused, renewed");
    }

    private static void trialExpired(KeyManager app, String trialKey) throws KeyManagerException {
        ValidationResult ended = app.validateKey(ValidateKeyRequest.forKey(trialKey).fingerprint("java-pc-2"));
        check(!ended.isValid() && ended.getCode() == ValidationCode.TRIAL_EXPIRED, "trial expired: " + ended);
        check("expired".equals(ended.getKey().orElseThrow().getKeyStatus()), "status " + ended.getKey());
        refused(() -> app.heartbeat(trialKey, "java-pc-2"), TrialExpiredException.class, "trial_expired");
        refused(() -> app.activate(trialKey, "java-pc-3"), TrialExpiredException.class, "trial_expired");
        step("trial expired, refused");
    }

    interface OfflineCall {
        void run() throws LicenseVerificationException;
    }

    private static void refusedOffline(OfflineCall call, Class<? extends LicenseVerificationException> type) {
        try {
            call.run();
        } catch (LicenseVerificationException ex) {
            check(type.equals(ex.getClass()), "expected " + type.getSimpleName() + ", got " + ex);
            System.out.println("refused offline: " + type.getSimpleName());
            return;
        }
        throw new AssertionError("expected " + type.getSimpleName());
    }

    private static void refused(Call call, Class<? extends KeyManagerException> type, String code) {
        try {
            call.run();
        } catch (KeyManagerException ex) {
            check(type.equals(ex.getClass()), "expected " + type.getSimpleName() + ", got " + ex);
            check(code.equals(ex.getCode()), "code " + ex.getCode());
            System.out.println("refused: " + type.getSimpleName());
            return;
        }
        throw new AssertionError("expected " + type.getSimpleName());
    }

    private static void step(String what) {
        System.out.println("ok: " + what);
    }

    private static void check(boolean condition, String what) {
        if (!condition) {
            throw new AssertionError("unexpected " + what);
        }
    }
}
