package dev.kensho.common.latency;

import dev.kensho.common.runfiles.Case;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogProcessor;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The interval log is HdrHistogram's own format: its reader and HistogramLogProcessor read it back intact. */
class IntervalLogTest {

    @Test
    void histogramLogProcessorReadsEveryIntervalOnTheWallClock(@TempDir Path dir) throws Exception {
        Case c = new Case("dev.kensho.x.SomeBenchmark.op", Map.of("clients", "100", "rate", "0.5x"));
        Latencies lat = new Latencies();
        long before = System.currentTimeMillis();
        List<Histogram> written = new ArrayList<>();
        Path file;
        try (IntervalLog log = IntervalLog.open(dir, c, "service", "send → reply")) {
            file = log.file();
            for (int i = 1; i <= 3; i++) {
                for (int k = 1; k <= 1000 * i; k++) {
                    lat.record(k * 1_000L); // 1 µs … i ms
                }
                Histogram h = lat.interval();
                written.add(h);
                log.write(h);
            }
        }
        assertTrue(file.getFileName().toString().startsWith("SomeBenchmark.op-"), file.toString());
        assertTrue(file.getFileName().toString().endsWith("-service-" + ProcessHandle.current().pid() + ".hlog"));

        HistogramLogReader reader = new HistogramLogReader(file.toFile());
        List<EncodableHistogram> read = new ArrayList<>();
        EncodableHistogram e;
        while ((e = reader.nextIntervalHistogram()) != null) {
            read.add(e);
        }
        reader.close();
        assertEquals(3, read.size());
        for (int i = 0; i < 3; i++) {
            Histogram h = (Histogram) read.get(i);
            assertEquals(written.get(i).getTotalCount(), h.getTotalCount());
            assertEquals(written.get(i).getMaxValue(), h.getMaxValue());
            assertTrue(h.getStartTimeStamp() >= before - 1000, "interval " + i + " starts on the wall clock: "
                    + h.getStartTimeStamp());
        }

        Path out = dir.resolve("processed");
        new HistogramLogProcessor(new String[]{"-v", "-i", file.toString(), "-o", out.toString()}).run();
        List<String> intervals = Files.readAllLines(out, StandardCharsets.UTF_8).stream()
                .filter(l -> !l.isBlank() && Character.isDigit(l.strip().charAt(0))).toList();
        assertEquals(3, intervals.size(), "one processed line per interval: " + intervals);
        String hgrm = Files.readString(Path.of(out + ".hgrm"), StandardCharsets.UTF_8);
        assertTrue(hgrm.matches("(?s).*Total count\\s*=\\s*6000\\D.*"), "every value of every interval: "
                + hgrm.lines().filter(l -> l.contains("Total")).toList());
    }

    @Test
    void outsideARunNothingIsWritten() {
        try (IntervalLog log = IntervalLog.open(new Case("a.B.c", Map.of()), "service", "x")) {
            log.write(new Histogram(3));
            assertEquals(null, log.file());
        }
    }
}
