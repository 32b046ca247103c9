package dev.kensho.launcher;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.export.JmhMerge;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * Randomised interleaved rounds (RMIT; Abedi &amp; Brecht, ICPE'17) for one benchmark class: with N rounds
 * ({@link #count}: {@code -Dkensho.rounds=N} for every class, else the class's {@code @rounds} in its scale table,
 * else {@value #ROUNDS_DEFAULT}: the class's cases one after another, each in its own forks), the class runs as
 * N rounds; each round runs every case of the class (one method × one parameter combination) once, with one
 * fork, in an order shuffled per round. A case's forks then lie minutes apart, so their spread holds the host's
 * drift across the class, and the two sides of a claim are measured minutes, not a whole class, apart (the report
 * bounds their ratio by the pooled spread of the rounds' forks, or pairs them round by round,
 * {@code report.stats.RatioInterval#of}).
 *
 * <p>Each case of each round is its own JMH {@code Runner} with one value per {@code -p} and writes
 * {@code jmh/rounds/<Class>.r<round>.<n>.json} (n: its place in that round's order; a folder of its own so that
 * readers of {@code jmh/*.json} never count a fork twice). The seed and every round's order go to
 * {@value #FILE}, one line per round. When the rounds end (or one fails) {@link JmhMerge} joins the files into
 * {@code jmh/<Class>.json}: every case with N forks in round order.
 *
 * <p>A class that published claims name is planned by them ({@link ClassLooks}): after each round every claim row of
 * the class gets its anytime-valid interval, and the next round runs only the cases of claims still open that the
 * run's budget can still settle — fewer rounds than {@code @rounds} for claims decided early, more for open ones;
 * cases no claim rests on run {@code @rounds}. Its merged file then gives each case the rounds it ran and marks the
 * cases the looks stopped ({@link JmhMerge#mergeLooked}); the report bounds ratios between two of those by the same
 * anytime-valid interval, and pairs the others, fixed in advance, as before.
 *
 * <p>The seed is the hash of the run folder's name and the class's: the same {@code -Dkensho.runId} gives the
 * same orders, different runs different ones. Forks per case per round are 1 ({@code -f 0} runs them in the
 * launcher's JVM; {@code -f} above 1 together with rounds is refused before anything starts).
 */
final class Rounds {
    static final int ROUNDS_DEFAULT = 1;
    /** One line per round of every rounds-run class: class, seed, round, the order of its cases. */
    static final String FILE = "rounds.jsonl";
    /** The folder under {@code jmh/} of the one-fork files. */
    static final String DIR = "rounds";

    private static final ObjectMapper JSON = new ObjectMapper();

    /** Runs one JMH invocation; a failure ends the rounds. */
    interface Jmh {
        void run(Options options) throws RunnerException;
    }

    private Rounds() {
    }

    /** The rounds {@code -Dkensho.rounds} asks of every class ({@value #ROUNDS_DEFAULT} when unset: no rounds). */
    static int count() {
        return (int) Settings.range(Setting.ROUNDS.key(), Setting.ROUNDS.get(String.valueOf(ROUNDS_DEFAULT)), 1, 1000);
    }

    /**
     * The rounds {@code cls} runs: {@code -Dkensho.rounds} when set (for every class); else, when JMH's {@code -f}
     * is given, {@value #ROUNDS_DEFAULT} (the forks asked for, consecutive); else the class's {@code @rounds} in the
     * scale table; else {@value #ROUNDS_DEFAULT}.
     */
    static int count(Plan plan, Class<?> cls) {
        if (Setting.ROUNDS.get() != null || plan.cli().getForkCount().hasValue()) {
            return count();
        }
        Integer r = plan.scale().setting(cls, "rounds");
        return r == null ? ROUNDS_DEFAULT : r;
    }

    /**
     * The seconds {@code cls}'s claims may spend on rounds after its first ({@code @claimMinutes} in its scale table),
     * NaN for no such bound: it holds in the scale's own hour only — {@code kensho.budget} unset at the smoke and default
     * scales — so that which claims an hour funds is fixed before the run, not by the seconds earlier classes happened to
     * leave; a budget given on the command line is spent by what is left, as the user asked.
     */
    static double claimAllowance(Plan plan, Class<?> cls) {
        if (Setting.BUDGET.get() != null || Setting.budgetMinutes() != Setting.BUDGET_DEFAULT_MINUTES) {
            return Double.NaN;
        }
        Double m = plan.scale().minutes(cls, "claimMinutes");
        return m == null ? Double.NaN : m * 60;
    }

    /**
     * Whether {@code cls} runs in rounds: more than one ({@link #count}), or its scale table names its {@code @rounds},
     * even 1 — its claims then plan its rounds ({@link ClassLooks}) and the cases no claim rests on run once — unless
     * {@code -Dkensho.rounds} or JMH's {@code -f} asks for consecutive forks.
     */
    static boolean inRounds(Plan plan, Class<?> cls) {
        return count(plan, cls) > 1 || Setting.ROUNDS.get() == null && !plan.cli().getForkCount().hasValue()
                && plan.scale().setting(cls, "rounds") != null;
    }

    /** Every case of a class: per method, the cross product of the values of the params it takes, in plan order. */
    static List<RoundCase> cases(Plan.ClassPlan cp) {
        List<RoundCase> out = new ArrayList<>();
        for (String m : cp.methods()) {
            List<Map<String, String>> combos = new ArrayList<>();
            combos.add(new LinkedHashMap<>());
            for (Map.Entry<String, String[]> p : cp.params().entrySet()) {
                if (!cp.methodParams().getOrDefault(m, cp.params().keySet()).contains(p.getKey())
                        || p.getValue() == null || p.getValue().length == 0) {
                    continue;
                }
                List<Map<String, String>> next = new ArrayList<>();
                for (Map<String, String> c : combos) {
                    for (String v : p.getValue()) {
                        Map<String, String> n = new LinkedHashMap<>(c);
                        n.put(p.getKey(), v);
                        next.add(n);
                    }
                }
                combos = next;
            }
            combos.forEach(c -> out.add(new RoundCase(m, c)));
        }
        return out;
    }

    /** The seed of a class's orders in a run. */
    static long seed(String runId, String cls) {
        return ((long) runId.hashCode() << 32) ^ (cls.hashCode() & 0xffffffffL);
    }

    /** Round 1 … N's orders of {@code cases}, each a shuffle drawn in turn from one generator seeded with {@code seed}. */
    static List<List<RoundCase>> orders(List<RoundCase> cases, int rounds, long seed) {
        Random rnd = new Random(seed);
        List<List<RoundCase>> out = new ArrayList<>();
        for (int r = 0; r < rounds; r++) {
            List<RoundCase> order = new ArrayList<>(cases);
            Collections.shuffle(order, rnd);
            out.add(order);
        }
        return out;
    }

    /**
     * Runs {@code cls}'s cases in shuffled rounds, each case with one fork ({@code base}: the class's options without
     * includes, params or result file), then merges the files into {@code merged}. After each round {@code looks}
     * says which cases run the next one: all of them until the {@code rounds} planned for a class without claims, the
     * cases of its open claims for one with claims ({@link ClassLooks}). Returns null, or the failure of the case that
     * ended the rounds (the rounds measured until then are merged all the same).
     */
    static String run(Path runDir, Class<?> cls, Plan.ClassPlan cp, Options base, int rounds, Path merged, Jmh jmh,
                      Function<Exception, String> failure, ClassLooks looks) {
        String name = cls.getSimpleName();
        Path dir = runDir.resolve("jmh").resolve(DIR);
        long seed = seed(runDir.getFileName().toString(), cls.getName());
        // one generator for every round's shuffle: a class that runs all its cases every round gets orders(…)'s orders
        Random rnd = new Random(seed);
        List<Path> files = new ArrayList<>();
        String failed = null;
        try {
            Files.createDirectories(dir);
            List<RoundCase> active = cases(cp);
            rounds:
            for (int r = 1; !active.isEmpty(); r++) {
                List<RoundCase> order = new ArrayList<>(active);
                Collections.shuffle(order, rnd);
                record(runDir, name, seed, r, order);
                looks.beforeRound();
                List<Path> round = new ArrayList<>();
                Map<RoundCase, Double> seconds = new LinkedHashMap<>();
                for (int n = 1; n <= order.size(); n++) {
                    RoundCase c = order.get(n - 1);
                    Path file = dir.resolve(name + ".r" + r + "." + n + ".json");
                    OptionsBuilder ob = new OptionsBuilder();
                    ob.parent(base).include("^" + Pattern.quote(cls.getName()) + "\\." + Pattern.quote(c.method()) + "$")
                            .result(file.toString());
                    c.params().forEach((k, v) -> ob.param(k, v));
                    if (!base.getForkCount().hasValue() || base.getForkCount().get() != 0) {
                        ob.forks(1);
                    }
                    long started = looks.nanos();
                    try {
                        jmh.run(ob.build());
                    } catch (Exception e) {
                        failed = "round " + r + ", " + c + ": " + failure.apply(e);
                        break rounds;
                    }
                    seconds.put(c, (looks.nanos() - started) / 1e9);
                    if (Files.exists(file)) {
                        files.add(file);
                        round.add(file);
                    }
                }
                active = looks.afterRound(r, round, seconds);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (!files.isEmpty()) {
            if (looks.looked()) {
                JmhMerge.mergeLooked(files, merged, looks::lookedCase);
            } else {
                JmhMerge.mergeFiles(files, rounds, merged);
            }
        }
        looks.finish();
        return failed;
    }

    /** The one-fork files of {@code cls} a rounds run wrote: its forks, one per case per round. */
    static int forkFiles(Path runDir, String cls) {
        Path dir = runDir.resolve("jmh").resolve(DIR);
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (var s = Files.list(dir)) {
            return (int) s.filter(f -> f.getFileName().toString().startsWith(cls + ".r")).count();
        } catch (IOException e) {
            return 0;
        }
    }

    /** One line of {@value #FILE}: the class, the seed, the round and its order. */
    private static void record(Path runDir, String cls, long seed, int round, List<RoundCase> order) throws IOException {
        ObjectNode line = JSON.createObjectNode();
        line.put("class", cls);
        line.put("seed", seed);
        line.put("round", round);
        var arr = line.putArray("order");
        for (int n = 1; n <= order.size(); n++) {
            ObjectNode c = arr.addObject();
            c.put("n", n);
            c.put("method", order.get(n - 1).method());
            order.get(n - 1).params().forEach(c.putObject("params")::put);
        }
        Files.writeString(runDir.resolve(FILE), JSON.writeValueAsString(line) + "\n", StandardCharsets.UTF_8,
                StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }
}
