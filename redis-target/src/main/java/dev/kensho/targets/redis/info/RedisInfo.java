package dev.kensho.targets.redis.info;

import redis.clients.jedis.Jedis;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * One reply of {@code INFO <section>} or {@code CLUSTER INFO}, read once: {@code name:value} lines (section headers
 * {@code # …} and blank lines skipped), and the few values the suite derives from them — a command's {@code calls}
 * and {@code usec} ({@code cmdstat_get:calls=5,usec=12,…}), the server's CPU seconds ({@code used_cpu_user +
 * used_cpu_sys}), a counter Redis omits until it first counts (read as 0). The one parser of INFO text in the suite,
 * so every module reads a field the same way.
 */
public final class RedisInfo {

    private final Map<String, String> fields;

    private RedisInfo(Map<String, String> fields) {
        this.fields = Collections.unmodifiableMap(fields);
    }

    /** {@code INFO <section>} of the server {@code j} is connected to. */
    public static RedisInfo of(Jedis j, String section) {
        return parse(j.info(section));
    }

    /** {@code CLUSTER INFO} of the node {@code j} is connected to. */
    public static RedisInfo cluster(Jedis j) {
        return parse(j.clusterInfo());
    }

    /** The reply's text, parsed. */
    public static RedisInfo parse(String text) {
        Map<String, String> m = new LinkedHashMap<>();
        for (String line : text.split("\r?\n")) {
            int c = line.indexOf(':');
            if (c > 0 && !line.startsWith("#")) {
                m.put(line.substring(0, c), line.substring(c + 1).trim());
            }
        }
        return new RedisInfo(m);
    }

    /** Every field, in the reply's order. */
    public Map<String, String> fields() {
        return fields;
    }

    /** A field's value, null if the reply has no such field. */
    public String get(String name) {
        return fields.get(name);
    }

    /** A counter; 0 if the reply has no such field (Redis omits a counter it has never incremented). */
    public long count(String name) {
        String v = fields.get(name);
        return v == null ? 0 : Long.parseLong(v);
    }

    /** The CPU the whole server process has used ({@code INFO cpu}: used_cpu_user + used_cpu_sys), in seconds. */
    public double cpuSeconds() {
        return Double.parseDouble(require("used_cpu_user")) + Double.parseDouble(require("used_cpu_sys"));
    }

    /** {@code calls} of a command ({@code INFO commandstats}, e.g. {@code get}); 0 for a command never called (no line). */
    public long calls(String command) {
        String stat = fields.get("cmdstat_" + command);
        return stat == null ? 0 : Long.parseLong(statField(stat, "calls"));
    }

    /** µs each command has used ({@code INFO commandstats}; {@code cmdstat_config|get} → {@code config.get}). */
    public Map<String, Long> usecPerCommand() {
        Map<String, Long> out = new TreeMap<>();
        fields.forEach((name, stat) -> {
            if (name.startsWith("cmdstat_")) {
                out.put(name.substring("cmdstat_".length()).replace('|', '.'), Long.parseLong(statField(stat, "usec")));
            }
        });
        return out;
    }

    private String require(String name) {
        String v = fields.get(name);
        if (v == null) {
            throw new IllegalStateException("INFO reply without " + name);
        }
        return v;
    }

    private static String statField(String stat, String field) {
        for (String f : stat.split(",")) {
            if (f.startsWith(field + "=")) {
                return f.substring(field.length() + 1);
            }
        }
        throw new IllegalStateException("INFO commandstats value without " + field + "=: " + stat);
    }
}
