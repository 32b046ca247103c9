package dev.kensho.kinesis.batch;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.BadInput;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.targets.kinesis.DelayProxy;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.kinesis.KinesisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The write-up's case: how much faster is writing 1,000 records of 50 B into a 1-shard stream with
 * {@code PutRecords} (2 calls of 500) than with {@code PutRecord} (1,000 calls), as the round trip and the
 * per-call cost grow? Published (seed {@code 004}, AWS CLI over HTTPS, Tokyo): 324 s vs 2.6 s ≈ 125×; its
 * per-call cost (≈ 322 ms) and per-record cost (≈ 1.95 ms) follow from those two figures
 * ({@link SpeedupModel#PUBLISHED_CALL_MS}). The round trip is an input the suite sets: swept
 * ({@code roundTripMs}: 0, 160, 320 at default scale, 40 too at full) so that {@link SpeedupModel} fits the speed-up as a
 * function of it on points that contain the write-up's case.
 *
 * <ul>
 * <li>{@code putRecords}: {@code records} records through {@link PutRecordsBatcher} at 500 per call.</li>
 * <li>{@code putRecord}: {@code putRecordCalls} single-record {@code PutRecord} calls, one after another.
 *     The seed scale makes 1,000; the default scale makes 8 and says so — the calls
 *     are sequential and identical, so time per record, and so the ratio, does not depend on how many.</li>
 * </ul>
 * {@code connection}: {@code REUSED} — one client and one kept-alive plain-HTTP connection for the trial
 * (each call pays the proxy's round trip once); {@code FRESH_TLS} — every call, of either method, builds a
 * new SDK client with its own HTTP client and TLS context and opens a new TLS 1.2 connection through the
 * proxy (TCP + a full handshake + the request: four round trips), as each run of the write-up's
 * {@code aws kinesis put-record} did (the process start itself is not emulated: no sleeps stand in for
 * work). Per iteration it records the split of a call: {@code client_build_ms_per_call},
 * {@code connect_tls_ms_per_call} (TCP + handshake through the proxy) and
 * {@code proxy_connections_per_call}.
 *
 * <p>Single-shot time per invocation, a fresh stream per iteration, read back and checked after it (missing,
 * duplicated, unexpected records are recorded and must be 0). The ratio is derived by the report section ({@link KinesisSection})
 * from records/s of the two methods and shown beside the model's prediction.
 *
 * <p>Run: {@code ./mvnw verify -Pbench -pl kinesis-batch -Dkensho.bench=PutRecordVsPutRecords}
 * ({@code -Dkensho.scale=seed} for 1,000 PutRecord calls; one point:
 * {@code -Dkensho.args="-p connection=FRESH_TLS -p roundTripMs=320"}), or this class's {@code main}.
 */
@State(Scope.Benchmark)
@Measurement(iterations = 5)
public class PutRecordVsPutRecordsBenchmark extends BenchmarkState {

    public static final ParamRules RULES = ParamRules.of()
            .intRange("records", 1, 100_000)
            .intRange("recordBytes", Payloads.MIN_BYTES, PutRecordsBatcher.MAX_RECORD_BYTES - 16)
            .rule("roundTripMs", v -> DelayProxy.checkRoundTripMs("roundTripMs", v))
            .rule("connection", v -> Connection.parse("connection", v))
            .intRange("putRecordCalls", 1, 100_000)
            // an http endpoint or the container: the FRESH_TLS cases are left out with this note, REUSED runs
            .unavailableWhen("connection", v -> !"FRESH_TLS".equals(v.trim()) || KinesisTargets.whyNoTls() == null ? null
                    : "connection=FRESH_TLS left out: " + KinesisTargets.whyNoTls())
            .needs(KinesisTargets::whyUnavailable)
            .preflight(KinesisTargets::validate);

    /** Records written by {@code putRecords} per invocation. */
    @Param("1000")
    public int records;

    /** Payload bytes per record (the write-up: 50). */
    @Param("50")
    public int recordBytes;

    /** Round trip the delay proxy adds to every exchange (an input; the write-up's per call: ~320 ms). */
    @Param({"0", "40", "160", "320"})
    public double roundTripMs;

    /** One kept-alive connection, or a fresh client and TLS connection per call. */
    @Param({"REUSED", "FRESH_TLS"})
    public String connection;

    /** How calls reach the endpoint. */
    public enum Connection {
        REUSED, FRESH_TLS;

        static Connection parse(String name, String v) {
            try {
                return valueOf(v.trim());
            } catch (IllegalArgumentException e) {
                throw BadInput.of(name, v, "REUSED or FRESH_TLS");
            }
        }
    }

    StreamFixture fx;
    Case caseId;
    Connection conn;
    long written;
    long calls;
    long connectionsAtStart;
    long connectNanosAtStart;
    long buildNanosAtStart;

    /** {@code putRecord}'s own size: its calls are 320 ms each, so the default scale makes fewer of them. */
    @State(Scope.Benchmark)
    public static class SingleCalls {
        @Param("1000")
        public int putRecordCalls;

        @Setup(Level.Trial)
        public void setup(BenchmarkParams bp) {
            if (bp != null) {
                Case c = Case.of(bp);
                Recorder.work(c.benchmark(), c.params(), putRecordCalls, (long) putRecordCalls * Integer.parseInt(bp.getParam("recordBytes")));
            }
        }
    }

    @Override
    protected void open(Case c) {
        caseId = c;
        if (caseId.benchmark().endsWith(".putRecords")) {
            Recorder.work(caseId.benchmark(), caseId.params(), records, (long) records * recordBytes);
        }
        conn = Connection.parse("connection", connection);
        fx = StreamFixture.open(roundTripMs, conn == Connection.FRESH_TLS);
    }

    /** This class's case outside JMH (tests): {@code direct} with the params as set. */
    Case defaultCase() {
        return new Case(getClass().getName() + ".direct", params());
    }

    Map<String, String> params() {
        Map<String, String> p = new TreeMap<>();
        p.put("records", Integer.toString(records));
        p.put("recordBytes", Integer.toString(recordBytes));
        p.put("roundTripMs", Double.toString(roundTripMs));
        p.put("connection", connection);
        return p;
    }

    @Setup(Level.Iteration)
    public void newStream() {
        fx.newStream("put-vs-puts", 1);
        written = 0;
        calls = 0;
        connectionsAtStart = fx.proxy.connections();
        connectNanosAtStart = fx.connects.nanos();
        buildNanosAtStart = fx.buildNanos();
    }

    @Benchmark
    public long putRecords() {
        List<PutRecordsRequestEntry> all = Payloads.entries(fx.tag(), written, records, recordBytes);
        long made = 0;
        try {
            if (conn == Connection.REUSED) {
                PutRecordsBatcher b = new PutRecordsBatcher(fx.writer, fx.stream(), PutRecordsBatcher.MAX_RECORDS);
                b.send(all);
                made = b.calls();
            } else {
                for (int from = 0; from < all.size(); from += PutRecordsBatcher.MAX_RECORDS) {
                    try (KinesisClient fresh = fx.freshClient()) { // one CLI run per batch of 500
                        PutRecordsBatcher b = new PutRecordsBatcher(fresh, fx.stream(), PutRecordsBatcher.MAX_RECORDS);
                        b.send(all.subList(from, Math.min(all.size(), from + PutRecordsBatcher.MAX_RECORDS)));
                        made += b.calls();
                    }
                }
            }
        } catch (SdkException e) {
            throw fx.failure(e);
        }
        written += records;
        calls += made;
        return made;
    }

    @Benchmark
    public long putRecord(SingleCalls single) {
        String stream = fx.stream();
        long tag = fx.tag();
        long last = 0;
        try {
            for (int i = 0; i < single.putRecordCalls; i++) {
                long id = written + i;
                if (conn == Connection.REUSED) {
                    last = putOne(fx.writer, stream, tag, id);
                } else {
                    try (KinesisClient fresh = fx.freshClient()) { // one CLI run per record
                        last = putOne(fresh, stream, tag, id);
                    }
                }
            }
        } catch (SdkException e) {
            throw fx.failure(e);
        }
        written += single.putRecordCalls;
        calls += single.putRecordCalls;
        return last;
    }

    private long putOne(KinesisClient client, String stream, long tag, long id) {
        return client.putRecord(r -> r.streamName(stream).partitionKey(Payloads.partitionKey(id))
                .data(SdkBytes.fromByteArrayUnsafe(Payloads.payload(tag, id, recordBytes)))).sequenceNumber().length();
    }

    @TearDown(Level.Iteration)
    public void check() {
        if (calls > 0) {
            Recorder.measurement(caseId.benchmark(), caseId.params(), "proxy_connections_per_call",
                    (double) (fx.proxy.connections() - connectionsAtStart) / calls, "connections");
            if (conn == Connection.FRESH_TLS) {
                Recorder.measurement(caseId.benchmark(), caseId.params(), "client_build_ms_per_call",
                        (fx.buildNanos() - buildNanosAtStart) / 1e6 / calls, "ms");
                Recorder.measurement(caseId.benchmark(), caseId.params(), "connect_tls_ms_per_call",
                        (fx.connects.nanos() - connectNanosAtStart) / 1e6 / calls, "ms");
            }
        }
        fx.checkAndDrop(caseId, written);
    }

    @Override
    public void close() {
        if (fx != null) {
            fx.close();
        }
    }

    public static void main(String[] args) {
        Kensho.main(PutRecordVsPutRecordsBenchmark.class, args);
    }
}
