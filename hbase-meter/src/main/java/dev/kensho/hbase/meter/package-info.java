/**
 * Experiment 2 of {@code experiments.md}: smart-meter time series on a real HBase (seed write-up
 * write-up 2 (Ito; Think IT; 2017), "スマートメータのデータを用いたHBaseの性能検証(後編)", Think IT 2017).
 *
 * <p>Row key = salt + meter id + date + time ({@link dev.kensho.hbase.meter.MeterRowKey}), one reading
 * every 30 minutes ({@link dev.kensho.hbase.meter.MeterReadings}). One benchmark class per question:
 * <ul>
 * <li>{@link dev.kensho.hbase.meter.MeterLoadBenchmark}: put rows/s vs client threads, rows per request,
 *     BufferedMutator vs Table.put(List), salt buckets (0 = no salt, hot-spotting);</li>
 * <li>{@link dev.kensho.hbase.meter.LoadCalibrationBenchmark}: the same load next to HBase's own
 *     PerformanceEvaluation {@code sequentialWrite --nomapred} on the same cluster;</li>
 * <li>{@link dev.kensho.hbase.meter.CompressionMatrixBenchmark}: encodings × codecs — HFile bytes, load
 *     time through flush and major compaction, the region server's CPU per load, full-scan time (the write-up's
 *     Figures 1–4);</li>
 * <li>{@link dev.kensho.hbase.meter.CodecSizeBenchmark}: the HFile bytes of the write-up's whole 16-cell grid, for
 *     the size orders of its Figures 1–3 ({@link dev.kensho.hbase.meter.SizeOrder});</li>
 * <li>{@link dev.kensho.hbase.meter.MeterScanBenchmark}: Query 1, a few meters' series by Scan;</li>
 * <li>{@link dev.kensho.hbase.meter.LatestReadingGetBenchmark}: Query 2, the latest reading of many
 *     meters by batched multi-Get (its rows/s beside Query 1's gives the Scan-vs-Get ratio, 47× published).</li>
 * </ul>
 * Report section, with the ratios derived from these rows: {@link dev.kensho.hbase.meter.MeterSection}.
 * The target (embedded mini cluster, external, container) comes from
 * {@link dev.kensho.targets.hbase.HBaseTargets}.
 */
package dev.kensho.hbase.meter;
