package dev.kensho.kinesis.batch;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.report.cost.Prices;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite's dated prices load; a price file given with {@code kensho.prices} replaces them; a bad one is one line
 * from the aggregation benchmark's preflight, before anything starts; so is an aggregate over 1 MiB.
 */
class PricesTest {

    private static final String HEADER = "service,item,unit,price,currency,region,source,date\n";

    @AfterEach
    void clear() {
        System.clearProperty(Setting.PRICES.key());
    }

    @Test
    void theSuitesPricesAreDatedAndSourced() {
        Prices.Table t = CostTable.prices();
        assertEquals(0.015, t.price(CostTable.SHARD_HOUR));
        assertEquals(0.014, t.price(CostTable.PAYLOAD_UNITS));
        assertEquals("USD", t.currency());
        for (Prices.Price p : t.prices()) {
            assertFalse(p.source().isBlank() || p.date().isBlank() || p.region().isBlank(), p.toString());
        }
    }

    @Test
    void aFileReplacesThem(@TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("p.csv"), HEADER
                + "kinesis-data-streams,shard-hour,per shard-hour,0.02,EUR,eu-west-1,\"my contract, 2026\",2026-11-01\n"
                + "kinesis-data-streams,put-payload-units,per million units,0.01,EUR,eu-west-1,my contract,2026-11-01\n");
        System.setProperty(Setting.PRICES.key(), f.toString());
        Prices.Table t = CostTable.prices();
        assertEquals(0.02, t.price(CostTable.SHARD_HOUR));
        assertEquals("EUR", t.currency());
        assertEquals("my contract, 2026", t.get(CostTable.SHARD_HOUR).source());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "missing column | service,item,unit,price,region,source,date\\nk,shard-hour,h,0.015,us-east-1,s,d\\n | missing column 'currency'",
            "negative price | " + "service,item,unit,price,currency,region,source,date\\nk,shard-hour,h,-0.015,USD,us-east-1,s,d\\n | price -0.015 is not allowed",
            "unknown currency | service,item,unit,price,currency,region,source,date\\nk,shard-hour,h,0.015,JPY,us-east-1,s,d\\n | currency 'JPY' is not allowed; allowed: USD, EUR",
    })
    void aBadFileIsOneLineAndNothingRuns(String what, String csv, String expected, @TempDir Path dir) throws IOException {
        Path f = Files.writeString(dir.resolve("bad.csv"), csv.replace("\\n", "\n"));
        System.setProperty(Setting.PRICES.key(), f.toString());
        BadInput e = assertThrows(BadInput.class, AggregatedPutRecordsBenchmark.RULES::preflight, what);
        assertTrue(e.getMessage().startsWith(Setting.PRICES.key() + "=" + f), e.getMessage());
        assertTrue(e.getMessage().contains(expected), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void anAggregateOver1MiBIsRefusedInOneLine() {
        BadInput e = assertThrows(BadInput.class, () -> AggregatedPutRecordsBenchmark.RULES.check("aggregateBytes", "1048577"));
        assertTrue(e.getMessage().startsWith("aggregateBytes=1048577 is not allowed; allowed: an integer in 64 … 1048576 bytes"),
                e.getMessage());
        assertFalse(e.getMessage().contains("\n"));
        AggregatedPutRecordsBenchmark.RULES.check("aggregateBytes", "1048576");
    }

    @Test
    void anAggregateTooSmallForOneUserRecordIsRefused() {
        BadInput e = assertThrows(BadInput.class, () -> AggregatedPutRecordsBenchmark.checkFits(
                java.util.Map.of("aggregateBytes", "64", "userRecordBytes", "1024", "userRecords", "10")));
        assertTrue(e.getMessage().startsWith("aggregateBytes=64 is not allowed; allowed: at least "), e.getMessage());
    }
}
