package dev.kensho.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.Setting;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * The run's time budget ({@code -Dkensho.budget=<minutes>}, {@link Setting#BUDGET}) and what is left of it for a
 * class: the budget less the time since the run started, less the planned time of the classes still to run after it
 * (they run as planned; a class in rounds gives its claims only what they leave). In a Maven build the run is the
 * whole build ({@link BuildShare}): the modules before this one took their time, the ones after it are reserved theirs
 * — their last run's time here, or, for a module never run at this scale here (a fresh checkout), its part of what
 * the budget has left once the timed ones are reserved: this module and each untimed later one share it in proportion
 * to their scale files' {@value BuildShare#SHARE_KEY}, so a first module whose claims are still open cannot spend the
 * hour the later modules need.
 * {@value #FILE} in the run folder holds the budget and, once a launcher ends, the seconds the run took until then:
 * the report's header reads it.
 */
final class Budget {

    static final String FILE = "budget.json";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final double seconds;
    private final long start;
    private final double before;
    private final double laterModules;
    private final Map<String, Double> after = new LinkedHashMap<>();

    /**
     * @param minutes   the budget
     * @param start     {@link System#nanoTime()} when the run started
     * @param classes   the run's classes in the order they run
     * @param planned   each class's planned seconds
     * @param build     the build's modules before and after this one
     */
    Budget(double minutes, long start, List<String> classes, Map<String, Double> planned, BuildShare build) {
        this.seconds = minutes * 60;
        this.start = start;
        this.before = build.secondsBefore();
        // an untimed later module: its share, beside this one's, of what is left once the timed ones are reserved
        this.laterModules = build.laterModules(Math.max(0, seconds - before));
        double rest = 0;
        for (int i = classes.size() - 1; i >= 0; i--) {
            after.put(classes.get(i), rest);
            rest += planned.getOrDefault(classes.get(i), 0.0);
        }
    }

    /** The run's budget, from {@code kensho.budget}. */
    static Budget of(long start, List<String> classes, Map<String, Double> planned, BuildShare build) {
        return new Budget(Setting.budgetMinutes(), start, classes, planned, build);
    }

    double seconds() {
        return seconds;
    }

    /** The whole budget is used up now (the build's earlier modules included). */
    boolean spent() {
        return seconds - before - (System.nanoTime() - start) / 1e9 <= 0;
    }

    /** Seconds left for {@code cls}'s further rounds, now (≤ 0: spent). */
    DoubleSupplier leftFor(String cls) {
        double reserved = after.getOrDefault(cls, 0.0) + laterModules;
        return () -> seconds - before - (System.nanoTime() - start) / 1e9 - reserved;
    }

    /** Writes {@value #FILE}: the budget, and the seconds the run took (this launcher's {@code usedSeconds} after the
     * build's earlier modules; NaN while it runs). */
    void write(Path runDir, double usedSeconds) {
        ObjectNode n = JSON.createObjectNode();
        n.put("minutes", seconds / 60);
        if (!Double.isNaN(usedSeconds)) {
            n.put("usedSeconds", before + usedSeconds);
        }
        try {
            JSON.writerWithDefaultPrettyPrinter().writeValue(runDir.resolve(FILE).toFile(), n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
