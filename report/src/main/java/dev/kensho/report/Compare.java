package dev.kensho.report;

import dev.kensho.common.BadInput;
import dev.kensho.common.SettingRegistry;
import dev.kensho.common.Settings;
import dev.kensho.common.cpu.Yardstick;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.RunFolder;
import dev.kensho.common.export.Verdicts;
import dev.kensho.report.profile.ProfiledRuns;
import dev.kensho.report.stats.NoiseFloor;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Compares two run folders (a stored baseline and a new run) as a gate: a number <em>moved</em> when
 * the 99.9% intervals of both runs do not overlap <em>and</em> the change is larger than the noise floor
 * ({@link NoiseFloor}: how far a number of its benchmark method and metric moves between two runs of the same
 * code on the same machine, an A/A pair, bounded at 99.9%). Exit status: 0 nothing moved, 1 something moved
 * (faster or slower: either way the baseline no longer describes the code), 2 bad arguments. Writes {@code compare-<before>.md} into
 * the "after" folder and prints it; a noise floor computed from two A/A runs is also written there as
 * {@value NoiseFloor#FILE}, to be stored beside the baseline and passed back with {@code --noise <file>}.
 *
 * <p>Intervals: JMH's own 99.9% half-width for JMH scores and rates derived from them; for recorded
 * measurements (mean ± standard deviation of n samples) the 99.9% Student-t half-width
 * t(0.9995, n−1)·sd/√n. A number with no interval (one sample, no error) is reported as such and never
 * passes or fails on interval logic; so is a number the A/A pair did not measure when a floor is given.
 * Without {@code --noise} the floor is 0 and the intervals alone decide (said in the output).
 *
 * <p>Above the numbers, what may have moved them besides the code ({@link RunConditions}): the machine's speed in
 * each run and any run that did not complete. Below the numbers, the published claims whose verdict differs between
 * the two runs ({@link VerdictChanges}): listed, not counted in the exit status — a verdict can change inside
 * overlapping intervals.
 *
 * <p>{@code java -jar benchmarks/target/kensho-benchmarks.jar compare [--noise <A/A run 1> <A/A run 2> | --noise
 * <noise-floor.json>] <before run> <after run>} ({@code dev.kensho.report.cli.Commands})
 */
public final class Compare {

    static final String USAGE = "usage: Compare [" + ProfiledRuns.FLAG + "] [--noise <A/A run 1> <A/A run 2> | --noise <"
            + NoiseFloor.FILE + ">] <before run folder> <after run folder>";
    /** Confidence level of every interval Compare uses (JMH's). */
    static final double CONFIDENCE = Results.CONFIDENCE;

    private Compare() {
    }

    /** What Compare concludes about one number. */
    public enum Verdict {
        MOVED("**moved**"), WITHIN_NOISE("beyond the intervals, within the A/A noise floor"),
        WITHIN_INTERVALS("intervals overlap"), NO_INTERVAL("no interval: not judged"),
        NO_NOISE_FIGURE("no A/A floor (not in the pair, or its method has fewer than " + NoiseFloor.MIN_NUMBERS
                + " numbers there): not judged");

        final String text;

        Verdict(String text) {
            this.text = text;
        }
    }

    /** One number measured in both runs. */
    public record Diff(Results.Row before, Results.Row after) implements NoiseFloor.Pair {
        public double relative() {
            return (after.score() - before.score()) / before.score();
        }

        /** True when both intervals exist and do not overlap (an absent interval is never significant). */
        public boolean significant() {
            double hb = halfWidth(before);
            double ha = halfWidth(after);
            return !Double.isNaN(hb) && !Double.isNaN(ha) && Math.abs(after.score() - before.score()) > hb + ha;
        }

        /** The verdict given a noise floor ({@code null}: no A/A figure for this number; 0: no floor at all). */
        public Verdict verdict(Double floor) {
            if (Double.isNaN(halfWidth(before)) || Double.isNaN(halfWidth(after))) {
                return Verdict.NO_INTERVAL;
            }
            if (!significant()) {
                return Verdict.WITHIN_INTERVALS;
            }
            if (floor == null) {
                return Verdict.NO_NOISE_FIGURE;
            }
            return change() > Math.log1p(floor) ? Verdict.MOVED : Verdict.WITHIN_NOISE;
        }

        /** |ln(after / before)| when both are positive (a floor bounds a change alike up and down), else |relative|. */
        double change() {
            return before.score() > 0 && after.score() > 0 ? Math.abs(Math.log(after.score() / before.score()))
                    : Math.log1p(Math.abs(relative()));
        }
    }

    /** The 99.9% half-width of a row's interval, NaN when it has none ({@link Results.Row#halfWidth()}). */
    public static double halfWidth(Results.Row r) {
        return r.halfWidth();
    }

    public static List<Diff> diff(List<Results.Row> before, List<Results.Row> after) {
        Map<String, Results.Row> b = new LinkedHashMap<>();
        before.forEach(r -> b.put(key(r), r));
        // the CPU figures describe a result (its bottleneck), they are not results a gate should judge
        return after.stream().filter(r -> !Verdicts.isCpu(r))
                .filter(r -> b.containsKey(key(r))).map(r -> new Diff(b.get(key(r)), r)).toList();
    }

    static String key(Results.Row r) {
        return r.cls() + "|" + r.method() + "|" + r.paramString() + "|" + r.metric();
    }

    /** The table without a noise floor (the intervals alone decide). */
    public static String markdown(String beforeId, String afterId, List<Diff> diffs) {
        return markdown(beforeId, afterId, diffs, Map.of(), null);
    }

    public static String markdown(String beforeId, String afterId, List<Diff> diffs, Map<String, Double> floors, String noiseSource) {
        return markdown(beforeId, afterId, diffs, floors, noiseSource, "");
    }

    /** Above the table: {@code machines}, the two runs' yardsticks ({@link #machines}), when there are any. */
    public static String markdown(String beforeId, String afterId, List<Diff> diffs, Map<String, Double> floors, String noiseSource,
                                  String machines) {
        StringBuilder sb = new StringBuilder("# kensho: ").append(afterId).append(" vs ").append(beforeId)
                .append("\n\nDifference = (after − before) / before. ± = 99.9% interval half-width (recorded"
                        + " measurements: Student t over their samples). **moved** = the intervals do not overlap and the"
                        + " difference is larger than the noise floor.\n\n")
                .append(noiseSource == null ? "No noise floor given (`--noise`): floor 0, the intervals alone decide.\n\n"
                        : "Noise floor: per benchmark method and metric, how far its numbers moved between the runs of"
                        + " the A/A pair " + noiseSource + ", bounded at 99.9% (t over the n numbers' ln(A2 / A1), as a"
                        + " relative change; alike up and down).\n\n")
                .append(machines.isEmpty() ? "" : machines + "\n\n")
                .append("| benchmark | params | metric | before | ± | after | ± | difference | noise floor | verdict |\n"
                        + "|---|---|---|---:|---:|---:|---:|---:|---:|---|\n");
        int moved = 0;
        int unjudged = 0;
        for (Diff d : diffs) {
            Double floor = floor(floors, noiseSource, d);
            Verdict v = d.verdict(floor);
            moved += v == Verdict.MOVED ? 1 : 0;
            unjudged += v == Verdict.NO_NOISE_FIGURE ? 1 : 0;
            sb.append("| ").append(d.after().cls()).append('.').append(d.after().method()).append(" | ")
                    .append(d.after().paramString()).append(" | ").append(d.after().metric()).append(" | ")
                    .append(Export.fmt(d.before().score())).append(" | ").append(Export.fmt(halfWidth(d.before()))).append(" | ")
                    .append(Export.fmt(d.after().score())).append(" | ").append(Export.fmt(halfWidth(d.after()))).append(" | ")
                    .append(String.format("%+.1f%%", 100 * d.relative())).append(" | ")
                    .append(floor == null ? "—" : floorText(floor)).append(" | ")
                    .append(v.text).append(" |\n");
        }
        if (diffs.isEmpty()) {
            sb.append("\n_No number was measured in both runs._\n");
        }
        sb.append("\n").append(moved).append(" of ").append(diffs.size()).append(" numbers moved")
                .append(unjudged == 0 ? "" : "; " + unjudged + " beyond the intervals had no A/A floor and were not judged")
                .append(".\n");
        return sb.toString();
    }

    /** The two runs' machine speeds, and a warning when they differ; see {@link RunConditions#machines}. */
    static String machines(Optional<Yardstick.Summary> before, Optional<Yardstick.Summary> after) {
        return RunConditions.machines(before, after);
    }

    /** A floor of +f bounds a change alike up and down: from −f/(1+f) to +f ("−38.7% … +63.2%"). */
    static String floorText(double floor) {
        return floor == 0 ? "0%" : String.format(Locale.ROOT, "−%.1f%% … +%.1f%%", 100 * floor / (1 + floor), 100 * floor);
    }

    private static Double floor(Map<String, Double> floors, String noiseSource, Diff d) {
        return noiseSource == null ? Double.valueOf(0) : floors.get(key(d.after()));
    }

    /** Runs the comparison; returns the exit status (0 nothing moved, 1 something moved, 2 bad arguments). */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        try {
            SettingRegistry.withSources(List.of()).check(System.getProperties());
            List<String> rest = ProfiledRuns.withoutFlag(List.of(args));
            boolean mixProfiled = ProfiledRuns.allowed(List.of(args));
            Map<String, Double> floors = Map.of();
            String noiseSource = null;
            Path noiseOut = null;
            if (!rest.isEmpty() && rest.get(0).equals("--noise")) {
                rest.remove(0);
                if (rest.size() >= 1 && Files.isRegularFile(resolve(rest.get(0)))) {
                    Path f = resolve(rest.remove(0));
                    floors = NoiseFloor.read(f);
                    noiseSource = "stored in " + f;
                } else if (rest.size() >= 2) {
                    RunFolder a1 = RunFolder.at(resolve(rest.remove(0)));
                    RunFolder a2 = RunFolder.at(resolve(rest.remove(0)));
                    ProfiledRuns.check(List.of(a1.dir(), a2.dir()), mixProfiled);
                    floors = NoiseFloor.of(diff(nonEmpty(a1), nonEmpty(a2)), Compare::key);
                    noiseSource = a1.dir().getFileName() + " / " + a2.dir().getFileName();
                    noiseOut = a2.dir();
                } else {
                    throw BadInput.of("--noise", rest.isEmpty() ? "" : rest.get(0), "two A/A run folders or a " + NoiseFloor.FILE + " file");
                }
            }
            if (rest.size() != 2) {
                err.println("kensho: " + USAGE);
                return 2;
            }
            RunFolder before = RunFolder.at(resolve(rest.get(0)));
            RunFolder after = RunFolder.at(resolve(rest.get(1)));
            ProfiledRuns.check(List.of(before.dir(), after.dir()), mixProfiled);
            List<Diff> diffs = diff(nonEmpty(before), nonEmpty(after));
            String states = RunConditions.states(before, after);
            if (!states.isEmpty()) {
                err.println("kensho: " + states.replace("**", ""));
            }
            String machines = machines(Yardstick.summary(before.dir()), Yardstick.summary(after.dir()));
            String md = markdown(before.dir().getFileName().toString(), after.dir().getFileName().toString(), diffs, floors, noiseSource,
                    states.isEmpty() ? machines : machines.isEmpty() ? states : states + "\n\n" + machines)
                    + VerdictChanges.markdown(VerdictChanges.between(Rendered.load(before.dir()), Rendered.load(after.dir())));
            Path report = after.dir().resolve("compare-" + before.dir().getFileName() + ".md");
            Files.writeString(report, md, StandardCharsets.UTF_8);
            out.println(md);
            err.println("kensho: wrote " + report);
            if (noiseOut != null) {
                Path nf = after.dir().resolve(NoiseFloor.FILE);
                NoiseFloor.write(nf, noiseSource, floors);
                err.println("kensho: wrote " + nf + " (store it beside the baseline; pass it with --noise " + NoiseFloor.FILE + ")");
            }
            Map<String, Double> fl = floors;
            String src = noiseSource;
            return diffs.stream().anyMatch(d -> d.verdict(floor(fl, src, d)) == Verdict.MOVED) ? 1 : 0;
        } catch (BadInput e) {
            err.println("kensho: " + e.getMessage());
            return 2;
        } catch (IOException e) {
            err.println("kensho: Compare: " + e.getMessage());
            return 2;
        }
    }

    private static List<Results.Row> nonEmpty(RunFolder run) {
        List<Results.Row> rows = Results.load(run.dir());
        if (rows.isEmpty()) {
            throw BadInput.of("run folder", run.dir(), "a run folder with results (this one has none)");
        }
        return rows;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    private static Path resolve(String p) {
        Path path = Paths.get(p);
        return path.isAbsolute() ? path : Settings.root().resolve(path);
    }
}
