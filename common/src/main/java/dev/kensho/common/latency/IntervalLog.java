package dev.kensho.common.latency;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogWriter;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * An HdrHistogram interval log ({@code .hlog}) of one latency of one benchmark case in one JVM: one
 * interval histogram per JMH measurement iteration, each stamped with its wall-clock start and length
 * (absolute epoch seconds, no base time) under a {@code #[StartTime: …]} header. Values are nanoseconds.
 * The files are HdrHistogram's own format, so its tools read, merge and re-plot them, e.g.
 * {@code java -cp HdrHistogram.jar org.HdrHistogram.HistogramLogProcessor -i <file> -o <out>}
 * (percentiles per interval in {@code <out>}, the whole distribution in {@code <out>.hgrm}; its default
 * {@code -outputValueUnitRatio 1e6} prints milliseconds).
 *
 * <p>Files land in {@code <run folder>/}{@value #DIR}{@code /<Class>.<method>-<param=value>…-<kind>-<pid>.hlog}
 * (the pid keeps the forks of one case apart). Outside a launcher run (no run folder) nothing is written.
 */
public final class IntervalLog implements AutoCloseable {

    /** Sub-folder of the run folder holding the interval logs. */
    public static final String DIR = "hlog";

    private final HistogramLogWriter writer;
    private final Path file;
    private boolean started;

    private IntervalLog(HistogramLogWriter writer, Path file) {
        this.writer = writer;
        this.file = file;
    }

    /** A log for {@code kind} (e.g. {@code service}) of this case in the run folder; a no-op outside a run. */
    public static IntervalLog open(Case c, String kind, String description) {
        return open(c, kind, null, description);
    }

    /**
     * As {@link #open(Case, String, String)}, and the run's results take this case's
     * {@code <metricPrefix>p50|p99|p999|max} from the merged intervals of its logs ({@link LogPercentiles}).
     */
    public static IntervalLog open(Case c, String kind, String metricPrefix, String description) {
        Path dir = Recorder.runDir();
        return dir == null ? new IntervalLog(null, null) : open(dir.resolve(DIR), c, kind, metricPrefix, description);
    }

    /** A log in {@code dir} (created if missing). */
    public static IntervalLog open(Path dir, Case c, String kind, String description) {
        return open(dir, c, kind, null, description);
    }

    /** A log in {@code dir} (created if missing), its percentiles reported as {@code <metricPrefix>…} (null: not). */
    public static IntervalLog open(Path dir, Case c, String kind, String metricPrefix, String description) {
        Path file = dir.resolve(fileName(c, kind));
        try {
            Files.createDirectories(dir);
            HistogramLogWriter w = new HistogramLogWriter(file.toFile());
            w.outputComment("kensho " + c.benchmark() + " " + c.params() + " — " + kind + ": " + description);
            w.outputComment(LogPercentiles.caseLine(c, kind, metricPrefix));
            w.outputComment("values in nanoseconds; one interval per JMH measurement iteration; timestamps are epoch seconds");
            return new IntervalLog(w, file);
        } catch (FileNotFoundException e) {
            throw new UncheckedIOException("cannot write the interval log " + file, e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create " + dir, e);
        }
    }

    static String fileName(Case c, String kind) {
        String b = c.benchmark();
        String cls = b.substring(b.lastIndexOf('.', b.lastIndexOf('.') - 1) + 1);
        String params = c.params().isEmpty() ? ""
                : "-" + c.params().entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("-"));
        String name = cls + params + "-" + kind + "-" + ProcessHandle.current().pid() + ".hlog";
        return name.replaceAll("[^A-Za-z0-9._=-]", "_");
    }

    /**
     * Appends one interval. Its start and end timestamps (ms, as HdrHistogram's {@code Recorder} sets them
     * on interval histograms) place it on the wall clock.
     */
    public synchronized void write(EncodableHistogram interval) {
        if (writer == null) {
            return;
        }
        if (!started) {
            // the header's start time must not be later than the first interval, or readers drop that interval
            long t = interval.getStartTimeStamp() > 0 ? Math.min(interval.getStartTimeStamp(), System.currentTimeMillis())
                    : System.currentTimeMillis();
            writer.outputLogFormatVersion();
            writer.outputStartTime(t);
            writer.outputLegend();
            started = true;
        }
        writer.outputIntervalHistogram(interval);
    }

    /** The file, or null outside a run. */
    public Path file() {
        return file;
    }

    @Override
    public synchronized void close() {
        if (writer != null) {
            writer.close();
        }
    }
}
