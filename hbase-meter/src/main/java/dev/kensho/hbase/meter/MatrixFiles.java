package dev.kensho.hbase.meter;

import dev.kensho.common.runfiles.Case;
import dev.kensho.targets.hbase.HFiles;

import java.util.List;
import java.util.Map;

/**
 * What one timed load of the compression matrix left, recorded beside JMH's time (measured iterations only): the
 * parts of the load, how many flushes it went through, and the HFiles after its major compaction — their bytes,
 * their ratio to the NONE/NONE table of the same rows, their count and the trailers' uncompressed bytes. The files
 * were checked before ({@link MatrixRegime#verify}); this only records.
 *
 * @param putNanos     puts until the last is acknowledged
 * @param flushNanos   the final flush, until every memstore is empty
 * @param compactNanos the major compaction, until every store holds one HFile
 * @param flushed      the HFiles per region right after the flush (empty where the target shows no files)
 */
record MatrixFiles(long putNanos, long flushNanos, long compactNanos, Map<String, Integer> flushed) {

    /** Records the load's figures for {@code label}; {@code baseline}: the NONE/NONE bytes of the same rows. */
    void record(Case label, MatrixRegime regime, List<HFiles.StoreFile> files, int regions, long baseline) {
        long bytes = HFiles.totalBytes(files);
        MeterBench.measurement(label, "put_ms", putNanos / 1e6, "ms");
        MeterBench.measurement(label, "flush_ms", flushNanos / 1e6, "ms");
        MeterBench.measurement(label, "compaction_ms", compactNanos / 1e6, "ms");
        if (!flushed.isEmpty()) {
            MeterBench.measurement(label, "flushes_per_region",
                    (double) flushed.values().stream().mapToInt(Integer::intValue).sum() / regions, "count");
            MeterBench.measurement(label, "flushes_per_region_min",
                    flushed.values().stream().mapToInt(Integer::intValue).min().orElse(0), "count");
        }
        MeterBench.measurement(label, "memstore_flush_size", regime.flushSize(), "bytes");
        MeterBench.measurement(label, "hfile_bytes", bytes, "bytes");
        MeterBench.measurement(label, "hfile_count", files.size(), "count");
        MeterBench.measurement(label, "hfiles_per_region", (double) files.size() / regions, "count");
        MeterBench.measurement(label, "hfile_uncompressed_bytes",
                files.stream().mapToLong(HFiles.StoreFile::uncompressedBytes).sum(), "bytes");
        MeterBench.measurement(label, "hfile_ratio_to_none", (double) bytes / baseline, "ratio");
    }
}
