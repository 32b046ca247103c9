/**
 * Experiment 5 of {@code shared/experiments.md}, "kinesis-batch — PutRecords vs PutRecord", from the seed
 * write-up 5 (Classmethod; 2014) (Classmethod, 2014-12-07: 1,000 records of 50 B into a
 * 1-shard stream took 324 s with 1,000 {@code PutRecord} calls and 2.6 s with 2 {@code PutRecords} calls of
 * 500, "about 125×", both through the AWS CLI).
 *
 * <ul>
 * <li>{@link dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark}: the write-up's case over a sweep of
 *     round trips the suite sets on loopback with {@link dev.kensho.targets.kinesis.DelayProxy} (0 … 320 ms), on a
 *     kept-alive connection or with a fresh client and TLS connection per call, as the write-up's AWS CLI.</li>
 * <li>{@link dev.kensho.kinesis.batch.SpeedupModel}: the speed-up as a function of round trip and per-call
 *     cost, fitted on that sweep, beside the per-call and per-record costs the write-up's figures imply.</li>
 * <li>{@link dev.kensho.kinesis.batch.BatchSweepBenchmark}: batch size × record size × round trip × shards ×
 *     producer threads.</li>
 * <li>{@link dev.kensho.kinesis.batch.CostModel}: per-call overhead + per-record cost fitted from the sweep at report time,
 *     predicting the write-up's ratio from its round trip.</li>
 * <li>{@link dev.kensho.kinesis.batch.PutRecordsBatcher}: the client-side limits (500 records, 5 MiB per call,
 *     1 MiB per record) and the retry of partial failures; {@link dev.kensho.kinesis.batch.ReadBack}: every
 *     record read back exactly once.</li>
 * <li>{@link dev.kensho.kinesis.batch.AggregatedPutRecordsBenchmark} (beyond the write-up): user records packed
 *     KPL-style ({@link dev.kensho.kinesis.batch.KplAggregator}, {@link dev.kensho.kinesis.batch.AggregatingProducer})
 *     and sent with PutRecords; PUT payload units, shard-seconds, client CPU and the latency buffering adds.</li>
 * <li>{@link dev.kensho.kinesis.batch.Billing}, {@link dev.kensho.kinesis.batch.CostTable}: what the service
 *     counts, the dated prices ({@code prices.csv}, read by {@link dev.kensho.report.cost.Prices};
 *     {@code -Dkensho.prices}) and $ per million user records for PutRecord, PutRecords and aggregated;
 *     {@link dev.kensho.kinesis.batch.ShardSizing}: shards for {@code -Dkensho.target.records}.</li>
 * </ul>
 * Report section: {@link dev.kensho.kinesis.batch.KinesisSection}. Targets come from
 * {@link dev.kensho.targets.kinesis.KinesisTargets}. Write-up: {@code docs/kinesis-batch.md}.
 */
package dev.kensho.kinesis.batch;
