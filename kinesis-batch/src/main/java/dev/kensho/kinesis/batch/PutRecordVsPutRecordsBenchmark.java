package dev.kensho.kinesis.batch;

import dev.kensho.common.bench.Bench;
import dev.kensho.common.bench.Case;
import dev.kensho.common.bench.ParamRules;
import dev.kensho.common.export.Recorder;
import dev.kensho.common.net.DelayProxy;
import dev.kensho.common.targets.kinesis.KinesisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * The write-up's case: how much faster is writing 1,000 records of 50 B into a 1-shard stream with
 * {@code PutRecords} (2 calls of 500) than with {@code PutRecord} (1,000 calls), when every call pays a
 * ~320 ms round trip? Published (seed {@code 004}, AWS CLI over HTTPS, Tokyo): 324 s vs 2.6 s ≈ 125×.
 *
 * <ul>
 * <li>{@code putRecords}: {@code records} records through {@link PutRecordsBatcher} at 500 per call.</li>
 * <li>{@code putRecord}: {@code putRecordCalls} single-record {@code PutRecord} calls, one after another.
 *     The seed scale makes 1,000 (320 s per iteration); the default scale makes 100 and says so — the calls
 *     are sequential and identical, so time per record, and so the ratio, does not depend on how many.</li>
 * </ul>
 * Single-shot time per invocation, a fresh stream per iteration, read back and checked after it (missing,
 * duplicated, unexpected records are recorded and must be 0). The ratio is derived by the report section ({@link KinesisSection})
 * from records/s of the two methods and shown beside the model's prediction.
 *
 * <p>Run: {@code ./mvnw verify -Pbench -pl kinesis-batch -Dkensho.bench=PutRecordVsPutRecords}
 * ({@code -Dkensho.scale=seed} for 1,000 PutRecord calls), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 5)
public class PutRecordVsPutRecordsBenchmark {

    public static final ParamRules RULES = ParamRules.of()
            .intRange("records", 1, 100_000)
            .intRange("recordBytes", Payloads.MIN_BYTES, PutRecordsBatcher.MAX_RECORD_BYTES - 16)
            .rule("roundTripMs", v -> DelayProxy.checkRoundTripMs("roundTripMs", v))
            .intRange("putRecordCalls", 1, 100_000)
            .preflight(KinesisTargets::validate);

    /** Records written by {@code putRecords} per invocation. */
    @Param("1000")
    public int records;

    /** Payload bytes per record (the write-up: 50). */
    @Param("50")
    public int recordBytes;

    /** Round trip added to every call by the delay proxy (the write-up's regime: ~320 ms). */
    @Param("320")
    public double roundTripMs;

    StreamFixture fx;
    Case caseId;
    long written;

    /** {@code putRecord}'s own size: its calls are 320 ms each, so the default scale makes fewer of them. */
    @State(Scope.Benchmark)
    public static class SingleCalls {
        @Param("1000")
        public int putRecordCalls;

        @Setup(Level.Trial)
        public void setup(BenchmarkParams bp) {
            RULES.check(Map.of("putRecordCalls", Integer.toString(putRecordCalls)));
            if (bp != null) {
                Case c = Case.of(bp);
                Recorder.work(c.benchmark(), c.params(), putRecordCalls, (long) putRecordCalls * Integer.parseInt(bp.getParam("recordBytes")));
            }
        }
    }

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        RULES.check(params());
        caseId = bp != null ? Case.of(bp) : new Case(getClass().getName() + ".direct", params());
        if (caseId.benchmark().endsWith(".putRecords")) {
            Recorder.work(caseId.benchmark(), caseId.params(), records, (long) records * recordBytes);
        }
        fx = StreamFixture.open(roundTripMs);
    }

    Map<String, String> params() {
        Map<String, String> p = new TreeMap<>();
        p.put("records", Integer.toString(records));
        p.put("recordBytes", Integer.toString(recordBytes));
        p.put("roundTripMs", Double.toString(roundTripMs));
        return p;
    }

    @Setup(Level.Iteration)
    public void newStream() {
        fx.newStream("put-vs-puts", 1);
        written = 0;
    }

    @Benchmark
    public long putRecords() {
        PutRecordsBatcher b = new PutRecordsBatcher(fx.writer, fx.stream(), PutRecordsBatcher.MAX_RECORDS);
        try {
            b.send(Payloads.entries(fx.tag(), written, records, recordBytes));
        } catch (SdkException e) {
            throw fx.failure(e);
        }
        written += records;
        return b.calls();
    }

    @Benchmark
    public long putRecord(SingleCalls single) {
        String stream = fx.stream();
        long tag = fx.tag();
        long last = 0;
        try {
            for (int i = 0; i < single.putRecordCalls; i++) {
                long id = written + i;
                last = fx.writer.putRecord(r -> r.streamName(stream).partitionKey(Payloads.partitionKey(id))
                        .data(SdkBytes.fromByteArrayUnsafe(Payloads.payload(tag, id, recordBytes))))
                        .sequenceNumber().length();
            }
        } catch (SdkException e) {
            throw fx.failure(e);
        }
        written += single.putRecordCalls;
        return last;
    }

    @TearDown(Level.Iteration)
    public void check() {
        fx.checkAndDrop(caseId, written);
    }

    @TearDown(Level.Trial)
    public void close() {
        if (fx != null) {
            fx.close();
        }
    }

    public static void main(String[] args) {
        Bench.main(PutRecordVsPutRecordsBenchmark.class, args);
    }
}
