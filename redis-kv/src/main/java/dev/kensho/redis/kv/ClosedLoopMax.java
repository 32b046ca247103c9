package dev.kensho.redis.kv;

import dev.kensho.common.bench.Case;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.export.Results;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The closed-loop maximum of a curve case ({@link KeyValueThroughputLatencyBenchmark}), measured once per
 * case instead of once per point. In the run folder, in this order:
 * <ol>
 * <li>{@link KeyValueThroughputBenchmark}'s closed-loop JMH score ({@code rate=0}) of the same case (every
 * other param equal) — the best estimate (warmed up, all its forks and iterations);</li>
 * <li>the {@code rate_closed_loop_max} an earlier point of the same case recorded (its probe).</li>
 * </ol>
 * Neither (the first point of a case, or outside a launcher run): the trial probes, and records what it found.
 * A maximum from another trial is another server process's: a {@code 1.0x} point offers that rate, which its
 * own server may sustain a little more or less of — the achieved rate, not the offered one, is the curve's x.
 */
final class ClosedLoopMax {

    private static final String CLOSED_LOOP_CLASS = KeyValueThroughputBenchmark.class.getSimpleName();

    private ClosedLoopMax() {
    }

    /** The case's maximum from the run folder, noting where it came from; empty when the trial must probe. */
    static OptionalDouble known(Case c) {
        Path run = Recorder.runDir();
        OptionalDouble found = run == null ? OptionalDouble.empty() : find(Results.load(run), c);
        if (found.isEmpty()) {
            Recorder.note("redis-kv curve", "closed-loop maximum of " + caseName(c) + " probed in its first point's trial ("
                    + OfferedRate.PROBE_ROUNDS + " closed-loop rounds after one unmeasured round; no closed-loop result of"
                    + " the case in this run) and reused by its other points");
        }
        return found;
    }

    /** The closed-loop benchmark's score of the case, else an earlier point's recorded probe. */
    static OptionalDouble find(List<Results.Row> rows, Case c) {
        String cls = cls(c.benchmark());
        for (Results.Row r : rows) {
            if (r.cls().equals(CLOSED_LOOP_CLASS) && r.method().equals(method(c.benchmark())) && r.metric().equals("thrpt")
                    && "0".equals(r.param("rate")) && sameCase(r.params(), c.params())) {
                Recorder.note("redis-kv curve", String.format(Locale.ROOT, "closed-loop maximum of %s: %.0f requests/s,"
                        + " %s's closed-loop score of the same case in this run", caseName(c), r.score(), CLOSED_LOOP_CLASS));
                return OptionalDouble.of(r.score());
            }
        }
        for (Results.Row r : rows) {
            if (r.cls().equals(cls) && r.metric().equals("rate_closed_loop_max") && sameCase(r.params(), c.params())) {
                return OptionalDouble.of(r.score());
            }
        }
        return OptionalDouble.empty();
    }

    /** Every param of the point but {@code rate} has the same value in the row. */
    static boolean sameCase(Map<String, String> row, Map<String, String> point) {
        return point.entrySet().stream().filter(e -> !e.getKey().equals("rate"))
                .allMatch(e -> Objects.equals(row.get(e.getKey()), e.getValue()));
    }

    private static String caseName(Case c) {
        StringBuilder sb = new StringBuilder();
        new java.util.TreeMap<>(c.params()).forEach((k, v) -> {
            if (!k.equals("rate")) {
                sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v);
            }
        });
        return sb.toString();
    }

    private static String cls(String benchmark) {
        String c = benchmark.substring(0, benchmark.lastIndexOf('.'));
        return c.substring(c.lastIndexOf('.') + 1);
    }

    private static String method(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }
}
