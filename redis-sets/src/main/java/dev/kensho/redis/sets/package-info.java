/**
 * Experiment 1 — set algebra for audience segmentation (write-up 1 (AudienceOne; c. 2014)): one
 * Redis SET per attribute, 64-byte pseudo-random user ids as members.
 * <ul>
 *   <li>{@link dev.kensho.redis.sets.SetImportBenchmark} — the bulk {@code SADD} import the write-up
 *       timed with {@code redis-cli --pipe};</li>
 *   <li>{@link dev.kensho.redis.sets.SetAlgebraCliBenchmark} — {@code SINTER}/{@code SUNION}/{@code SDIFF} at A=B
 *       and A≠B as the write-up timed them: {@code redis-cli} writing the whole reply to a file, both sides in
 *       interleaved rounds (the ledger's claims);</li>
 *   <li>{@link dev.kensho.redis.sets.SetAlgebraBenchmark} — the same operations × overlap through a Java client,
 *       full reply streamed vs server only ({@code …STORE}, {@code SINTERCARD}): context and the reply's share;</li>
 *   <li>{@link dev.kensho.redis.sets.SetGrowthBenchmark} — the same operations as N grows;</li>
 *   <li>{@link dev.kensho.redis.sets.SetFlushBenchmark} — {@code FLUSHDB} sync and {@code ASYNC};</li>
 *   <li>{@link dev.kensho.redis.sets.SetMemoryBenchmark} — memory per member vs N and member size;</li>
 *   <li>{@link dev.kensho.redis.sets.BitmapAlgebraBenchmark} — the write-up's future work: bitmaps with
 *       an id → offset dictionary, answering the same questions.</li>
 * </ul>
 * Report section: {@link dev.kensho.redis.sets.SetsSection}. Docs and results: {@code docs/redis-sets.md}.
 */
package dev.kensho.redis.sets;
