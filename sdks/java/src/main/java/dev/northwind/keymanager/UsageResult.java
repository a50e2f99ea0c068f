package dev.northwind.keymanager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * The owner's usage counts ({@link KeyManager#usage(Instant, Instant, boolean)}): one {@link Counts}
 * per hour or day, oldest first with every bucket present, and the totals with the calls and the
 * unique devices of the range.
 */
public final class UsageResult {
    private final String granularity;
    private final List<Counts> series;
    private final Counts totals;
    private final long calls;
    private final long uniqueDevices;

    UsageResult(Map<String, Object> reply) {
        this.granularity = String.valueOf(reply.get("granularity"));
        List<Counts> points = new ArrayList<>();
        if (reply.get("series") instanceof List<?> list) {
            for (Object item : list) {
                if (item instanceof Map<?, ?> point) {
                    points.add(new Counts(point));
                }
            }
        }
        this.series = Collections.unmodifiableList(points);
        Map<?, ?> total = reply.get("totals") instanceof Map<?, ?> map ? map : Map.of();
        this.totals = new Counts(total);
        this.calls = Counts.number(total, "calls");
        this.uniqueDevices = Counts.number(total, "uniqueDevices");
    }

    /** @return {@code hour} or {@code day} */
    public String getGranularity() {
        return granularity;
    }

    /** @return one entry per bucket, oldest first */
    public List<Counts> getSeries() {
        return series;
    }

    /** @return the range's counts per family ({@link Counts#getAt()} is null) */
    public Counts getTotals() {
        return totals;
    }

    /** @return every call of the range */
    public long getCalls() {
        return calls;
    }

    /** @return devices (fingerprints) seen in the range, counted per day */
    public long getUniqueDevices() {
        return uniqueDevices;
    }

    /** Calls per operation family in one bucket (or in the totals); refusals are of any operation. */
    public static final class Counts {
        private final Instant at;
        private final long validations;
        private final long activations;
        private final long deactivations;
        private final long heartbeats;
        private final long checkouts;
        private final long information;
        private final long other;
        private final long refusals;

        Counts(Map<?, ?> json) {
            this.at = json.get("at") instanceof String text ? Instant.parse(text) : null;
            this.validations = number(json, "validations");
            this.activations = number(json, "activations");
            this.deactivations = number(json, "deactivations");
            this.heartbeats = number(json, "heartbeats");
            this.checkouts = number(json, "checkouts");
            this.information = number(json, "information");
            this.other = number(json, "other");
            this.refusals = number(json, "refusals");
        }

        static long number(Map<?, ?> json, String name) {
            return json.get(name) instanceof Number value ? value.longValue() : 0L;
        }

        /** @return the bucket's start (UTC); null in the totals */
        public Instant getAt() {
            return at;
        }

        /** @return validate-key calls */
        public long getValidations() {
            return validations;
        }

        /** @return activate-key calls */
        public long getActivations() {
            return activations;
        }

        /** @return deactivate-key calls */
        public long getDeactivations() {
            return deactivations;
        }

        /** @return heartbeat calls */
        public long getHeartbeats() {
            return heartbeats;
        }

        /** @return checkout-license calls */
        public long getCheckouts() {
            return checkouts;
        }

        /** @return get-key-information calls */
        public long getInformation() {
            return information;
        }

        /** @return every other operation */
        public long getOther() {
            return other;
        }

        /** @return refused calls of any operation (an error, or a validation code other than VALID) */
        public long getRefusals() {
            return refusals;
        }
    }
}
