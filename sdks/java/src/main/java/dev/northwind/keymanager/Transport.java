package dev.northwind.keymanager;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
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
    }

    Map<String, Object> post(String operation, Map<String, Object> body) throws KeyManagerException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(baseUrl + KeyManager.API_PATH + operation))
                .timeout(timeout)
                .header("Authorization", "Bearer " + apiKey)
                .header("Content-Type", "application/json")
                .header("Accept", "application/json")
                .header("User-Agent", userAgent)
                .POST(HttpRequest.BodyPublishers.ofString(Json.write(body), StandardCharsets.UTF_8))
                .build();
        HttpResponse<String> response;
        try {
            response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException ex) {
            throw new APIConnectionException("Could not reach the Key Manager at " + baseUrl + ": " + ex, ex);
        } catch (InterruptedException ex) {
            Thread.currentThread().interrupt();
            throw new APIConnectionException("Interrupted while calling the Key Manager", ex);
        }
        return Replies.interpret(response);
    }
}
