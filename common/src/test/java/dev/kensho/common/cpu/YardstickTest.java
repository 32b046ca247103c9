package dev.kensho.common.cpu;

import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The machine yardstick: readings land in the run folder, env.json and the report summarise them. */
class YardstickTest {

    @Test
    void readingsAreAppendedBeforeEachClassAndSummarised(@TempDir Path run) throws IOException {
        assertTrue(Yardstick.summary(run).isEmpty(), "no readings, no summary");
        assertEquals(Optional.empty(), Yardstick.record(run, "FirstBenchmark"));
        assertEquals(Optional.empty(), Yardstick.record(run, "SecondBenchmark"));

        assertEquals(2, Files.readAllLines(run.resolve(Yardstick.FILE)).size());
        Yardstick.Summary s = Yardstick.summary(run).orElseThrow();
        assertEquals(2, s.readings());
        assertTrue(s.cpuMin() > 0 && s.cpuMin() <= s.cpuMedian() && s.cpuMedian() <= s.cpuMax(), s.toString());
        assertTrue(s.loopbackMin() > 0 && s.loopbackMin() <= s.loopbackMedian() && s.loopbackMedian() <= s.loopbackMax(), s.toString());
    }

    @Test
    void envJsonShowsTheReadingsAgainstTheRunsMedian(@TempDir Path run) throws IOException {
        Files.writeString(run.resolve(Yardstick.FILE), """
                {"at":"ABenchmark","epoch_ms":1700000000000,"cpu_msteps_per_s":1000.0,"loopback_round_trips_per_s":40000.0}
                {"at":"BBenchmark","epoch_ms":1700000060000,"cpu_msteps_per_s":600.0,"loopback_round_trips_per_s":20000.0}
                {"at":"CBenchmark","epoch_ms":1700000120000,"cpu_msteps_per_s":1000.0,"loopback_round_trips_per_s":40000.0}
                """);
        Files.createDirectories(run.resolve("jmh"));
        RunFolder.at(run).export();

        String env = Files.readString(run.resolve("env.json"));
        assertTrue(env.contains("\"yardstick\"") && env.contains("\"median\" : 1000.0"), env);
        // the report's table of the readings: report's YardstickReportTest
    }
}
