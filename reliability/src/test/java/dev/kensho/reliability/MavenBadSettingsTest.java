package dev.kensho.reliability;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A wrong name in the command users type ({@code ./mvnw verify -Pbench -pl redis-sets -am -D…}, run for real in a
 * copy of this checkout) — a setting, a benchmark, a JMH parameter — stops the run in one line with no Java stack
 * trace and no run folder; a setting of a module this build does not compile is not one. How a run that starts goes
 * is {@link MavenPathTest}'s, in another test JVM at the same time.
 */
class MavenBadSettingsTest {

    @TempDir
    static Path checkout;

    private static final Map<List<String>, MavenRun> BAD_SETTINGS = new HashMap<>();

    @BeforeAll
    static void copy() throws Exception {
        MavenRun.copyCheckout(checkout, Set.of("common", "api", "report", "launcher", "redis-target", "redis-sets"));
    }

    /**
     * A setting of kinesis-batch, which this build does not compile, beside a -p name no benchmark has: the bad name's
     * case and {@link #aSettingOfAModuleThisBuildDoesNotCompileIsAccepted} read the one Maven run of these settings.
     */
    private static final String OTHER_MODULE_AND_BAD_PARAM = "-Dkensho.target.records=5000;-Dkensho.args=-p usres=10";

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "-Dkensho.redis.url=redis://127.0.0.1:1 | kensho.redis.url | did you mean kensho.redis.uri?",
            OTHER_MODULE_AND_BAD_PARAM + "          | usres             | did you mean users?",
            "-Dkensho.bench=KinesisPutRecords      | KinesisPutRecords | matches no benchmark of this build",
            // a key of kinesis-batch, which this build does not compile: known from its sources, so its typo is too
            "-Dkensho.target.recrods=5000         | kensho.target.recrods | did you mean kensho.target.records?",
    })
    void aBadNameStopsTheRunInOneLine(String args, String named, String hint) throws Exception {
        MavenRun run = badSettings(args);
        assertNotEquals(0, run.await());
        List<String> lines = run.kenshoLines();
        assertEquals(1, lines.size(), "one kensho line: " + run.output());
        assertTrue(lines.get(0).contains(named.strip()) && lines.get(0).contains(hint.strip()), lines.get(0));
        assertTrue(run.stackLines().isEmpty(), "no stack trace on the console: " + run.stackLines());
        assertTrue(run.output().contains("BUILD FAILURE"));
        assertFalse(Files.exists(runDir("bad")), "nothing started, no run folder");
    }

    @Test
    void aSettingOfAModuleThisBuildDoesNotCompileIsAccepted() throws Exception {
        // kinesis-batch is not in this build (-pl redis-sets -am), Maven hands it to redis-sets' launcher all the same;
        // the run goes on past the settings to the next check, a -p name no benchmark has
        MavenRun run = badSettings(OTHER_MODULE_AND_BAD_PARAM);
        assertNotEquals(0, run.await());
        List<String> lines = run.kenshoLines();
        assertEquals(1, lines.size(), "one kensho line: " + run.output());
        assertTrue(lines.get(0).contains("did you mean users?"), lines.get(0));
        assertFalse(run.output().contains("kensho.target.records"), "the setting was accepted: " + lines);
    }

    /** The ended smoke run of redis-sets with {@code args} (';' between them): run once, by the first test that asks. */
    private static synchronized MavenRun badSettings(String args) throws Exception {
        List<String> settings = Arrays.stream(args.split(";")).map(String::strip).toList();
        MavenRun run = BAD_SETTINGS.get(settings);
        if (run == null) {
            run = MavenRun.start(checkout, "bad-" + BAD_SETTINGS.size() + ".log", Map.of(), MavenRun.concat(new String[]{
                    "-pl", "redis-sets", "-am", "-Dkensho.scale=smoke", "-Dkensho.runId=bad"}, settings.toArray(String[]::new)));
            BAD_SETTINGS.put(settings, run);
            run.await();
        }
        return run;
    }

    @AfterAll
    static void closeRuns() {
        BAD_SETTINGS.values().forEach(MavenRun::close);
    }

    private static Path runDir(String id) {
        return checkout.resolve("target").resolve("kensho-runs").resolve(id);
    }
}
