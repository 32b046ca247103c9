package dev.kensho.kinesis.batch;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import software.amazon.awssdk.services.kinesis.KinesisClient;
import software.amazon.awssdk.services.kinesis.model.PutRecordsRequestEntry;
import software.amazon.awssdk.services.kinesis.model.PutRecordsResponse;
import software.amazon.awssdk.services.kinesis.model.PutRecordsResultEntry;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.LongAdder;

/**
 * Packs records into {@code PutRecords} calls within the service's limits and retries partial failures.
 *
 * <p>The limits are the real service's, enforced here because neither npm emulator (kinesalite 3.3.3, kinesis-local
 * 0.6.2) enforces the 5 MiB per call or the per-shard limits (docs/kinesis-batch.md, "Choice of emulator"): at most
 * {@value #MAX_RECORDS} records and {@value #MAX_CALL_BYTES} bytes (5 MiB, data + partition keys) per call,
 * at most {@value #MAX_RECORD_BYTES} bytes (1 MiB, data + partition key) per record. A record over 1 MiB is
 * a {@link BadInput} before anything is sent, never a silent drop. A call can partly fail
 * ({@code FailedRecordCount} &gt; 0, an {@code ErrorCode} on the failed entries, e.g.
 * {@code ProvisionedThroughputExceededException}): exactly those entries are sent again, in their order,
 * after an exponential backoff with full jitter, so the entries that succeeded are never duplicated.
 *
 * <p>Thread-safe: producer threads share one batcher, each sending its own records.
 */
public final class PutRecordsBatcher {

    public static final int MAX_RECORDS = 500;
    public static final long MAX_CALL_BYTES = 5L * 1024 * 1024;
    public static final long MAX_RECORD_BYTES = 1024L * 1024;

    private final KinesisClient client;
    private final String stream;
    private final int batchSize;
    private final int maxAttempts;
    private final Duration baseBackoff;
    private final Duration maxBackoff;

    private final LongAdder calls = new LongAdder();
    private final LongAdder sent = new LongAdder();
    private final LongAdder retried = new LongAdder();
    private final Map<String, LongAdder> errors = new ConcurrentHashMap<>();

    /** Defaults: up to 10 attempts per record, backoff 50 ms doubling to 2 s. */
    public PutRecordsBatcher(KinesisClient client, String stream, int batchSize) {
        this(client, stream, batchSize, 10, Duration.ofMillis(50), Duration.ofSeconds(2));
    }

    public PutRecordsBatcher(KinesisClient client, String stream, int batchSize, int maxAttempts,
                             Duration baseBackoff, Duration maxBackoff) {
        checkBatchSize("batchSize", batchSize);
        this.client = client;
        this.stream = stream;
        this.batchSize = batchSize;
        this.maxAttempts = maxAttempts;
        this.baseBackoff = baseBackoff;
        this.maxBackoff = maxBackoff;
    }

    public static void checkBatchSize(String name, long n) {
        if (n < 1 || n > MAX_RECORDS) {
            throw BadInput.of(name, n, "1 … " + MAX_RECORDS + " records per PutRecords call (the service's limit)");
        }
    }

    /** The same check of a param's text value. */
    public static void checkBatchSize(String name, String value) {
        long n;
        try {
            n = Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw BadInput.of(name, value, "1 … " + MAX_RECORDS + " records per PutRecords call (the service's limit)");
        }
        checkBatchSize(name, n);
    }

    /** Throws a one-line {@link BadInput} for a record the service would reject as too large. */
    public static void checkRecord(PutRecordsRequestEntry e) {
        long size = Payloads.size(e);
        if (size > MAX_RECORD_BYTES) {
            throw new BadInput("record with partition key " + abbreviate(e.partitionKey()) + " is " + size
                    + " bytes (data + partition key); Kinesis allows at most " + MAX_RECORD_BYTES + " (1 MiB) per record");
        }
    }

    /**
     * Splits records into calls: a new call starts when the current one holds {@code batchSize} records or
     * the next record would take it over 5 MiB. Checks every record first.
     */
    public List<List<PutRecordsRequestEntry>> pack(List<PutRecordsRequestEntry> records) {
        records.forEach(PutRecordsBatcher::checkRecord);
        List<List<PutRecordsRequestEntry>> out = new ArrayList<>();
        List<PutRecordsRequestEntry> cur = new ArrayList<>();
        long bytes = 0;
        for (PutRecordsRequestEntry e : records) {
            long s = Payloads.size(e);
            if (!cur.isEmpty() && (cur.size() == batchSize || bytes + s > MAX_CALL_BYTES)) {
                out.add(cur);
                cur = new ArrayList<>();
                bytes = 0;
            }
            cur.add(e);
            bytes += s;
        }
        if (!cur.isEmpty()) {
            out.add(cur);
        }
        return out;
    }

    /** Sends every record, in order, each exactly once (retrying failed entries). */
    public void send(List<PutRecordsRequestEntry> records) {
        for (List<PutRecordsRequestEntry> call : pack(records)) {
            sendCall(call);
        }
    }

    private void sendCall(List<PutRecordsRequestEntry> call) {
        List<PutRecordsRequestEntry> pending = call;
        for (int attempt = 1; ; attempt++) {
            List<PutRecordsRequestEntry> batch = pending;
            PutRecordsResponse r = client.putRecords(b -> b.streamName(stream).records(batch));
            calls.increment();
            Integer failedCount = r.failedRecordCount();
            int failed = failedCount == null ? 0 : failedCount;
            sent.add(batch.size() - failed);
            if (failed == 0) {
                return;
            }
            List<PutRecordsResultEntry> results = r.records();
            if (results.size() != batch.size()) {
                throw new TargetFailure("PutRecords on " + stream + " answered " + results.size() + " entries for "
                        + batch.size() + " records: cannot tell which failed");
            }
            List<PutRecordsRequestEntry> again = new ArrayList<>(failed);
            String lastCode = null;
            for (int i = 0; i < batch.size(); i++) {
                String code = results.get(i).errorCode();
                if (code != null) {
                    again.add(batch.get(i));
                    errors.computeIfAbsent(code, k -> new LongAdder()).increment();
                    lastCode = code;
                }
            }
            retried.add(again.size());
            if (attempt >= maxAttempts) {
                throw new TargetFailure(again.size() + " records to " + stream + " still failing after " + attempt
                        + " PutRecords attempts (last error " + lastCode + ")");
            }
            backoff(attempt);
            pending = again;
        }
    }

    private void backoff(int attempt) {
        long cap = Math.min(maxBackoff.toNanos(), baseBackoff.toNanos() << Math.min(attempt - 1, 20));
        long nanos = cap <= 0 ? 0 : ThreadLocalRandom.current().nextLong(cap + 1);
        try {
            Thread.sleep(nanos / 1_000_000, (int) (nanos % 1_000_000)); // the client's retry backoff, part of the cost
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("interrupted while backing off a PutRecords retry to " + stream);
        }
    }

    public int batchSize() {
        return batchSize;
    }

    /** PutRecords calls made (including retries). */
    public long calls() {
        return calls.sum();
    }

    /** Records accepted by the service. */
    public long sent() {
        return sent.sum();
    }

    /** Record sends that failed and were retried. */
    public long retried() {
        return retried.sum();
    }

    /** Failed entries by error code. */
    public Map<String, Long> errors() {
        Map<String, Long> m = new TreeMap<>();
        errors.forEach((k, v) -> m.put(k, v.sum()));
        return m;
    }

    private static String abbreviate(String s) {
        return s.length() <= 40 ? s : s.substring(0, 40) + "…";
    }
}
