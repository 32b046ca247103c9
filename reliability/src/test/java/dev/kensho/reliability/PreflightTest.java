package dev.kensho.reliability;

import dev.kensho.launcher.Bench;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Inputs the run reads late, checked before the run folder exists: each case is the launcher (a class's {@code main},
 * or every class as {@code BenchMain} and the jar run them) refusing in one line that names the input, the value and
 * what is allowed — status 2, no run folder, no process started. A price file is checked whatever the classes: the
 * report reads it after the last one.
 */
class PreflightTest {

    private static final String HEADER = "service,item,unit,price,currency,region,source,date\n";
    private static final String IDS = "dev.kensho.redis.sets.UserIdGeneratorBenchmark";
    private static final String PUT = "dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark";

    @TempDir
    Path work;

    private final List<String> set = new ArrayList<>();

    @AfterEach
    void clear() {
        set.forEach(System::clearProperty);
        System.clearProperty("kensho.results");
    }

    /** The launcher's one line for {@code classes} (null: every class) under {@code properties}, checked as refused. */
    private String refused(Set<String> classes, Map<String, String> properties, String... args) throws IOException {
        AllBenchmarks.merge();
        System.setProperty("kensho.results", work.resolve("runs").toString());
        properties.forEach((k, v) -> {
            System.setProperty(k, v);
            set.add(k);
        });
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(classes, args, true, new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8).strip();
        assertEquals(2, status, out);
        assertEquals(1, out.lines().count(), "one line: " + out);
        assertTrue(out.startsWith("kensho: "), out);
        assertTrue(!Files.exists(work.resolve("runs")) || isEmpty(work.resolve("runs")), "no run folder: " + out);
        assertEquals(List.of(), ChildRun.strayServers(), "nothing started");
        return out.substring("kensho: ".length());
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private Path prices(String lines) throws IOException {
        return Files.writeString(work.resolve("prices.csv"), HEADER + lines);
    }

    @Test
    void aPriceThatIsNotANumberStopsARunOfAClassWithoutACostTable() throws IOException {
        Path f = prices("elasticache,cache.r7g.large,\"per node-hour; 13.07 GiB, 2 vCPU\",cheap,USD,us-east-1,mine,2026-11-01\n");
        String line = refused(Set.of(IDS), Map.of("kensho.prices", f.toString()));
        assertEquals("kensho.prices=" + f + " line 2: price 'cheap' is not allowed; allowed: a number ≥ 0", line);
    }

    @Test
    void aDateThatIsNotADateIsRefused() throws IOException {
        Path f = prices("ebs,gp3-storage,per GB-month,0.08,USD,us-east-1,mine,26/11/2026\n");
        String line = refused(null, Map.of("kensho.prices", f.toString()));
        assertEquals("kensho.prices=" + f + " line 2: date '26/11/2026' is not allowed; allowed: a date YYYY-MM-DD"
                + " (when the price was entered)", line);
    }

    @Test
    void twoLinesForOneItemAreRefusedNotTheLastWinning() throws IOException {
        Path f = prices("ebs,gp3-storage,per GB-month,0.08,USD,us-east-1,mine,2026-11-01\n"
                + "ebs,gp3-storage,per GB-month,0.09,USD,us-east-1,mine,2026-11-02\n");
        String line = refused(Set.of(IDS), Map.of("kensho.prices", f.toString()));
        assertEquals("kensho.prices=" + f + " line 3: item 'gp3-storage' is also on line 2; allowed: one line per item", line);
    }

    @Test
    void anEmptyCellIsRefused() throws IOException {
        Path f = prices("ebs,gp3-storage,per GB-month,0.08,USD,,mine,2026-11-01\n");
        String line = refused(Set.of(IDS), Map.of("kensho.prices", f.toString()));
        assertTrue(line.startsWith("kensho.prices=" + f + " line 2: region is empty; allowed: a value in every column"), line);
    }

    @Test
    void anUnknownCurrencyIsRefused() throws IOException {
        Path f = prices("ebs,gp3-storage,per GB-month,0.08,JPY,us-east-1,mine,2026-11-01\n");
        String line = refused(Set.of(IDS), Map.of("kensho.prices", f.toString()));
        assertEquals("kensho.prices=" + f + " line 2: currency 'JPY' is not allowed; allowed: USD, EUR", line);
    }

    @Test
    void aCacheNodeWithoutItsSpecIsRefused() throws IOException {
        Path f = prices("elasticache,cache.r7g.large,per node-hour,0.2,USD,us-east-1,mine,2026-11-01\n");
        String line = refused(Set.of(IDS), Map.of("kensho.prices", f.toString()));
        assertTrue(line.startsWith("kensho.prices=" + f + ": item 'cache.r7g.large' has unit 'per node-hour'"), line);
    }

    @Test
    void aMissingPriceFileIsRefused() throws IOException {
        String f = work.resolve("no-such-prices.csv").toString();
        String line = refused(Set.of(IDS), Map.of("kensho.prices", f));
        assertEquals("kensho.prices=" + f + " is not allowed; allowed: a readable prices CSV file", line);
    }

    @Test
    void aFractionOfASetMemberIsRefused() throws IOException {
        String line = refused(Set.of(IDS), Map.of("kensho.target.members", "1.5"));
        assertEquals("kensho.target.members=1.5 is not allowed; allowed: a whole number ≥ 0 (1e8 allowed)", line);
    }

    @Test
    void aResultFormatOtherThanJsonIsRefused() throws IOException {
        String line = refused(Set.of(IDS), Map.of(), "-rf", "csv");
        assertTrue(line.startsWith("-rf=csv is not allowed; allowed: json or leave it out"), line);
    }

    @Test
    void aResultFileIsRefused() throws IOException {
        String line = refused(null, Map.of(), "-rff", "out.json");
        assertTrue(line.startsWith("-rff=out.json is not allowed; allowed: leave it out"), line);
    }

    @Test
    void anOutputFileIsRefused() throws IOException {
        String line = refused(Set.of(IDS), Map.of(), "-o", "jmh.log");
        assertTrue(line.startsWith("-o=jmh.log is not allowed; allowed: leave it out"), line);
    }

    @Test
    void aFreshTlsCaseOnAnHttpEndpointIsRefusedBeforeTheRun() throws IOException {
        String line = refused(Set.of(PUT), Map.of("kensho.kinesis.endpoint", "http://127.0.0.1:4567"),
                "-p", "connection=FRESH_TLS");
        assertEquals("PutRecordVsPutRecordsBenchmark: no value of connection can run here: connection=FRESH_TLS left out:"
                + " kensho.kinesis.endpoint=http://127.0.0.1:4567 is http: a fresh TLS connection per call needs an https"
                + " endpoint, -Dkensho.kinesis.region or the embedded emulator", line);
    }

    @Test
    void aKinesisClassAloneWithoutTheEmulatorSaysWhatToInstall() throws IOException {
        // a checkout (or a jar's folder) without kinesis-target/node_modules: the emulator is not installed
        String line = refused(Set.of(PUT), Map.of("kensho.root", work.toString()));
        assertTrue(line.startsWith("PutRecordVsPutRecordsBenchmark needs "), line);
        assertTrue(line.contains("npm") && line.contains("-Dkensho.kinesis.endpoint"), line);
    }
}
