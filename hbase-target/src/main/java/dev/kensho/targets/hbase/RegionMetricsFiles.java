package dev.kensho.targets.hbase;

import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Store file sizes of a table on a cluster whose filesystem we cannot read (external, container): one
 * pseudo {@link HFiles.StoreFile} per region from the region servers' metrics. Sizes have MiB
 * resolution; codec and encoding are the table's declared ones, marked "(declared)" because they were
 * not read from a trailer.
 */
final class RegionMetricsFiles {

    private RegionMetricsFiles() {
    }

    static List<HFiles.StoreFile> read(HBaseTarget target, TableName table) {
        target.requireSuiteNamespace(table, "inspect");
        List<HFiles.StoreFile> out = new ArrayList<>();
        try (Admin admin = target.connection().getAdmin()) {
            ColumnFamilyDescriptor cf = admin.getDescriptor(table).getColumnFamilies()[0];
            for (ServerName sn : admin.getRegionServers()) {
                for (RegionMetrics rm : admin.getRegionMetrics(sn, table)) {
                    long bytes = (long) rm.getStoreFileSize().get(Size.Unit.BYTE);
                    out.add(new HFiles.StoreFile(rm.getNameAsString(), bytes,
                            cf.getCompressionType().name() + " (declared)", cf.getDataBlockEncoding().name() + " (declared)",
                            -1, (long) rm.getUncompressedStoreFileSize().get(Size.Unit.BYTE)));
                }
            }
        } catch (IOException e) {
            throw target.unreachable(e);
        }
        return out;
    }
}
