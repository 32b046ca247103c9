package dev.kensho.report;

import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DocsTest {

    @Test
    void publishesTheLedgerOnThePageTheWholeSectionOnTheRunPageAndCopiesItsCharts(@TempDir Path tmp) throws Exception {
        Path run = ReportTest.fixture(tmp.resolve("run-1"));
        RunFolder.at(run).export();
        Path docs = tmp.resolve("docs");
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("common.md"), "# common\n\nmethod text\n\n" + Docs.START + "\nold\n" + Docs.END + "\n\nafter\n");

        Docs.publish(run, docs);
        Path runPage = docs.resolve("runs/run-1/common.md");
        Files.writeString(runPage, Files.readString(runPage) + "\nanalysis of run-1\n");
        Docs.publish(run, docs); // idempotent: the blocks are replaced, not appended again

        String page = Files.readString(docs.resolve("common.md"));
        assertTrue(page.startsWith("# common\n\nmethod text"));
        assertTrue(page.endsWith("after\n"));
        assertFalse(page.contains("\nold\n"));
        assertEquals(1, page.split(Docs.START, -1).length - 1);
        assertTrue(page.contains("## Reference run `run-1`"), page);
        assertFalse(page.contains("| # | claim") || page.contains(LedgerView.LEGEND), "a section without published figures has no ledger");
        assertTrue(page.contains("[runs/run-1/common.md](runs/run-1/common.md)"), page);
        assertFalse(page.contains("](images/") || page.contains("### Environment of this run") || page.contains("](#"),
                "charts, tables and the environment go to the run page; the ledger's chart links point there:\n" + page);

        String whole = Files.readString(runPage);
        assertEquals(1, whole.split(Docs.START, -1).length - 1, whole);
        assertTrue(whole.contains("[the experiment's page](../../common.md)"), whole);
        assertTrue(whole.contains("![User id generation rate](../../images/common-generator.png)"), whole);
        assertTrue(whole.contains("### Environment of this run"));
        assertTrue(whole.contains("fixture note"), "a note on no particular experiment stays");
        assertTrue(whole.endsWith("analysis of run-1\n"), "text around the run page's markers stays");
        assertTrue(Files.size(docs.resolve("images/common-generator.png")) > 1000);
        for (String f : Docs.REPORT_FILES) {
            assertEquals(Files.readString(run.resolve(f)), Files.readString(docs.resolve("runs/run-1/" + f)),
                    "the run's report and the files it links sit beside its run pages: " + f);
        }
    }

    /**
     * A run of one module renders every section of the jar, the others with nothing measured: publishing it must not
     * replace their pages' reference runs with rows of "not measured".
     */
    @Test
    void aSectionTheRunDidNotMeasureLeavesItsPageAlone(@TempDir Path tmp) throws Exception {
        Path run = ReportTest.fixture(tmp.resolve("run-1"));
        RunFolder.at(run).export();
        Path docs = tmp.resolve("docs");
        Files.createDirectories(docs);
        String before = "# common\n\n" + Docs.START + "\nthe reference run\n" + Docs.END + "\n";
        Files.writeString(docs.resolve("common.md"), before);
        List<Rendered> unmeasured = Rendered.load(run).stream()
                .map(r -> new Rendered(r.id(), r.order(), r.title(), r.seed(), r.question(), r.docs(), false, r.ledger(), r.blocks()))
                .toList();
        Docs.publish(run, unmeasured, docs);
        assertEquals(before, Files.readString(docs.resolve("common.md")));
        assertFalse(Files.exists(docs.resolve("runs/run-1/common.md")));
    }

    /** A run at the write-ups' own sizes gets its own block and charts; the default run's stay. */
    @Test
    void aSeedRunIsPublishedBesideTheDefaultOne(@TempDir Path tmp) throws Exception {
        Path run = ReportTest.fixture(tmp.resolve("run-1"));
        RunFolder.at(run).export();
        Path seed = ReportTest.fixture(tmp.resolve("seed-1"));
        RunFolder.at(seed).export();
        Path env = seed.resolve("env.json");
        String json = Files.readString(env);
        assertTrue(json.contains("\"scale\" : \"smoke\"") || json.contains("\"scale\":\"smoke\"") || json.contains("\"scale\""), json);
        Files.writeString(env, json.replaceFirst("\"scale\"\\s*:\\s*\"[a-z]+\"", "\"scale\" : \"seed\""));
        Path docs = tmp.resolve("docs");
        Files.createDirectories(docs);
        Files.writeString(docs.resolve("common.md"), "# common\n");

        Docs.publish(run, docs);
        Docs.publish(seed, docs);
        Docs.publish(seed, docs); // replaced, not appended again
        Docs.publish(run, docs); // and the default block stays where it was

        String page = Files.readString(docs.resolve("common.md"));
        assertEquals(1, page.split(Docs.START, -1).length - 1);
        assertEquals(1, page.split("<!-- kensho:reference-run:seed -->", -1).length - 1, page);
        assertTrue(page.indexOf(Docs.END) < page.indexOf("<!-- kensho:reference-run:seed -->"), "seed after default");
        assertTrue(page.contains("## Reference run `run-1`") && page.contains("## Run at scale `seed`: `seed-1`"), page);
        assertTrue(page.contains("[runs/seed-1/common.md](runs/seed-1/common.md)"), page);
        assertFalse(page.contains("seed-common-generator.png"), "a seed run's charts stay on its run page");
        String seedPage = Files.readString(docs.resolve("runs/seed-1/common.md"));
        assertEquals(1, seedPage.split("<!-- kensho:reference-run:seed -->", -1).length - 1, seedPage);
        assertTrue(seedPage.contains("(../../images/seed-common-generator.png)"), seedPage);
        assertTrue(Files.size(docs.resolve("images/seed-common-generator.png")) > 1000);
        assertTrue(Files.size(docs.resolve("images/common-generator.png")) > 1000);
    }

    @Test
    void aPageKeepsOnlyItsOwnExperimentsNotes() {
        List<String> ids = List.of("redis-kv", "redis-pubsub");
        assertTrue(Docs.ownNote("- redis-kv cores: shared", "redis-kv", ids));
        assertFalse(Docs.ownNote("- redis-pubsub speed goal: met", "redis-kv", ids));
        assertTrue(Docs.ownNote("- SetImportBenchmark: fixture note", "redis-kv", ids));
    }
}
