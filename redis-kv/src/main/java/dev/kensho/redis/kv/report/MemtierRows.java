package dev.kensho.redis.kv.report;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import dev.kensho.report.RunData;
import dev.kensho.report.Table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The memtier_benchmark calibration's table in redis-kv's report section ({@code MemtierCalibration}): per case, both
 * sides' means, and the suite's client over memtier in requests/s ({@code kensho_over_memtier}) and in client CPU per
 * request ({@code kensho_over_memtier_cpu}) — the mean of the rounds' ratios with its 99.9% Student t interval over the
 * rounds (paired: each round's two turns ran seconds apart on one server). A trial that did not measure memtier
 * (missing, not memtier, exited non-zero) reads "not measured" with its reason.
 */
public final class MemtierRows {

    static final String CLS = "MemtierCalibration";
    /** The methods the calibration records under: memtier's turns and the suite's. */
    public static final String MEMTIER = "memtier";
    public static final String KENSHO = "kensho";
    /** Each measured round's suite ÷ memtier, in requests/s and in client CPU per request. */
    public static final String RATE_RATIO = "kensho_over_memtier";
    public static final String CPU_RATIO = "kensho_over_memtier_cpu";
    /** The series kind that says why memtier was not measured in a trial. */
    public static final String NOT_MEASURED = "memtier-not-measured";
    static final String RATE = "requests/s";
    static final String CPU = "cpu_per_request";

    private MemtierRows() {
    }

    /** The table, or none when the calibration did not run. */
    static List<Table> tables(RunData run) {
        Table t = Table.of("The suite's load generators against memtier_benchmark: the same server, turns taken in"
                        + " interleaved rounds (means of the measured rounds; client CPU per request in µs; ratios: the mean of"
                        + " the rounds' ratios with its 99.9% interval):", "client", "case", ">memtier requests/s", ">kensho requests/s",
                ">kensho ÷ memtier, rate", ">memtier CPU/request", ">kensho CPU/request", ">kensho ÷ memtier, CPU/request",
                ">rounds");
        Map<String, Map<String, Results.Row>> cases = new LinkedHashMap<>();
        for (Results.Row r : run.rows()) {
            if (r.cls().equals(CLS) && (r.metric().equals(RATE) || r.metric().equals(CPU)
                    || r.metric().equals(RATE_RATIO) || r.metric().equals(CPU_RATIO))) {
                cases.computeIfAbsent(r.params().get("client") + "|" + caseOf(r.params()), k -> new TreeMap<>())
                        .put(r.method() + " " + r.metric(), r);
            }
        }
        cases.forEach((k, m) -> {
            Results.Row any = m.values().iterator().next();
            Results.Row mRate = m.get(MEMTIER + " " + RATE);
            t.row(any.param("client"), caseOf(any.params()), mean(mRate), mean(m.get(KENSHO + " " + RATE)),
                    ratio(m.get(KENSHO + " " + RATE_RATIO)),
                    mean(m.get(MEMTIER + " " + CPU)), mean(m.get(KENSHO + " " + CPU)),
                    ratio(m.get(KENSHO + " " + CPU_RATIO)),
                    mRate == null ? "" : Integer.toString(mRate.samples()));
        });
        for (JsonNode s : run.series(NOT_MEASURED)) {
            Map<String, String> p = new TreeMap<>();
            s.path("params").fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
            if (!cases.containsKey(p.get("client") + "|" + caseOf(p))) {
                // the reason in the text column: a number column never wraps, and a sentence there widened the table to 4,000 px
                t.row(p.get("client"), caseOf(p) + " — not measured: " + s.path("reason").asText(), "–", "", "", "", "", "", "");
            }
        }
        return t.isEmpty() ? List.of() : List.of(t);
    }

    /** The params but {@code client} (and a ratio's {@code over}), "k=v …". */
    private static String caseOf(Map<String, String> params) {
        Map<String, String> p = new TreeMap<>(params);
        p.remove("client");
        p.remove("over");
        StringBuilder sb = new StringBuilder();
        p.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }

    private static String mean(Results.Row r) {
        return r == null ? "" : Export.fmt(r.score());
    }

    private static String ratio(Results.Row r) {
        if (r == null) {
            return "";
        }
        Interval i = r.bounds();
        return Export.fmt(r.score()) + (i == null ? " (no interval: one round)" : " [" + Export.fmt(i.low()) + ", "
                + Export.fmt(i.high()) + "] paired rounds (" + r.samples() + "), Student t");
    }
}
