package dev.northwind.keymanager;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Verifies the webhook deliveries of the Key Manager. Each delivery is a POST whose JSON body is
 * signed in the {@value #HEADER} header as {@code t=<unix seconds>,v1=<hex>}, where the hex is
 * HMAC-SHA256 keyed with the endpoint's signing secret ({@code whsec_...}, as UTF-8) over
 * {@code "<t>.<body>"}. Verify the raw body exactly as received, before any JSON parsing, and answer
 * 2xx only to deliveries that pass; a {@code t} far from now is refused so a captured delivery cannot
 * be replayed.
 *
 * <pre>{@code
 * if (!WebhookSignature.verify(body, exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER), secret)) {
 *     // answer 400: not from the Key Manager
 * }
 * }</pre>
 *
 * <p>Stateless and thread-safe.
 */
public final class WebhookSignature {
    /** The request header carrying the signature. */
    public static final String HEADER = "Northwind-Signature";

    /** Default tolerance between the signature's time and this machine's clock, in seconds. */
    public static final long DEFAULT_TOLERANCE_SECONDS = 300;

    private WebhookSignature() {}

    /**
     * Verifies a delivery with the default tolerance of {@value #DEFAULT_TOLERANCE_SECONDS} seconds.
     *
     * @param payload the raw request body, as received
     * @param header the value of the {@value #HEADER} header; null counts as not verified
     * @param secret the endpoint's signing secret, {@code whsec_} included
     * @return true if one of the header's {@code v1} signatures matches and its time is within the tolerance
     * @throws IllegalArgumentException when the payload is null or the secret null or empty
     */
    public static boolean verify(String payload, String header, String secret) {
        return verify(payload, header, secret, DEFAULT_TOLERANCE_SECONDS);
    }

    /**
     * Verifies a delivery.
     *
     * @param payload the raw request body, as received
     * @param header the value of the {@value #HEADER} header; null counts as not verified
     * @param secret the endpoint's signing secret, {@code whsec_} included
     * @param toleranceSeconds how far the signature's time may be from now, either way
     * @return true if one of the header's {@code v1} signatures matches and its time is within the tolerance
     * @throws IllegalArgumentException when the payload is null, the secret null or empty, or the
     *     tolerance negative
     */
    public static boolean verify(String payload, String header, String secret, long toleranceSeconds) {
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null");
        }
        return verify(
                payload.getBytes(StandardCharsets.UTF_8),
                header,
                secret,
                toleranceSeconds,
                Instant.now().getEpochSecond());
    }

    /**
     * Verifies a delivery against a given time (for tests, or a body read as bytes).
     *
     * @param payload the raw request body, as received
     * @param header the value of the {@value #HEADER} header; null counts as not verified
     * @param secret the endpoint's signing secret, {@code whsec_} included
     * @param toleranceSeconds how far the signature's time may be from {@code nowEpochSeconds}, either way
     * @param nowEpochSeconds the current time in Unix seconds
     * @return true if one of the header's {@code v1} signatures matches and its time is within the tolerance
     * @throws IllegalArgumentException when the payload is null, the secret null or empty, or the
     *     tolerance negative
     */
    public static boolean verify(
            byte[] payload, String header, String secret, long toleranceSeconds, long nowEpochSeconds) {
        if (payload == null) {
            throw new IllegalArgumentException("payload must not be null");
        }
        if (secret == null || secret.isEmpty()) {
            throw new IllegalArgumentException("secret must not be empty");
        }
        if (toleranceSeconds < 0) {
            throw new IllegalArgumentException("toleranceSeconds must not be negative");
        }
        if (header == null) {
            return false;
        }
        Long timestamp = null;
        List<byte[]> signatures = new ArrayList<>();
        for (String part : header.split(",")) {
            String[] pair = part.trim().split("=", 2);
            if (pair.length != 2) {
                continue;
            }
            if (pair[0].equals("t") && pair[1].matches("\\d{1,12}")) {
                timestamp = Long.parseLong(pair[1]);
            } else if (pair[0].equals("v1") && pair[1].matches("[0-9a-fA-F]{64}")) {
                // Other schemes are ignored, so new ones can be added without breaking receivers.
                signatures.add(fromHex(pair[1]));
            }
        }
        if (timestamp == null || signatures.isEmpty()) {
            return false;
        }
        if (Math.abs(nowEpochSeconds - timestamp) > toleranceSeconds) {
            return false;
        }
        byte[] expected = sign(secret, timestamp, payload);
        boolean matched = false;
        for (byte[] signature : signatures) {
            // Constant-time comparison: how many bytes match must not show in the time taken.
            matched |= MessageDigest.isEqual(expected, signature);
        }
        return matched;
    }

    private static byte[] sign(String secret, long timestamp, byte[] payload) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return mac.doFinal(payload);
        } catch (GeneralSecurityException e) {
            // HmacSHA256 is required of every Java platform.
            throw new IllegalStateException("HmacSHA256 is not available", e);
        }
    }

    private static byte[] fromHex(String hex) {
        byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(hex.substring(i * 2, i * 2 + 2), 16);
        }
        return bytes;
    }
}
