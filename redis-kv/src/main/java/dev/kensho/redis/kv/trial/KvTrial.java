package dev.kensho.redis.kv.trial;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.StartAt;
import dev.kensho.redis.kv.load.JedisClusterLoad;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LettuceClusterLoad;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.load.Round;
import dev.kensho.redis.kv.load.Timings;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One trial of the kv GET/SET workload: the engine that the kv benchmarks (closed or open loop, the throughput–latency
 * curve, the cluster class, the memtier calibration) each hold in their {@code @State}; it knows none of them: what a
 * benchmark decides (its params, its requests per round) it passes in. Its life cycle: {@link #open} (target, the
 * suite's keys cleared, {@link Workload}, preload, connections) → {@link #settle} (unmeasured closed-loop load, optional) → {@link #point} (the point's records,
 * offered rate — probing the closed-loop maximum for a relative rate not yet known — timings and interval logs) →
 * {@link #run} rounds between {@link #iterationStart} and {@link #iteration} → {@link #endPoint} (answers checked,
 * results recorded) → [{@link #point} again: the curve's next point on the same server] → {@link #close}.
 *
 * <p>Answers ({@link #checkAnswers}): every GET returned its key's value, or nil only if no SET of the key had been
 * acknowledged before it was sent; every SET answered OK; in a PRELOADED trial every GET hit. A wrong one throws.
 */
public final class KvTrial {

    private final LoadGenerator.Client client;
    private final int clients;
    private final int ioThreads;
    private final double getRatio;
    private final int pipeline;
    private final int keys;
    private final Start start;
    private final String distribution;
    /**
     * A single server's trial (closed-loop class, curve) also records the client threads, the rate of every closed-loop
     * round ({@code halves_drift}) and each point's {@code rate_achieved}; the cluster class never did, and does not.
     */
    private final boolean rates;

    private RedisTarget target;
    private Workload workload;
    private LoadGenerator load;
    private Timings timings = new Timings(false);
    /** Requests/s offered (0: closed loop) and the closed-loop maximum a relative rate is taken of (0: not measured). */
    private double offered;
    private double closedLoopMax;
    /** Open loop: when the next round's first request is due (0: at its start). */
    private long scheduleNext;
    /** Its shards' iterations start together ({@code -Dkensho.startAt}): set once the trial's start was aligned. */
    private boolean aligned;
    private Case cse;

    private KvTrial(LoadGenerator.Client client, int clients, int ioThreads, double getRatio, int pipeline, int keys,
                    Start start, String distribution, boolean rates) {
        this.client = client;
        this.clients = clients;
        this.ioThreads = ioThreads;
        this.getRatio = getRatio;
        this.pipeline = pipeline;
        this.keys = keys;
        this.start = start;
        this.distribution = distribution;
        this.rates = rates;
    }

    /** A trial on one server, this shard's share of the connections and keys ({@code -Dkensho.shard}); not yet opened. */
    public static KvTrial server(LoadGenerator.Client client, int clients, int ioThreads, double getRatio, int pipeline,
                          int keyspace, Start start, String distribution) {
        Shard s = Shard.current();
        return new KvTrial(client, s.share(clients), ioThreads, getRatio, pipeline, s.share(keyspace), start, distribution, true);
    }

    /** A closed-loop trial of the cluster class (one request in flight per connection, io-threads 1); not yet opened. */
    public static KvTrial cluster(LoadGenerator.Client client, int clients, double getRatio, int keyspace, Start start,
                           String distribution) {
        return new KvTrial(client, clients, 1, getRatio, 1, keyspace, start, distribution, false);
    }

    /** The server config of a case: {@code io-threads}, with {@code io-threads-do-reads yes} when &gt; 1. */
    public static Map<String, String> serverConfig(int ioThreads) {
        Map<String, String> config = new LinkedHashMap<>();
        config.put("io-threads", Integer.toString(ioThreads));
        if (ioThreads > 1) {
            config.put("io-threads-do-reads", "yes");
        }
        return config;
    }

    /**
     * A single server's trial up to its first point: opened, settled for {@code settleNanos}, pointed at {@code rate},
     * then the shards' warm-ups aligned ({@code -Dkensho.startAt}); settling runs rounds of {@code roundRequests}, the
     * holder's own invocation. Closed again if any of it fails.
     */
    public KvTrial begin(Case c, String rate, long settleNanos, int roundRequests) {
        open(() -> RedisTargets.open(serverConfig(ioThreads)));
        try {
            settle(settleNanos, roundRequests);
            point(c, rate);
            target.beginTrial();
            aligned = true;
            return this;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** Opens the target, clears the suite's keys, builds the workload, preloads (PRELOADED) and connects; closes all on failure. */
    public KvTrial open(Supplier<RedisTarget> opener) {
        target = opener.get();
        try {
            target.record();
            target.deleteSuiteKeys();
            workload = new Workload(target.keyPrefix(), keys, getRatio, KeyDistribution.of(distribution, keys));
            if (start == Start.PRELOADED) {
                workload.preload(target);
            }
            load = target instanceof RedisCluster rc
                    ? (client == LoadGenerator.Client.LETTUCE ? new LettuceClusterLoad(rc, clients) : new JedisClusterLoad(rc, clients))
                    : client.open(target, clients, pipeline);
            return this;
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /**
     * The part of a trial that is one point's own: its records, offered rate (probing the closed-loop maximum for a
     * relative rate unless one is known), timings and interval logs. The curve runs it again, with a new {@code rate},
     * for each point of a case on the same server and connections ({@link SweptCase}).
     */
    public void point(Case c, String rate) {
        cse = c;
        OfferedRate r = OfferedRate.parse(rate == null ? "0" : rate);
        TrialRecords.serverAndCores(cse, target, serverConfig(ioThreads), ioThreads);
        if (rates) {
            TrialRecords.clientThreads(cse, load, clients); // this shard's connections
        }
        offered = 0;
        if (r.relative()) {
            closedLoopMax = closedLoopMax > 0 ? closedLoopMax : probeClosedLoopMax();
            Recorder.measurement(cse.benchmark(), cse.params(), "rate_closed_loop_max", closedLoopMax, "requests/s");
        }
        // a relative rate is of this shard's own maximum; an absolute one is the whole run's, split over the shards
        offered = r.relative() ? r.offered(closedLoopMax) : r.offered(0) / Shard.current().count();
        if (offered > 0) {
            Recorder.measurement(cse.benchmark(), cse.params(), "rate_offered", offered, "requests/s");
        }
        timings = new Timings(offered > 0);
        timings.openLogs(cse);
    }

    /** Sends {@code requests} requests; returns the GET hits so far. Open loop: the schedule runs on from the last round's. */
    public long run(int requests) {
        long begin = offered > 0 && scheduleNext != 0 ? scheduleNext : System.nanoTime();
        Round round = new Round(requests, load.parties(offered > 0), workload, timings, offered, begin);
        scheduleNext = offered > 0 ? begin + (long) (requests * 1e9 / offered) : 0;
        load.start(round);
        round.await(target.describe());
        if (offered == 0 && rates) {
            timings.round(requests, System.nanoTime() - begin);
        }
        return workload.hits.sum();
    }

    /**
     * Closed-loop rounds for {@code nanos}, unmeasured (the trial's timings are replaced by its first point's); answers
     * checked. The curve settles a fresh trial ({@link SweptCase#SETTLE_SECONDS}): its points have 2 × 1 s warm-ups, and
     * a fresh trial's first seconds run at a fraction of the steady rate (run curve-460981b: 35k and 44k req/s, then 84–99k).
     */
    void settle(long nanos, int roundRequests) {
        if (nanos <= 0) {
            return;
        }
        long end = System.nanoTime() + nanos;
        while (System.nanoTime() < end) {
            run(roundRequests);
        }
        checkAnswers();
    }

    /**
     * The closed-loop rate of this trial's server, connections and keyspace, for a rate given as a fraction:
     * one unmeasured round, then {@link OfferedRate#PROBE_ROUNDS} rounds of {@link OfferedRate#PROBE_REQUESTS} timed
     * together. Answers are checked.
     */
    private double probeClosedLoopMax() {
        int requests = OfferedRate.probeRequests;
        run(requests);
        long t0 = System.nanoTime();
        for (int i = 0; i < OfferedRate.PROBE_ROUNDS; i++) {
            run(requests);
        }
        double rps = (double) OfferedRate.PROBE_ROUNDS * requests / ((System.nanoTime() - t0) / 1e9);
        checkAnswers();
        timings.reset();
        return rps;
    }

    /** At an iteration's start: the shards' iterations aligned ({@code -Dkensho.startAt}), a new open-loop schedule. */
    public void iterationStart() {
        if (aligned) {
            StartAt.beginIteration(); // every shard's iteration i starts at the same instant
        }
        scheduleNext = 0;
        timings.iterationStarted();
    }

    /** At an iteration's end: answers checked; a warm-up's timings dropped, a measured one's logged. */
    public void iteration(boolean measured) {
        checkAnswers();
        if (measured) {
            timings.interval();
        } else {
            timings.reset();
        }
    }

    /** Throws (failing the run) if a GET returned a wrong value or lost a write, or a PRELOADED trial's GET missed. */
    public void checkAnswers() {
        workload.checkAnswers(start == Start.PRELOADED);
    }

    /**
     * Checks the answers and records the point's results; closes its interval logs. A closed-loop point's achieved
     * rate becomes the maximum the trial's next (relative) points take a fraction of.
     */
    public void endPoint() {
        try {
            if (workload != null && load != null) {
                checkAnswers();
                timings.export(cse);
                if (rates && !timings.iterationRates.isEmpty()) {
                    double achieved = timings.iterationRates.stream().mapToDouble(Double::doubleValue).average().orElse(0);
                    Recorder.measurement(cse.benchmark(), cse.params(), "rate_achieved", achieved, "requests/s");
                    if (offered == 0) {
                        closedLoopMax = achieved;
                    }
                }
                TrialRecords.hitsAndHotKey(cse, workload);
            }
        } finally {
            timings.close();
        }
    }

    /** Closes connections, removes the suite's keys (only those on an external target), stops the server(s). */
    public void close() {
        timings.close();
        if (load != null) {
            load.close();
            load = null;
        }
        if (target != null) {
            target.deleteSuiteKeysAndClose();
            target = null;
        }
    }

    /** The server(s) of this trial; null before {@link #open} and after {@link #close}. */
    public RedisTarget target() {
        return target;
    }

    /** The keyspace, request mix and answer counters; null before {@link #open}. */
    public Workload workload() {
        return workload;
    }

    /** The connections; null before {@link #open} and after {@link #close}. */
    public LoadGenerator load() {
        return load;
    }

    /** Requests/s offered at this point (0: closed loop). */
    public double offered() {
        return offered;
    }

    /** The closed-loop maximum a relative rate is a fraction of (0: not measured yet). */
    public double closedLoopMax() {
        return closedLoopMax;
    }

    /** This point's latency and rate recordings. */
    public Timings timings() {
        return timings;
    }
}
