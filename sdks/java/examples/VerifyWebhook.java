import com.sun.net.httpserver.HttpServer;
import dev.northwind.keymanager.WebhookSignature;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/** Receive Key Manager webhooks: check the signature of the raw body, then act on the event. */
public class VerifyWebhook {
    public static void main(String[] args) throws IOException {
        String secret = System.getenv("KEY_MANAGER_WEBHOOK_SECRET"); // whsec_..., shown once in the dashboard
        HttpServer server = HttpServer.create(new InetSocketAddress(8080), 0);
        server.createContext("/webhooks/key-manager", exchange -> {
            String body;
            try (InputStream in = exchange.getRequestBody()) {
                body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            String signature = exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER);
            if (!WebhookSignature.verify(body, signature, secret)) {
                exchange.sendResponseHeaders(400, -1); // not from the Key Manager, or replayed
                exchange.close();
                return;
            }
            // body is {"id":"evt_...","type":"key.activated","created":...,"data":{...}}.
            // The same id can arrive twice (retries): process each id once.
            System.out.println("Verified event: " + body);
            exchange.sendResponseHeaders(204, -1); // 2xx: delivered, no retry
            exchange.close();
        });
        server.start();
    }
}
