package dev.kensho.report;

import dev.kensho.report.stats.NoiseFloor;
import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.Results;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Compare as a gate, on small run folders written here: intervals of both runs, an A/A noise floor, exit codes. */
class CompareTest {

    private static final String BENCH = "dev.kensho.hbase.meter.CompressionMatrixBenchmark";

    /** A run folder with one JMH result (load: score ± error in ms/op) and one recorded measurement. */
    static Path run(Path dir, double score, Double error, double... hfileBytes) throws IOException {
        Files.createDirectories(dir.resolve("jmh"));
        String err = error == null ? "\"NaN\"" : Double.toString(error);
        Files.writeString(dir.resolve("jmh/CompressionMatrixBenchmark.json"), """
                [ { "benchmark" : "%s.load", "mode" : "ss", "params" : { "codec" : "GZ" },
                    "primaryMetric" : { "score" : %s, "scoreError" : %s, "scoreUnit" : "ms/op",
                                        "rawData" : [ [ %s, %s, %s ] ] } } ]
                """.formatted(BENCH, score, err, score, score, score));
        StringBuilder m = new StringBuilder();
        for (double v : hfileBytes) {
            m.append("{\"benchmark\":\"").append(BENCH).append(".load\",\"params\":{\"codec\":\"GZ\"},")
                    .append("\"metric\":\"hfile_bytes\",\"value\":").append(v).append(",\"unit\":\"bytes\"}\n");
        }
        Files.writeString(dir.resolve("measurements.jsonl"), m.toString());
        return dir;
    }

    private static String[] args(Object... a) {
        String[] s = new String[a.length];
        for (int i = 0; i < a.length; i++) {
            s[i] = a[i].toString();
        }
        return s;
    }

    private record Outcome(int status, String out, String err) {
    }

