package dev.northwind.keymanager;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonTest {
    @Test
    void parsesNestedValues() {
        Object parsed = Json.parse(" {\"a\": [1, 2.5, -3e2, true, false, null], \"b\": {\"c\": \"d\\n\\u00e9\\\"\"}} ");
        Map<String, Object> expected = new LinkedHashMap<>();
        expected.put("a", Arrays.asList(1L, 2.5, -300.0, true, false, null));
        expected.put("b", Map.of("c", "d\né\""));
        assertEquals(expected, parsed);
    }

    @Test
    void rejectsInvalidDocuments() {
        for (String bad : new String[] {"", "{", "{\"a\"}", "{\"a\":1,}", "[1 2]", "\"open", "tru", "{} x", "-"}) {
            assertThrows(IllegalArgumentException.class, () -> Json.parse(bad), bad);
        }
    }

    @Test
    void writesFlatObjectsWithEscapes() {
        Map<String, Object> object = new LinkedHashMap<>();
        object.put("key", "q\"b\\\t");
        object.put("isActive", true);
        object.put("n", 3);
        object.put("none", null);
        String json = Json.write(object);
        assertEquals("{\"key\":\"q\\\"b\\\\\\u0009\",\"isActive\":true,\"n\":3,\"none\":null}", json);
        Map<String, Object> roundTrip = new LinkedHashMap<>(object);
        roundTrip.put("n", 3L);
        assertEquals(roundTrip, Json.parse(json));
    }
}
