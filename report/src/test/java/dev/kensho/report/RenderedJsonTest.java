package dev.kensho.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The launcher's closing summary (common's {@code RunSummary}) reads the rendered sections as plain JSON, without
 * this module: {@code sections/<id>.json} with {@code id}, {@code order}, {@code ledger.headers} and
 * {@code ledger.rows}. A rename here would silently empty the console's verdict counts; this test fails first.
 */
class RenderedJsonTest {

    @Test
    void theFieldsTheConsoleSummaryReads(@TempDir Path dir) throws Exception {
        Table ledger = Table.of("", "published claim or figure", ">ours", "verdict");
        ledger.row("A ÷ B", "1.9", "reproduced");
        new Rendered("x-y", 3, "Test", "seed.txt", "q", "docs/x.md", true, ledger, List.of()).save(dir);

        JsonNode n = new ObjectMapper().readTree(dir.resolve(Rendered.DIR).resolve("x-y.json").toFile());
        assertEquals("sections", Rendered.DIR);
        assertEquals("x-y", n.path("id").asText());
        assertEquals(3, n.path("order").asInt());
        assertEquals("verdict", n.path("ledger").path("headers").get(2).asText());
        assertEquals("reproduced", n.path("ledger").path("rows").get(0).get(2).asText());
    }
}
