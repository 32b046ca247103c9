package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.export.JmhMerge;
import dev.kensho.common.export.Results;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Published;
import dev.kensho.report.Section;
import dev.kensho.report.stats.Ratios;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A class's rounds planned by its claims, end to end without JMH: a stand-in runner writes each case's one-fork
 * result (GZ loads 2× NONE's, DIFF 1.01×, at 5% noise), the claims on it are a section's ratios as the report
 * computes them, and the rounds stop where the claims do.
 */
class LookedRoundsTest {

    /** The class under test: only its name matters. */
    static final class MatrixFakeBenchmark {
    }

    private static final String CLS = MatrixFakeBenchmark.class.getSimpleName();
    private static final ObjectMapper JSON = new ObjectMapper();

    private static Published direction(String key, String codec) {
        return new Published(key, Published.Kind.CLAIM, "load " + codec + " ÷ NONE", Double.NaN, Double.NaN, "x", "seed.txt",
                "box", CLS, "load", Map.of("codec", codec), "load_ratio",
                new dev.kensho.report.stats.Range(1, Double.POSITIVE_INFINITY, dev.kensho.report.stats.Range.Rule.DIRECTION),
                0, 0, false, "", Double.NaN, false, "", "");
    }

    private static final Section SECTION = new Section() {
        @Override
        public String id() {
            return "x-y";
        }

        @Override
        public int order() {
            return 1;
        }

        @Override
        public String title() {
            return "t";
        }

        @Override
        public String seed() {
            return "";
        }

        @Override
        public String question() {
            return "q";
        }

        @Override
        public List<ChartSpec> charts() {
            return List.of();
        }

        @Override
        public List<Published> published() {
            return List.of(direction("load_gz", "GZ"), direction("load_diff", "DIFF"));
        }

        @Override
        public List<Results.Row> derived(List<Results.Row> rows) {
            Predicate<Results.Row> sel = Ratios.rows(CLS, "load", "ss");
            return Ratios.against(rows, sel, sel.and(r -> "NONE".equals(r.param("codec"))), r -> Ratios.others(r, "codec"),
                    "load_ratio");
        }
    };

    private static Plan.ClassPlan plan() {
        Map<String, String[]> params = new LinkedHashMap<>();
        params.put("codec", new String[]{"NONE", "GZ", "DIFF", "LZ4"});
        return new Plan.ClassPlan(MatrixFakeBenchmark.class, List.of("load"), params, List.of(), false,
                Map.of("load", Set.of("codec")));
    }

    /**
     * Writes the one-fork result JMH would: a load of 1 s × the codec's factor × noise, two shots. Each codec draws
     * its noise from a generator of its own, so its k-th fork reads the same whatever order the round's shuffle
     * (seeded by the run folder's name, a temporary one here) gives.
     */
    private static Rounds.Jmh fake(Map<String, Integer> runs) {
        Map<String, Double> factor = Map.of("NONE", 1.0, "GZ", 2.0, "DIFF", 1.01, "LZ4", 1.5);
        Map<String, SplittableRandom> noise = new LinkedHashMap<>();
        return (Options o) -> {
            String codec = o.getParameter("codec").get().iterator().next();
            runs.merge(codec, 1, Integer::sum);
            SplittableRandom rnd = noise.computeIfAbsent(codec, c -> new SplittableRandom(c.hashCode()));
            double v = factor.get(codec) * Math.exp(0.05 * rnd.nextGaussian());
            ArrayNode arr = JSON.createArrayNode();
            ObjectNode e = arr.addObject();
            e.put("benchmark", "dev.kensho.x.y." + CLS + ".load");
            e.put("mode", "ss");
            e.put("forks", 1);
            e.putObject("params").put("codec", codec);
            ObjectNode pm = e.putObject("primaryMetric");
            pm.put("score", v);
            pm.put("scoreError", Double.NaN);
            pm.put("scoreUnit", "s/op");
            pm.putArray("rawData").addArray().add(v).add(v);
            e.putObject("secondaryMetrics");
            try {
                JSON.writeValue(Path.of(o.getResult().get()).toFile(), arr);
            } catch (java.io.IOException ex) {
                throw new java.io.UncheckedIOException(ex);
            }
        };
    }

    /** What the console was told to add to the class's planned one-fork cases. */
    private static final int[] REPLANNED = {0};

    private static String run(Path dir, double budgetSeconds, Map<String, Integer> runs, ByteArrayOutputStream console) {
        REPLANNED[0] = 0;
        Options base = new OptionsBuilder().build();
        long[] now = {0};
        // every case takes 5 s by this clock (its start and its end are consecutive readings)
        ClassLooks looks = new ClassLooks(dir, CLS, Rounds.cases(plan()), 3, () -> budgetSeconds, List.of(SECTION),
                new PrintStream(console, true), () -> (now[0] += 2_500_000_000L)).onReplan(d -> REPLANNED[0] += d);
        return Rounds.run(dir, MatrixFakeBenchmark.class, plan(), base, 3, dir.resolve("jmh").resolve(CLS + ".json"),
                fake(runs), e -> e.toString(), looks);
    }

    private static Map<String, JsonNode> claimLines(Path dir) throws Exception {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        for (String l : Files.readAllLines(dir.resolve(ClassLooks.FILE))) {
            JsonNode n = JSON.readTree(l);
            out.put(n.path("claim").asText().split(" ")[0], n);
        }
        return out;
    }

    @Test
    void aDecidedClaimStopsItsCasesAndAnOpenOneBeyondTheBudgetStopsSayingSo(@TempDir Path dir) throws Exception {
        Map<String, Integer> runs = new LinkedHashMap<>();
        ByteArrayOutputStream console = new ByteArrayOutputStream();
        assertNull(run(dir, 600, runs, console));
        Map<String, JsonNode> claims = claimLines(dir);
        assertEquals("decided", claims.get("load_gz").path("stop").asText(), claims.toString());
        assertEquals(5, claims.get("load_gz").path("rounds").asInt(), "2× at 5%: decided at the first bounded round");
        assertTrue(claims.get("load_gz").path("verdict").asText().startsWith("reproduced"));
        assertEquals("remedy beyond budget", claims.get("load_diff").path("stop").asText(), "1% at 5% needs hundreds of rounds");
        assertEquals(Map.of("NONE", 5, "GZ", 5, "DIFF", 5, "LZ4", 3), runs, "LZ4 carries no claim: the planned 3 rounds");
        assertEquals(18 - 3 * 4, REPLANNED[0], "the console counts the 18 one-fork cases that ran, not the 12 planned");
        JsonNode merged = JSON.readTree(dir.resolve("jmh").resolve(CLS + ".json").toFile());
        for (JsonNode b : merged) {
            boolean lz4 = b.path("params").path("codec").asText().equals("LZ4");
            assertEquals(!lz4, b.path(JmhMerge.LOOKED_FIELD).asBoolean(), "the cases the looks stopped are marked, LZ4's fixed rounds not");
            assertEquals(lz4 ? 3 : 5, b.path(JmhMerge.ROUNDS_FIELD).asInt());
        }
        assertTrue(console.toString().contains(CLS + " round 5: 0 of 2 claim rows open, 0 of 4 cases go on"), console.toString());
        // the report's interval for the looked rows is the anytime-valid one
        Results.Row gz = Results.load(dir).stream().filter(r -> "GZ".equals(r.param("codec"))).findFirst().orElseThrow();
        assertTrue(gz.forks().looked());
        assertEquals("rounds by claims: 2 claim rows — decided 1 (median 5 rounds), remedy beyond budget 1 (median 5"
                + " rounds) (report: How each answer was reached)", RunSummary.stops(dir));
    }

    @Test
    void aSpentBudgetStopsOpenClaimsAtOnceEachSayingWhereItStood(@TempDir Path dir) throws Exception {
        Map<String, Integer> runs = new LinkedHashMap<>();
        assertNull(run(dir, -1, runs, new ByteArrayOutputStream()));
        JsonNode diff = claimLines(dir).get("load_diff");
        assertEquals("budget", diff.path("stop").asText());
        assertEquals(1, diff.path("rounds").asInt());
        assertTrue(diff.path("interval").asText().startsWith("unbounded (anytime-valid, 1 paired rounds: valid however often"
                + " the run looks, it holds every value until round 5)"), diff.toString());
        assertEquals(Map.of("NONE", 1, "GZ", 1, "DIFF", 1, "LZ4", 1), runs,
                "no case runs past the budget, a claim's or one no claim rests on (LZ4: 3 rounds planned)");
    }

    /**
     * With an allowance for claim rounds (the default hour's {@code @claimMinutes}), which rows a class funds follows
     * from its own rounds' seconds, not from the budget the classes before it left: two budgets far apart fund the same
     * rows, and an allowance too small for a row stops it at once, though the budget could pay.
     */
    @Test
    void anAllowanceFixesWhichClaimsAreFundedWhateverTheBudgetLeft(@TempDir Path dir) throws Exception {
        Map<String, Integer> tight = new LinkedHashMap<>();
        Map<String, Integer> ample = new LinkedHashMap<>();
        assertNull(run(dir.resolve("a"), 600, 120, tight));
        assertNull(run(dir.resolve("b"), 6000, 120, ample));
        assertEquals(tight, ample, "the same cases ran the same rounds under a budget ten times as large");
        Map<String, JsonNode> a = claimLines(dir.resolve("a"));
        Map<String, JsonNode> b = claimLines(dir.resolve("b"));
        for (String key : List.of("load_gz", "load_diff")) {
            assertEquals(a.get(key).path("stop").asText(), b.get(key).path("stop").asText(), key);
            assertEquals(a.get(key).path("rounds").asInt(), b.get(key).path("rounds").asInt(), key);
        }
        assertEquals("decided", a.get("load_gz").path("stop").asText(), "4 more rounds of 2 cases fit in 120 s");
        assertEquals(2.0, a.get("load_gz").path("allowanceMinutes").asDouble());
        Map<String, Integer> small = new LinkedHashMap<>();
        assertNull(run(dir.resolve("c"), 600, 15, small));
        JsonNode gz = claimLines(dir.resolve("c")).get("load_gz");
        assertEquals("remedy beyond budget", gz.path("stop").asText(), "4 more rounds of 2 cases do not fit in 15 s: " + gz);
        assertEquals(1, gz.path("rounds").asInt());
        assertEquals(0.3, gz.path("allowanceMinutes").asDouble(), "15 s, to a tenth of a minute");
    }

    private static String run(Path dir, double budgetSeconds, double allowanceSeconds, Map<String, Integer> runs) {
        long[] now = {0};
        ClassLooks looks = new ClassLooks(dir, CLS, Rounds.cases(plan()), 3, () -> budgetSeconds, List.of(SECTION),
                new PrintStream(new ByteArrayOutputStream(), true), () -> (now[0] += 2_500_000_000L))
                .allowance(allowanceSeconds);
        return Rounds.run(dir, MatrixFakeBenchmark.class, plan(), new OptionsBuilder().build(), 3,
                dir.resolve("jmh").resolve(CLS + ".json"), fake(runs), e -> e.toString(), looks);
    }

    /** A claim no round can change (it needs more cores than any host has) stops at once, and so do its cases. */
    @Test
    void aClaimThatNeedsNoRoundsStopsAtOnce(@TempDir Path dir) throws Exception {
        Published gz = direction("load_gz", "GZ");
        Published needsCores = new Published(gz.key(), Published.Kind.CLAIM, gz.what(), gz.value(), gz.error(), gz.unit(),
                gz.source(), gz.setup(), gz.cls(), gz.method(), gz.filter(), gz.metric(), gz.range(), 100_000, 0, false, "",
                Double.NaN, false, "", "");
        Map<String, Integer> runs = new LinkedHashMap<>();
        assertNull(run(dir, 600, 1, withClaims(needsCores), runs));
        JsonNode line = claimLines(dir).get("load_gz");
        assertEquals("decided", line.path("stop").asText());
        assertEquals(1, line.path("rounds").asInt());
        assertTrue(line.path("verdict").asText().startsWith("not reproducible here: needs ≥ 100000 cores"), line.toString());
        assertEquals(Map.of("NONE", 1, "GZ", 1, "DIFF", 1, "LZ4", 1), runs, "one round planned: every case once");
    }

    /**
     * A class planned with one round (its scale table's {@code @rounds = 1}): the cases a claim rests on run until it
     * is decided, the others once; a check (judged like a claim, its answer following from the set-up) plans rounds
     * the same way.
     */
    @Test
    void withOneRoundPlannedOnlyTheClaimedCasesRunOnAndChecksPlanLikeClaims(@TempDir Path dir) throws Exception {
        Published gz = direction("load_gz", "GZ");
        Published check = new Published(gz.key(), Published.Kind.CHECK, gz.what(), gz.value(), gz.error(), gz.unit(),
                gz.source(), gz.setup(), gz.cls(), gz.method(), gz.filter(), gz.metric(), gz.range(), 0, 0, false, "",
                Double.NaN, false, "", "");
        Map<String, Integer> runs = new LinkedHashMap<>();
        assertNull(run(dir, 600, 1, withClaims(check), runs));
        assertEquals("decided", claimLines(dir).get("load_gz").path("stop").asText());
        assertEquals(Map.of("NONE", 5, "GZ", 5, "DIFF", 1, "LZ4", 1), runs);
    }

    /** {@link #SECTION} with other published rows. */
    private static Section withClaims(Published... rows) {
        return new Section() {
            @Override
            public String id() {
                return SECTION.id();
            }

            @Override
            public int order() {
                return 1;
            }

            @Override
            public String title() {
                return "t";
            }

            @Override
            public String seed() {
                return "";
            }

            @Override
            public String question() {
                return "q";
            }

            @Override
            public List<ChartSpec> charts() {
                return List.of();
            }

            @Override
            public List<Published> published() {
                return List.of(rows);
            }

            @Override
            public List<Results.Row> derived(List<Results.Row> r) {
                return SECTION.derived(r);
            }
        };
    }

    private static String run(Path dir, double budgetSeconds, int planned, Section section, Map<String, Integer> runs) {
        long[] now = {0};
        ClassLooks looks = new ClassLooks(dir, CLS, Rounds.cases(plan()), planned, () -> budgetSeconds, List.of(section),
                new PrintStream(new ByteArrayOutputStream(), true), () -> (now[0] += 2_500_000_000L));
        return Rounds.run(dir, MatrixFakeBenchmark.class, plan(), new OptionsBuilder().build(), planned,
                dir.resolve("jmh").resolve(CLS + ".json"), fake(runs), e -> e.toString(), looks);
    }

    @Test
    void aClassNoClaimNamesRunsItsPlannedRoundsUnlooked(@TempDir Path dir) throws Exception {
        Map<String, Integer> runs = new LinkedHashMap<>();
        ClassLooks looks = new ClassLooks(dir, CLS, Rounds.cases(plan()), 3, () -> 600, List.of(),
                new PrintStream(new ByteArrayOutputStream()));
        assertNull(Rounds.run(dir, MatrixFakeBenchmark.class, plan(), new OptionsBuilder().build(), 3,
                dir.resolve("jmh").resolve(CLS + ".json"), fake(runs), e -> e.toString(), looks));
        assertEquals(Map.of("NONE", 3, "GZ", 3, "DIFF", 3, "LZ4", 3), runs);
        assertFalse(Files.exists(dir.resolve(ClassLooks.FILE)));
        assertNull(RunSummary.stops(dir));
        for (JsonNode b : JSON.readTree(dir.resolve("jmh").resolve(CLS + ".json").toFile())) {
            assertFalse(b.has(JmhMerge.LOOKED_FIELD));
            assertEquals(3, b.path(JmhMerge.ROUNDS_FIELD).asInt());
        }
        assertEquals(3, Files.readAllLines(dir.resolve(Rounds.FILE)).size());
    }
}
