package dev.kensho.common.export;

import dev.kensho.common.cpu.Bottleneck;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The bottleneck verdict of each result: the {@code cpu.*} rows JMH wrote for a benchmark and params
 * ({@link dev.kensho.common.cpu.CpuProfiler}) give the verdict of every other JMH row of that case — its
 * score, its secondary metrics, the rates derived from it.
 */
public final class Verdicts {

    /** JMH's names of its modes: the metric of a result's primary row. */
    static final Set<String> PRIMARY = Set.of("thrpt", "avgt", "sample", "ss");

    private final Map<String, Bottleneck.Verdict> byCase = new HashMap<>();

    private Verdicts(List<Results.Row> rows) {
        Map<String, Map<String, Results.Row>> cpu = new HashMap<>();
        for (Results.Row r : rows) {
            if (isCpu(r)) {
                cpu.computeIfAbsent(key(r), k -> new HashMap<>()).put(r.metric(), r);
            }
        }
        cpu.forEach((k, m) -> {
            Results.Row client = m.get("cpu.client");
            Results.Row clientLimit = m.get("cpu.client.limit");
            if (client == null || clientLimit == null) {
                return;
            }
            Results.Row server = m.get("cpu.server");
            Results.Row serverLimit = m.get("cpu.server.limit");
            Results.Row busiest = m.get("cpu.client.thread");
            Results.Row other = m.get("cpu.other");
            Results.Row machine = m.get("cpu.machine.limit");
            byCase.put(k, Bottleneck.verdict(
                    server == null ? null : new Bottleneck.Cores(server.score(), server.error()),
                    serverLimit == null ? Double.NaN : serverLimit.score(),
                    new Bottleneck.Cores(client.score(), client.error()), clientLimit.score(),
                    busiest == null ? null : new Bottleneck.Cores(busiest.score(), busiest.error()),
                    other == null ? null : new Bottleneck.Cores(other.score(), other.error()),
                    machine == null ? Double.NaN : machine.score()));
        });
    }

    /** The verdicts of a run's rows. */
    public static Verdicts of(List<Results.Row> rows) {
        return new Verdicts(rows);
    }

    /** The verdict of the result {@code r} belongs to; null for a CPU row, a recorded measurement, or no CPU figures. */
    public Bottleneck.Verdict of(Results.Row r) {
        if (isCpu(r) || "recorded".equals(r.source())) {
            return null;
        }
        return byCase.get(key(r));
    }

    /** Whether {@code r} is one of the CPU figures themselves. */
    public static boolean isCpu(Results.Row r) {
        return r.metric().startsWith("cpu.") && "jmh".equals(r.source());
    }

    /** Whether {@code r} is a result's primary score (the row a table shows the verdict on). */
    public static boolean isPrimary(Results.Row r) {
        return "jmh".equals(r.source()) && PRIMARY.contains(r.metric());
    }

    private static String key(Results.Row r) {
        return r.cls() + "." + r.method() + "|" + r.params();
    }
}
