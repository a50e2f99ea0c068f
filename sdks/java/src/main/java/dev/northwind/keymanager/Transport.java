package dev.northwind.keymanager;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The HTTP side of {@link KeyManager}: one POST of a JSON body to an operation of the public REST
 * interface with the bearer API key, its reply turned into a map or an exception by {@link Replies}.
 * Immutable, and {@link HttpClient} is thread-safe, so one instance serves every thread.
 */
final class Transport {
    private final String apiKey;
    private final String baseUrl;
    private final Duration timeout;
    private final String userAgent;
    private final HttpClient http;
    /** Fields every call's body carries ({@code appVersion}, {@code platform}); a call's own fields win. */
    private final Map<String, Object> report;

    Transport(String apiKey, String baseUrl, Duration timeout, String userAgent) {
        this.apiKey = apiKey;
        this.baseUrl = baseUrl;
        this.timeout = timeout;
        this.userAgent = userAgent;
        // HTTP/1.1: on plain http the default HTTP/2 client sends an h2c upgrade request, which
        // servers such as Node's refuse for requests with a body.
        this.http = HttpClient.newBuilder()
                .version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(timeout)
                .build();
        this.report = Collections.emptyMap();
    }

    private Transport(Transport base, Map<String, Object> report) {
        this.apiKey = base.apiKey;
        this.baseUrl = base.baseUrl;
        this.timeout = base.timeout;
        this.userAgent = base.userAgent;
        this.http = base.http;
        this.report = Collections.unmodifiableMap(new LinkedHashMap<>(report));
    }

    /** The same transport (and connection pool), sending {@code report} with every call. */
    Transport withReport(Map<String, Object> report) {
        return new Transport(this, report);
    }

    Map<String, Object> post(String operation, Map<String, Object> body) throws KeyManagerException {
        return send(operation, body, null).json;
    }

    /**
     * One call; with {@code signed} settings, the request carries a fresh nonce and a successful reply
     * is accepted only with the owner's signature over it. Refusals are thrown as they come.
     */
    Reply send(String operation, Map<String, Object> body, SignedReplies signed) throws KeyManagerException {
        String nonce = signed == null ? null : ReplyVerifier.newNonce();
        String path = KeyManager.API_PATH + operation;
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(baseUrl + path))
                .timeout(timeout)
                .header("Authorization", "Bearer " + apiKey)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("User-Agent", userAgent)
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(reported(body)), StandardCharsets.UTF_8));
        if (nonce != null) {
            builder.header(ReplyVerifier.NONCE_HEADER, nonce);
        }
        HttpResponse<byte[]> response;
        try {
            // The exact bytes: a signature covers them, not a decoded and re-encoded copy.
            response = http.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException ex) {
            throw new APIConnectionException("Could not reach the Key Manager at " + baseUrl + ": " + ex, ex);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new APIConnectionException("Interrupted while calling the Key Manager", ex);
        }
        byte[] bytes = response.body();
        Map<String, Object> json = Replies.interpret(
                response.statusCode(), new String(bytes, StandardCharsets.UTF_8), response.headers());
        SignedReply signature = nonce == null
                ? null
                : ReplyVerifier.verify(signed, nonce, path, response.statusCode(), response.headers(), bytes);
        return new Reply(json, signature);
    }

    private Map<String, Object> reported(Map<String, Object> body) {
        if (report.isEmpty()) {
            return body;
        }
        Map<String, Object> merged = new LinkedHashMap<>(report);
        merged.putAll(body);
        return merged;
    }

    /** A successful reply: its JSON object, and its signature when the call was signed. */
    static final class Reply {
        final Map<String, Object> json;
        final SignedReply signature;

        Reply(Map<String, Object> json, SignedReply signature) {
            this.json = json;
            this.signature = signature;
        }
    }
}
