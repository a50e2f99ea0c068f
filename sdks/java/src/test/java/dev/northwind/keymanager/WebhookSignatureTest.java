package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WebhookSignatureTest {
    // A delivery signed by the server's algorithm (apps/api .../webhooks/signing.ts), fixed here so
    // both sides are held to the same recipe.
    private static final String SECRET = "whsec_test-vector-secret";
    private static final long T = 1_700_000_000L;
    private static final String BODY =
            "{\"id\":\"evt_test\",\"type\":\"key.created\",\"created\":1700000000,\"data\":{\"key\":{\"id\":\"k\"}}}";
    private static final String SIGNATURE = "10dadb1378e6c09a30577615d957c410dfb5199ca0591a4ce77d4fac1977b74e";
    private static final String HEADER = "t=" + T + ",v1=" + SIGNATURE;

    private static boolean verifyAt(String body, String header, String secret, long now) {
        return WebhookSignature.verify(body.getBytes(StandardCharsets.UTF_8), header, secret, 300, now);
    }

    @Test
    void acceptsTheServersSignature() {
        assertTrue(verifyAt(BODY, HEADER, SECRET, T));
        assertTrue(verifyAt(BODY, HEADER, SECRET, T + 300));
        assertTrue(verifyAt(BODY, HEADER, SECRET, T - 300));
    }

    @Test
    void refusesAChangedBodyOrAnotherSecret() {
        assertFalse(verifyAt(BODY + " ", HEADER, SECRET, T));
        assertFalse(verifyAt(BODY, HEADER, "whsec_other", T));
    }

    @Test
    void refusesOutsideTheToleranceEitherWay() {
        assertFalse(verifyAt(BODY, HEADER, SECRET, T + 301));
        assertFalse(verifyAt(BODY, HEADER, SECRET, T - 301));
    }

    @Test
    void refusesMissingOrMalformedHeaders() {
        for (String header : new String[] {null, "", "t=" + T, "v1=" + SIGNATURE, "t=x,v1=" + SIGNATURE, "t=" + T + ",v1=abc"}) {
            assertFalse(verifyAt(BODY, header, SECRET, T), String.valueOf(header));
        }
    }

    @Test
    void acceptsWhenAnyV1SignatureMatchesAndIgnoresOtherSchemes() {
        String header = "t=" + T + ",v0=deadbeef,v1=" + "0".repeat(64) + ", v1=" + SIGNATURE;
        assertTrue(verifyAt(BODY, header, SECRET, T));
    }

    @Test
    void checksItsArguments() {
        assertThrows(IllegalArgumentException.class, () -> WebhookSignature.verify(null, HEADER, SECRET));
        assertThrows(IllegalArgumentException.class, () -> WebhookSignature.verify(BODY, HEADER, ""));
        assertThrows(IllegalArgumentException.class, () -> WebhookSignature.verify(BODY, HEADER, SECRET, -1));
        // The real clock is far from T: a correct but old delivery is refused.
        assertFalse(WebhookSignature.verify(BODY, HEADER, SECRET));
    }
}
