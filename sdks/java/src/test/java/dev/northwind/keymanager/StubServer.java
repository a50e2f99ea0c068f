package dev.northwind.keymanager;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** An in-process HTTP server that records each request and answers with a configured reply. */
final class StubServer implements AutoCloseable {
    /** Extra reply headers computed from the request (a signed reply's signature over its nonce). */
    interface Signer {
        Map<String, String> headers(String nonce, String path, String replyBody);
    }

    private final HttpServer server;
    volatile int status = 200;
    volatile String body = "{\"status\":\"ok\"}";
    volatile long delayMillis;
    final Map<String, String> replyHeaders = new LinkedHashMap<>();
    volatile Signer signer;
    volatile String nonce;

    volatile String method;
    volatile String path;
    volatile String requestBody;
    volatile String authorization;
    volatile String contentType;
    volatile String userAgent;
    volatile int requests;

    StubServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/", exchange -> {
            method = exchange.getRequestMethod();
            path = exchange.getRequestURI().getPath();
            authorization = exchange.getRequestHeaders().getFirst("Authorization");
            contentType = exchange.getRequestHeaders().getFirst("Content-Type");
            userAgent = exchange.getRequestHeaders().getFirst("User-Agent");
            nonce = exchange.getRequestHeaders().getFirst("x-km-nonce");
            requestBody = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            requests++;
            if (delayMillis > 0) {
                try {
                    Thread.sleep(delayMillis);
                } catch (InterruptedException ex) {
                    Thread.currentThread().interrupt();
                }
            }
            byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().set("Content-Type", "application/json");
            replyHeaders.forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
            Signer sign = signer;
            if (sign != null && nonce != null) {
                sign.headers(nonce, path, body).forEach((name, value) -> exchange.getResponseHeaders().set(name, value));
            }
            try {
                exchange.sendResponseHeaders(status, bytes.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(bytes);
                }
            } catch (IOException ex) {
                // The client gave up (timeout test); nothing to answer.
            }
        });
        server.start();
    }

    String baseUrl() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    void reply(int newStatus, String newBody) {
        status = newStatus;
        body = newBody;
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
