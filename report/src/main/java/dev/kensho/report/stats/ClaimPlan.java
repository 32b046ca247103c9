package dev.kensho.report.stats;

import dev.kensho.common.export.Interval;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rounds planned by claims, not by cases: after each round of a class, every claim row measured in it gets its
 * anytime-valid interval ({@link ConfidenceSequence} over its per-round log ratios) and its verdict by the report's
 * rules ({@link Verdict}); the cases of the class run one more round only while a claim that rests on them is open
 * and can still be settled within what is left of the run's budget. A claim row stops, once and for good:
 * <ul>
 *   <li><b>decided</b> — its verdict is no longer <i>not resolved</i> (reproduced, contradicted, not reproducible
 *       here: what no number of rounds changes is decided at the first round);</li>
 *   <li><b>remedy beyond budget</b> — the rounds that would decide it at this spread (the sequence's own width law,
 *       {@link ConfidenceSequence#roundsNeeded}, searched with the verdict rules) cost more than the budget has
 *       left once the claims cheaper to settle have had theirs;</li>
 *   <li><b>budget</b> — the budget is spent.</li>
 * </ul>
 * Before round {@link ConfidenceSequence#firstBounded()} the interval holds every value: until then a claim's remedy is
 * reaching that round, and a claim whose cases cannot reach it within what is left stops at once (remedy beyond
 * budget), as every open claim does when the budget is spent — the run ends on time, each row saying at which round
 * and why. Cases that no claim rests on run the class's planned rounds from what the open claims leave: after round 1
 * each of their further rounds runs only when the budget left, less the rounds the kept claims are due, covers it —
 * claims first, so a class's context cells never take the rounds its claims need. It is a plain object, fed by the
 * launcher's round loop and tested alone.
 */
public final class ClaimPlan {

    /** Why a claim row stopped. */
    public enum Stop {
        OPEN("open"), DECIDED("decided"), BUDGET("budget"), BEYOND_BUDGET("remedy beyond budget");

        private final String shown;

        Stop(String shown) {
            this.shown = shown;
        }

        /** As the report and the console say it. */
        public String shown() {
            return shown;
        }
    }

    /** A claim row of the class: its key, its claim, the cases its ratio rests on and the client threads of its row. */
    public record Subject(String key, Claim claim, Set<String> cases, int threads) {
    }

    /**
     * Where a claim row stands: its rounds, seconds spent on its cases, interval and verdict at its last look, the
     * rounds that would decide it at this spread (0: decided or not known), and why it stopped.
     */
    public record State(String key, Stop stop, int rounds, double seconds, double value, Interval interval, String verdict,
                        int roundsNeeded) {
    }

    private final ConfidenceSequence cs;
    private final List<Subject> subjects;
    private final Set<String> cases;
    private final int planned;
    private final int cores;
    private final Map<String, List<Double>> logs = new LinkedHashMap<>();
    private final Map<String, State> states = new LinkedHashMap<>();
    private final Map<String, Double> caseSeconds = new LinkedHashMap<>();
    private final Map<String, Integer> caseRounds = new LinkedHashMap<>();
    private final Set<String> unclaimedStopped = new LinkedHashSet<>();

    /**
     * @param cases   every case of the class (as the subjects name them)
     * @param planned the rounds the class plans without claims (its scale's {@code @rounds}): what cases that no claim
     *                rests on run
     * @param cores   the host's cores (a claim that needs more for its server alone is decided at once)
     */
    public ClaimPlan(List<Subject> subjects, Set<String> cases, int planned, int cores) {
        this(ConfidenceSequence.REPORT, subjects, cases, planned, cores);
    }

    ClaimPlan(ConfidenceSequence cs, List<Subject> subjects, Set<String> cases, int planned, int cores) {
        this.cs = cs;
        this.subjects = List.copyOf(subjects);
        this.cases = new LinkedHashSet<>(cases);
        this.planned = planned;
        this.cores = cores;
        for (Subject s : subjects) {
            logs.put(s.key(), new ArrayList<>());
            states.put(s.key(), new State(s.key(), Stop.OPEN, 0, 0, Double.NaN, null, "", 0));
        }
        cases.forEach(c -> caseSeconds.put(c, 0.0));
    }

    /** Whether any claim row rests on this class's cases (else it runs its planned rounds, as without a plan). */
    public boolean hasClaims() {
        return !subjects.isEmpty();
    }

    /**
     * Takes round {@code round}'s measurements and says which cases run the next round (empty: the class is done).
     *
     * @param values      each claim row's value in this round alone (its ratio of this round's fork means); a row
     *                    missing from a round (or not positive) has one round fewer
     * @param seconds     seconds each case took in this round
     * @param secondsLeft what is left of the run's budget for this class's further rounds (≤ 0: spent)
     */
    public Set<String> afterRound(int round, Map<String, Double> values, Map<String, Double> seconds, double secondsLeft) {
        seconds.forEach((c, s) -> {
            caseSeconds.merge(c, s, Double::sum);
            caseRounds.merge(c, 1, Integer::sum);
        });
        List<Subject> open = new ArrayList<>();
        for (Subject s : subjects) {
            State st = states.get(s.key());
            if (st.stop() != Stop.OPEN) {
                continue;
            }
            Double v = values.get(s.key());
            if (v != null && v > 0 && Double.isFinite(v)) {
                logs.get(s.key()).add(Math.log(v));
            }
            State now = look(s, spent(s));
            states.put(s.key(), now);
            if (now.stop() == Stop.OPEN) {
                open.add(s);
            }
        }
        Map<String, Integer> dueBy = budget(open, secondsLeft);
        Set<String> next = new LinkedHashSet<>();
        Set<String> claimed = new LinkedHashSet<>();
        for (Subject s : subjects) {
            claimed.addAll(s.cases());
            if (states.get(s.key()).stop() == Stop.OPEN) {
                next.addAll(s.cases());
            }
        }
        // cases no claim rests on: their planned rounds from what the open claims leave, one round at a time; a case
        // the budget stops never resumes (its rounds stay the first k of the class's)
        double spare = secondsLeft - rest(dueBy);
        for (String c : cases) {
            if (claimed.contains(c) || unclaimedStopped.contains(c)) {
                continue;
            }
            double each = perRound(c);
            if (round < planned && spare > 0 && (Double.isNaN(each) || each <= spare)) {
                next.add(c);
                spare -= Double.isNaN(each) ? 0 : each;
            } else {
                unclaimedStopped.add(c);
            }
        }
        next.retainAll(cases);
        return next;
    }

    /** The claim rows this plan looks at. */
    public List<Subject> subjects() {
        return subjects;
    }

    /** Every claim row's state, in the order the subjects came. */
    public List<State> states() {
        return List.copyOf(states.values());
    }

    /** The mean seconds one round of a case took, NaN before it ran. */
    double perRound(String c) {
        Integer n = caseRounds.get(c);
        return n == null || n == 0 ? Double.NaN : caseSeconds.get(c) / n;
    }

    private double spent(Subject s) {
        return s.cases().stream().mapToDouble(c -> caseSeconds.getOrDefault(c, 0.0)).sum();
    }

    /** A claim row's state after its latest round: decided by the verdict rules, else open with its rounds needed. */
    private State look(Subject s, double spent) {
        double[] x = logs.get(s.key()).stream().mapToDouble(Double::doubleValue).toArray();
        int n = x.length;
        if (n == 0) {
            return new State(s.key(), Stop.OPEN, 0, spent, Double.NaN, null, "", 0);
        }
        double mean = Arrays.stream(x).average().orElse(Double.NaN);
        double value = Math.exp(mean);
        Interval interval = cs.ofLogRatios(x);
        // not resolved while unbounded (the verdict says until which round): still, what no interval changes (needs,
        // context) decides at once
        String verdict = Verdict.of(s.claim(), value, interval, conditions(s));
        if (!verdict.startsWith(Verdict.NOT_RESOLVED)) {
            return new State(s.key(), Stop.DECIDED, n, spent, value, interval, verdict, 0);
        }
        int needed = Double.isFinite(mean) && n >= 2 ? needed(s, x, mean) : 0;
        return new State(s.key(), Stop.OPEN, n, spent, value, interval, verdict, needed);
    }

    private Verdict.Conditions conditions(Subject s) {
        return new Verdict.Conditions(cores, s.threads(), Double.NaN);
    }

    /**
     * The fewest rounds whose interval, at this mean and spread, the verdict rules would call decided: the sequence
     * narrows with rounds around a fixed centre, and a narrower interval decides whatever a wider one did, so the
     * search halves. {@link ConfidenceSequence#MAX_ROUNDS} + 1 when none up to it.
     */
    private int needed(Subject s, double[] x, double mean) {
        int n = x.length;
        double sd = Math.sqrt(Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum() / (n - 1));
        int lo = Math.max(n, cs.firstBounded() - 1); // not decided at lo
        int hi = ConfidenceSequence.MAX_ROUNDS + 1;  // taken as decided
        while (hi - lo > 1) {
            int m = (lo + hi) >>> 1;
            double h = cs.halfWidth(m, sd * sd * (m - 1));
            Interval at = new Interval(Math.exp(mean - h), Math.exp(mean + h), RatioMethod.anytimeLabel(m)).restingOn(m, m - 1);
            if (Verdict.of(s.claim(), Math.exp(mean), at, conditions(s)).startsWith(Verdict.NOT_RESOLVED)) {
                lo = m;
            } else {
                hi = m;
            }
        }
        return hi;
    }

    /**
     * The open claim rows, cheapest to settle first, keep their rounds while what they all still need fits in
     * {@code secondsLeft}: a case runs until the last kept claim on it is due. The rest stop, as budget (nothing
     * left) or remedy beyond budget. Returns each kept case's due round.
     */
    private Map<String, Integer> budget(List<Subject> open, double secondsLeft) {
        if (secondsLeft <= 0) {
            open.forEach(s -> stop(s, Stop.BUDGET));
            return Map.of();
        }
        List<Subject> byCost = new ArrayList<>(open);
        byCost.sort(Comparator.comparingDouble(this::cost));
        Map<String, Integer> dueBy = new LinkedHashMap<>(); // case → the round its last kept claim needs
        for (Subject s : byCost) {
            int due = due(states.get(s.key()));
            if (due > ConfidenceSequence.MAX_ROUNDS || due == 0) {
                stop(s, Stop.BEYOND_BUDGET);
                continue;
            }
            Map<String, Integer> with = new LinkedHashMap<>(dueBy);
            s.cases().forEach(c -> with.merge(c, due, Math::max));
            if (rest(with) <= secondsLeft) {
                dueBy = with;
            } else {
                stop(s, Stop.BEYOND_BUDGET);
            }
        }
        return dueBy;
    }

    /**
     * What settling one claim row alone would cost, to order the open rows: its cases' rounds still needed, each at the
     * mean seconds per round of its method's cases ({@link #perRoundOfMethod}). Two rows on cases alike but for a param
     * (16 B or 1 MiB messages, a reused or a fresh connection) then cost the same and keep the subjects' order, instead of
     * being ordered by which case happened to run a few seconds faster: in two runs of one commit the budget went to the
     * 16 B and 4 KiB rows in one and to the 1 MiB rows in the other, each time by such seconds, and their verdicts changed
     * kind. Whether the kept rows fit is still priced case by case ({@link #rest}).
     */
    private double cost(Subject s) {
        State st = states.get(s.key());
        return s.cases().stream().mapToDouble(c -> Math.max(0, due(st) - st.rounds()) * perRoundOfMethod(c)).sum();
    }

    /** The mean seconds one round of a case of {@code c}'s benchmark method took, over every such case run; NaN before. */
    double perRoundOfMethod(String c) {
        String m = method(c);
        double sum = 0;
        int n = 0;
        for (Map.Entry<String, Integer> e : caseRounds.entrySet()) {
            if (method(e.getKey()).equals(m)) {
                sum += caseSeconds.getOrDefault(e.getKey(), 0.0);
                n += e.getValue();
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** A case's benchmark method: its id up to the first space ("publish messageBytes=16 …" → "publish"). */
    static String method(String caseId) {
        int i = caseId.indexOf(' ');
        return i < 0 ? caseId : caseId.substring(0, i);
    }

    /**
     * The round an open claim row is due to be settled by: before the first bounded round, that round (no interval
     * yet, and a spread from fewer rounds prices nothing); after it, the rounds its remedy needs (0: not known).
     */
    private int due(State st) {
        return st.rounds() < cs.firstBounded() ? cs.firstBounded() : st.roundsNeeded();
    }

    /** Seconds the cases still take to reach the rounds they are due by. */
    private double rest(Map<String, Integer> dueBy) {
        double sum = 0;
        for (Map.Entry<String, Integer> e : dueBy.entrySet()) {
            int ran = caseRounds.getOrDefault(e.getKey(), 0);
            double each = perRound(e.getKey());
            sum += Math.max(0, e.getValue() - ran) * (Double.isNaN(each) ? 0 : each);
        }
        return sum;
    }

    private void stop(Subject s, Stop why) {
        State st = states.get(s.key());
        states.put(s.key(), new State(st.key(), why, st.rounds(), st.seconds(), st.value(), st.interval(), st.verdict(),
                st.roundsNeeded()));
    }
}
