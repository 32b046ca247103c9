package dev.kensho.kinesis.batch;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.kinesis.DelayProxy;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.kinesis.EmbeddedKinesis;
import dev.kensho.targets.kinesis.KinesisTarget;
import dev.kensho.targets.kinesis.KinesisTargets;
import dev.kensho.targets.kinesis.TlsSockets;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.Record;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.List;
import java.util.function.Function;

/**
 * What every benchmark here holds for a trial: the target (embedded kinesalite unless told otherwise), a
 * {@link DelayProxy} adding the case's round trip, a writer client through the proxy, and one fresh
 * suite-owned stream per iteration that is read back, checked and deleted at the iteration's end. The
 * read-back and stream management go straight to the endpoint: only the measured writes pay the round trip.
 */
final class StreamFixture implements AutoCloseable {

    private static final SecureRandom RANDOM = new SecureRandom();

    final KinesisTarget target;
    final DelayProxy proxy;
    final KinesisClient writer;
    private String stream;
    private List<String> shardIds;
    private long tag;
    /** Set-up time of the fresh clients' connections (TCP + TLS handshake through the proxy). */
    final TlsSockets.Timer connects = new TlsSockets.Timer();
    private long buildNanos;
    private long builds;

    private StreamFixture(KinesisTarget target, DelayProxy proxy, KinesisClient writer) {
        this.target = target;
        this.proxy = proxy;
        this.writer = writer;
    }

    static StreamFixture open(double roundTripMs) {
        return open(roundTripMs, List.of(), false);
    }

    /** With {@code tls}, a target served over TLS, so that {@link #freshClient()} can open a new TLS connection per call. */
    static StreamFixture open(double roundTripMs, boolean tls) {
        return open(roundTripMs, List.of(), tls);
    }

    /** With interceptors on the writer: fault-injection tests only, never a benchmark. */
    static StreamFixture open(double roundTripMs, List<ExecutionInterceptor> interceptors) {
        return open(roundTripMs, interceptors, false);
    }

    private static StreamFixture open(double roundTripMs, List<ExecutionInterceptor> interceptors, boolean tls) {
        KinesisTarget t = KinesisTargets.open(tls);
        try {
            t.record();
            DelayProxy p = t.proxy(roundTripMs);
            return new StreamFixture(t, p, t.client(p, interceptors));
        } catch (RuntimeException e) {
            t.close();
            throw e;
        }
    }

    /** A fresh stream for the next iteration (label: which benchmark). */
    String newStream(String label, int shards) {
        stream = target.streams().create(label, shards);
        shardIds = target.streams().shardIds(stream);
        tag = RANDOM.nextLong();
        return stream;
    }

    /**
     * A new client through the proxy with its own HTTP client and TLS context: its call opens a new
     * connection and makes a full TLS handshake. The caller closes it. Build time is counted apart.
     */
    KinesisClient freshClient() {
        long t0 = System.nanoTime();
        KinesisClient c = target.freshTlsClient(proxy, connects);
        buildNanos += System.nanoTime() - t0;
        builds++;
        return c;
    }

    /** Total ns spent building fresh clients, and how many. */
    long buildNanos() {
        return buildNanos;
    }

    long builds() {
        return builds;
    }

    String stream() {
        return stream;
    }

    long tag() {
        return tag;
    }

    /**
     * Reads the stream back, records missing / duplicated / unexpected / received (records) for the case,
     * deletes the stream, and throws unless all of {@code 0 … expected-1} arrived exactly once.
     */
    ReadBack.Check checkAndDrop(Case c, long expected) {
        return checkAndDrop(c, expected, r -> List.of(r.data().asByteBuffer()));
    }

    /** As {@link #checkAndDrop(Case, long)}, each Kinesis record unpacked into its user records first. */
    ReadBack.Check checkAndDrop(Case c, long expected,
                                Function<Record, List<ByteBuffer>> unpack) {
        ReadBack.Check check;
        try {
            check = ReadBack.verify(target.client(), stream, shardIds, tag, expected, unpack);
        } finally {
            drop();
        }
        if (c != null) {
            Recorder.measurement(c.benchmark(), c.params(), "readback_missing", check.missing(), "records");
            Recorder.measurement(c.benchmark(), c.params(), "readback_duplicated", check.duplicated(), "records");
            Recorder.measurement(c.benchmark(), c.params(), "readback_unexpected", check.unexpected(), "records");
            Recorder.measurement(c.benchmark(), c.params(), "readback_received", check.received(), "records");
        }
        return check.require();
    }

    private void drop() {
        if (stream != null) {
            String s = stream;
            stream = null;
            target.streams().delete(s);
        }
    }

    /**
     * A failed call as one line naming the target (a dead emulator, an unreachable endpoint), so the run
     * folder says what happened rather than an HTTP client's exception chain.
     */
    TargetFailure failure(SdkException e) {
        String alive = target instanceof EmbeddedKinesis k && k.process().exitedWithin(Duration.ofSeconds(1)) ? " (the emulator process has exited)" : "";
        return new TargetFailure(target.describe() + alive + ": a call to stream " + stream + " failed: "
                + (e.getMessage() == null ? TargetFailure.rootCause(e) : e.getMessage().lines().findFirst().orElse("")), e);
    }

    @Override
    public void close() {
        try {
            drop();
        } catch (RuntimeException e) {
            if (!target.owned()) {
                throw e; // on someone else's endpoint a stream left behind must be reported
            }
            // the suite's own server goes away with the target: its streams with it
        } finally {
            target.close();
        }
    }
}
