package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.runfiles.Jsonl;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.shard.Shard;
import dev.kensho.common.shard.StartAt;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The shards of a sharded run meeting before each trial, on the cluster they share, so that shards whose set-ups took
 * different times (a data set loaded, tables made on a busy cluster) still start the trial on one boundary. Each shard,
 * set up and with its clock offset measured, creates a one-family table of its own ({@code barrier.<tag>}) carrying the
 * run ({@code startAt} and shard count), the trial's ordinal, its index and the instant it was ready, on the region
 * server's clock; then it lists the suite's namespace until it sees the tables of all N shards for this trial. Every shard
 * reads the same N instants, so every shard computes the same earliest start — the last one ready plus
 * {@link #MARGIN_US} — and {@link StartAt} starts the trial on the first boundary after it. A shard only creates and
 * drops its own table; it reads the others' names and attributes, never their rows.
 *
 * <p>A shard's table stays until its next trial (or the run's end, which drops the run's tables), so a slower shard
 * still finds it. No shard arriving within {@link #TIMEOUT_MS} ends the wait with one line naming the missing ones.
 */
final class ShardBarrier {

    // table attributes, not settings: named under the package so they read as neither (the settings check scans for kensho.*)
    static final String RUN_KEY = "dev.kensho.shard.run";
    static final String TRIAL_KEY = "dev.kensho.shard.trial";
    static final String INDEX_KEY = "dev.kensho.shard.index";
    static final String READY_KEY = "dev.kensho.shard.readyUs";
    /** From the last shard ready to the earliest start: room for its table to appear and every shard to see it. */
    static final long MARGIN_US = 5_000_000;
    static final long TIMEOUT_MS = 600_000;

    private static int trialsInThisJvm;

    private ShardBarrier() {
    }

    /** Waits until every shard of this run reached this trial; returns the earliest start, target µs. */
    static long await(HBaseTarget target, StartAt.Offset offset, Instant startAt) {
        Shard shard = Shard.current();
        String run = startAt + "|" + shard.count();
        String trial = Integer.toString(ordinal());
        TableName mine = target.table("barrier");
        target.dropTable(mine); // the previous trial's
        long ready = micros() + offset.offsetMicros();
        target.createTable(TableDescriptorBuilder.newBuilder(mine).setColumnFamily(ColumnFamilyDescriptorBuilder.of("b"))
                .setValue(RUN_KEY, run).setValue(TRIAL_KEY, trial).setValue(INDEX_KEY, Integer.toString(shard.index()))
                .setValue(READY_KEY, Long.toString(ready)).build(), null);
        long deadline = System.currentTimeMillis() + TIMEOUT_MS;
        while (true) {
            Map<Integer, Long> seen = arrived(target, run, trial);
            if (seen.size() == shard.count()) {
                return seen.values().stream().mapToLong(Long::longValue).max().orElseThrow() + MARGIN_US;
            }
            if (System.currentTimeMillis() > deadline) {
                TreeSet<Integer> missing = new TreeSet<>();
                for (int i = 0; i < shard.count(); i++) {
                    missing.add(i);
                }
                missing.removeAll(seen.keySet());
                throw new TargetFailure(target.describe() + ": shards " + missing + " of " + shard.count() + " did not reach trial "
                        + trial + " within " + TIMEOUT_MS / 60_000 + " min (start every shard of the run with the same"
                        + " -Dkensho.startAt and benchmark options)");
            }
            try {
                Thread.sleep(200); // polling the namespace, not a measurement
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetFailure("interrupted while waiting for the other shards");
            }
        }
    }

    /** The shards whose barrier table for {@code run} and {@code trial} exists: index → ready instant. */
    private static Map<Integer, Long> arrived(HBaseTarget target, String run, String trial) {
        Map<Integer, Long> out = new TreeMap<>();
        try (Admin admin = target.connection().getAdmin()) {
            for (TableDescriptor d : admin.listTableDescriptorsByNamespace(Bytes.toBytes(target.namespace()))) {
                if (HBaseTarget.OWNER_VALUE.equals(d.getValue(HBaseTarget.OWNER_KEY)) && run.equals(d.getValue(RUN_KEY))
                        && trial.equals(d.getValue(TRIAL_KEY))) {
                    out.put(Integer.parseInt(d.getValue(INDEX_KEY)), Long.parseLong(d.getValue(READY_KEY)));
                }
            }
        } catch (IOException e) {
            throw target.unreachable(e);
        }
        return out;
    }

    /**
     * The trial's ordinal in this run, the same in every shard: the trials this run folder recorded so far (a fork is a
     * new JVM), else this JVM's count.
     */
    private static int ordinal() {
        Path dir = Recorder.runDir();
        return dir != null ? Jsonl.read(dir.resolve(StartAt.FILE)).size() : trialsInThisJvm++;
    }

    private static long micros() {
        Instant n = Instant.now();
        return n.getEpochSecond() * 1_000_000 + n.getNano() / 1000;
    }
}
