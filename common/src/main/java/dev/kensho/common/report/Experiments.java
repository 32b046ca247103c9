package dev.kensho.common.report;

import java.util.List;

/**
 * The report's five sections: each experiment's question, its seed, and the charts the write-up drew,
 * as selections of a run's rows (class, method regex, metric regex, x param, series params). Published
 * figures come from {@code published.csv}; the charts that are not plain selections (the slow
 * subscriber's omem over time, HBase's "sum of changes" ranking, the Kinesis cost model) are drawn by
 * {@link Specials}.
 */
final class Experiments {

    record Experiment(String id, String title, String seed, String question, String docs, List<ChartSpec> charts) {
    }

    private Experiments() {
    }

    static List<Experiment> all() {
        return List.of(
                new Experiment("redis-sets", "1. Redis sets — set algebra for audience segmentation",
                        "000_f08a651e42b40c2f.txt",
                        "How fast do attribute sets load, how much memory do they take, and what do SINTER/SUNION/SDIFF"
                                + " cost — as sets and as bitmaps?",
                        "docs/redis-sets.md",
                        List.of(
                                ChartSpec.bar("sets-import-rate", "SADD bulk import rate", "SetImportBenchmark",
                                        "importSets", "records/s", "client", "records/s", "connections"),
                                ChartSpec.bar("sets-import-memory", "Memory per member after import",
                                        "SetImportBenchmark", "importSets", "used_memory_per_member", "client",
                                        "bytes per member", "memberBytes"),
                                ChartSpec.bar("sets-algebra-full", "Set operation, full reply streamed to the client",
                                        "SetAlgebraBenchmark", "fullReply", "ss", "overlap", "seconds per operation", "op"),
                                ChartSpec.bar("sets-algebra-server", "Set operation, server only (…STORE / SINTERCARD)",
                                        "SetAlgebraBenchmark", "serverOnly|sintercard", "ss", "overlap",
                                        "seconds per operation", "method", "op"),
                                ChartSpec.line("sets-growth", "Growth with set size (overlap 0.5)", "SetGrowthBenchmark",
                                        ".*", "ss", "users", true, true, "seconds per operation", "method", "op"),
                                ChartSpec.bar("sets-bitmaps", "Bitmaps: BITOP + BITCOUNT", "BitmapAlgebraBenchmark",
                                        "bitop", "ss", "overlap", "seconds per operation", "op", "reply"),
                                ChartSpec.bar("sets-vs-bitmaps-memory", "Memory per member: sets vs bitmaps (+ dictionary)",
                                        "BitmapAlgebraBenchmark", "importBitmaps", "bytes_per_member_.*", "users",
                                        "bytes per member", "metric").where("overlap", "0"),
                                ChartSpec.line("sets-memory", "Memory per member vs N and member size",
                                        "SetMemoryBenchmark", "loadSet", "used_memory_per_member", "users", true, false,
                                        "bytes per member", "memberBytes"),
                                ChartSpec.bar("sets-flush", "FLUSHDB after a full import", "SetFlushBenchmark",
                                        "flushDb", "ss", "mode", "seconds"))),
                new Experiment("hbase-meter", "2. HBase — smart-meter time series", "001_aeaf321f8daf6a84.txt",
                        "Which encoding × codec balances size, load and scan time, and how do Scan and multi-Get"
                                + " scale with threads?",
                        "docs/hbase-meter.md",
                        List.of(
                                ChartSpec.bar("hbase-size", "HFile size, ratio to NONE/NONE (Figure 1)",
                                        "CompressionMatrixBenchmark", ".*", "hfile_ratio_to_none", "codec",
                                        "compressed / uncompressed", "encoding"),
                                ChartSpec.bar("hbase-load", "Load time per encoding × codec (Figure 2)",
                                        "CompressionMatrixBenchmark", "load", "ss", "codec", "seconds", "encoding"),
                                ChartSpec.bar("hbase-scan", "Full scan time per encoding × codec (Figure 3)",
                                        "CompressionMatrixBenchmark", "fullScan", "ss", "codec", "seconds", "encoding"),
                                ChartSpec.line("hbase-q1", "Query 1: Scan of a few meters' series", "MeterScanBenchmark",
                                        "query", "records/s", "threads", true, true, "rows/s", "meters", "days"),
                                ChartSpec.line("hbase-q2", "Query 2: latest reading of many meters (multi-Get)",
                                        "LatestReadingGetBenchmark", "query", "records/s", "threads", true, true, "rows/s",
                                        "meters"),
                                ChartSpec.bar("hbase-load-clients", "Load rate vs client threads and rows per request",
                                        "MeterLoadBenchmark", "load", "records/s", "threads", "rows/s", "client",
                                        "rowsPerRequest", "saltBuckets"),
                                ChartSpec.bar("hbase-calibration", "Load path vs HBase PerformanceEvaluation",
                                        "LoadCalibrationBenchmark", ".*", "records/s", "threads", "rows/s", "method"))),
                new Experiment("redis-kv", "3. Redis GET/SET 80/20 with and without io-threads",
                        "002_65f90a132354d484.txt",
                        "What do multithreaded I/O and client count do to requests/s and latency?",
                        "docs/redis-kv.md",
                        List.of(
                                ChartSpec.bar("kv-rps", "Requests/s, 80% GET / 20% SET", "KeyValueThroughputBenchmark",
                                        "getSetMix", "thrpt", "ioThreads", "requests/s", "client", "clients"),
                                ChartSpec.bar("kv-p50", "Latency p50", "KeyValueThroughputBenchmark", "getSetMix",
                                        "latency_p50", "ioThreads", "µs", "client", "clients"),
                                ChartSpec.bar("kv-p99", "Latency p99", "KeyValueThroughputBenchmark", "getSetMix",
                                        "latency_p99", "ioThreads", "µs", "client", "clients"))),
                new Experiment("redis-pubsub", "4. Redis Pub/Sub — transfer speed vs message size",
                        "003_c12292d45847a225.txt",
                        "How does Pub/Sub throughput grow with message size against raw TCP, and what happens to a"
                                + " slow subscriber?",
                        "docs/redis-pubsub.md",
                        List.of(
                                ChartSpec.line("pubsub-mbit", "Received Mbit/s vs message size (log-log)",
                                        "PubSubThroughputBenchmark", "publish", "received_mbit_per_s", "messageBytes",
                                        true, true, "Mbit/s received", "transport").xLabel("message bytes"),
                                ChartSpec.line("pubsub-msgs", "Received messages/s vs message size (log-log)",
                                        "PubSubThroughputBenchmark", "publish", "received_msgs_per_s", "messageBytes",
                                        true, true, "messages/s received", "transport").xLabel("message bytes"),
                                ChartSpec.line("pubsub-ratio", "Redis ÷ TCP baseline, Mbit/s", "PubSubThroughputBenchmark",
                                        "publish", "redis_tcp_ratio", "messageBytes", true, false, "ratio", "transport")
                                        .xLabel("message bytes"),
                                ChartSpec.bar("pubsub-fanout", "Fan-out: messages/s received per subscriber count",
                                        "PubSubFanoutBenchmark", "publishFanout", "received_msgs_per_s", "subscribers",
                                        "messages/s (all subscribers)", "client", "mode"),
                                ChartSpec.bar("pubsub-streams", "Named streams: publish → receive latency",
                                        "PubSubStreamLatencyBenchmark", "publishAtStreamRate", "latency_p(50|99)", "stream",
                                        "µs", "client", "metric"))),
                new Experiment("kinesis-batch", "5. Kinesis — PutRecords vs PutRecord", "004_4bfa8e7ef1bd7297.txt",
                        "How much does batching save per record as the round trip grows?",
                        "docs/kinesis-batch.md",
                        List.of(
                                ChartSpec.bar("kinesis-1000", "1,000 × 50 B: PutRecord vs PutRecords (320 ms round trip)",
                                        "PutRecordVsPutRecordsBenchmark", ".*", "records/s", "method", "records/s"),
                                ChartSpec.line("kinesis-sweep", "Records/s vs batch size per round trip (50 B, 1 thread)",
                                        "BatchSweepBenchmark", "putRecords", "records/s", "batchSize", true, true,
                                        "records/s", "roundTripMs").where("recordBytes", "50").where("threads", "1"),
                                ChartSpec.line("kinesis-sweep-threads", "Records/s vs batch size, 4 producer threads (50 B)",
                                        "BatchSweepBenchmark", "putRecords", "records/s", "batchSize", true, true,
                                        "records/s", "roundTripMs").where("recordBytes", "50").where("threads", "4"))),
                new Experiment("common", "Suite calibration — data generation", "",
                        "Is generating the data ever the bottleneck?", "README.md",
                        List.of(ChartSpec.bar("common-generator", "User id generation rate", "UserIdGeneratorBenchmark",
                                "generateIds", "thrpt", "memberBytes", "ids/s"))));
    }
}
