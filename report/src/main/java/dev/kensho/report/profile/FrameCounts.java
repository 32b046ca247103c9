package dev.kensho.report.profile;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * CPU samples by the frame that was running (self samples: the top of each sampled stack), and their total.
 * From a JFR recording's {@code jdk.ExecutionSample} events ({@link JfrSummary}) or a collapsed-stack file's leaf
 * frames ({@link #collapsed}: redis-server's perf profile).
 */
public record FrameCounts(Map<String, Long> self, long total) {

    static FrameCounts empty() {
        return new FrameCounts(new HashMap<>(), 0);
    }

    FrameCounts plus(FrameCounts o) {
        Map<String, Long> m = new HashMap<>(self);
        o.self.forEach((k, v) -> m.merge(k, v, Long::sum));
        return new FrameCounts(m, total + o.total);
    }

    /** A frame's share of all samples (0 when there are none). */
    double share(String frame) {
        return total == 0 ? 0 : self.getOrDefault(frame, 0L) / (double) total;
    }

    /** The {@code n} frames with the most samples, most first (ties by name, so the order is stable). */
    List<Map.Entry<String, Long>> top(int n) {
        return self.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue(Comparator.reverseOrder())
                .thenComparing(Map.Entry.comparingByKey())).limit(n).toList();
    }

    /** Collapsed-stack files ({@code root;…;leaf count} per line) joined: stack → count. */
    static Map<String, Long> stacks(List<Path> files) throws IOException {
        Map<String, Long> m = new TreeMap<>();
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                int sp = line.lastIndexOf(' ');
                if (sp > 0 && line.substring(sp + 1).trim().matches("\\d+")) {
                    m.merge(line.substring(0, sp), Long.parseLong(line.substring(sp + 1).trim()), Long::sum);
                }
            }
        }
        return m;
    }

    /** The leaf frames of collapsed stacks ({@code root;…;leaf count} per line), weighted by their counts. */
    static FrameCounts collapsed(List<Path> files) throws IOException {
        Map<String, Long> m = new HashMap<>();
        long total = 0;
        for (Path f : files) {
            for (String line : Files.readAllLines(f, StandardCharsets.UTF_8)) {
                int sp = line.lastIndexOf(' ');
                if (sp <= 0) {
                    continue;
                }
                long n;
                try {
                    n = Long.parseLong(line.substring(sp + 1).trim());
                } catch (NumberFormatException e) {
                    throw new IOException(f.getFileName() + ": not a collapsed-stack line: " + line);
                }
                String stack = line.substring(0, sp);
                m.merge(stack.substring(stack.lastIndexOf(';') + 1), n, Long::sum);
                total += n;
            }
        }
        return new FrameCounts(m, total);
    }
}
