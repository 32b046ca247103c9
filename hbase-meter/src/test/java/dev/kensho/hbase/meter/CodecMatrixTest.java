package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.Codecs;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HFiles;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every codec and every encoding of the matrix really lands in the HFiles: each table is loaded,
 * flushed and major-compacted, and every HFile's trailer / file info is read back. The tables are written
 * {@value #TABLES_AT_ONCE} at a time.
 */
@ExtendWith(SharedHBase.class)
class CodecMatrixTest {

    static final int METERS = 20;
    static final int DAYS = 1;
    static final int TABLES_AT_ONCE = 4;

    @Test
    void everyCodecOfTheMatrixIsAvailableHere() {
        assertEquals(Codecs.CODECS, Codecs.available());
    }

    @Test
    void everyCodecAndEncodingIsWrittenToTheHFiles(HBaseTarget hbase) throws Throwable {
        // ROW_INDEX_V1 + GZ is in both lists: one table of it (two of one name at once would drop each other)
        Set<MeterSchema> schemas = new LinkedHashSet<>();
        for (String codec : Codecs.CODECS) {
            schemas.add(new MeterSchema("ROW_INDEX_V1", codec, 2));
        }
        for (String enc : Codecs.ENCODINGS) {
            schemas.add(new MeterSchema(enc, "GZ", 2));
        }
        Map<String, Long> bytes = new ConcurrentHashMap<>();
        ExecutorService pool = MeterBench.pool("codec-test", 2);
        // the tables are independent (a name each): most of a table's seconds are the cluster's create and drop
        // procedures, which wait rather than work, so a few tables at once
        ExecutorService tables = MeterBench.pool("codec-tables", TABLES_AT_ONCE);
        hbase.ensureNamespace(); // before the tables: two first creates at once would both try to make it
        try {
            List<Future<?>> done = new ArrayList<>();
            for (MeterSchema s : schemas) {
                done.add(tables.submit(() -> {
                    bytes.put(s.encoding() + "/" + s.codec(), writeAndCheck(hbase, s, pool));
                    return null;
                }));
            }
            for (Future<?> f : done) {
                try {
                    f.get();
                } catch (ExecutionException e) {
                    throw e.getCause(); // the table's failed assertion, as if it had run here
                }
            }
        } finally {
            MeterBench.shutdown(tables);
            MeterBench.shutdown(pool);
        }
        // compression really happened: every codec's files are smaller than the uncompressed ones
        long none = bytes.get("ROW_INDEX_V1/NONE");
        for (String codec : Codecs.CODECS) {
            if (!codec.equals("NONE")) {
                assertTrue(bytes.get("ROW_INDEX_V1/" + codec) < none, codec + " " + bytes);
            }
        }
    }

    /** Loads, flushes and major-compacts one table of {@code s}, checks its HFiles, drops it; returns their bytes. */
    private static long writeAndCheck(HBaseTarget hbase, MeterSchema s, ExecutorService pool) {
        TableName tn = s.tableName(hbase, "codectest");
        s.create(hbase, tn);
        MeterLoader.load(hbase.connection(), tn, s.rowKey(), new MeterReadings(MeterBench.SEED), METERS, DAYS, 2,
                500, LoadClient.BUFFERED_MUTATOR, pool, null);
        hbase.flushAndCompact(tn);
        List<HFiles.StoreFile> files = hbase.storeFiles(tn);
        assertEquals(2, files.size(), s + ": one HFile per region after major compaction");
        for (HFiles.StoreFile f : files) {
            assertEquals(s.codec(), f.compression(), s + ": trailer codec of " + f.path());
            assertEquals(s.encoding(), f.encoding(), s + ": encoding of " + f.path());
        }
        MatrixRegime.verify(files, s.encoding(), s.codec(), METERS * DAYS * 48L);
        hbase.dropTable(tn);
        return HFiles.totalBytes(files);
    }
}
