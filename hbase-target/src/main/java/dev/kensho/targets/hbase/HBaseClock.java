package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.StartAt;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Durability;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

import java.io.IOException;
import java.time.Instant;

/**
 * The clock every shard of a run reads when the target is HBase: the clock of the region server that holds
 * {@code hbase:meta}. HBase has no time request (Redis has {@code TIME}), but an {@code Increment} answers with the
 * cell it wrote, stamped with the region server's clock (ms) when it applied it — one round trip, like {@code TIME}.
 *
 * <p>The rows a shard increments are in a one-region table of its own run ({@code clock.<tag>}, {@link RunTables}),
 * created for the measurement and dropped before the trial starts: no shard writes a table it did not create. Each
 * shard moves its clock table's region to the server holding {@code hbase:meta}, a server every shard can name, so all
 * shards read one clock whatever the balancer did; on a one-server cluster (the mini cluster) nothing moves. Why not
 * ZooKeeper's clock: reading it needs a write (a znode's mtime) in a quorum HBase itself depends on, outside the
 * suite's namespace. Why not the shards' own clocks: they are what this corrects; the offsets each shard records let
 * {@code Merge} refuse shards whose clocks disagree by more than {@link StartAt#CLOCK_BOUND_MS} ms all the same.
 *
 * <p>The server stamps whole milliseconds: the offset is read at the middle of the stamped millisecond, so its error is
 * the round trip's half plus up to 0.5 ms — far inside the 50 ms bound.
 */
public final class HBaseClock {

    private static final byte[] FAMILY = Bytes.toBytes("c");
    private static final byte[] QUALIFIER = Bytes.toBytes("n");
    /** Longest wait for the clock region to reach the meta server. */
    private static final long MOVE_TIMEOUT_MS = 60_000;

    private HBaseClock() {
    }

    /** A measured offset and the server whose clock it is. */
    public record Reading(StartAt.Offset offset, String server) {
    }

    /** Measures this JVM's offset to the clock of the server holding {@code hbase:meta} (a table of this run, dropped again). */
    public static Reading read(HBaseTarget target) {
        TableName tn = target.table("clock");
        target.createTable(TableDescriptorBuilder.newBuilder(tn).setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY))
                .setDurability(Durability.SKIP_WAL).build(), null);
        try {
            ServerName server = onMetaServer(target, tn);
            long[] n = {0};
            try (Table t = target.connection().getTable(tn)) {
                StartAt.Offset o = StartAt.offset(() -> stamp(t, n[0]++));
                return new Reading(o, server.getAddress().toString());
            }
        } catch (IOException e) {
            throw new TargetFailure(target.describe() + ": cannot read the region server's clock (" + HBaseTarget.firstLine(e) + ")", e);
        } finally {
            target.dropTable(tn);
        }
    }

    /**
     * {@link StartAt#beginTrial(String, StartAt.Offset, long)} on the meta server's clock: with {@code -Dkensho.startAt}
     * the shards meet first ({@link ShardBarrier}), then start the trial together. Call at the end of a trial's set-up,
     * once its data are in place.
     */
    public static Instant beginTrial(HBaseTarget target) {
        Reading r = read(target);
        Instant startAt = StartAt.current(false);
        long earliest = Shard.current().sharded() && startAt != null ? ShardBarrier.await(target, r.offset(), startAt) : Long.MIN_VALUE;
        return StartAt.beginTrial(target.describe() + ", clock of region server " + r.server(), r.offset(), earliest);
    }

    /** The server epoch µs of one increment of a fresh row (a row's second increment may be stamped later than now). */
    private static long stamp(Table t, long i) {
        try {
            Result r = t.increment(new Increment(Bytes.toBytes(i)).addColumn(FAMILY, QUALIFIER, 1));
            Cell c = r.getColumnLatestCell(FAMILY, QUALIFIER);
            if (c == null) {
                throw new TargetFailure("the clock increment returned no cell");
            }
            return c.getTimestamp() * 1000 + 500;
        } catch (IOException e) {
            throw new TargetFailure("cannot increment the clock row (" + HBaseTarget.firstLine(e) + ")", e);
        }
    }

    /** Moves the clock table's one region to the server of {@code hbase:meta} (if elsewhere) and returns that server. */
    private static ServerName onMetaServer(HBaseTarget target, TableName tn) throws IOException {
        ServerName meta;
        try (RegionLocator l = target.connection().getRegionLocator(TableName.META_TABLE_NAME)) {
            meta = l.getRegionLocation(HConstants.EMPTY_START_ROW, true).getServerName();
        }
        long deadline = System.currentTimeMillis() + MOVE_TIMEOUT_MS;
        boolean asked = false;
        try (RegionLocator l = target.connection().getRegionLocator(tn); Admin admin = target.connection().getAdmin()) {
            while (true) {
                HRegionLocation loc = l.getRegionLocation(HConstants.EMPTY_START_ROW, true);
                if (loc.getServerName().equals(meta)) {
                    return meta;
                }
                if (!asked) {
                    admin.move(loc.getRegion().getEncodedNameAsBytes(), meta);
                    asked = true;
                }
                if (System.currentTimeMillis() > deadline) {
                    throw new TargetFailure(target.describe() + ": the clock table's region did not reach " + meta
                            + " (the server of hbase:meta) in " + MOVE_TIMEOUT_MS / 1000 + " s");
                }
                try {
                    Thread.sleep(100); // polling the region's location, not a measurement
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TargetFailure("interrupted while moving the clock region");
                }
            }
        }
    }
}
