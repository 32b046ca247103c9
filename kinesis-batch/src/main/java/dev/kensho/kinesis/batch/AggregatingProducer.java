package dev.kensho.kinesis.batch;

import dev.kensho.common.latency.Latencies;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A KPL-style producer on one thread: user records go into a {@link KplAggregator}; a full aggregate joins
 * the pending {@code PutRecords} call, which is sent when it holds 500 records or the next aggregate would
 * take it over 5 MiB; and everything buffered — the open aggregate too — is sent when the flush interval has
 * passed since the oldest buffered user record's intended arrival (KPL's {@code RecordMaxBufferedTime}, which
 * bounds both its aggregation and its collection into calls). Sending an aggregate alone as soon as it is full
 * would make small aggregates cost a call each; KPL collects them, so this does.
 *
 * <p>Each user record's latency — from its intended arrival to the acknowledgement of the call that carried it
 * — goes to {@link Latencies}. Counts what the service would bill: Kinesis records, their bytes (data +
 * partition key) and PUT payload units ({@link Billing#payloadUnits}), and the calls made (retries included).
 */
final class AggregatingProducer {

    private final PutRecordsBatcher batcher;
    private final KplAggregator open;
    private final long flushNanos;
    private final Latencies latencies;

    private final List<PutRecordsRequestEntry> pending = new ArrayList<>();
    private long pendingBytes;
    /** Intended arrival (ns) of every buffered user record, oldest first: pending call, then the open aggregate. */
    private long[] dues = new long[1024];
    private int buffered;

    long kinesisRecords;
    long payloadUnits;
    long bytes;
    long userRecordsSent;

    AggregatingProducer(PutRecordsBatcher batcher, long aggregateBytes, long flushNanos, Latencies latencies) {
        this.batcher = batcher;
        this.open = new KplAggregator(aggregateBytes);
        this.flushNanos = flushNanos;
        this.latencies = latencies;
    }

    /** When everything buffered must be sent (ns, the {@code System.nanoTime} scale); {@code Long.MAX_VALUE} when nothing is. */
    long flushDeadline() {
        return buffered == 0 ? Long.MAX_VALUE : dues[0] + flushNanos;
    }

    /** A user record that was due to arrive at {@code dueNanos}; may send a call. */
    void add(long dueNanos, String partitionKey, byte[] data) {
        if (!open.tryAdd(partitionKey, data)) {
            close();
            open.tryAdd(partitionKey, data); // an empty aggregate takes any record
        }
        if (buffered == dues.length) {
            dues = Arrays.copyOf(dues, dues.length * 2);
        }
        dues[buffered++] = dueNanos;
    }

    /** Sends everything buffered, the open aggregate included. */
    void flush() {
        if (open.count() > 0) {
            close();
        }
        send();
    }

    /** The open aggregate joins the pending call; the call goes first if it has no room for it. */
    private void close() {
        PutRecordsRequestEntry e = open.drain();
        long size = Payloads.size(e);
        if (!pending.isEmpty() && (pending.size() == PutRecordsBatcher.MAX_RECORDS
                || pendingBytes + size > PutRecordsBatcher.MAX_CALL_BYTES)) {
            send();
        }
        pending.add(e);
        pendingBytes += size;
    }

    /** Sends the pending call and acknowledges the user records it carries (the open aggregate stays). */
    private void send() {
        if (pending.isEmpty()) {
            return;
        }
        batcher.send(pending);
        long now = System.nanoTime();
        int carried = buffered - open.count();
        for (int i = 0; i < carried; i++) {
            latencies.record(now - dues[i]);
        }
        System.arraycopy(dues, carried, dues, 0, buffered - carried);
        buffered -= carried;
        userRecordsSent += carried;
        for (PutRecordsRequestEntry e : pending) {
            long size = Payloads.size(e);
            kinesisRecords++;
            bytes += size;
            payloadUnits += Billing.payloadUnits(size);
        }
        pending.clear();
        pendingBytes = 0;
    }
}
