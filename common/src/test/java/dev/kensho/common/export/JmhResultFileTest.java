package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code jmh-result.json}: every class's JMH entries, unchanged, in the order the run ran the classes — the one-fork
 * files of a rounds run and a file that is not an array left out — and written by every export.
 */
class JmhResultFileTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void joinsEveryClassInRunOrderAsJmhWroteThem(@TempDir Path dir) throws IOException {
        Path jmh = Files.createDirectories(dir.resolve("jmh"));
        for (String f : new String[]{"SetImportBenchmark.json", "UserIdGeneratorBenchmark.json"}) {
            try (InputStream in = getClass().getResourceAsStream("/report-fixture/jmh/" + f)) {
                Files.copy(in, jmh.resolve(f));
            }
        }
        // ran second but named first: the order is the run's, not the names'
        Files.writeString(dir.resolve("status.json"), "{\"classes\":{\"UserIdGeneratorBenchmark\":\"done\","
                + "\"SetImportBenchmark\":\"done\"}}", StandardCharsets.UTF_8);
        Files.createDirectories(jmh.resolve("rounds"));
        Files.writeString(jmh.resolve("rounds").resolve("SetImportBenchmark.r1.1.json"), "[{\"benchmark\":\"round\"}]");
        Files.writeString(jmh.resolve("Broken.json"), "[{\"benchmark\":", StandardCharsets.UTF_8);
        Files.writeString(jmh.resolve("Empty.json"), "[]", StandardCharsets.UTF_8);

        JsonNode merged = JSON.readTree(JmhResultFile.of(dir, RunFolder.at(dir).status().path("classes").fieldNames()));

        List<JsonNode> expected = new ArrayList<>();
        JSON.readTree(jmh.resolve("UserIdGeneratorBenchmark.json").toFile()).forEach(expected::add);
        JSON.readTree(jmh.resolve("SetImportBenchmark.json").toFile()).forEach(expected::add);
        List<JsonNode> got = new ArrayList<>();
        merged.forEach(got::add);
        assertEquals(expected, got);
        assertTrue(expected.size() >= 2, "the fixture has entries in both files");
    }

    @Test
    void aRunWithoutJmhFilesGivesAnEmptyArrayAndExportWritesTheFile(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("jmh"));
        assertEquals(0, JSON.readTree(JmhResultFile.of(dir, RunFolder.at(dir).status().path("classes").fieldNames())).size());
        try (InputStream in = getClass().getResourceAsStream("/report-fixture/jmh/SetImportBenchmark.json")) {
            Files.copy(in, dir.resolve("jmh").resolve("SetImportBenchmark.json"));
        }
        RunFolder.at(dir).export();
        assertEquals(JSON.readTree(dir.resolve("jmh").resolve("SetImportBenchmark.json").toFile()),
                JSON.readTree(dir.resolve(JmhResultFile.FILE).toFile()));
    }
}
