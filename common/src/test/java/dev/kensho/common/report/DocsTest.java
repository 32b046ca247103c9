package dev.kensho.common.report;

import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DocsTest {

    @Test
    void publishesEachExperimentSectionBetweenTheMarkersAndCopiesItsCharts(@TempDir Path tmp) throws Exception {
        Path run = ReportTest.fixture(tmp.resolve("run-1"));
        RunFolder.at(run).export();
        Path docs = tmp.resolve("docs");
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("redis-sets.md"), "# redis-sets\n\nmethod text\n\n" + Docs.START + "\nold\n" + Docs.END + "\n\nafter\n");

        Docs.publish(run, docs);
        Docs.publish(run, docs); // idempotent: the block is replaced, not appended again

        String page = Files.readString(docs.resolve("redis-sets.md"));
        assertTrue(page.startsWith("# redis-sets\n\nmethod text"));
        assertTrue(page.endsWith("after\n"));
        assertTrue(!page.contains("\nold\n"));
        assertEquals(1, page.split(Docs.START, -1).length - 1);
        assertTrue(page.contains("![SADD bulk import rate](images/sets-import-rate.png)"));
        assertTrue(page.contains("| bulk import of 100M SADD (redis-cli --pipe, 1 connection) |"));
        assertTrue(page.contains("### Environment of this run"));
        assertTrue(Files.size(docs.resolve("images/sets-import-rate.png")) > 1000);
        assertTrue(page.contains("fixture note"), "a note on no particular experiment stays");
    }

    @org.junit.jupiter.api.Test
    void aPageKeepsOnlyItsOwnExperimentsNotes() {
        assertTrue(Docs.ownNote("- redis-kv cores: shared", "redis-kv"));
        assertTrue(!Docs.ownNote("- redis-pubsub speed goal: met", "redis-kv"));
        assertTrue(Docs.ownNote("- SetImportBenchmark: fixture note", "redis-kv"));
    }
}
