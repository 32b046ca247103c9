package dev.kensho.hbase.meter;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.ShardRecord;
import dev.kensho.common.shard.Windows;
import dev.kensho.targets.hbase.HBaseClock;
import dev.kensho.targets.hbase.HBaseTarget;

/**
 * This process's part of a sharded run of a meter benchmark ({@code -Dkensho.shard=i/N}): the meters
 * {@code firstMeter … firstMeter + meters − 1} of the run's (consecutive, disjoint: {@link Shard#range}) and its share
 * of the run's client threads. Each shard loads and reads its meters in tables of its own (their names carry the shard's
 * run tag, {@code RunTables}), so no shard writes, reads or drops another's rows; the values stay the run's
 * ({@link MeterBench#SEED}: a reading is a function of seed, meter and slot), so the shards' rows together are exactly
 * the whole run's data set. These benchmarks draw nothing at random, so a shard needs no seed of its own.
 * Unsharded, it is the whole run: all meters, all threads. {@code active}: how many shards run the case.
 */
record MeterShard(Shard shard, int active, long firstMeter, int meters, int threads) {

    /**
     * The part of {@code meters} meters and {@code threads} threads this process runs. A case with fewer threads than
     * shards runs on the first {@code threads} shards, one thread each, and the others sit it out ({@link #idle}): so one
     * sharded run holds a whole thread sweep, 1 thread on one machine to 100 over N, and its gain is the merged run's.
     */
    static MeterShard of(int meters, int threads) {
        Shard s = Shard.current();
        int active = Math.min(s.count(), Math.min(threads, meters));
        if (s.index() >= active) {
            return new MeterShard(s, active, 0, 0, 0);
        }
        Shard a = new Shard(s.index(), active);
        Shard.Range r = a.range(meters);
        return new MeterShard(s, active, r.first(), r.size(), a.share(threads));
    }

    /** This shard's part of {@code total} (e.g. meters per operation) among the shards that run the case; 0 when idle. */
    int share(int total) {
        return idle() ? 0 : new Shard(shard.index(), active).share(total);
    }

    /** True when this shard sits the case out: it has no thread of it (its score is left out of the merged one). */
    boolean idle() {
        return threads == 0;
    }

    /** An idle shard says so in its run folder ({@code Merge} leaves its score out) and waits a millisecond per operation. */
    void declareIdle(Case c) {
        if (idle()) {
            ShardRecord.idle(c, "idle: the case's threads=" + c.params().get("threads") + " leave shard "
                    + shard + " none (the first shards run it)");
        }
    }

    /** The meter id of this shard's {@code i}-th meter, {@code i} taken modulo its meters. */
    long meter(long i) {
        return firstMeter + Math.floorMod(i, (long) meters);
    }

    boolean owns(long meterId) {
        return meterId >= firstMeter && meterId < firstMeter + meters;
    }

    /** A table-name part naming this shard's part of a data set ({@code _p0of2}), empty unsharded. */
    String tablePart() {
        return shard.sharded() ? "_p" + shard.index() + "of" + shard.count() : "";
    }

    /** This shard's client threads at work ({@code effective_threads}): {@code Merge} sums them, so a merged run says how many it rests on. */
    void record(Case c, int effectiveThreads) {
        MeterBench.measurement(c, "effective_threads", effectiveThreads, "count");
    }

    /**
     * At the end of a trial's set-up, when this run is a shard or aligned ({@code kensho.startAt}): records the offset to
     * the cluster's clock and waits for the shards' common start ({@link HBaseClock}).
     */
    static void beginTrial(HBaseTarget target) {
        if (Windows.recorded()) {
            HBaseClock.beginTrial(target);
        }
    }
}
