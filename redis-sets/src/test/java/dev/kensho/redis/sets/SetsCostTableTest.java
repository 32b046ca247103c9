package dev.kensho.redis.sets;

import dev.kensho.report.cost.Prices;
import dev.kensho.common.export.Results;
import dev.kensho.common.testing.FixtureRun;
import dev.kensho.report.testing.SectionCheck;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The memory table from the section's fixture run plus a 1M-member set at 161 ± 1 B per member (three iterations):
 * 100M members are 15 GiB, which fits a cache.r7g.xlarge (26.32 GiB less 25%) at both ends of the interval; a
 * billion members fit no listed node.
 */
class SetsCostTableTest {

    @Test
    void knownAnswersForTheWriteUpsAndTheUsersMembers(@TempDir Path tmp) {
        FixtureRun f = SetsSectionTest.fixture(tmp.resolve("run"));
        String m = "dev.kensho.redis.sets.SetMemoryBenchmark.loadSet";
        Map<String, String> p = FixtureRun.params("users", "1000000", "memberBytes", "64");
        f.jmh(m, p, "ss", "s/op", 1, 0.1);
        for (double v : new double[]{160, 161, 162}) {
            f.measurement(m, p, "used_memory_per_member", v, "B");
        }
        List<Results.Row> rows = f.rows();
        SectionCheck.check(new SetsSection(), "dev.kensho.redis.sets", rows);

        Prices.Table prices = Prices.load(SetsCostTable.class, "redis-sets");
        String md = SetsCostTable.table(rows, prices, OptionalDouble.of(1e9)).markdown();
        // scipy: t.ppf(0.9995, 2) / √3 = 18.244 B; × 1e8 members ÷ 2^30: 14.99 [13.30, 16.69] GiB; 0.437 USD × 730 h
        String memory = "14.99 [13.30, 16.69]";
        assertTrue(md.contains("| 100,000,000 (write-up) | 64 | 161.0 ["), md);
        assertTrue(md.contains(memory + " | cache.r7g.xlarge | 319.0 | "), memory + " in " + md);
        assertTrue(md.contains("users=1000000"), "the row it rests on, the largest set measured: " + md);
        assertTrue(md.contains("none listed holds it: 2 × cache.r7g.4xlarge (sharded) … none listed holds it: 3 × cache.r7g.4xlarge"), md);
        assertTrue(md.contains("Node prices set by the suite"), md);
    }
}
