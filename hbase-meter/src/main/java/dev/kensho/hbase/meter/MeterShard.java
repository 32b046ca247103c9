package dev.kensho.hbase.meter;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.shard.Shard;
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
 * Unsharded, it is the whole run: all meters, all threads.
 */
record MeterShard(Shard shard, long firstMeter, int meters, int threads) {

    /** The part of {@code meters} meters and {@code threads} threads this process runs (a share of 0 is refused). */
    static MeterShard of(int meters, int threads) {
        Shard s = Shard.current();
        Shard.Range r = s.range(meters);
        return new MeterShard(s, r.first(), r.size(), s.share(threads));
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
