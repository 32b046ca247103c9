package dev.kensho.redis.sets;

import com.google.auto.service.AutoService;
import dev.kensho.common.export.Results;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Published;
import dev.kensho.report.RunData;
import dev.kensho.report.Section;
import dev.kensho.report.Table;
import dev.kensho.report.stats.Growth;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.List;

/**
 * Experiment 1's report section: import, memory and set algebra as sets and as bitmaps. Derived at report
 * time: for each set operation, A=B over A≠B ({@code same_over_disjoint}, the write-up's SINTER claim)
 * and A≠B over A=B ({@code disjoint_over_same}, its SUNION and SDIFF claims), once in the write-up's regime
 * (the reply written to a file by redis-cli or the suite's RESP reader, {@link SetAlgebraCliBenchmark}, per
 * {@code client}: the claims, each as a direction and a magnitude; where both writers ran, the suite's over
 * redis-cli's time, {@code resp_over_cli}) and once with the reply streamed to a Java client
 * ({@link SetAlgebraBenchmark}: context); per
 * operation and method the growth exponent with N and the time at the write-up's 10M from that fit (only
 * where at least three sizes were measured, see {@link Growth}) — at the growth sweep's overlap (0.5), which
 * is not the published table's A=B/A≠B, so it stands beside no published figure. Table: memory and the ElastiCache
 * node for the write-up's 100M members and {@code -Dkensho.target.members} ({@link SetsCostTable}).
 */
@AutoService(Section.class)
public final class SetsSection implements Section {

    @Override
    public String id() {
        return "redis-sets";
    }

    @Override
    public int order() {
        return 1;
    }

    @Override
    public String title() {
        return "1. Redis sets — set algebra for audience segmentation";
    }

    @Override
    public String seed() {
        return "write-up 1 (AudienceOne; c. 2014)";
    }

    @Override
    public String question() {
        return "How fast do attribute sets load, how much memory do they take, and what do SINTER/SUNION/SDIFF"
                + " cost — as sets and as bitmaps?";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(
                // the suite's own calibration: is generating the ids ever the bottleneck of an import?
                ChartSpec.bar("sets-generator", "User id generation rate (the suite's data generator)", "UserIdGeneratorBenchmark",
                        "generateIds", "thrpt", "memberBytes", "ids/s"),
                ChartSpec.bar("sets-import-rate", "SADD bulk import rate", "SetImportBenchmark",
                        "importSets", "records/s", "client", "records/s", "connections").reference("import_rate"),
                ChartSpec.bar("sets-import-memory", "Memory per member after import",
                        "SetImportBenchmark", "importSets", "used_memory_per_member", "client",
                        "bytes per member", "memberBytes").reference("memory_per_member"),
                // the write-up's regime; client says who wrote the file: redis-cli, or the suite's RESP reader
                ChartSpec.bar("sets-algebra-cli", "Set operation, the whole reply written to a file (the write-up's regime) by redis-cli or the suite's RESP reader",
                        "SetAlgebraCliBenchmark", "redisCli", "ss", "overlap", "seconds per operation", "op", "client"),
                ChartSpec.bar("sets-algebra-cli-ratio", "Set operation, the reply written to a file: A=B ÷ A≠B and A≠B ÷ A=B",
                        "SetAlgebraCliBenchmark", "redisCli", "same_over_disjoint|disjoint_over_same", "op", "ratio", "metric", "client"),
                ChartSpec.bar("sets-algebra-writers", "The same command written to a file: the suite's RESP reader ÷ redis-cli",
                        "SetAlgebraCliBenchmark", "redisCli", "resp_over_cli", "op", "ratio", "overlap"),
                ChartSpec.bar("sets-algebra-full", "Set operation, full reply streamed to the client",
                        "SetAlgebraBenchmark", "fullReply", "ss", "overlap", "seconds per operation", "op"),
                ChartSpec.bar("sets-algebra-ratio", "Set operation: A=B ÷ A≠B and A≠B ÷ A=B (full reply)",
                        "SetAlgebraBenchmark", "fullReply", "same_over_disjoint|disjoint_over_same", "op", "ratio",
                        "metric"),
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
                        "flushDb", "ss", "mode", "seconds"),
                // Redis Cluster: no published figure; the masters share this machine's cores
                ChartSpec.bar("sets-cluster", "Redis Cluster: hash-tagged keys on one shard vs client-side from SSCANs",
                        "ClusterSetAlgebraBenchmark", "answer", "ss", "op", "seconds per operation", "layout", "overlap"),
                ChartSpec.bar("sets-cluster-moved", "Redis Cluster: members moved to the client per answer",
                        "ClusterSetAlgebraBenchmark", "answer", "members_moved", "op", "members", "layout", "overlap"));
    }

    @Override
    public List<Published> published() {
        return Published.load(SetsSection.class);
    }

    @Override
    public List<Results.Row> derived(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>();
        for (var side : List.of(Ratios.rows("SetAlgebraCliBenchmark", "redisCli", "ss"), Ratios.rows("SetAlgebraBenchmark", "fullReply", "ss"))) {
            out.addAll(Ratios.pairs(rows, side, "overlap", "1", "0", "same_over_disjoint"));
            out.addAll(Ratios.pairs(rows, side, "overlap", "0", "1", "disjoint_over_same"));
        }
        // the two writers of the reply file side by side, where both ran: the suite's RESP reader over redis-cli
        out.addAll(Ratios.pairs(rows, Ratios.rows("SetAlgebraCliBenchmark", "redisCli", "ss"), "client",
                SetAlgebraCliBenchmark.Client.SUITE_RESP.name(), SetAlgebraCliBenchmark.Client.REDIS_CLI.name(), "resp_over_cli"));
        // growth with N at one overlap, and the write-up's 10M from that fit only where >= 3 sizes were measured
        out.addAll(Growth.exponents(rows, Ratios.rows("SetGrowthBenchmark", ".*", "ss"), "users", 10_000_000));
        return out;
    }

    /** Memory and node cost from the measured bytes per member ({@link SetsCostTable}). */
    @Override
    public List<Table> tables(RunData run) {
        return List.of(SetsCostTable.table(run.rows()));
    }
}
