package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.export.RunFolder;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.runner.options.CommandLineOptions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * How long each class of a {@link Plan} should take, for the whole-run ETA ({@link Progress}): a previous run
 * folder of the same scale that measured the class gives its time per case and fork (so a run with other forks, or
 * a rounds run, scales it); else the plan's own numbers — forks
 * × (warm-up iterations × their time + measurement iterations × their time) + a JVM start per fork, taken from
 * the JMH flags, then the scale table, then the class's annotations, then JMH's defaults, in the order
 * {@link Bench} applies them. A single-shot iteration counts as {@value #SINGLE_SHOT_SECONDS} s.
 */
final class RunEstimate {

    static final double SINGLE_SHOT_SECONDS = 1.0;
    static final double FORK_START_SECONDS = 2.0;

    private final Map<String, Double> measured;

    private RunEstimate(Map<String, Double> measured) {
        this.measured = measured;
    }

    /** The estimate for a run of {@code scale}, using the newest earlier run folder of that scale under {@code root}. */
    static RunEstimate of(Path root, String scale, Path exclude) {
        return new RunEstimate(previous(root, scale, exclude));
    }

    /**
     * Planned seconds of one run of a case of {@code cp} with {@code forks} forks (a rounds run: one per round): a
     * previous run's measured seconds per case and fork, times the forks; else the plan's own arithmetic.
     */
    double perCase(Plan plan, Plan.ClassPlan cp, int forks) {
        Double prev = measured.get(cp.cls().getSimpleName());
        if (prev != null) {
            return prev * Math.max(1, forks);
        }
        CommandLineOptions cli = plan.cli();
        Class<?> c = cp.cls();
        Warmup w = c.getAnnotation(Warmup.class);
        Measurement m = c.getAnnotation(Measurement.class);
        int wi = cli.getWarmupIterations().hasValue() ? cli.getWarmupIterations().get()
                : Optional.ofNullable(plan.scale().setting(c, "warmups")).orElse(w != null && w.iterations() >= 0 ? w.iterations() : 5);
        int mi = cli.getMeasurementIterations().hasValue() ? cli.getMeasurementIterations().get()
                : Optional.ofNullable(plan.scale().setting(c, "iterations")).orElse(m != null && m.iterations() >= 0 ? m.iterations() : 5);
        double wt = cli.getWarmupTime().hasValue() ? seconds(cli.getWarmupTime().get().convertTo(TimeUnit.MILLISECONDS), TimeUnit.MILLISECONDS)
                : Optional.ofNullable(plan.scale().setting(c, "warmupTime")).map(Integer::doubleValue)
                .orElse(w != null && w.time() >= 0 ? seconds(w.time(), w.timeUnit()) : 10.0);
        double mt = cli.getMeasurementTime().hasValue() ? seconds(cli.getMeasurementTime().get().convertTo(TimeUnit.MILLISECONDS), TimeUnit.MILLISECONDS)
                : Optional.ofNullable(plan.scale().setting(c, "time")).map(Integer::doubleValue)
                .orElse(m != null && m.time() >= 0 ? seconds(m.time(), m.timeUnit()) : 10.0);
        if (singleShot(c)) {
            wt = SINGLE_SHOT_SECONDS;
            mt = SINGLE_SHOT_SECONDS;
        }
        return Math.max(1, forks) * (wi * wt + mi * mt + (forks > 0 ? FORK_START_SECONDS : 0));
    }

    /** The forks per case the plan runs {@code cp} with: the JMH flag, then the scale table, then @Fork, then JMH's 5. */
    static int forks(Plan plan, Plan.ClassPlan cp) {
        Class<?> c = cp.cls();
        Fork fork = c.getAnnotation(Fork.class);
        return plan.cli().getForkCount().hasValue() ? plan.cli().getForkCount().get()
                : Optional.ofNullable(plan.scale().setting(c, "forks")).orElse(fork != null && fork.value() >= 0 ? fork.value() : 5);
    }

    private static boolean singleShot(Class<?> c) {
        BenchmarkMode mode = c.getAnnotation(BenchmarkMode.class);
        if (mode != null && Arrays.asList(mode.value()).contains(Mode.SingleShotTime)) {
            return true;
        }
        for (var method : c.getMethods()) {
            BenchmarkMode mm = method.getAnnotation(BenchmarkMode.class);
            if (mm != null && Arrays.asList(mm.value()).contains(Mode.SingleShotTime)) {
                return true;
            }
        }
        return false;
    }

    private static double seconds(long amount, TimeUnit unit) {
        return unit.toNanos(amount) / 1e9;
    }

    /** Class → seconds, from the newest other run folder of this scale whose status.json recorded them. */
    static Map<String, Double> previous(Path root, String scale, Path exclude) {
        Map<String, Double> m = new HashMap<>();
        newest(root, scale, exclude, RunFolder.SECONDS_PER_FORK_CASE, null)
                .ifPresent(n -> n.fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue().asDouble())));
        return m;
    }

    /**
     * status.json's {@code field} of the newest other run folder of {@code scale} that has it (and, when {@code key}
     * is given, has that key in it): the last time the suite measured it here.
     */
    static Optional<JsonNode> newest(Path root, String scale, Path exclude, String field, String key) {
        if (!Files.isDirectory(root)) {
            return Optional.empty();
        }
        try (Stream<Path> dirs = Files.list(root)) {
            return dirs.filter(d -> !d.equals(exclude) && Files.isRegularFile(d.resolve(RunFolder.STATUS_FILE)))
                    .sorted(Comparator.comparing(RunEstimate::modified).reversed())
                    .map(d -> read(d, scale, field)).flatMap(Optional::stream)
                    .filter(n -> key == null || n.has(key)).findFirst();
        } catch (IOException e) {
            return Optional.empty(); // an estimate only
        }
    }

    private static long modified(Path d) {
        try {
            return Files.getLastModifiedTime(d.resolve(RunFolder.STATUS_FILE)).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    private static Optional<JsonNode> read(Path dir, String scale, String field) {
        try {
            JsonNode s = new ObjectMapper().readTree(dir.resolve(RunFolder.STATUS_FILE).toFile());
            return scale.equals(s.path("scale").asText()) && s.has(field) ? Optional.of(s.get(field)) : Optional.empty();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
