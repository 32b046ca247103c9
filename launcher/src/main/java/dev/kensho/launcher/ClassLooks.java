package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.export.JmhMerge;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.report.RoundClaims;
import dev.kensho.report.Section;
import dev.kensho.report.stats.ClaimPlan;

import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.IntConsumer;
import java.util.function.LongSupplier;

/**
 * A class's rounds, planned by its claims ({@link ClaimPlan}): after each round it reads what the round wrote — its
 * one-fork JMH files and the measurement lines its forks recorded — computes every claim row of the class as the
 * report does ({@link RoundClaims}), and says which cases run the next round. A class no published claim names runs
 * its planned rounds, as without a plan. When the class ends, one line per claim row goes to {@value #FILE}: its
 * rounds, the seconds its cases took, its interval and verdict at the stop, and why it stopped.
 */
final class ClassLooks {

    /** One line per claim row of every class run in rounds: how its answer was reached. */
    static final String FILE = "claims.jsonl";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path runDir;
    private final String cls;
    private final List<RoundCase> cases;
    private final int planned;
    private final DoubleSupplier secondsLeft;
    private final RoundClaims claims;
    private final PrintStream console;
    private final LongSupplier clock;
    private IntConsumer replan = d -> { };
    private double allowance = Double.NaN;
    private long firstLook = -1;
    private int expected;
    private ClaimPlan plan;
    private long offset;
    private String broken;

    ClassLooks(Path runDir, String cls, List<RoundCase> cases, int planned, DoubleSupplier secondsLeft,
               List<Section> sections, PrintStream console) {
        this(runDir, cls, cases, planned, secondsLeft, sections, console, System::nanoTime);
    }

    /** The same, timing each case by {@code clock} (nanoseconds; a test's own, so no decision rests on its host's speed). */
    ClassLooks(Path runDir, String cls, List<RoundCase> cases, int planned, DoubleSupplier secondsLeft,
               List<Section> sections, PrintStream console, LongSupplier clock) {
        this.clock = clock;
        this.expected = planned * cases.size();
        this.runDir = runDir;
        this.cls = cls;
        this.cases = List.copyOf(cases);
        this.planned = planned;
        this.secondsLeft = secondsLeft;
        this.claims = new RoundClaims(cls, sections);
        this.console = console;
    }

    /**
     * Tells {@code replan} how many more (or fewer) one-fork cases than the console counts on the class will run, after
     * each round: the next round's cases, for as many rounds as were planned beyond it (at least one).
     */
    ClassLooks onReplan(IntConsumer replan) {
        this.replan = replan;
        return this;
    }

    /**
     * Bounds what the claims' rounds after the first may take to {@code seconds} ({@link Rounds#claimAllowance}; NaN:
     * only the budget bounds them), counted from the look at round 1: the rows an hour funds are then fixed by the
     * class's own rounds, not by what the classes before it left.
     */
    ClassLooks allowance(double seconds) {
        this.allowance = seconds;
        return this;
    }

    /** Now, in nanoseconds, by the clock the cases are timed with. */
    long nanos() {
        return clock.getAsLong();
    }

    /** Whether the class's rounds were looked at (some claim row measured): its merged file says so. */
    boolean looked() {
        return plan != null && plan.hasClaims();
    }

    /**
     * Whether a merged JMH entry is a case the looks stopped (a claim row rests on it); the class's other cases ran
     * their planned rounds, fixed in advance.
     */
    boolean lookedCase(JsonNode entry) {
        if (!looked()) {
            return false;
        }
        Set<String> claimed = new LinkedHashSet<>();
        plan.subjects().forEach(s -> claimed.addAll(s.cases()));
        return cases.stream().filter(c -> claimed.contains(c.toString()))
                .anyMatch(c -> new RoundClaims.RoundCase(c.toString(), c.method(), c.params()).holds(entry));
    }