    private static Outcome compare(Object... a) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int rc = Compare.run(args(a), new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Outcome(rc, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A run folder with load results of {@code scores.length} cases (codec=c0, c1, …), each score ± {@code error}. */
    static Path cases(Path dir, double error, double... scores) throws IOException {
        Files.createDirectories(dir.resolve("jmh"));
        StringBuilder sb = new StringBuilder("[");
        for (int i = 0; i < scores.length; i++) {
            double v = scores[i];
            sb.append(i == 0 ? "" : ",").append("""
                    { "benchmark" : "%s.load", "mode" : "ss", "params" : { "codec" : "c%d" },
                      "primaryMetric" : { "score" : %s, "scoreError" : %s, "scoreUnit" : "ms/op", "rawData" : [ [ %s, %s, %s ] ] } }
                    """.formatted(BENCH, i, v, error, v, v, v));
        }
        Files.writeString(dir.resolve("jmh/CompressionMatrixBenchmark.json"), sb.append("]").toString());
        return dir;
    }

    private static final double[] BASE = {100, 200, 300, 400, 500, 600, 700, 800};
    /** An A/A pair's second run: each case within 1% of the first. */
    private static final double[] QUIET = {1.01, 0.99, 1.005, 0.995, 1.01, 0.99, 1.0, 1.0};
    /** Its floor, worked apart from the code (numpy, scipy). */
    private static final double EXPECTED_FLOOR = 0.0385353;

    private static double[] times(double[] a, double[] f) {
        double[] out = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * f[i];
        }
        return out;
    }

    @Test
    void aMoveBeyondBothIntervalsAndTheNoiseFloorFailsTheGate(@TempDir Path tmp) throws IOException {
        Path a1 = cases(tmp.resolve("aa1"), 1.0, BASE);
        Path a2 = cases(tmp.resolve("aa2"), 1.0, times(BASE, QUIET));
        Path base = cases(tmp.resolve("base"), 1.0, BASE);
        double[] slow = BASE.clone();
        slow[0] = 130;
        Path slower = cases(tmp.resolve("slower"), 1.0, slow);
        Outcome o = compare("--noise", a1, a2, base, slower);
        assertEquals(1, o.status(), o.out());
        assertTrue(o.out().contains("+30.0%") && o.out().contains("| **moved** |"), o.out());
        assertTrue(o.out().contains("1 of 8 numbers moved."), o.out());
        assertTrue(Files.exists(slower.resolve(NoiseFloor.FILE)), "the A/A floor is written for reuse");

        // the stored floor gives the same verdict; a run within the intervals passes
        Path floor = slower.resolve(NoiseFloor.FILE);
        assertEquals(1, compare("--noise", floor, base, slower).status());
        double[] near = BASE.clone();
        near[0] = 101.5;
        assertEquals(0, compare("--noise", floor, base, cases(tmp.resolve("same"), 1.0, near)).status());
    }

    /** The floor's known answer: t(0.9995, 8) times the root mean square of the eight ln(A2 / A1). */
    @Test
    void theFloorBoundsAMethodsAaDifferencesAtTheReportsConfidence(@TempDir Path tmp) throws IOException {
        Map<String, Double> floors = NoiseFloor.of(Compare.diff(Results.load(cases(tmp.resolve("aa1"), 1.0, BASE)),
                Results.load(cases(tmp.resolve("aa2"), 1.0, times(BASE, QUIET)))), Compare::key);
        // numpy/scipy: expm1(t.ppf(0.9995, 8) · √mean(ln² QUIET)) = expm1(5.041305 × 0.0075003)
        double expected = EXPECTED_FLOOR;
        assertEquals(8, floors.size(), floors.toString());
        floors.values().forEach(f -> assertEquals(expected, f, 1e-5));
        assertEquals("−38.7% … +63.2%", Compare.floorText(0.632), "a floor bounds a fall as far as a rise, in ratio");
    }

    /**
     * The old floor (a number's own A/A difference) is exceeded by a second A/A pair half the time; a floor over the
     * method's numbers holds: the second pair moves no number of a method whose first pair spread alike.
     */
    @Test
    void aSecondAaPairOfTheSameSpreadDoesNotMove(@TempDir Path tmp) throws IOException {
        Path a1 = cases(tmp.resolve("aa1"), 0.1, BASE);
        Path a2 = cases(tmp.resolve("aa2"), 0.1, times(BASE, QUIET));
        double[] other = {0.99, 1.01, 0.995, 1.005, 1.0, 1.0, 1.01, 0.99}; // the same spread, other numbers
        Outcome o = compare("--noise", a1, a2, cases(tmp.resolve("b1"), 0.1, BASE),
                cases(tmp.resolve("b2"), 0.1, times(BASE, other)));
        assertEquals(0, o.status(), o.out());
        assertTrue(o.out().contains("0 of 8 numbers moved."), o.out());
        assertTrue(o.out().contains("within the A/A noise floor"), o.out());
    }

    @Test
    void aMoveBeyondTheIntervalsButWithinTheNoiseFloorPasses(@TempDir Path tmp) throws IOException {
        double[] loud = {1.25, 0.8, 1.2, 0.85, 1.1, 0.9, 1.15, 0.95}; // this machine's A/A spread: up to 25%
        Path a1 = cases(tmp.resolve("aa1"), 1.0, BASE);
        Path a2 = cases(tmp.resolve("aa2"), 1.0, times(BASE, loud));
        double[] after = BASE.clone();
        after[0] = 110;
        Outcome o = compare("--noise", a1, a2, cases(tmp.resolve("base"), 1.0, BASE), cases(tmp.resolve("after"), 1.0, after));
        assertEquals(0, o.status(), o.out());
        assertTrue(o.out().contains("within the A/A noise floor"), o.out());
    }

    /** A method with fewer than three numbers in the A/A pair cannot bound its noise: its numbers are not judged. */
    @Test
    void aMethodWithTooFewAaNumbersGetsNoFloor(@TempDir Path tmp) throws IOException {
        Path a1 = cases(tmp.resolve("aa1"), 1.0, 100, 200);
        Path a2 = cases(tmp.resolve("aa2"), 1.0, 101, 199);
        assertTrue(NoiseFloor.of(Compare.diff(Results.load(a1), Results.load(a2)), Compare::key).isEmpty());
        Outcome o = compare("--noise", a1, a2, cases(tmp.resolve("base"), 1.0, 100, 200), cases(tmp.resolve("after"), 1.0, 150, 200));
        assertEquals(0, o.status(), o.out());
        assertTrue(o.out().contains("no A/A floor") && o.out().contains("1 beyond the intervals had no A/A floor"), o.out());
    }

    @Test
    void aNumberWithoutAnIntervalIsReportedAndNeverFailsTheGate(@TempDir Path tmp) throws IOException {
        // no JMH error and a single recorded sample: no interval on either number, however far they moved
        Path base = run(tmp.resolve("base"), 100, null, 1000);
        Path after = run(tmp.resolve("after"), 300, null, 5000);
        Outcome o = compare(base, after);
        assertEquals(0, o.status(), o.out());
        assertFalse(o.out().contains("| **moved** |"), o.out());
        assertTrue(o.out().contains("no interval: not judged"), o.out());
        assertTrue(o.out().contains("No noise floor given"), o.out());
        var diffs = Compare.diff(Results.load(base), Results.load(after));
        assertTrue(diffs.stream().noneMatch(Compare.Diff::significant), "an absent error is not an error of 0");
    }

    @Test
    void recordedMeasurementsUseAStudentTIntervalOverTheirSamples(@TempDir Path tmp) throws IOException {
        Path base = run(tmp.resolve("base"), 100, 1.0, 1000, 1010, 990);
        Results.Row bytes = Results.load(base).stream().filter(r -> r.metric().equals("hfile_bytes")).findFirst().orElseThrow();
        // sd 10 over 3 samples: t(0.9995, 2) = 31.6 → 31.6 · 10 / √3 = 182.5
        assertEquals(182.5, Compare.halfWidth(bytes), 0.5);
        Path after = run(tmp.resolve("after"), 100, 1.0, 1100, 1110, 1090); // +10%: inside ±182 on both sides
        Outcome o = compare(base, after);
        assertEquals(0, o.status(), o.out());
        Path far = run(tmp.resolve("far"), 100, 1.0, 2000, 2010, 1990);
        assertEquals(1, compare(base, far).status(), "without --noise the intervals alone decide");
    }

    @Test
    void aNumberTheAaPairDidNotMeasureIsNotJudged(@TempDir Path tmp) throws IOException {
        Path noise = tmp.resolve("noise.json");
        NoiseFloor.write(noise, "test", Map.of("Other|load|codec=GZ|ms/op", 0.01));
        Outcome o = compare("--noise", noise, run(tmp.resolve("base"), 100, 1.0, 1000, 1000), run(tmp.resolve("after"), 200, 1.0, 1000, 1000));
        assertEquals(0, o.status(), o.out());
        assertTrue(o.out().contains("no A/A floor (not in the pair"), o.out());
        assertNull(NoiseFloor.read(noise).get("CompressionMatrixBenchmark|load|codec=GZ|ms/op"));
    }

    @Test
    void badArgumentsAreOneLineAndStatusTwo(@TempDir Path tmp) throws IOException {
        Path base = run(tmp.resolve("base"), 100, 1.0, 1000);
        Path empty = Files.createDirectories(tmp.resolve("empty/jmh")).getParent();
        Path notJson = Files.writeString(tmp.resolve("floor.txt"), "not json");
        for (Object[] bad : new Object[][]{{}, {base}, {base, base, base}, {"--noise"}, {"--noise", base},
                {base, tmp.resolve("missing")}, {base, empty}, {"--noise", notJson, base, base}}) {
            Outcome o = compare(bad);
            assertEquals(2, o.status(), java.util.Arrays.toString(bad) + ": " + o.err());
            assertEquals(1, o.err().strip().lines().count(), o.err());
            assertTrue(o.err().startsWith("kensho: "), o.err());
        }
    }

    @Test
    void runsOnMachinesOfDifferentSpeedAreFlagged() {
        Yardstick.Summary base = new Yardstick.Summary(3, 1000, 990, 1010, 40_000, 39_000, 41_000);
        Yardstick.Summary same = new Yardstick.Summary(3, 1030, 1000, 1040, 38_500, 38_000, 39_000);
        Yardstick.Summary slow = new Yardstick.Summary(3, 600, 590, 610, 24_000, 23_000, 25_000);
        Yardstick.Summary loopOnly = new Yardstick.Summary(3, 1000, 990, 1010, 24_000, 23_000, 25_000);
        assertFalse(Compare.machines(Optional.of(base), Optional.of(loopOnly)).contains("differed"), "loopback is shown, not judged");
        assertEquals("", Compare.machines(Optional.of(base), Optional.empty()), "a run without readings: nothing to say");
        String s = Compare.machines(Optional.of(base), Optional.of(same));
        assertTrue(s.contains("× 1.03") && s.contains("× 0.96") && !s.contains("differed"), s);
        String d = Compare.machines(Optional.of(base), Optional.of(slow));
        assertTrue(d.contains("× 0.60") && d.contains("differed by more than 10%"), d);
        String md = Compare.markdown("a", "b", java.util.List.of(), Map.of(), null, d);
        assertTrue(md.contains(d), md);
    }

    @Test
    void aProfiledRunIsNotComparedWithAPlainOneUnlessAsked(@TempDir Path tmp) throws IOException {
        Path plain = run(tmp.resolve("plain"), 100, 1.0, 1000);
        Path profiled = run(tmp.resolve("profiled"), 130, 1.0, 1000);
        Files.writeString(profiled.resolve("env.json"), "{\"profiling\":{\"profiled\":true,\"profilers\":[]}}");
        Outcome refused = compare(plain, profiled);
        assertEquals(2, refused.status(), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        assertTrue(refused.err().contains("profiled") && refused.err().contains("--mix-profiled"), refused.err());
        Outcome asked = compare("--mix-profiled", plain, profiled);
        assertEquals(1, asked.status(), "compared: 130 against 100 moved; " + asked.err());
        Path alsoProfiled = run(tmp.resolve("profiled2"), 130, 1.0, 1000);
        Files.writeString(alsoProfiled.resolve("env.json"), "{\"profiling\":{\"profiled\":true}}");
        assertEquals(0, compare(profiled, alsoProfiled).status(), "two profiled runs compare");
    }
}
