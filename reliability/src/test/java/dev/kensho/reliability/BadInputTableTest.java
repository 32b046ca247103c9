package dev.kensho.reliability;

import dev.kensho.common.BadInput;
import dev.kensho.launcher.Bench;
import dev.kensho.api.ParamRules;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every user-facing input, wrong: each is refused before anything starts, with one line naming the
 * input and the value. Params go through each class's RULES (as the launcher applies them); properties
 * go through the launcher itself, which must exit with status 2 and leave no run folder.
 */
class BadInputTableTest {

    private static final String SETS = "dev.kensho.redis.sets.";
    private static final String KV = "dev.kensho.redis.kv.";
    private static final String PUBSUB = "dev.kensho.redis.pubsub.";
    private static final String KINESIS = "dev.kensho.kinesis.batch.";
    private static final String HBASE = "dev.kensho.hbase.meter.";

    static Stream<Arguments> badParams() {
        return Stream.of(
                Arguments.of(SETS + "SetImportBenchmark", "batch", "0"),
                Arguments.of(SETS + "SetImportBenchmark", "users", "-5"),
                Arguments.of(SETS + "SetImportBenchmark", "users", "ten"),
                Arguments.of(SETS + "SetImportBenchmark", "client", "REDISSON"),
                Arguments.of(SETS + "SetImportBenchmark", "connections", "0"),
                Arguments.of(SETS + "SetImportBenchmark", "memberBytes", "5000"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "getRatio", "1.5"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "getRatio", "-0.1"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "clients", "0"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "pipeline", "0"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "keyspace", "0"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "ioThreads", "0"),
                Arguments.of(KV + "KeyValueThroughputBenchmark", "client", "REDISSON"),
                Arguments.of(KV + "ClusterThroughputBenchmark", "shards", "2"),
                Arguments.of(PUBSUB + "PubSubThroughputBenchmark", "messageBytes", "0"),
                Arguments.of(PUBSUB + "PubSubThroughputBenchmark", "transport", "UDP"),
                Arguments.of(PUBSUB + "PubSubFanoutBenchmark", "subscribers", "0"),
                Arguments.of(PUBSUB + "PubSubSlowSubscriberBenchmark", "publishRate", "0"),
                Arguments.of(PUBSUB + "PubSubStreamLatencyBenchmark", "stream", "bogus"),
                Arguments.of(KINESIS + "BatchSweepBenchmark", "batchSize", "0"),
                Arguments.of(KINESIS + "BatchSweepBenchmark", "batchSize", "501"),
                Arguments.of(KINESIS + "BatchSweepBenchmark", "recordBytes", "2000000"),
                Arguments.of(KINESIS + "BatchSweepBenchmark", "roundTripMs", "-5"),
                Arguments.of(KINESIS + "BatchSweepBenchmark", "shards", "0"),
                Arguments.of(KINESIS + "PutRecordVsPutRecordsBenchmark", "records", "0"),
                Arguments.of(HBASE + "CompressionMatrixBenchmark", "codec", "XZ"),
                Arguments.of(HBASE + "CompressionMatrixBenchmark", "encoding", "PREFIX_TREE"),
                Arguments.of(HBASE + "CompressionMatrixBenchmark", "saltBuckets", "-1"),
                Arguments.of(HBASE + "LatestReadingGetBenchmark", "meters", "0"),
                Arguments.of(HBASE + "LatestReadingGetBenchmark", "threads", "0"),
                Arguments.of("dev.kensho.redis.sets.UserIdGeneratorBenchmark", "memberBytes", "0"));
    }

    @ParameterizedTest(name = "{0} -p {1}={2}")
    @MethodSource("badParams")
    void badParamIsOneLineNamingIt(String cls, String param, String value) throws Exception {
        ParamRules rules = Bench.rules(Class.forName(cls));
        assertTrue(rules != null && rules.covers(param), cls + " has a rule for " + param);
        BadInput e = assertThrows(BadInput.class, () -> rules.check(param, value));
        oneLineNaming(e.getMessage(), param, value);
    }

    @Test
    void aDataSetLargerThanMemoryIsRefusedBeforeLoading() throws Exception {
        ParamRules rules = Bench.rules(Class.forName(SETS + "SetImportBenchmark"));
        BadInput e = assertThrows(BadInput.class,
                () -> rules.check(Map.of("attributes", "1000", "users", "1000000000", "memberBytes", "64")));
        oneLineNaming(e.getMessage(), "users", "1000000000");
        assertTrue(e.getMessage().contains("GiB"), e.getMessage());
    }

