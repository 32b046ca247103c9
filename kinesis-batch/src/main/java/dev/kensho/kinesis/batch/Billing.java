package dev.kensho.kinesis.batch;

/**
 * What the service counts for a record, as its provisioned-mode pricing defines it; pure arithmetic, every
 * figure here follows from sizes and the service's published limits (set by the suite, never measured).
 *
 * <p><b>PUT payload unit</b>: "a PUT Payload Unit is counted in 25KB payload chunks that comprise a record …
 * a 5KB record contains one PUT Payload Unit, a 45KB record contains two … a 1MB record contains 40" (AWS
 * Kinesis pricing page). Read in one unit, the examples fix the chunk: 1 MB ÷ 25 KB = 40 exactly only when both are
 * decimal (1,000,000 ÷ 25,000); in binary units 1 MiB ÷ 25 KiB = 40.96, which counts 41, not 40. So 25 KB =
 * {@value #PAYLOAD_UNIT_BYTES} bytes, and the examples give 5,000 B → 1, 45,000 B → 2, 1,000,000 B → 40 (a byte more
 * → 41); a full 1 MiB record (1,048,576 bytes, the service's record limit) counts 42. The size counted is the
 * record's data plus its partition key, as the service counts a record against its 1 MiB limit ({@link Payloads#size}).
 *
 * <p><b>Shard-seconds</b>: a shard takes {@value #SHARD_RECORDS_PER_S} records/s and {@value #SHARD_BYTES_PER_S}
 * bytes/s (1 MiB/s) in, whichever binds first; the shard-seconds a workload needs are
 * {@code max(records / 1,000, bytes / 1 MiB)}, i.e. shards used at their full rate — a lower bound, as a
 * provisioned shard is paid per hour whether used or not.
 */
public final class Billing {

    /** 25 KB, KB = 1,000 bytes: the unit in which the pricing page's three examples hold. */
    public static final long PAYLOAD_UNIT_BYTES = 25_000;
    public static final long SHARD_RECORDS_PER_S = 1_000;
    public static final long SHARD_BYTES_PER_S = 1024L * 1024;
    /** The unit the report states figures per. */
    public static final long MILLION = 1_000_000;

    private Billing() {
    }

    /** ⌈bytes ÷ 25,000⌉, at least 1 (an empty record still is a PUT). */
    public static long payloadUnits(long recordBytes) {
        if (recordBytes < 0) {
            throw new IllegalArgumentException("negative record size " + recordBytes);
        }
        return Math.max(1, (recordBytes + PAYLOAD_UNIT_BYTES - 1) / PAYLOAD_UNIT_BYTES);
    }

    /** Shard-seconds to take {@code records} records of {@code bytes} bytes in all, at the per-shard limits. */
    public static double shardSeconds(double records, double bytes) {
        return Math.max(records / SHARD_RECORDS_PER_S, bytes / SHARD_BYTES_PER_S);
    }

    /**
     * One million user records of {@code dataBytes} sent one Kinesis record each (PutRecord or PutRecords: the
     * service bills the same), ids 0 … 999,999 as {@link Payloads} numbers them (decimal partition keys of 1 … 6
     * bytes): payload units, bytes (data + partition key) and Kinesis records.
     */
    public static Usage unaggregated(int dataBytes) {
        long units = 0;
        long bytes = 0;
        for (long id = 0; id < MILLION; id++) {
            long size = dataBytes + Payloads.partitionKey(id).length();
            units += payloadUnits(size);
            bytes += size;
        }
        return new Usage(MILLION, units, bytes);
    }

    /** Per million user records: Kinesis records, payload units and bytes sent. */
    public record Usage(double kinesisRecords, double payloadUnits, double bytes) {

        public double shardSeconds() {
            return Billing.shardSeconds(kinesisRecords, bytes);
        }
    }
}
