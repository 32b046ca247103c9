package dev.kensho.report;

import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.RunFolder;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What a reader of a {@link Compare} must know about the two runs besides their numbers: how fast the machine was in
 * each (their {@link Yardstick} readings) and whether each run completed. Either can explain a number that moved
 * without the code moving it, so Compare prints both above its table. It sits apart from Compare, which judges the
 * numbers, because neither sentence judges a number: they describe the runs.
 */
final class RunConditions {

    /** Relative difference of the two runs' yardsticks above which Compare warns that the machines differed. */
    static final double MACHINE_TOLERANCE = 0.10;

    private RunConditions() {
    }

    /**
     * The machines' speed in the two runs (their {@link Yardstick} medians), and a warning when the CPU figure
     * differs by more than {@link #MACHINE_TOLERANCE} (its readings stayed within 3% across run reference-89ec53f):
     * a number that moved by about that much may have moved with the host, not the code. Empty when either run has no reading (runs made before the yardstick existed).
     */
    static String machines(Optional<Yardstick.Summary> before, Optional<Yardstick.Summary> after) {
        if (before.isEmpty() || after.isEmpty()) {
            return "";
        }
        Yardstick.Summary b = before.get();
        Yardstick.Summary a = after.get();
        double cpu = a.cpuMedian() / b.cpuMedian();
        double loop = a.loopbackMedian() / b.loopbackMedian();
        String line = String.format(Locale.ROOT, "Machine yardstick (median of each run's readings): CPU %.0f → %.0f M steps/s"
                + " (× %.2f), loopback %,.0f → %,.0f round trips/s (× %.2f).", b.cpuMedian(), a.cpuMedian(), cpu,
                b.loopbackMedian(), a.loopbackMedian(), loop);
        if (Math.abs(cpu - 1) > MACHINE_TOLERANCE) {
            line += String.format(Locale.ROOT, " **The machine's CPU speed differed by more than %.0f%% between the runs**: a"
                    + " number that moved by about as much may have moved with the host, not with the code.", 100 * MACHINE_TOLERANCE);
        }
        // loopback is shown, not judged: its readings spread by up to 38% within one run on an idle VM (reference-89ec53f)
        return line;
    }

    /**
     * "" when both runs completed; else a sentence naming each run that did not, as a reader must see it ({@link
     * RunFolder#state}: a run whose launcher was killed reads failed (killed), not running): its numbers stop where it
     * stopped.
     */
    static String states(RunFolder before, RunFolder after) {
        List<String> not = new ArrayList<>();
        for (RunFolder r : List.of(before, after)) {
            if (!Files.isRegularFile(r.dir().resolve(RunFolder.STATUS_FILE))) {
                continue; // a folder put together by hand says nothing of how a run ended
            }
            String state = r.state();
            if (!"complete".equals(state)) {
                not.add((r == before ? "before" : "after") + " (" + r.dir().getFileName() + ") is **" + state + "**");
            }
        }
        return not.isEmpty() ? "" : "Run state: " + String.join(", ", not) + ": its numbers stop where the run stopped.";
    }
}
