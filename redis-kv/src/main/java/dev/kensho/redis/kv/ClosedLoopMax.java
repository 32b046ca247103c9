package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.export.Results;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The closed-loop maximum of a curve case ({@link KeyValueThroughputLatencyBenchmark}): the rate its {@code 1.0x}
 * point offers, and the one the generator's keep-up is judged against. Measured once per case, in this order of
 * preference:
 * <ol>
 * <li>the curve's own closed-loop point ({@code rate=0}, the sweep's first): same JVM, warm-up, iteration length,
 * server, keyspace and connections as the open-loop points — like for like. At {@code -f 0} (the default scale)
 * the kept trial carries it to the next point in memory; with forks, its {@code rate_achieved} in the run folder;</li>
 * <li>{@link KeyValueThroughputBenchmark}'s closed-loop JMH score of the same case in the run — forked and warmed
 * longer, so a curve run in the launcher's JVM after a 1 s warm-up may not reach it (run reference-89ec53f: 7 of 8
 * points at {@code 1.0x} achieved 83–95% of it);</li>
 * <li>the {@code rate_closed_loop_max} an earlier point of the same case recorded (its probe).</li>
 * </ol>
 * None (a sweep without {@code 0}, outside a launcher run): the trial probes, and records what it found.
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
                    + OfferedRate.PROBE_ROUNDS + " closed-loop rounds after one unmeasured round; no closed-loop point of"
                    + " the case in this run) and reused by its other points");
        }
        return found;
    }

    /** A closed-loop point of the curve has ended: its mean achieved rate is the case's maximum from now on. */
    static void measuredHere(Case c, double achieved) {
        if (cls(c.benchmark()).equals(CurveReport.CLS)) {
            Recorder.note("redis-kv curve", String.format(Locale.ROOT, "closed-loop maximum of %s: %.0f requests/s, the"
                    + " curve's own closed-loop point (rate=0: same JVM, warm-up, server and connections as its open-loop"
                    + " points)", caseName(c), achieved));
        }
    }

    /** The curve's own closed-loop point, else the closed-loop benchmark's score, else an earlier point's probe. */
    static OptionalDouble find(List<Results.Row> rows, Case c) {
        String cls = cls(c.benchmark());
        for (Results.Row r : rows) {
            if (r.cls().equals(cls) && r.metric().equals("rate_achieved") && "0".equals(r.param("rate"))
                    && sameCase(r.params(), c.params())) {
                return OptionalDouble.of(r.score());
            }
        }
        for (Results.Row r : rows) {
            if (r.cls().equals(CLOSED_LOOP_CLASS) && r.method().equals(method(c.benchmark())) && r.metric().equals("thrpt")
                    && "0".equals(r.param("rate")) && sameCase(r.params(), c.params())) {
                Recorder.note("redis-kv curve", String.format(Locale.ROOT, "closed-loop maximum of %s: %.0f requests/s,"
                        + " %s's closed-loop score of the same case in this run (forked; the sweep has no rate=0 point)",
                        caseName(c), r.score(), CLOSED_LOOP_CLASS));
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
