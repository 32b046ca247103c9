package dev.kensho.kinesis.batch;

import dev.kensho.common.Setting;
import dev.kensho.report.cost.Estimate;
import dev.kensho.report.cost.Prices;
import dev.kensho.report.cost.Targets;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Table;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Shards for {@code -Dkensho.target.records=<user records per second>} ({@link Setting#TARGET_RECORDS}), provisioned
 * mode, at every record size the run swept, and what they cost per month ({@link Billing}'s per-shard limits,
 * {@link CostTable#prices()}, {@value Targets#HOURS_PER_MONTH} hours a month). Why a table of its own: the cost
 * table answers "per million records", this one "how many shards for my rate".
 *
 * <ul>
 * <li>PutRecord / PutRecords: shards = max(rate ÷ 1,000, rate × bytes per record ÷ 1 MiB), rounded up — follows
 *     from the record size and the limits alone: <i>set by the suite</i>;</li>
 * <li>aggregated: shards = rate × measured shard-seconds per million user records ÷ 10^6, a range from that
 *     row's 99.9% interval (the row is named).</li>
 * </ul>
 * Shards run at their full rate here (a lower bound: real streams keep headroom for bursts and uneven keys).
 */
public final class ShardSizing {

    private ShardSizing() {
    }

    /** The sizing table, or empty when {@code kensho.target.records} is not set. */
    public static List<Table> tables(List<Results.Row> rows) {
        OptionalDouble target = Targets.get(BatchSettings.TARGET_RECORDS);
        return target.isPresent() ? List.of(table(rows, target.getAsDouble(), CostTable.prices())) : List.of();
    }

    static Table table(List<Results.Row> rows, double recordsPerSecond, Prices.Table prices) {
        String cur = prices.currency();
        double shardMonth = prices.price(CostTable.SHARD_HOUR) * Targets.HOURS_PER_MONTH;
        Table t = Table.of("Shards for " + Export.fmt(recordsPerSecond) + " user records/s (-D" + BatchSettings.TARGET_RECORDS.key()
                        + "), provisioned, at 1,000 records/s or 1 MiB/s per shard, shards used at full rate (a lower bound). "
                        + "Shard price: " + prices.get(CostTable.SHARD_HOUR).setBySuite() + "; "
                        + Targets.HOURS_PER_MONTH + " hours a month (set by the suite). Ranges are the 99.9% interval"
                        + " of the measured row named.",
                "method", ">record B", ">shards", ">" + cur + " per month for shards", "rests on");
        for (int bytes : CostTable.recordSizes(rows)) {
            Billing.Usage u = Billing.unaggregated(bytes);
            long shards = (long) Math.ceil(recordsPerSecond * u.shardSeconds() / Billing.MILLION - 1e-9);
            t.row("PutRecord / PutRecords", Integer.toString(bytes), Long.toString(shards), Export.fmt(shards * shardMonth),
                    "set by the suite: record size and the per-shard limits");
            for (Results.Row r : rows) {
                if (r.cls().equals("AggregatedPutRecordsBenchmark") && r.metric().equals("shard_seconds_per_million")
                        && Integer.toString(bytes).equals(r.param("userRecordBytes"))) {
                    Estimate s = Estimate.of(r).times(recordsPerSecond / Billing.MILLION);
                    t.row("aggregated + PutRecords", Integer.toString(bytes), s.wholeUnits(), s.wholeUnitsCost(shardMonth),
                            "measured: " + r.cls() + " shard_seconds_per_million " + r.paramString());
                }
            }
        }
        return t;
    }
}
