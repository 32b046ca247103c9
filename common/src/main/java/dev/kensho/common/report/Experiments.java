package dev.kensho.common.report;

import java.util.List;

/**
 * The report's five sections: each experiment's question, its seed, and the charts the write-up drew,
 * as selections of a run's rows. Published figures come from {@code published.csv}.
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
                                        "bytes per member", "memberBytes"))),
                new Experiment("hbase-meter", "2. HBase — smart-meter time series", "001_aeaf321f8daf6a84.txt",
                        "Which encoding × codec balances size, load and scan time, and how do Scan and multi-Get"
                                + " scale with threads?",
                        "docs/hbase-meter.md", List.of()),
                new Experiment("redis-kv", "3. Redis GET/SET 80/20 with and without io-threads",
                        "002_65f90a132354d484.txt",
                        "What do multithreaded I/O and client count do to requests/s and latency?",
                        "docs/redis-kv.md", List.of()),
                new Experiment("redis-pubsub", "4. Redis Pub/Sub — transfer speed vs message size",
                        "003_c12292d45847a225.txt",
                        "How does Pub/Sub throughput grow with message size against raw TCP, and what happens to a"
                                + " slow subscriber?",
                        "docs/redis-pubsub.md", List.of()),
                new Experiment("kinesis-batch", "5. Kinesis — PutRecords vs PutRecord", "004_4bfa8e7ef1bd7297.txt",
                        "How much does batching save per record as the round trip grows?",
                        "docs/kinesis-batch.md", List.of()),
                new Experiment("common", "Suite calibration — data generation", "",
                        "Is generating the data ever the bottleneck?", "README.md",
                        List.of(ChartSpec.bar("common-generator", "User id generation rate", "UserIdGeneratorBenchmark",
                                "generateIds", "thrpt", "memberBytes", "ids/s"))));
    }
}
