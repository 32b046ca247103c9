package dev.kensho.kinesis.batch;

import dev.kensho.common.export.Results;
import dev.kensho.common.testing.FixtureRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cost table from a fixture run: PutRecord and PutRecords at the swept record size are set by the suite and
 * equal; the aggregated case carries its interval from the counted iterations and says what its fill follows from.
 * Known answers worked by hand from the fixture and prices.csv (0.015 USD per shard-hour, 0.014 per million units).
 */
class CostTableTest {

    @Test
    void unaggregatedFiftyBytesIsAMillionUnitsAndAThousandShardSeconds() {
        Billing.Usage u = Billing.unaggregated(50);
        assertEquals(1_000_000, u.payloadUnits());
        assertEquals(1000, u.shardSeconds(), 1e-9, "1,000 records/s binds, not 1 MiB/s");
        // 1,000,000 units at 0.014 per million + 1,000 shard-s = 0.2778 shard-hours at 0.015: 0.014 + 0.0041667
        assertEquals(0.0181667, CostTable.cost(CostTable.prices(), u.payloadUnits(), u.shardSeconds()), 1e-7);
        assertEquals(2, Billing.unaggregated(25_000).payloadUnits() / 1_000_000, 1e-9, "data + a 1–6 byte key crosses 25 KB");
        assertEquals(1, Billing.unaggregated(24_990).payloadUnits() / 1_000_000, 1e-9, "24,990 + at most 6 bytes does not");
    }

    @Test
    void tableFromARun(@TempDir Path dir) {
        FixtureRun f = new FixtureRun(dir.resolve("run"));
        String vs = "dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark.putRecords";
        Map<String, String> p = Map.of("records", "1000", "recordBytes", "50", "roundTripMs", "0", "connection", "REUSED");
        f.jmh(vs, p, "ss", "s/op", 0.04, 0.004).work(vs, p, 1000, 50_000);
        String agg = "dev.kensho.kinesis.batch.AggregatedPutRecordsBenchmark.putRecords";
        Map<String, String> a = Map.of("userRecords", "5000", "userRecordBytes", "50", "aggregateBytes", "51200",
                "flushMs", "100", "arrivalRate", "10000.0", "roundTripMs", "0.0");
        f.jmh(agg, a, "ss", "ms/op", 600, 20).work(agg, a, 5000, 250_000);
        for (double units : new double[]{1000, 1100, 1200}) {
            f.measurement(agg, a, "payload_units_per_million", units, "units");
            f.measurement(agg, a, "shard_seconds_per_million", units / 20, "shard-s");
        }
        List<Results.Row> rows = f.rows();
        String md = CostTable.table(rows).markdown();
        assertTrue(md.contains("| PutRecord | 50 | 1 record per call | 1,000,000 | 1,000 | 0.0182 | set by the suite"), md);
        assertTrue(md.contains("| PutRecords | 50 | 500 records per call | 1,000,000 | 1,000 | 0.0182 | set by the suite"), md);
        // 1,100 units × 0.014 / 1e6 = 0.0000154, 55 shard-s × 0.015 / 3600 = 0.00022917: 0.000245
        assertTrue(md.contains("| aggregated + PutRecords | 50 | aggregate ≤ 51200 B, flush 100 ms, arrivalRate=10000.0, roundTripMs=0.0 | 1,100 ± "), md);
        assertTrue(md.contains("| 0.000245 ± "), md);
        assertTrue(md.contains("set by the suite: 1,000 user records arrive per 100 ms flush (arrivalRate × flushMs), an aggregate"
                + " holds at most 51200 B — whichever ends it first sets the fill, which the run counts; × prices set by the suite"), md);
        assertTrue(!md.contains("measured aggregate fill"), "the fill is not a finding: " + md);
        assertTrue(md.contains("prices set by the suite, kinesis-batch prices.csv: 0.0150 USD per shard-hour"), md);
    }
}
