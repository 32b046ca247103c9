package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.Codecs;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HFiles;
import org.apache.hadoop.hbase.TableName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every codec and every encoding of the matrix really lands in the HFiles: each table is loaded,
 * flushed and major-compacted, and every HFile's trailer / file info is read back.
 */
@ExtendWith(SharedHBase.class)
class CodecMatrixTest {

    static final int METERS = 20;
    static final int DAYS = 1;

    @Test
    void everyCodecOfTheMatrixIsAvailableHere() {
        assertEquals(Codecs.CODECS, Codecs.available());
    }

    @Test
    void everyCodecAndEncodingIsWrittenToTheHFiles(HBaseTarget hbase) {
        List<MeterSchema> schemas = new ArrayList<>();
        for (String codec : Codecs.CODECS) {
            schemas.add(new MeterSchema("ROW_INDEX_V1", codec, 2));
        }
        for (String enc : Codecs.ENCODINGS) {
            schemas.add(new MeterSchema(enc, "GZ", 2));
        }
        Map<String, Long> bytes = new LinkedHashMap<>();
        ExecutorService pool = MeterBench.pool("codec-test", 2);
        try {
            for (MeterSchema s : schemas) {
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
                bytes.put(s.encoding() + "/" + s.codec(), HFiles.totalBytes(files));
                hbase.dropTable(tn);
            }
        } finally {
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
}
