package dev.kensho.redis.kv;

import dev.kensho.common.cost.Prices;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Table;
import dev.kensho.common.testing.FixtureRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The cost tables from a fixture run with one server-bound point (io-threads 1: server 0.98 of its 1 core) and one
 * that is not (io-threads 2: 1.5 of 2 cores): known answers for the cost per billion requests, the nodes for a
 * target, and the io-threads gain against the price ratio.
 */
class KvCostTableTest {

    private static final String B = "dev.kensho.redis.kv.KeyValueThroughputBenchmark.getSetMix";

    static List<Results.Row> fixture(Path dir) {
        FixtureRun f = new FixtureRun(dir);
        for (String io : new String[]{"1", "2"}) {
            Map<String, String> p = FixtureRun.params("client", "JEDIS", "clients", "100", "ioThreads", io, "start", "PRELOADED",
                    "rate", "0", "getRatio", "0.8", "keyspace", "1000000", "pipeline", "1");
            boolean one = io.equals("1");
            f.jmh(B, p, "thrpt", "ops/s", one ? 100_000 : 120_000, one ? 5_000 : 6_000)
                    .secondary("cpu.server", "cores", one ? 0.98 : 1.5, one ? 0.02 : 0.1)
                    .secondary("cpu.server.limit", "cores", one ? 1 : 2, Double.NaN)
                    .secondary("cpu.client", "cores", 0.5, 0.05)
                    .secondary("cpu.client.limit", "cores", 1, Double.NaN);
        }
        List<Results.Row> rows = new ArrayList<>(f.rows());
        rows.addAll(new KeyValueSection().derived(rows));
        return rows;
    }

    @Test
    void knownAnswersFromOneServerBoundPoint(@TempDir Path tmp) {
        List<Results.Row> rows = fixture(tmp.resolve("run"));
        Prices.Table prices = Prices.load(KvCostTable.class, "redis-kv", KvCostTable.NODE, KvCostTable.BIGGER);
        List<Table> t = KvCostTable.tables(rows, prices, OptionalDouble.of(1_000_000));
        assertEquals(3, t.size());

        String cost = t.get(0).markdown();
        assertEquals(1, t.get(0).rows().size(), "only the server-bound point: " + cost);
        assertTrue(cost.contains("ioThreads=1"), cost);
        double hours = 1e9 / 3600 / 100_000;
        String expected = Export.fmt(hours) + " [" + Export.fmt(1e9 / 3600 / 105_000) + ", " + Export.fmt(1e9 / 3600 / 95_000) + "]";
        assertTrue(cost.contains(expected), expected + " in " + cost);
        assertTrue(cost.contains(Export.fmt(0.219 * hours) + " [" + Export.fmt(0.219 * 1e9 / 3600 / 105_000) + ", "), cost);
        assertTrue(cost.contains(Export.fmt(100_000 / 0.98) + " ["), "requests per server core");
        assertTrue(cost.contains("set by the suite") && cost.contains("cache.r7g.large") && cost.contains("context, not a prediction"), cost);

        String gain = t.get(1).markdown();
        assertTrue(gain.contains("| " + Export.fmt(0.437 / 0.219) + " | no: the whole interval is below the price ratio |"), gain);

        String sizing = t.get(2).markdown();
        assertTrue(sizing.contains("| 10 … 11 | " + Export.fmt(10 * 0.219 * 730) + " … " + Export.fmt(11 * 0.219 * 730) + " |"), sizing);
    }

    @Test
    void noServerBoundPointSaysSo(@TempDir Path tmp) {
        List<Results.Row> rows = fixture(tmp.resolve("run")).stream().filter(r -> !"1".equals(r.param("ioThreads"))).toList();
        Prices.Table prices = Prices.load(KvCostTable.class, "redis-kv", KvCostTable.NODE, KvCostTable.BIGGER);
        List<Table> t = KvCostTable.tables(rows, prices, OptionalDouble.empty());
        assertEquals(2, t.size(), "no sizing without a target");
        assertTrue(t.get(0).markdown().contains("no server-bound point in this run"));
    }
}
