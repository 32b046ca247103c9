package dev.kensho.kinesis.batch;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.kinesis.DelayProxy;
import dev.kensho.targets.kinesis.KinesisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import software.amazon.awssdk.core.exception.SdkException;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * How do records/s and MiB/s depend on batch size, record size, round trip, shards and producer threads?
 * Each of {@code threads} producers makes {@code calls} batches of {@code batchSize} records and sends them
 * through one shared {@link PutRecordsBatcher} (which splits a batch over 5 MiB into more calls), so an
 * invocation writes {@code threads × calls × batchSize} records and its time is bounded by
 * {@code calls × round trip} whatever the batch size. Compared with the write-up's two points (batch 1 and
 * batch 500 at ~320 ms); {@link CostModel} fits per-call overhead + per-record cost from these cases.
 *
 * <p>Full sweep (experiments.md): batchSize {1, 10, 100, 250, 500} × recordBytes {50, 1024, 25600} ×
 * roundTripMs {0, 20, 100, 320} × shards {1, 4} × threads {1, 4} = 240 cases, at scale {@code seed}
 * ({@code -Dkensho.scale=seed}); the default scale runs a slice (kensho-scale.properties). A fresh stream
 * per iteration is read back and checked (missing / duplicated / unexpected recorded, must be 0).
 *
 * <p>Run: {@code ./mvnw verify -Pbench -pl kinesis-batch -Dkensho.bench=BatchSweep
 * -Dkensho.args="-p batchSize=1,500 -p roundTripMs=20"}, or this class's {@code main}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class BatchSweepBenchmark extends BenchmarkState {

    public static final ParamRules RULES = ParamRules.of()
            .rule("batchSize", v -> PutRecordsBatcher.checkBatchSize("batchSize", v))
            .intRange("recordBytes", Payloads.MIN_BYTES, PutRecordsBatcher.MAX_RECORD_BYTES - 16)
            .rule("roundTripMs", v -> DelayProxy.checkRoundTripMs("roundTripMs", v))
            .intRange("shards", 1, 64)
            .intRange("threads", 1, 64)
            .intRange("calls", 1, 10_000)
            .needs(KinesisTargets::whyUnavailable)
            .preflight(KinesisTargets::validate);

    @Param({"1", "10", "100", "250", "500"})
    public int batchSize;

    /** Payload bytes per record (50 B as the write-up, 1 KiB, 25 KiB). */
    @Param({"50", "1024", "25600"})
    public int recordBytes;

    @Param({"0", "20", "100", "320"})
    public double roundTripMs;

    @Param({"1", "4"})
    public int shards;

    /** Producer threads sharing the client and batcher. */
    @Param({"1", "4"})
    public int threads;

    /** Batches per producer per invocation. */
    @Param("20")
    public int calls;

    StreamFixture fx;
    PutRecordsBatcher batcher;
    ExecutorService producers;
    Case caseId;
    long invocations;
    long callsAtIterationStart;

    @Override
    protected void open(Case c) {
        caseId = c;
        long records = recordsPerInvocation();
        Recorder.work(caseId.benchmark(), caseId.params(), records, records * recordBytes);
        fx = StreamFixture.open(roundTripMs);
        producers = Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "kensho-producer");
            t.setDaemon(true);
            return t;
        });
    }

    /** This class's case outside JMH (tests): {@code putRecords} with the params as set. */
    Case defaultCase() {
        return new Case(getClass().getName() + ".putRecords", params());
    }

    Map<String, String> params() {
        Map<String, String> p = new TreeMap<>();
        p.put("batchSize", Integer.toString(batchSize));
        p.put("recordBytes", Integer.toString(recordBytes));
        p.put("roundTripMs", Double.toString(roundTripMs));
        p.put("shards", Integer.toString(shards));
        p.put("threads", Integer.toString(threads));
        p.put("calls", Integer.toString(calls));
        return p;
    }

    long recordsPerInvocation() {
        return (long) threads * calls * batchSize;
    }

    @Setup(Level.Iteration)
    public void newStream() {
        fx.newStream("sweep", shards);
        batcher = new PutRecordsBatcher(fx.writer, fx.stream(), batchSize);
        invocations = 0;
    }

    @Benchmark
    public long putRecords() throws InterruptedException {
        long base = invocations * recordsPerInvocation();
        long perThread = (long) calls * batchSize;
        long tag = fx.tag();
        List<Future<?>> done = new ArrayList<>(threads);
        for (int t = 0; t < threads; t++) {
            long from = base + t * perThread;
            done.add(producers.submit(() -> {
                for (int c = 0; c < calls; c++) {
                    batcher.send(Payloads.entries(tag, from + (long) c * batchSize, batchSize, recordBytes));
                }
            }));
        }
        for (Future<?> f : done) {
            try {
                f.get();
            } catch (ExecutionException e) {
                if (e.getCause() instanceof SdkException sdk) {
                    throw fx.failure(sdk);
                }
                throw e.getCause() instanceof RuntimeException r ? r : new TargetFailure("producer failed", e.getCause());
            }
        }
        invocations++;
        return batcher.calls();
    }

    @TearDown(Level.Iteration)
    public void check() {
        Recorder.measurement(caseId.benchmark(), caseId.params(), "putrecords_calls_per_invocation",
                invocations == 0 ? 0 : (double) batcher.calls() / invocations, "calls");
        Recorder.measurement(caseId.benchmark(), caseId.params(), "retried_records", batcher.retried(), "records");
        fx.checkAndDrop(caseId, invocations * recordsPerInvocation());
    }

    @Override
    public void close() {
        if (producers != null) {
            producers.shutdownNow();
        }
        if (fx != null) {
            fx.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(BatchSweepBenchmark.class, args);
    }
}