    @Test
    void anUnsupportedJdkIsOneLine() throws Exception {
        Method m = Class.forName("dev.kensho.targets.hbase.HBaseTargets")
                .getDeclaredMethod("requireSupportedJdk", int.class, String.class);
        m.setAccessible(true);
        Throwable e = assertThrows(java.lang.reflect.InvocationTargetException.class, () -> m.invoke(null, 25, "/opt/jdk-25"))
                .getCause();
        assertTrue(e instanceof BadInput, String.valueOf(e));
        oneLineNaming(e.getMessage(), "java.version", "25");
    }

    static Stream<Arguments> badProperties() {
        return Stream.of(
                Arguments.of("kensho.scale", "huge", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.bench", "([", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.jfr", "maybe", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.jfr.settings", "profiel", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.runId", "../escape", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.redis.uri", "http://cache:6379", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.redis.uri", "redis://cache:99999", KV + "KeyValueThroughputBenchmark"),
                Arguments.of("kensho.redis.uri", "redis://cache:6379/db", PUBSUB + "PubSubThroughputBenchmark"),
                Arguments.of("kensho.redis.server", "/no/such/redis-server", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.redis.cluster", "1", KV + "ClusterThroughputBenchmark"),
                Arguments.of("kensho.keyPrefix", "bad prefix*", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.destructive", "perhaps", SETS + "SetImportBenchmark"),
                // strict values: read or not, a boolean is true/false, nothing is empty, ranges hold
                Arguments.of("kensho.destructive", "yes", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.keyPrefix", "", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.startGrid", "0", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.verbose", "no", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.kinesis.cbor", "1", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.hbase.regionServers", "9", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.tool.redis-cli", "/no/such/redis-cli", SETS + "SetImportBenchmark"),
                Arguments.of("kensho.hbase.regionServers", "0", HBASE + "MeterScanBenchmark"),
                Arguments.of("kensho.hbase.namespace", "bad ns!", HBASE + "MeterScanBenchmark"));
    }

    @TempDir
    Path results;

    @AfterEach
    void clear() {
        badProperties().forEach(a -> System.clearProperty((String) a.get()[0]));
        System.clearProperty("kensho.results");
    }

    @ParameterizedTest(name = "-D{0}={1}")
    @MethodSource("badProperties")
    void badPropertyStopsTheLauncherWithOneLine(String property, String value, String cls) throws Exception {
        AllBenchmarks.merge();
        System.setProperty("kensho.results", results.toString());
        System.setProperty(property, value);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(Set.of(cls), new String[0], true, new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8).trim();
        assertEquals(2, status, out);
        assertTrue(out.startsWith("kensho: "), out);
        oneLineNaming(out, property, "");
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(List.of(), files.toList(), "no run folder for bad input");
        }
    }

    @Test
    void aProfilerJmhDoesNotKnowStopsTheLauncherWithOneLine() throws Exception {
        AllBenchmarks.merge();
        System.setProperty("kensho.results", results.toString());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Bench.run(Set.of(SETS + "SetImportBenchmark"), new String[]{"-prof nosuch"}, true,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8).trim();
        assertEquals(2, status, out);
        assertTrue(out.startsWith("kensho: -prof nosuch: JMH has no profiler of that name"), out);
        assertEquals(1, out.lines().count(), out);
        try (Stream<Path> files = Files.list(results)) {
            assertEquals(List.of(), files.toList(), "no run folder for bad input");
        }
    }

    /** Every class whose rows feed a cost table checks the price file before anything starts. */
    @ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.ValueSource(strings = {SETS + "SetImportBenchmark", KV + "KeyValueThroughputBenchmark",
            HBASE + "CompressionMatrixBenchmark", KINESIS + "AggregatedPutRecordsBenchmark"})
    void aBadPriceFileStopsACostClassWithOneLine(String cls, @TempDir Path dir) throws Exception {
        AllBenchmarks.merge();
        Path prices = Files.writeString(dir.resolve("prices.csv"),
                "service,item,unit,price,currency,region,source,date\nx,node-hour,h,-1,USD,us-east-1,s,2026-11-01\n");
        System.setProperty("kensho.results", results.toString());
        System.setProperty("kensho.prices", prices.toString());
        try {
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Bench.run(Set.of(cls), new String[0], true, new PrintStream(err, true, StandardCharsets.UTF_8));
            String out = err.toString(StandardCharsets.UTF_8).trim();
            assertEquals(2, status, out);
            assertTrue(out.startsWith("kensho: kensho.prices=" + prices), out);
            oneLineNaming(out, "kensho.prices", "-1");
            try (Stream<Path> files = Files.list(results)) {
                assertEquals(List.of(), files.toList(), "no run folder for a bad price file");
            }
        } finally {
            System.clearProperty("kensho.prices");
        }
    }

    private static void oneLineNaming(String message, String name, String value) {
        assertEquals(1, message.lines().count(), "one line: " + message);
        assertTrue(message.contains(name), "names " + name + ": " + message);
        assertTrue(message.contains(value), "names the value " + value + ": " + message);
    }
}
