package dev.kensho.kinesis.batch;

import com.google.auto.service.AutoService;
import dev.kensho.common.export.Results;
import dev.kensho.report.ChartSpec;
import dev.kensho.report.Published;
import dev.kensho.report.RunData;
import dev.kensho.report.Section;
import dev.kensho.report.Table;
import dev.kensho.report.stats.Ratios;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Experiment 5's report section: PutRecords against PutRecord as the round trip grows. Derived at report
 * time: PutRecords records/s over PutRecord records/s of the same records, size, round trip and connection
 * regime ({@code putrecords_speedup}), and the {@link SpeedupModel} fitted on the round-trip sweep
 * ({@code model_*} rows at the write-up's round trip); tables: that model per regime, the
 * {@link CostModel} fitted from the batch sweep, and the $ per million user records of PutRecord, PutRecords and
 * KPL-style aggregation ({@link CostTable}, beyond the write-up), and the shards for
 * {@code -Dkensho.target.records} ({@link ShardSizing}).
 */
@AutoService(Section.class)
public final class KinesisSection implements Section {

    private static final String VERSUS = "PutRecordVsPutRecordsBenchmark";

    @Override
    public String id() {
        return "kinesis-batch";
    }

    @Override
    public int order() {
        return 5;
    }

    @Override
    public String title() {
        return "5. Kinesis — PutRecords vs PutRecord";
    }

    @Override
    public String seed() {
        return "write-up 5 (Classmethod; 2014)";
    }

    @Override
    public String question() {
        return "How much does batching save per record as the round trip grows?";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(
                ChartSpec.bar("kinesis-1000", "1,000 × 50 B: PutRecord vs PutRecords (320 ms round trip, set by the suite)",
                        VERSUS, "putRecords?", "records/s", "method", "records/s", "connection").where("roundTripMs", "320"),
                ChartSpec.line("kinesis-speedup", "PutRecords ÷ PutRecord per record vs the round trip the suite set",
                        VERSUS, "putRecords", "putrecords_speedup", "roundTripMs", false, true, "speed-up (x)", "connection"),
                ChartSpec.line("kinesis-sweep", "Records/s vs batch size per round trip (50 B, 1 thread)",
                        "BatchSweepBenchmark", "putRecords", "records/s", "batchSize", true, true, "records/s",
                        "roundTripMs").where("recordBytes", "50").where("threads", "1"),
                ChartSpec.line("kinesis-sweep-threads", "Records/s vs batch size, 4 producer threads (50 B)",
                        "BatchSweepBenchmark", "putRecords", "records/s", "batchSize", true, true, "records/s",
                        "roundTripMs").where("recordBytes", "50").where("threads", "4"));
    }

    @Override
    public List<Published> published() {
        return Published.load(KinesisSection.class);
    }

    @Override
    public List<Results.Row> derived(List<Results.Row> rows) {
        List<Results.Row> out = new ArrayList<>(Ratios.against(rows, Ratios.rows(VERSUS, "putRecords", "records/s"),
                Ratios.rows(VERSUS, "putRecord", "records/s"), KinesisSection::sameRecords, "putrecords_speedup"));
        out.addAll(SpeedupModel.derived(rows));
        return out;
    }

    /** The case without PutRecord's own knob (how many of the records it sends one by one). */
    private static String sameRecords(Results.Row r) {
        Map<String, String> p = new TreeMap<>(r.params());
        p.remove("putRecordCalls");
        return p.toString();
    }

    @Override
    public List<Table> tables(RunData run) {
        List<Table> out = new ArrayList<>(SpeedupModel.tables(run.rows()));
        out.add(CostModel.table(run.rows()));
        out.add(CostTable.table(run.rows()));
        out.addAll(ShardSizing.tables(run.rows()));
        return out;
    }
}
