package dev.northwind.keymanager;

import java.net.http.HttpHeaders;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;

/**
 * Turns an HTTP reply into its JSON object, or into the matching typed exception: chosen by the
 * reply's {@code code}, or by status and message when a server older than the codes sent none.
 */
final class Replies {
    private Replies() {}

    @SuppressWarnings("unchecked")
    static Map<String, Object> interpret(int status, String body, HttpHeaders headers) throws KeyManagerException {
        Map<String, Object> reply;
        try {
            Object parsed = Json.parse(body);
            if (!(parsed instanceof Map)) {
                throw new IllegalArgumentException("not a JSON object");
            }
            reply = (Map<String, Object>) parsed;
        } catch (IllegalArgumentException ex) {
            throw new KeyManagerException("Unexpected reply from the Key Manager (HTTP " + status + ")", status, ex);
        }
        Object rawMessage = reply.get("message");
        String message = rawMessage == null ? null : String.valueOf(rawMessage);
        if (message == null) {
            message = "Request failed (HTTP " + status + ")";
        }
        if (status >= 200 && status < 300) {
            if ("ok".equals(reply.get("status"))) {
                return reply;
            }
            throw new RequestRefusedException(message, status);
        }
        Object rawCode = reply.get("code");
        if (rawCode instanceof String) {
            throw forCode((String) rawCode, status, message, reply, headers);
        }
        throw forStatus(status, message, reply, headers);
    }

    /** The exception of a reply that names its refusal: the code alone chooses. */
    private static KeyManagerException forCode(
            String errorCode,
            int status,
            String message,
            Map<String, Object> reply,
            HttpHeaders headers) {
        switch (errorCode) {
            case InvalidApiKeyException.CODE:
            case InvalidApiKeyException.API_KEY_REQUIRED_CODE:
            case InvalidApiKeyException.EXPIRED_CODE:
                return new InvalidApiKeyException(message, errorCode);
            case KeyNotFoundException.CODE:
                return new KeyNotFoundException(message, errorCode);
            case RateLimitException.CODE:
                return new RateLimitException(message, retryAfter(headers), errorCode);
            case PaymentRequiredException.CODE:
                return new PaymentRequiredException(message, errorCode);
            case NoPlanException.CODE:
                return new NoPlanException(message, errorCode);
            case ActivationLimitReachedException.CODE:
                Instant next = instant(reply.get("nextTransferAt"));
                return new ActivationLimitReachedException(message, next, errorCode);
            case KeyDisabledException.CODE:
                return new KeyDisabledException(message, errorCode);
            case DeviceNotActivatedException.CODE:
                return new DeviceNotActivatedException(message, errorCode);
            case KeyExpiredException.CODE:
                return new KeyExpiredException(message);
            case TrialExpiredException.CODE:
                return new TrialExpiredException(message);
            case KeySuspendedException.CODE:
                return new KeySuspendedException(message);
            case ProductNotFoundException.CODE:
                return new ProductNotFoundException(message);
            case PolicyNotFoundException.CODE:
                return new PolicyNotFoundException(message);
            case TrialNotOfferedException.CODE:
                return new TrialNotOfferedException(message);
            case TrialUsedException.CODE:
                return new TrialUsedException(message);
            case NotATrialException.CODE:
                return new NotATrialException(message);
            case KeyNotRenewableException.CODE:
                return new KeyNotRenewableException(message);
            default:
                return status >= 400 && status < 500
                        ? new RequestRefusedException(message, status, errorCode)
                        : new KeyManagerException(message, status, errorCode);
        }
    }

    /** A reply without a code (a server older than the codes): its status, then its message. */
    private static KeyManagerException forStatus(
            int status, String message, Map<String, Object> reply, HttpHeaders headers) {
        if (status == 401) {
            return new InvalidApiKeyException(message);
        }
        if (status == 404) {
            return new KeyNotFoundException(message);
        }
        if (status == 429) {
            return new RateLimitException(message, retryAfter(headers));
        }
        if (status == 402) {
            return new PaymentRequiredException(message);
        }
        // 403 and 409 each answer several refusals; the server's message (part of the public
        // contract) tells them apart.
        if (status == 403 && NoPlanException.MESSAGE.equals(message)) {
            return new NoPlanException(message);
        }
        // The limit refusal may go on to say when a self-serve transfer is possible (nextTransferAt).
        if (status == 409 && message.startsWith(ActivationLimitReachedException.MESSAGE)) {
            return new ActivationLimitReachedException(message, instant(reply.get("nextTransferAt")));
        }
        if (status == 409 && KeyDisabledException.MESSAGE.equals(message)) {
            return new KeyDisabledException(message);
        }
        if (status == 409 && DeviceNotActivatedException.MESSAGE.equals(message)) {
            return new DeviceNotActivatedException(message);
        }
        if (status >= 400 && status < 500) {
            return new RequestRefusedException(message, status);
        }
        return new KeyManagerException(message, status);
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

    private static long retryAfter(HttpHeaders headers) {
        Optional<String> header = headers.firstValue("Retry-After");
        try {
            return header.map(value -> Long.parseLong(value.trim())).orElse(0L);
        } catch (NumberFormatException ex) {
            return 0L;
        }
    }
}
