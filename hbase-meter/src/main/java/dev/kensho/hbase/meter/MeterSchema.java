package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.Codecs;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.util.Bytes;

import java.util.Locale;
import java.util.function.Consumer;

/**
 * The meter table: one column family {@code d}, one qualifier {@code kwh}, one version, the data
 * block encoding and compression codec under test, pre-split by the salt buckets of {@link MeterRowKey}.
 */
public record MeterSchema(String encoding, String codec, int saltBuckets) {

    public static final byte[] FAMILY = Bytes.toBytes("d");
    public static final byte[] QUALIFIER = Bytes.toBytes("kwh");

    /** Validates encoding, codec (and its availability) and salt buckets: one-line BadInput otherwise. */
    public MeterSchema {
        encoding = Codecs.encoding("encoding", encoding).name();
        codec = Codecs.codec("codec", codec).name();
        new MeterRowKey(saltBuckets);
    }

    public MeterRowKey rowKey() {
        return new MeterRowKey(saltBuckets);
    }

    /** {@code meter_<what>_<encoding>_<codec>_s<salt>} in the suite's namespace. */
    public TableName tableName(HBaseTarget target, String what) {
        return target.table(("meter_" + what + "_" + encoding + "_" + codec + "_s" + saltBuckets).toLowerCase(Locale.ROOT));
    }

    /** Creates (or re-creates) the suite table {@code name} with this schema. */
    public void create(HBaseTarget target, TableName name) {
        create(target, name, cf -> { }, table -> { });
    }

    /** As {@link #create(HBaseTarget, TableName)}, with further settings of the family and the table. */
    public void create(HBaseTarget target, TableName name, Consumer<ColumnFamilyDescriptorBuilder> family,
                       Consumer<TableDescriptorBuilder> table) {
        var cf = ColumnFamilyDescriptorBuilder.newBuilder(FAMILY)
                .setDataBlockEncoding(DataBlockEncoding.valueOf(encoding))
                .setCompressionType(Compression.Algorithm.valueOf(codec))
                .setMaxVersions(1);
        family.accept(cf);
        TableDescriptorBuilder td = TableDescriptorBuilder.newBuilder(name).setColumnFamily(cf.build());
        table.accept(td);
        target.createTable(td.build(), rowKey().splits());
    }
}
