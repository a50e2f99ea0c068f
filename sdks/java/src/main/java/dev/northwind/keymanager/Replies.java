package dev.northwind.keymanager;

import java.net.http.HttpResponse;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;

/** Turns an HTTP reply into its JSON object, or into the matching typed exception. */
final class Replies {
    private Replies() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> interpret(HttpResponse<String> response) throws KeyManagerException {
        int code = response.statusCode();
        Map<String, Object> reply;
        try {
            Object parsed = Json.parse(response.body());
            if (!(parsed instanceof Map)) {
                throw new IllegalArgumentException("not a JSON object");
            }
            reply = (Map<String, Object>) parsed;
        } catch (IllegalArgumentException ex) {
            throw new KeyManagerException("Unexpected reply from the Key Manager (HTTP " + code + ")", code, ex);
        }
        Object rawMessage = reply.get("message");
        String message = rawMessage == null ? null : String.valueOf(rawMessage);
        if (message == null) {
            message = "Request failed (HTTP " + code + ")";
        }
        if (code >= 200 && code < 300) {
            if ("ok".equals(reply.get("status"))) {
                return reply;
            }
            throw new RequestRefusedException(message, code);
        }
        if (code == 401) {
            throw new InvalidApiKeyException(message);
        }
        if (code == 404) {
            throw new KeyNotFoundException(message);
        }
        if (code == 429) {
            throw new RateLimitException(message, retryAfter(response));
        }
        if (code == 402) {
            throw new PaymentRequiredException(message);
        }
        // 403 and 409 each answer several refusals; the server's message (part of the public
        // contract) tells them apart.
        if (code == 403 && NoPlanException.MESSAGE.equals(message)) {
            throw new NoPlanException(message);
        }
        // The limit refusal may go on to say when a self-serve transfer is possible (nextTransferAt).
        if (code == 409 && message.startsWith(ActivationLimitReachedException.MESSAGE)) {
            throw new ActivationLimitReachedException(message, instant(reply.get("nextTransferAt")));
        }
        if (code == 409 && KeyDisabledException.MESSAGE.equals(message)) {
            throw new KeyDisabledException(message);
        }
        if (code == 409 && DeviceNotActivatedException.MESSAGE.equals(message)) {
            throw new DeviceNotActivatedException(message);
        }
        if (code >= 400 && code < 500) {
            throw new RequestRefusedException(message, code);
        }
        throw new KeyManagerException(message, code);
    }

    /** An ISO 8601 instant of the reply, or null when absent or unreadable. */
    static Instant instant(Object value) {
        if (!(value instanceof String)) {
            return null;
        }
        try {
            return Instant.parse((String) value);
        } catch (DateTimeParseException ex) {
            return null;
        }
    }

    private static long retryAfter(HttpResponse<String> response) {
        Optional<String> header = response.headers().firstValue("Retry-After");
        try {
            return header.map(value -> Long.parseLong(value.trim())).orElse(0L);
        } catch (NumberFormatException ex) {
            return 0L;
        }
    }
}
