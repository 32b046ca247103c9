package dev.kensho.report;

import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** The report lists every machine-yardstick reading against the run's median, and the spread. */
class YardstickReportTest {

    @Test
    void theReportShowsEveryReadingAgainstTheRunsMedian(@TempDir Path run) throws IOException {
        Files.writeString(run.resolve(Yardstick.FILE), """
                {"at":"ABenchmark","epoch_ms":1700000000000,"cpu_msteps_per_s":1000.0,"loopback_round_trips_per_s":40000.0}
                {"at":"BBenchmark","epoch_ms":1700000060000,"cpu_msteps_per_s":600.0,"loopback_round_trips_per_s":20000.0}
                {"at":"CBenchmark","epoch_ms":1700000120000,"cpu_msteps_per_s":1000.0,"loopback_round_trips_per_s":40000.0}
                """);
        Files.createDirectories(run.resolve("jmh"));
        RunFolder.at(run).export();

        String md = Files.readString(run.resolve("report.md"));
        assertTrue(md.contains("### Machine yardstick"), md);
        assertTrue(md.contains("| BBenchmark | 2023-11-14 22:14:20 | 600 | 0.60 | 20,000 | 0.50 |"), md);
        assertTrue(md.contains("spread 40%"), "(1000 − 600) / 1000: " + md);
    }
}
