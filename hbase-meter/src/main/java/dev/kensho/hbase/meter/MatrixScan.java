package dev.kensho.hbase.meter;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

import java.io.IOException;

/**
 * One full scan of a compression-matrix table that bypasses HBase's block cache ({@code setCacheBlocks(false)}; the
 * family's block cache is off too, {@link MatrixRegime}), so every data block is read from its HFile, decoded and
 * decompressed inside the scan. The measured {@code fullScan} and the untimed NONE/NONE {@link MatrixBaseline} scan
 * alike, so the baseline warms the very path the cells then time.
 */
final class MatrixScan {

    private MatrixScan() {
    }

    /** Rows of one full scan of {@code tn}; checks the first row's value. */
    static long rows(HBaseTarget target, TableName tn, MeterRowKey keys, MeterReadings readings) {
        long n = 0;
        Scan scan = new Scan().setCaching(5_000).setCacheBlocks(false);
        try (Table t = target.connection().getTable(tn); ResultScanner rs = t.getScanner(scan)) {
            for (Result r = rs.next(); r != null; r = rs.next()) {
                if (n == 0) {
                    MeterQuery.checkValue(keys, readings, r);
                }
                n++;
            }
        } catch (IOException e) {
            throw new TargetFailure("full scan of " + tn + " failed (" + e.getMessage() + ")", e);
        }
        return n;
    }
}
