package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.export.Results;
import dev.kensho.report.stats.ClaimPlan;
import dev.kensho.report.stats.Ratios;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A round's claim rows, computed as the report computes them, and the cases each rests on. */
class RoundClaimsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String CLS = "MatrixBenchmark";

    private static Published claim(String key, String cls, String method, Map<String, String> filter, String metric) {
        return new Published(key, Published.Kind.CLAIM, "what", 1.44, Double.NaN, "x", "seed.txt", "their box", cls, method,
                filter, metric, dev.kensho.report.stats.Range.of(dev.kensho.report.stats.Range.Rule.CHANGE_X2, 1.44, Double.NaN,
                Double.NaN), 0, 0, false, "", Double.NaN, false, "", "");
    }

    /** A section whose claims are load GZ ÷ NONE (a derived ratio) and GZ's recorded size ratio; LZ4 is on a chart only. */
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
            return List.of(claim("load_gz", CLS, "load", Map.of("codec", "GZ"), "load_ratio"),
                    claim("size_gz", CLS, ".*", Map.of("codec", "GZ"), "size_ratio"),
                    claim("elsewhere", "OtherBenchmark", "load", Map.of(), "load_ratio"));
        }

        @Override
        public List<Results.Row> derived(List<Results.Row> rows) {
            Predicate<Results.Row> sel = Ratios.rows(CLS, "load", "ss");
            return Ratios.against(rows, sel, sel.and(r -> "NONE".equals(r.param("codec"))), r -> Ratios.others(r, "codec"),
                    "load_ratio");
        }
    };

    private static JsonNode entry(String codec, double... shots) {
        ObjectNode e = JSON.createObjectNode();
        e.put("benchmark", "dev.kensho.x.y." + CLS + ".load");
        e.put("mode", "ss");
        e.put("forks", 1);
        e.putObject("params").put("codec", codec).put("threads", "4");
        ObjectNode pm = e.putObject("primaryMetric");
        double mean = 0;
        for (double s : shots) {
            mean += s / shots.length;
        }
        pm.put("score", mean);
        pm.put("scoreError", Double.NaN);
        pm.put("scoreUnit", "s/op");
        var fork = pm.putArray("rawData").addArray();
        for (double s : shots) {
            fork.add(s);
        }
        e.putObject("secondaryMetrics");
        return e;
    }

    private static JsonNode size(String codec, double value) {
        ObjectNode m = JSON.createObjectNode();
        m.put("benchmark", "dev.kensho.x.y." + CLS + ".load");
        m.putObject("params").put("codec", codec).put("threads", "4");
        m.put("metric", "size_ratio");
        m.put("value", value);
        m.put("unit", "ratio");
        return m;
    }

    private static final List<RoundClaims.RoundCase> CASES = List.of(
            new RoundClaims.RoundCase("none", "load", Map.of("codec", "NONE")),
            new RoundClaims.RoundCase("gz", "load", Map.of("codec", "GZ")),
            new RoundClaims.RoundCase("lz4", "load", Map.of("codec", "LZ4")));

    @Test
    void aRoundsClaimRowsAreItsRatiosOfForkMeansAndItsRecordedValues() {
        RoundClaims claims = new RoundClaims(CLS, List.of(SECTION));
        assertTrue(claims.any());
        Map<String, Double> v = claims.values(List.of(entry("NONE", 1.0, 1.2), entry("GZ", 1.5, 1.7), entry("LZ4", 1.3, 1.3)),
                List.of(size("GZ", 0.2), size("GZ", 0.24)));
        assertEquals(Set.of("load_gz codec=GZ over=codec=NONE threads=4", "size_gz codec=GZ threads=4"), v.keySet());
        assertEquals(1.6 / 1.1, v.get("load_gz codec=GZ over=codec=NONE threads=4"), 1e-12);
        assertEquals(0.22, v.get("size_gz codec=GZ threads=4"), 1e-12);
    }

    @Test
    void eachClaimRowRestsOnTheCasesWhoseLeavingOutMovesIt() {
        RoundClaims claims = new RoundClaims(CLS, List.of(SECTION));
        List<ClaimPlan.Subject> subjects = claims.subjects(
                List.of(entry("NONE", 1.0, 1.2), entry("GZ", 1.5, 1.7), entry("LZ4", 1.3, 1.3)),
                List.of(size("GZ", 0.2)), CASES);
        assertEquals(2, subjects.size());
        assertEquals(Set.of("gz", "none"), subjects.get(0).cases(), "a ratio rests on both its sides, not on LZ4");
        assertEquals(Set.of("gz"), subjects.get(1).cases());
        assertEquals(4, subjects.get(0).threads());
        assertEquals("load_gz", ((Published) subjects.get(0).claim()).key());
    }

    @Test
    void aClassNoClaimNamesHasNone() {
        RoundClaims claims = new RoundClaims("OtherClassBenchmark", List.of(SECTION));
        assertFalse(claims.any());
        assertTrue(claims.values(List.of(entry("NONE", 1.0)), List.of()).isEmpty());
    }
}
