package dev.kensho.report.cost;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The shared price format: a module's defaults ({@code prices.csv} beside the anchor — here the test's own), the
 * user's file overriding items and adding others, one currency per table, node specs read from the unit, and the
 * <i>set by the suite</i> label every table shows a price with.
 */
class PricesTest {

    private static final String HEADER = "service,item,unit,price,currency,region,source,date\n";

    @AfterEach
    void clear() {
        System.clearProperty(Setting.PRICES.key());
    }

    @Test
    void defaultsLoadAndAPriceIsShownAsSetByTheSuite() {
        Prices.Table t = Prices.load(PricesTest.class, "test", "cache.small", "storage");
        assertEquals("test prices.csv", t.origin());
        assertEquals("0.100 USD per node-hour; 6 GiB, 2 vCPU (cache.small, us-east-1; set by the suite: a fixture, not verified here,"
                + " entered 2026-11-27)", t.get("cache.small").setBySuite());
    }

    @Test
    void theUsersFileOverridesAnItemAndAddsOthers(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("p.csv"), HEADER
                + "elasticache,cache.small,\"per node-hour; 6 GiB, 2 vCPU\",0.05,USD,us-east-1,my contract,2026-11-01\n"
                + "elasticache,cache.huge,\"per node-hour; 600 GiB, 64 vCPU\",9,USD,us-east-1,my contract,2026-11-01\n");
        System.setProperty(Setting.PRICES.key(), f.toString());
        Prices.Table t = Prices.load(PricesTest.class, "test", "cache.small", "storage");
        assertEquals(0.05, t.price("cache.small"));
        assertEquals("my contract", t.get("cache.small").source());
        assertEquals(0.08, t.price("storage"), "kept from the defaults");
        List<CacheNodes.Node> nodes = CacheNodes.of(t);
        assertEquals(List.of("cache.small", "cache.large", "cache.huge"), nodes.stream().map(CacheNodes.Node::type).toList());
        assertEquals("cache.large", CacheNodes.smallestFor(nodes, 6 * CacheNodes.GIB).orElseThrow().type(),
                "6 GiB does not fit the 75% of 6 GiB a cache.small leaves");
        assertEquals(4.5 * CacheNodes.GIB, nodes.get(0).usableBytes(), 1);
    }

    @Test
    void mixedCurrenciesAcrossTheItemsATableUsesAreOneLine(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("p.csv"), HEADER + "x,storage,per GB-month,0.07,EUR,eu-west-1,mine,2026-11-01\n");
        System.setProperty(Setting.PRICES.key(), f.toString());
        BadInput e = assertThrows(BadInput.class, () -> Prices.load(PricesTest.class, "test", "cache.small", "storage"));
        assertTrue(e.getMessage().contains("one currency per table"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
    }

    @Test
    void aMissingItemOrANodeWithoutItsSpecIsOneLine() throws IOException {
        assertThrows(BadInput.class, () -> Prices.load(PricesTest.class, "test", "nosuch"));
        Prices.Table bad = Prices.parse("f", new ByteArrayInputStream((HEADER
                + "elasticache,cache.x,per node-hour,0.1,USD,us-east-1,s,2026-11-01\n").getBytes(StandardCharsets.UTF_8)));
        BadInput e = assertThrows(BadInput.class, () -> CacheNodes.of(bad));
        assertTrue(e.getMessage().startsWith("f: item 'cache.x' has unit 'per node-hour'"), e.getMessage());
    }
}
