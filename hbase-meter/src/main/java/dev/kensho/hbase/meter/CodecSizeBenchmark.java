package dev.kensho.hbase.meter;

import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Which encoding × codec stores the meter rows smallest, in the order the write-up found? Its Figures 1–3 rank the
 * HFile sizes of its whole grid — encodings PREFIX, DIFF, FAST_DIFF (PREFIX_TREE is gone from HBase 2) × codecs
 * SNAPPY, GZ, LZ4 — and it draws three size orders: DIFF the smallest encoding (311 MB, 53%), GZ the smallest
 * codec (126 MB, 22%), DIFF + GZ the smallest combination (110 MB, 19%). The report's ledger holds each as a claim
 * ({@link SizeOrder}: the named cell's bytes over the smallest other cell's of its figure).
 *
 * <p>The same load as {@link CompressionMatrixBenchmark}'s {@code load} (its rows, regime, checks and recorded
 * {@code hfile_bytes}, {@code hfile_ratio_to_none}), inherited, over the whole grid: a size does not drift with the
 * host the way a time does, so one fork per cell and five shots (the 99.9% Student t half-width of three samples is
 * 18 sd, of five 3.9 sd; in run hbase-regime-86d7801 a GZ cell's shots differed by 0.1–0.3%, NONE/NONE's not at all) decide it
 * where the matrix needs rounds for its times. Its times are context; the matrix's rounds hold the time claims.
 *
 * <p>Run: {@code mvn verify -Pbench -pl hbase-meter -am -Dkensho.bench=CodecSize} or this class's {@code main};
 * {@code -Dkensho.scale=seed} at the write-up's 10.08M rows.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 0)
@Measurement(iterations = 5)
public class CodecSizeBenchmark extends CompressionMatrixBenchmark {

    public static final ParamRules RULES = CompressionMatrixBenchmark.RULES;

    public static void main(String[] args) {
        Kensho.main(CodecSizeBenchmark.class, args);
    }
}
