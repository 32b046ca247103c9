package dev.kensho.redis.kv.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The knee of a throughput–latency curve: the highest offered rate up to which the intended-time p99
 * stays within {@value #FACTOR} × the p99 at the sweep's lowest offered rate <em>and</em> the achieved rate keeps
 * up with the offered one (at least {@value #KEPT_UP} of it) — every point up to it within both.
 *
 * <p>Why both: when client and server share 2 cores, the lightly loaded p99 can already be tens of ms, so
 * {@value #FACTOR}× of it is a bound a saturated point still meets (run reference-23dbf8b: Lettuce, 100 clients,
 * p99 23.5 ms at 0.25×, bound 235 ms; at 1.0× the generator reached 84% of the offered rate with a p99 of 205 ms
 * and was reported as "knee above the sweep"). An open loop that cannot deliver its offered rate is past the knee
 * by definition, whatever its percentiles say.
 *
 * <p>Why relative, and why {@value #FACTOR}×: an absolute bound (say 1 ms) would measure this machine's
 * scheduler as much as Redis — with client and server on 2 shared cores even light load has a p99 of
 * hundreds of µs to ms — while a multiple of the lightly loaded p99 marks where queueing takes over, whatever
 * the floor. For an M/M/1 queue the response-time p99 grows as 1/(1−ρ): from ρ = 0.25 (the default sweep's
 * lowest point) {@value #FACTOR}× is reached at ρ ≈ 0.93, the steep part of the curve.
 *
 * <p>Outcomes: {@link Kind#FOUND} — a point above the lowest and below the highest; {@link Kind#ABOVE_SWEEP}
 * — every point within the bound, the knee lies above the highest offered rate (that point is a lower
 * bound); {@link Kind#BELOW_SWEEP} — already the second-lowest point exceeds it, the knee lies at or below
 * the lowest offered rate (the lowest point defines the bound, so it cannot itself be the knee). Fewer than
 * two points: {@link Kind#BELOW_SWEEP} is not claimed, the result is {@link Kind#TOO_FEW}.
 */
public final class Knee {

    /** The bound on the intended-time p99, as a multiple of the p99 at the lowest offered rate. */
    static final double FACTOR = 10;

    /** The least share of the offered rate a point must achieve to count as keeping up. */
    static final double KEPT_UP = 0.95;

    enum Kind { FOUND, ABOVE_SWEEP, BELOW_SWEEP, TOO_FEW }

    /**
     * One point of a curve: the offered and the achieved rate (requests/s), the intended-time p99, and what the
     * caller attaches.
     */
    record Point<T>(double offered, double achieved, double p99, T data) {

        boolean keptUp() {
            return achieved >= KEPT_UP * offered;
        }
    }

    /** What was found: the knee point (for FOUND and ABOVE_SWEEP: the highest point within), the bound (µs). */
    record Result<T>(Kind kind, Point<T> knee, double bound) {
    }

    private Knee() {
    }

    static <T> Result<T> find(List<Point<T>> points) {
        List<Point<T>> ps = new ArrayList<>(points);
        ps.sort(Comparator.comparingDouble(Point::offered));
        if (ps.size() < 2) {
            return new Result<>(Kind.TOO_FEW, null, Double.NaN);
        }
        double bound = FACTOR * ps.get(0).p99();
        int last = 0;
        while (last + 1 < ps.size() && ps.get(last + 1).p99() <= bound && ps.get(last + 1).keptUp()) {
            last++;
        }
        if (last == 0) {
            return new Result<>(Kind.BELOW_SWEEP, null, bound);
        }
        return new Result<>(last == ps.size() - 1 ? Kind.ABOVE_SWEEP : Kind.FOUND, ps.get(last), bound);
    }
}
