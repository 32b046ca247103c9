package dev.kensho.hbase.meter;

import dev.kensho.common.export.RunFolder;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.report.Published;
import dev.kensho.report.Rendered;
import dev.kensho.report.stats.Verdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One claim, one verdict: Query 2's "more meters raise rows/s" is judged over every thread count of ours at once (the
 * weakest case decides), so a run that measures 1 and 10 threads gives it one ledger row, not one per thread count.
 * The fixture's numbers are hand-picked: at 10 threads the larger fleet doubles the rows/s (reproduced alone), at one
 * thread the two fleets read alike with ±50% each side (open alone); the one verdict is the open one, naming its case.
 */
class MeterQueryTwoFleetClaimTest {

    private static final String GET = "dev.kensho.hbase.meter.LatestReadingGetBenchmark.multiGetLatest";

    @Test
    void theFleetClaimIsOneLedgerRowWithOneVerdictOverEveryThreadCount(@TempDir Path tmp) throws Exception {
        Published claim = Published.load(MeterSection.class).stream().filter(p -> p.key().equals("q2_meters"))
                .findFirst().orElseThrow();
        assertTrue(claim.every(), "q2_meters is a claim about every case of ours");

        FixtureRun f = new FixtureRun(tmp.resolve("run"));
        // {threads, meters, ms per multi-Get, its half-width}: 1 thread 100k vs 100k rows/s; 10 threads 100k vs 200k
        String[][] cases = {{"1", "1000", "10", "5"}, {"1", "10000", "100", "50"}, {"10", "1000", "10", "0.2"},
                {"10", "10000", "50", "1"}};
        for (String[] c : cases) {
            var params = FixtureRun.params("meters", c[1], "threads", c[0]);
            f.jmh(GET, params, "ss", "ms/op", Double.parseDouble(c[2]), Double.parseDouble(c[3]))
                    .work(GET, params, Long.parseLong(c[1]), 0);
        }
        RunFolder.at(f.dir()).export();

        Rendered meter = Rendered.load(f.dir()).stream().filter(r -> r.id().equals("hbase-meter")).findFirst().orElseThrow();
        int verdict = meter.ledger().headers().indexOf("verdict");
        List<List<String>> rows = meter.ledger().rows().stream().filter(r -> r.get(0).startsWith(claim.what())).toList();
        assertEquals(1, rows.size(), "one row for the claim: " + rows);
        assertEquals(claim.what(), rows.get(0).get(0), "no case named after the claim: it speaks for every case");
        String v = rows.get(0).get(verdict);
        assertTrue(v.startsWith(Verdict.NOT_RESOLVED + " in meters=10000 threads=1 ÷ meters=1000 ") && v.contains("(1 of 2 cases " + Verdict.NOT_RESOLVED
                + ", 1 " + Verdict.REPRODUCED + ")"), "the weakest case decides, and the verdict says how the other read: " + v);

        String md = Files.readString(f.dir().resolve("report.md"));
        assertEquals(1, md.lines().filter(l -> l.startsWith("| ") && l.contains(claim.what())).count(),
                "the report's ledger prints the claim once");
    }
}
