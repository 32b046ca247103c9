package dev.kensho.redis.kv;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Ratios;
import dev.kensho.report.RunData;
import dev.kensho.report.Table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The memtier_benchmark calibration's part of redis-kv's report section ({@link MemtierCalibration}): per case, the
 * suite's client over memtier in requests/s ({@code kensho_over_memtier}) and in client CPU per request
 * ({@code kensho_over_memtier_cpu}), each with the interval both sides' measured rounds give ({@link Ratios}: a recorded
 * measurement carries its mean, spread and count — the delta rule when both sides are within ±10%, else Fieller's),
 * and one table of both sides. A trial that did not measure memtier (missing, not memtier, exited non-zero) reads
 * "not measured" with its reason.
 */
final class MemtierRows {

    static final String CLS = "MemtierCalibration";
    static final String RATE = "requests/s";
    static final String CPU = "cpu_per_request";

    private MemtierRows() {
    }

    /** {@code kensho_over_memtier} and {@code kensho_over_memtier_cpu}: each case's suite side ÷ its memtier side. */
    static List<Results.Row> derived(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
        out.addAll(Ratios.against(rows, Ratios.rows(CLS, MemtierCalibration.KENSHO, RATE),
                Ratios.rows(CLS, MemtierCalibration.MEMTIER, RATE), Results.Row::paramString, "kensho_over_memtier"));
        out.addAll(Ratios.against(rows, Ratios.rows(CLS, MemtierCalibration.KENSHO, CPU),
                Ratios.rows(CLS, MemtierCalibration.MEMTIER, CPU), Results.Row::paramString, "kensho_over_memtier_cpu"));
        return out;
    }

    /** The table, or none when the calibration did not run. */
    static List<Table> tables(RunData run) {
        Table t = Table.of("The suite's load generators against memtier_benchmark: the same server, turns taken in"
                        + " interleaved rounds (means of the measured rounds; client CPU per request in µs; ratios with their"
                        + " 99.9% intervals):", "client", "case", ">memtier requests/s", ">kensho requests/s",
                ">kensho ÷ memtier, rate", ">memtier CPU/request", ">kensho CPU/request", ">kensho ÷ memtier, CPU/request",
                ">rounds");
        Map<String, Map<String, Results.Row>> cases = new LinkedHashMap<>();
        for (Results.Row r : run.rows()) {
            if (r.cls().equals(CLS) && (r.metric().equals(RATE) || r.metric().equals(CPU) || r.metric().startsWith("kensho_over_memtier"))) {
                cases.computeIfAbsent(r.params().get("client") + "|" + caseOf(r.params()), k -> new TreeMap<>())
                        .put(r.method() + " " + r.metric(), r);
            }
        }
        cases.forEach((k, m) -> {
            Results.Row any = m.values().iterator().next();
            Results.Row mRate = m.get(MemtierCalibration.MEMTIER + " " + RATE);
            t.row(any.param("client"), caseOf(any.params()), mean(mRate), mean(m.get(MemtierCalibration.KENSHO + " " + RATE)),
                    ratio(m.get(MemtierCalibration.KENSHO + " kensho_over_memtier")),
                    mean(m.get(MemtierCalibration.MEMTIER + " " + CPU)), mean(m.get(MemtierCalibration.KENSHO + " " + CPU)),
                    ratio(m.get(MemtierCalibration.KENSHO + " kensho_over_memtier_cpu")),
                    mRate == null ? "" : Integer.toString(mRate.samples()));
        });
        for (JsonNode s : run.series(MemtierCalibration.NOT_MEASURED)) {
            Map<String, String> p = new TreeMap<>();
            s.path("params").fields().forEachRemaining(e -> p.put(e.getKey(), e.getValue().asText()));
            if (!cases.containsKey(p.get("client") + "|" + caseOf(p))) {
                t.row(p.get("client"), caseOf(p), "not measured: " + s.path("reason").asText(), "", "", "", "", "", "");
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
        return Export.fmt(r.score()) + " " + (r.interval() == null ? "(no interval)" : r.interval().shown());
    }
}