    /** Marks where the round's measurement lines begin. */
    void beforeRound() {
        Path m = runDir.resolve(Recorder.MEASUREMENTS_FILE);
        try {
            offset = Files.exists(m) ? Files.size(m) : 0;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The cases of the next round, in the class's case order (empty: the class is done), from round {@code round}'s
     * files and each case's seconds in it.
     */
    List<RoundCase> afterRound(int round, List<Path> files, Map<RoundCase, Double> seconds) {
        List<RoundCase> next = next(round, files, seconds);
        expected -= seconds.size();
        int now = next.size() * Math.max(1, planned - round);
        if (now != expected) {
            replan.accept(now - expected);
            expected = now;
        }
        return next;
    }

    private List<RoundCase> next(int round, List<Path> files, Map<RoundCase, Double> seconds) {
        List<RoundCase> ran = cases.stream().filter(seconds::containsKey).toList();
        if (!claims.any() || broken != null) {
            return round < planned ? ran : List.of(); // a case stopped by an earlier look never resumes
        }
        Set<String> next;
        try {
            List<JsonNode> entries = JmhMerge.read(files);
            List<JsonNode> lines = measurements();
            if (plan == null) {
                List<RoundClaims.RoundCase> ids = cases.stream()
                        .map(c -> new RoundClaims.RoundCase(c.toString(), c.method(), c.params())).toList();
                plan = new ClaimPlan(claims.subjects(entries, lines, ids), new LinkedHashSet<>(ids.stream()
                        .map(RoundClaims.RoundCase::id).toList()), planned, Runtime.getRuntime().availableProcessors());
            }
            Map<String, Double> s = new LinkedHashMap<>();
            seconds.forEach((c, v) -> s.put(c.toString(), v));
            if (firstLook < 0) {
                firstLook = nanos();
            }
            double budgetLeft = secondsLeft.getAsDouble();
            double left = Double.isNaN(allowance) ? budgetLeft
                    : Math.min(budgetLeft, allowance - (nanos() - firstLook) / 1e9);
            next = plan.afterRound(round, claims.values(entries, lines), s, left);
            if (plan.hasClaims()) {
                long open = plan.states().stream().filter(st -> st.stop() == ClaimPlan.Stop.OPEN).count();
                console.printf(Locale.ROOT, "kensho: %s round %d: %d of %d claim rows open, %d of %d cases go on; %s of the"
                                + " %s left%n", cls, round, open, plan.states().size(), next.size(), cases.size(),
                        Clock.of(Math.max(0, left)), left < budgetLeft ? "claims' allowance (" + Clock.of(allowance) + ")"
                                : "budget");
            }
        } catch (RuntimeException e) {
            // a section that cannot read one round must not end the run: the class goes on as planned, and says so
            broken = "claims not computed after round " + round + " (" + e + "): the rounds go on as planned";
            console.println("kensho: " + cls + ": " + broken);
            return round < planned ? ran : List.of();
        }
        return cases.stream().filter(c -> next.contains(c.toString())).toList();
    }

    /** Writes one line per claim row to {@value #FILE}; nothing for a class without claim rows. */
    void finish() {
        if (!looked()) {
            return;
        }
        StringBuilder out = new StringBuilder();
        for (ClaimPlan.State s : plan.states()) {
            ObjectNode n = JSON.createObjectNode();
            n.put("class", cls);
            n.put("claim", s.key());
            n.put("stop", s.stop().shown());
            n.put("rounds", s.rounds());
            n.put("seconds", Math.round(s.seconds() * 10) / 10.0);
            if (s.interval() != null) {
                n.put("interval", s.interval().shown());
            }
            n.put("verdict", s.verdict());
            if (s.roundsNeeded() > 0) {
                n.put("roundsNeeded", s.roundsNeeded());
            }
            if (!Double.isNaN(allowance)) {
                n.put("allowanceMinutes", Math.round(allowance / 6) / 10.0);
            }
            if (broken != null) {
                n.put("note", broken);
            }
            try {
                out.append(JSON.writeValueAsString(n)).append('\n');
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        try {
            Files.writeString(runDir.resolve(FILE), out, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The measurement lines written since {@link #beforeRound()}. */
    private List<JsonNode> measurements() {
        Path m = runDir.resolve(Recorder.MEASUREMENTS_FILE);
        List<JsonNode> out = new ArrayList<>();
        if (!Files.exists(m)) {
            return out;
        }
        try (RandomAccessFile f = new RandomAccessFile(m.toFile(), "r")) {
            byte[] b = new byte[(int) Math.max(0, f.length() - offset)];
            f.seek(offset);
            f.readFully(b);
            for (String line : new String(b, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    JsonNode n = JSON.readTree(line);
                    if (n.has("benchmark")) {
                        out.add(n);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
