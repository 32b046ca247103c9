package dev.kensho.kinesis.batch;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.BadInput;
import dev.kensho.api.Kensho;
import dev.kensho.common.runfiles.Case;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.latency.IntervalLog;
import dev.kensho.common.latency.Latencies;
import dev.kensho.targets.kinesis.DelayProxy;
import dev.kensho.targets.kinesis.KinesisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;
import software.amazon.awssdk.core.exception.SdkException;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * What do producers pay per million user records when they pack them KPL-style — many user records in one
 * Kinesis record, those records batched with {@code PutRecords} — and what does the buffering cost in latency
 * and client CPU? The service bills PUT payload units of 25 KB per Kinesis record ({@link Billing}): 500 user
 * records of 50 B cost 500 units one by one, 2 packed into one ~30 KB aggregate. A separate class rather
 * than a mode of {@link PutRecordVsPutRecordsBenchmark}: its params (aggregate size, flush interval, an arrival
 * schedule) mean nothing to the write-up's case, and the write-up's 2 × 500 call pattern means nothing here.
 *
 * <p>Per invocation, {@code userRecords} user records of {@code userRecordBytes} arrive on an open-loop schedule
 * at {@code arrivalRate} per second and go through an {@link AggregatingProducer}: {@link KplAggregator}
 * aggregates of at most {@code aggregateBytes} (data + partition key; 1 MiB, the service's record limit, at
 * most), collected into {@code PutRecords} calls of at most 500 records and 5 MiB, everything buffered sent
 * when {@code flushMs} has passed since the oldest buffered record's arrival. Each iteration writes a fresh
 * 1-shard stream, reads it back, de-aggregates it with the KCL and checks every user record arrived exactly
 * once (recorded as {@code readback_*}, must be 0). Cases: {@code aggregateBytes} 1 KiB, 5 KiB, 25 KiB, 50 KiB
 * (KPL's default), 1 MiB × {@code userRecordBytes} 50 (the write-up's) and 1 KiB.
 *
 * <p>Recorded per measurement iteration, per million user records: {@code calls_per_million} (PutRecords
 * calls, retries included), {@code kinesis_records_per_million}, {@code payload_units_per_million},
 * {@code bytes_per_million} (data + partition keys), {@code shard_seconds_per_million} (at the per-shard
 * limits: follows from the service's limits, set by the suite, applied to the measured records and bytes);
 * {@code user_records_per_aggregate}; {@code cpu_us_per_user_record} — CPU of the producer thread during the
 * invocation (aggregation, protobuf, MD5, the SDK's marshalling and its synchronous HTTP send; not the read-back,
 * not the emulator, which is another process) ÷ user records; and {@code latency_intended_p50|p99|p999|max}
 * (µs) from each user record's intended arrival to the acknowledgement of its call, one interval per
 * iteration in the run's {@code hlog/}. The launcher's {@code cpu.client} (cores) covers the whole iteration,
 * read-back included. The report turns these into $ per million user records ({@link CostTable}).
 *
 * <p>Published figure: none — aggregation is beyond the write-up (seed {@code 004} compares PutRecord with
 * PutRecords only); the cost table shows it beside PutRecord and PutRecords at the same record sizes.
 *
 * <p>Run: {@code ./mvnw verify -Pbench -pl kinesis-batch -am -Dkensho.bench=AggregatedPutRecords}
 * ({@code -Dkensho.scale=smoke} for a seconds-long check; one case:
 * {@code -Dkensho.args="-p aggregateBytes=51200 -p flushMs=100"}), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Measurement(iterations = 5)
public class AggregatedPutRecordsBenchmark extends BenchmarkState {

    /** The allowed aggregate sizes, as the refusal names them. */
    static final String AGGREGATE_RANGE = "an integer in 64 … " + PutRecordsBatcher.MAX_RECORD_BYTES
            + " bytes (1 MiB: the service's limit per record, data + partition key)";

    public static final ParamRules RULES = ParamRules.of()
            .intRange("userRecords", 1, 1_000_000)
            .intRange("userRecordBytes", Payloads.MIN_BYTES, PutRecordsBatcher.MAX_RECORD_BYTES - 64)
            .rule("aggregateBytes", v -> {
                try {
                    long n = Long.parseLong(v.trim());
                    if (n >= 64 && n <= PutRecordsBatcher.MAX_RECORD_BYTES) {
                        return;
                    }
                } catch (NumberFormatException e) {
                    // refused below
                }
                throw BadInput.of("aggregateBytes", v, AGGREGATE_RANGE);
            })
            .intRange("flushMs", 0, 60_000)
            .doubleRange("arrivalRate", 1, 10_000_000)
            .rule("roundTripMs", v -> DelayProxy.checkRoundTripMs("roundTripMs", v))
            .combination(AggregatedPutRecordsBenchmark::checkFits)
            .needs(KinesisTargets::whyUnavailable)
            .preflight(KinesisTargets::validate)
            .preflight(CostTable::checkPrices);

    /** User records written per invocation. */
    @Param("5000")
    public int userRecords;

    /** Payload bytes per user record (the write-up: 50). */
    @Param({"50", "1024"})
    public int userRecordBytes;

    /** Largest aggregate, data + partition key (KPL's default: 51,200). */
    @Param({"1024", "5120", "25600", "51200", "1048576"})
    public int aggregateBytes;

    /** Longest a user record waits in the buffer before everything buffered is sent (KPL's default: 100). */
    @Param("100")
    public int flushMs;

    /** User records arriving per second (open loop: the schedule does not wait for the calls). */
    @Param("10000")
    public double arrivalRate;

    /** Round trip the delay proxy adds to every exchange (an input the suite sets). */
    @Param("0")
    public double roundTripMs;

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    StreamFixture fx;
    Case caseId;
    PutRecordsBatcher batcher;
    AggregatingProducer producer;
    final Latencies latencies = new Latencies();
    IntervalLog log;
    boolean measuring;
    long written;
    long cpuNanos;

    @Override
    protected void open(Case c) {
        caseId = c;
        Recorder.work(caseId.benchmark(), caseId.params(), userRecords, (long) userRecords * userRecordBytes);
        fx = StreamFixture.open(roundTripMs);
        log = IntervalLog.open(caseId, "intended", "latency_intended_",
                "from a user record's intended arrival to the acknowledgement of the PutRecords call that carried it");
    }

    /** This class's case outside JMH (tests): {@code putRecords} with the params as set. */
    Case defaultCase() {
        return new Case(getClass().getName() + ".putRecords", params());
    }

    Map<String, String> params() {
        Map<String, String> p = new TreeMap<>();
        p.put("userRecords", Integer.toString(userRecords));
        p.put("userRecordBytes", Integer.toString(userRecordBytes));
        p.put("aggregateBytes", Integer.toString(aggregateBytes));
        p.put("flushMs", Integer.toString(flushMs));
        p.put("arrivalRate", Double.toString(arrivalRate));
        p.put("roundTripMs", Double.toString(roundTripMs));
        return p;
    }

    /** One user record (the largest id's key) must fit an empty aggregate. */
    static void checkFits(Map<String, String> p) {
        if (!p.containsKey("aggregateBytes") || !p.containsKey("userRecordBytes")) {
            return;
        }
        String key = Payloads.partitionKey(Long.parseLong(p.getOrDefault("userRecords", "1000000").trim()));
        long least = KplAggregator.sizeOfOne(key, Integer.parseInt(p.get("userRecordBytes").trim()));
        if (Long.parseLong(p.get("aggregateBytes").trim()) < least) {
            throw BadInput.of("aggregateBytes", p.get("aggregateBytes"), "at least " + least
                    + " bytes to hold one user record of userRecordBytes=" + p.get("userRecordBytes") + " (" + AGGREGATE_RANGE + ")");
        }
    }

    @Setup(Level.Iteration)
    public void newStream(IterationParams ip) {
        fx.newStream("aggregated", 1);
        batcher = new PutRecordsBatcher(fx.writer, fx.stream(), PutRecordsBatcher.MAX_RECORDS);
        producer = new AggregatingProducer(batcher, aggregateBytes, TimeUnit.MILLISECONDS.toNanos(flushMs), latencies);
        measuring = ip == null || ip.getType() == IterationType.MEASUREMENT;
        written = 0;
        cpuNanos = 0;
    }

    @Benchmark
    public long putRecords() {
        long tag = fx.tag();
        long cpu0 = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        double gap = 1e9 / arrivalRate;
        try {
            for (int i = 0; i < userRecords; i++) {
                long due = start + (long) (i * gap);
                // the flush timer may fire before the next arrival
                for (long deadline = producer.flushDeadline(); deadline <= due; deadline = producer.flushDeadline()) {
                    waitUntil(deadline);
                    producer.flush();
                }
                waitUntil(due);
                long id = written + i;
                producer.add(due, Payloads.partitionKey(id), Payloads.payload(tag, id, userRecordBytes));
            }
            long deadline = producer.flushDeadline();
            if (deadline != Long.MAX_VALUE) {
                waitUntil(deadline);
                producer.flush();
            }
        } catch (SdkException e) {
            throw fx.failure(e);
        }
        cpuNanos += THREADS.getCurrentThreadCpuTime() - cpu0;
        written += userRecords;
        return producer.kinesisRecords;
    }

    private static void waitUntil(long nanoTime) {
        for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (measuring && written > 0) {
            double perMillion = 1e6 / written;
            record("calls_per_million", batcher.calls() * perMillion, "calls");
            record("kinesis_records_per_million", producer.kinesisRecords * perMillion, "records");
            record("payload_units_per_million", producer.payloadUnits * perMillion, "units");
            record("bytes_per_million", producer.bytes * perMillion, "bytes");
            record("shard_seconds_per_million", Billing.shardSeconds(producer.kinesisRecords, producer.bytes) * perMillion, "shard-s");
            record("user_records_per_aggregate", (double) producer.userRecordsSent / Math.max(1, producer.kinesisRecords), "records");
            record("cpu_us_per_user_record", cpuNanos / 1e3 / written, "us");
            log.write(latencies.interval());
        } else {
            latencies.reset(); // a warm-up iteration's latencies are not the case's
        }
        fx.checkAndDrop(caseId, written, KplAggregator::deaggregate);
    }

    private void record(String metric, double value, String unit) {
        Recorder.measurement(caseId.benchmark(), caseId.params(), metric, value, unit);
    }

    @Override
    public void close() {
        try {
            org.HdrHistogram.Histogram h = latencies.total();
            if (h.getTotalCount() > 0) { // per fork; the run's figures come from every fork's intervals (hlog)
                Latencies.percentiles(h).forEach((k, v) -> record(k.replace("latency_", "latency_intended_"), v, "us"));
            }
            if (log != null) {
                log.close();
            }
        } finally {
            if (fx != null) {
                fx.close();
            }
        }
    }

    public static void main(String[] args) {
        Kensho.main(AggregatedPutRecordsBenchmark.class, args);
    }
}
