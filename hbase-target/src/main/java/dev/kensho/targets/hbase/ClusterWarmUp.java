package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

import java.io.IOException;
import java.util.SplittableRandom;

/**
 * Puts a fresh cluster's region server through the paths every benchmark uses — puts, a flush, a major
 * compaction, full scans that bypass the block cache — before the first fork of a class attaches to it
 * ({@link HBaseTargets#forClass()}). Without it the class's first case meets a colder server than the rest:
 * in run reference-ca5c977 the compression matrix's first fork (NONE/NONE, the baseline every scan change is
 * divided by) scanned 108 ms in its first measured shots and 152 ms in its last, and 13 of the 15 other cells
 * scanned faster than it. Untimed, in the launcher, on a table of the suite's own that it drops.
 */
public final class ClusterWarmUp {

    public static final int ROWS = 100_000;
    static final int SCANS = 3;
    private static final byte[] FAMILY = Bytes.toBytes("w");
    private static final byte[] QUALIFIER = Bytes.toBytes("v");

    private ClusterWarmUp() {
    }

    /** Returns the seconds it took. */
    public static double run(HBaseTarget target) {
        long t0 = System.nanoTime();
        TableName tn = target.table("warmup");
        target.createTable(TableDescriptorBuilder.newBuilder(tn)
                .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(FAMILY).setBlockCacheEnabled(false).build())
                .build(), new byte[][]{Bytes.toBytes(ROWS / 2)});
        try {
            SplittableRandom random = new SplittableRandom(ROWS);
            try (BufferedMutator m = target.connection().getBufferedMutator(tn)) {
                for (int i = 0; i < ROWS; i++) {
                    byte[] value = new byte[64];
                    random.nextBytes(value);
                    m.mutate(new Put(Bytes.toBytes(i)).addColumn(FAMILY, QUALIFIER, value));
                }
            }
            target.flush(tn);
            target.majorCompact(tn);
            for (int s = 0; s < SCANS; s++) {
                long n = 0;
                try (Table t = target.connection().getTable(tn);
                     ResultScanner rs = t.getScanner(new Scan().setCaching(5_000).setCacheBlocks(false))) {
                    for (Result r = rs.next(); r != null; r = rs.next()) {
                        n++;
                    }
                }
                if (n != ROWS) {
                    throw new TargetFailure(target.describe() + ": the warm-up scan of " + tn + " returned " + n
                            + " rows, expected " + ROWS);
                }
            }
        } catch (IOException e) {
            throw new TargetFailure(target.describe() + ": the warm-up of " + tn + " failed (" + e.getMessage() + ")", e);
        } finally {
            target.dropTable(tn);
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
