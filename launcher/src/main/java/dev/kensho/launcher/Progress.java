package dev.kensho.launcher;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The console of a whole run: one line per finished case (every fork of one parameter combination, or one
 * point of a curve) with the elapsed time, cases done of the whole run's total, an ETA for the whole run,
 * the class and case, and its score ±. JMH's own output goes on to {@code jmh/<Class>.log} unchanged
 * ({@code -Dkensho.verbose=true} puts it back on the console instead).
 *
 * <p>In a Maven build ({@link BuildShare}) the count, the elapsed time and the ETA are the whole build's: earlier
 * modules from the run folder, later ones as long as their last run of this scale took here.
 *
 * <p>The ETA is the planned seconds of the cases not yet run ({@link Plan.Estimate}: the scale's forks,
 * warm-up and measurement iterations and their times, or a previous run's measured class time), scaled by how
 * long the finished cases took against their own plan — so a machine slower than planned stretches the ETA — but
 * never past the end of the run's budget ({@link #budget}, {@code -Dkensho.budget}): the classes planned by their
 * claims stop their rounds there, and the ETA then reads {@code (budget's end)}.
 */
final class Progress {

    private final PrintStream out;
    private final long start = System.nanoTime();
    private int totalCases;
    private double plannedSeconds;
    private final BuildShare build;
    private int doneCases;
    private double donePlanned;
    private double budgetSeconds = Double.NaN;

    Progress(PrintStream out, int totalCases, double plannedSeconds) {
        this(out, totalCases, plannedSeconds, BuildShare.NONE);
    }

    /** With the rest of a Maven build: the counts, elapsed time and ETA cover every module of it. */
    Progress(PrintStream out, int totalCases, double plannedSeconds, BuildShare build) {
        this.out = out;
        this.totalCases = totalCases;
        this.plannedSeconds = plannedSeconds;
        this.build = build;
    }

    /** The run's budget in seconds (the whole build's, in a Maven build): the ETA never reaches past its end. */
    Progress budget(double seconds) {
        this.budgetSeconds = seconds;
        return this;
    }

    /** A JMH output format for one class: {@code detail} gets everything, the console one line per case. */
    OutputFormat forClass(OutputFormat detail, String cls, double plannedPerCase) {
        return new Tee(detail, cls, plannedPerCase);
    }

    /**
     * A class planned by its claims runs more or fewer one-fork cases than planned: its cases still to come changed by
     * {@code cases}, at {@code plannedPerCase} seconds each, so the count and the ETA follow.
     */
    synchronized void replan(int cases, double plannedPerCase) {
        totalCases += cases;
        plannedSeconds += cases * plannedPerCase;
    }

    /** The whole run's expected length before anything ran, for the first line. */
    String plan() {
        return totalCases + " cases, about " + clock(plannedSeconds) + " planned" + build.plan(totalCases, plannedSeconds)
                + (Double.isNaN(budgetSeconds) ? "" : "; budget " + clock(budgetSeconds));
    }

    /** The console line of a finished case of {@code cls}. */
    String line(String cls, BenchmarkResult r, double plannedPerCase) {
        Result<?> p = r.getPrimaryResult();
        String params = params(r.getParams());
        String what = cls + "." + method(r.getParams().getBenchmark()) + (params.isEmpty() ? "" : " " + params);
        String score = fmt(p.getScore()) + " ± " + (Double.isNaN(p.getScoreError()) ? "?" : fmt(p.getScoreError())) + " "
                + p.getScoreUnit();
        return line(what, score, plannedPerCase, (System.nanoTime() - start) / 1e9);
    }

    /**
     * {@code [elapsed | done/total | ETA remaining] what: score}; the ETA is the plan's remaining seconds times the
     * pace so far (elapsed ÷ the planned seconds of the cases done), plus the later modules of the build as long as
     * they took last time, and never past the budget's end. In a Maven build the elapsed time and the counts are the
     * whole build's.
     */
    synchronized String line(String what, String score, double plannedPerCase, double elapsed) {
        doneCases++;
        donePlanned += plannedPerCase;
        double pace = donePlanned > 0 ? elapsed / donePlanned : 1;
        double remaining = Math.max(0, plannedSeconds - donePlanned) * pace + build.secondsAfter();
        double left = budgetSeconds - build.secondsBefore() - elapsed;
        String eta = remaining > left ? clock(Math.max(0, left)) + " (budget's end)" : clock(remaining) + build.untimed(" + ", "");
        return "[" + clock(build.secondsBefore() + elapsed) + " | " + (build.casesBefore() + doneCases) + "/"
                + (build.casesBefore() + totalCases + build.casesAfter()) + " | ETA " + eta + "] " + what + ": " + score;
    }

    static String clock(double seconds) {
        return Clock.of(seconds);
    }

    private static String fmt(double v) {
        double a = Math.abs(v);
        return a >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : a >= 1 ? String.format(Locale.ROOT, "%.2f", v)
                : String.format(Locale.ROOT, "%.3g", v);
    }

    private static String method(String benchmark) {
        return benchmark.substring(benchmark.lastIndexOf('.') + 1);
    }

    private static String params(BenchmarkParams p) {
        Map<String, String> m = new TreeMap<>();
        for (String k : p.getParamsKeys()) {
            m.put(k, p.getParam(k));
        }
        StringBuilder sb = new StringBuilder();
        m.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : " ").append(k).append('=').append(v));
        return sb.toString();
    }

    /** Everything to the detail format; a line per finished case to the console. */
    private final class Tee implements OutputFormat {
        private final OutputFormat detail;
        private final String cls;
        private final double plannedPerCase;

        Tee(OutputFormat detail, String cls, double plannedPerCase) {
            this.detail = detail;
            this.cls = cls;
            this.plannedPerCase = plannedPerCase;
        }

        @Override
        public void endBenchmark(BenchmarkResult result) {
            detail.endBenchmark(result);
            if (result != null) {
                out.println(line(cls, result, plannedPerCase));
                out.flush();
            }
        }

        @Override
        public void iteration(BenchmarkParams b, IterationParams i, int n) {
            detail.iteration(b, i, n);
        }

        @Override
        public void iterationResult(BenchmarkParams b, IterationParams i, int n, IterationResult r) {
            detail.iterationResult(b, i, n, r);
        }

        @Override
        public void startBenchmark(BenchmarkParams b) {
            detail.startBenchmark(b);
        }

        @Override
        public void startRun() {
            detail.startRun();
        }

        @Override
        public void endRun(Collection<RunResult> results) {
            detail.endRun(results);
        }

        @Override
        public void print(String s) {
            detail.print(s);
        }

        @Override
        public void println(String s) {
            detail.println(s);
        }

        @Override
        public void flush() {
            detail.flush();
        }

        @Override
        public void close() {
            detail.close();
        }

        @Override
        public void verbosePrintln(String s) {
            detail.verbosePrintln(s);
        }

        @Override
        public void write(int b) {
            detail.write(b);
        }

        @Override
        public void write(byte[] b) throws IOException {
            detail.write(b);
        }
    }
}
