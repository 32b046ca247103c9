package dev.kensho.redis.kv;

import dev.kensho.common.Setting;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.redis.kv.load.LoadGenerator.Client;
import dev.kensho.redis.kv.report.CurveReport;
import dev.kensho.redis.kv.trial.OfferedRate;
import dev.kensho.redis.kv.trial.SmallTrials;
import dev.kensho.redis.kv.trial.SweptCase;
import dev.kensho.report.Plot;
import dev.kensho.report.Table;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny throughput–latency sweep against a real embedded server: every point checks its answers; the case's
 * closed-loop point runs first and its achieved rate is the maximum the open-loop points take fractions of, in
 * the same JVM with the same server and connections; the report builds the case's chart (open-loop points
 * only), its table (closed-loop point first), the keep-up judgement against the closed-loop point, and its knee.
 */
@ExtendWith(SmallTrials.class)
// sets kensho.runDir, a JVM-wide property that a concurrent class's test (OpenLoopTest's) reads: one at a time
@ResourceLock(Resources.SYSTEM_PROPERTIES)
class KeyValueThroughputLatencyBenchmarkTest {

    private static final String CURVE = KeyValueThroughputLatencyBenchmark.class.getName() + ".getSetMix";

    @ParameterizedTest
    @EnumSource(Client.class)
    void aTinySweepRunsItsClosedLoopPointFirstAndTakesFractionsOfIt(Client client, @TempDir Path run) {
        String before = System.getProperty(Setting.RUN_DIR.key());
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        FixtureRun f = null;
        double max = Double.NaN;
        try {
            Object server = null;
            for (String rate : List.of("0", "0.5x", "1.0x")) {
                KeyValueThroughputLatencyBenchmark b = Trials.curvePoint(client, 20, 1_000, rate);
                Map<String, String> params;
                try {
                    if (rate.equals("0")) {
                        assertEquals(0, b.trial.offered(), "the closed-loop point offers no rate");
                        server = b.trial.target();
                    } else {
                        assertSame(server, b.trial.target(), "in the same JVM the points share the server, keyspace and connections");
                        assertEquals(max, b.trial.closedLoopMax(), "the open-loop points take the closed-loop point's rate");
                        assertEquals(OfferedRate.parse(rate).offered(max), b.trial.offered(), 1e-6);
                    }
                    for (int i = 0; i < 3; i++) { // three measurement "iterations" of two rounds each
                        b.iterationStart();
                        b.trial.run(1_000);
                        b.trial.run(1_000);
                        b.trial.checkAnswers();
                        b.trial.timings().interval();
                    }
                    assertEquals(6_000, b.trial.timings().service.total().getTotalCount(), "every request timed");
                    if (!rate.equals("0")) {
                        assertEquals(6_000, b.trial.timings().intended.total().getTotalCount(), "every request timed from its due time");
                    }
                    params = caseOf(client, rate);
                } finally {
                    b.tearDown();
                }
                // JMH's score, which only a JMH run writes: the suite's own achieved rate stands in
                double achieved = Results.load(run).stream().filter(r -> r.metric().equals("rate_achieved")
                        && rate.equals(r.param("rate"))).findFirst().orElseThrow().score();
                if (rate.equals("0")) {
                    max = achieved;
                    assertTrue(max > 0);
                }
                f = (f == null ? new FixtureRun(run) : f).jmh(CURVE, params, "thrpt", "ops/s", achieved, achieved * 0.05);
            }
        } finally {
            SweptCase.closeKept();
            if (before == null) {
                System.clearProperty(Setting.RUN_DIR.key());
            } else {
                System.setProperty(Setting.RUN_DIR.key(), before);
            }
        }

        List<Results.Row> rows = Results.load(run);
        Results.Row p99 = rows.stream().filter(r -> r.metric().equals("latency_intended_p99") && "1.0x".equals(r.param("rate")))
                .findFirst().orElseThrow();
        assertEquals(3, p99.samples(), "percentiles come from the three logged intervals");
        assertEquals(1, CurveReport.cases(rows).size());
        assertEquals(2, CurveReport.cases(rows).values().iterator().next().size(), "the open-loop points");
        List<Plot> plots = CurveReport.plots(rows);
        assertEquals(1, plots.size());
        assertEquals(6, plots.get(0).series().size(), "p50/p99/p99.9, intended and service");
        plots.get(0).series().values().forEach(pts -> assertEquals(2, pts.size(), "the closed-loop point is not on the curve"));
        List<Table> tables = CurveReport.tables(rows);
        assertEquals(3, tables.get(0).rows().size(), "one row per point");
        assertEquals("0", tables.get(0).rows().get(0).get(1), "the closed-loop point first");
        assertEquals(1, tables.get(1).rows().size(), "the highest point of the case");
        List<String> kept = tables.get(1).rows().get(0);
        assertEquals("1.0x", kept.get(1));
        assertEquals(Export.fmt(max), kept.get(2), "judged against the closed-loop point");
        assertTrue(Double.parseDouble(kept.get(8)) > 0, "the ratio carries an interval from both sides");
        List<Results.Row> knees = CurveReport.knees(rows);
        assertEquals(1, knees.size());
        assertTrue(knees.get(0).metric().startsWith("knee_rate"), knees.toString());
        assertTrue(knees.get(0).halfWidth() > 0, "the knee carries its point's interval");
    }

    private static Map<String, String> caseOf(Client client, String rate) {
        Map<String, String> p = new TreeMap<>(Map.of("client", client.name(), "clients", "20", "ioThreads", "1",
                "getRatio", "0.8", "pipeline", "1", "keyspace", "1000", "start", "PRELOADED"));
        p.put("rate", rate);
        return p;
    }

    /**
     * Without its own closed-loop point in this JVM, a relative point probes: a closed-loop score of the same case in the
     * run folder (the forked class's, or the curve's own from another JVM) is never read back.
     */
    @Test
    void withoutItsOwnClosedLoopPointARelativePointProbesAndReadsNoResults(@TempDir Path run) {
        String before = System.getProperty(Setting.RUN_DIR.key());
        System.setProperty(Setting.RUN_DIR.key(), run.toString());
        try {
            Map<String, String> closed = caseOf(Client.LETTUCE, "0");
            new FixtureRun(run)
                    .jmh(KeyValueThroughputBenchmark.class.getName() + ".getSetMix", closed, "thrpt", "ops/s", 1e9, 1_000)
                    .measurement(CURVE, closed, "rate_achieved", 1e9, "requests/s");
            SweptCase.closeKept();
            KeyValueThroughputLatencyBenchmark b = Trials.curvePoint(Client.LETTUCE, 20, 1_000, "0.5x");
            try {
                assertTrue(b.trial.closedLoopMax() > 0 && b.trial.closedLoopMax() < 1e9, "probed, not read: " + b.trial.closedLoopMax());
                assertEquals(0.5 * b.trial.closedLoopMax(), b.trial.offered(), 1e-6);
                assertEquals(0, b.trial.timings().service.total().getTotalCount(), "the probe's requests are not in the results");
            } finally {
                b.tearDown();
            }
        } finally {
            SweptCase.closeKept();
            if (before == null) {
                System.clearProperty(Setting.RUN_DIR.key());
            } else {
                System.setProperty(Setting.RUN_DIR.key(), before);
            }
        }
    }
}
