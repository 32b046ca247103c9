package dev.kensho.kinesis.batch;

import dev.kensho.report.cost.Prices;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Table;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * $ per million user records, provisioned mode, at every record size the run swept: PUT payload units × their
 * price + the shard-hours the records and bytes need at the per-shard limits × the shard-hour price
 * ({@link Billing}; the prices: {@link #prices()}). Computed at report time from the run's rows.
 *
 * <ul>
 * <li>PutRecord and PutRecords: the bill follows from the record size alone (the service bills payload units and
 *     shard capacity, not calls), so both rows are <i>set by the suite</i> and carry no interval.</li>
 * <li>Aggregated ({@link AggregatedPutRecordsBenchmark}): from the payload units and shard-seconds per million user
 *     records the run counted, each with its 99.9% interval; the interval of the $ adds the two parts' intervals
 *     (conservative: they come from the same iterations). How full an aggregate gets is also <i>set by the suite</i>:
 *     {@code arrivalRate × flushMs} user records arrive per flush, and an aggregate ends at that flush or at
 *     {@code aggregateBytes}, whichever comes first — the run counts the fill, it does not find it. The row says what
 *     it follows from.</li>
 * </ul>
 * Every price is an input the suite sets, and shard-seconds assume shards used at their full rate (a lower bound).
 */
public final class CostTable {

    private static final String AGGREGATED = "AggregatedPutRecordsBenchmark";
    /** Items of kinesis-batch's {@code prices.csv} (Kinesis Data Streams, provisioned mode). */
    public static final String SHARD_HOUR = "shard-hour";
    public static final String PAYLOAD_UNITS = "put-payload-units";

    private CostTable() {
    }

    /**
     * The prices in use: kinesis-batch's {@code prices.csv} beside this class (us-east-1: $ per shard-hour and per
     * million PUT payload units; see its {@code source} column), overridden by {@code kensho.prices}; checked
     * (a {@link dev.kensho.common.BadInput} line) by the aggregation benchmark's preflight and at report time.
     */
    public static Prices.Table prices() {
        return Prices.load(CostTable.class, "kinesis-batch", SHARD_HOUR, PAYLOAD_UNITS);
    }

    /** Checks the prices in use before anything runs (a {@link dev.kensho.common.BadInput} line if bad). */
    public static void checkPrices() {
        prices();
    }

    public static Table table(List<Results.Row> rows) {
        return table(rows, prices());
    }

    static Table table(List<Results.Row> rows, Prices.Table prices) {
        String cur = prices.currency();
        Table t = Table.of("Cost per million user records, provisioned mode (prices set by the suite, " + prices.origin() + ": "
                        + Export.fmt(prices.price(SHARD_HOUR)) + " " + cur + " per shard-hour, " + Export.fmt(prices.price(PAYLOAD_UNITS)) + " "
                        + cur + " per million PUT payload units of 25 KB (25,000 bytes), " + prices.get(SHARD_HOUR).region() + ", dated "
                        + prices.get(SHARD_HOUR).date() + "). Shard-seconds at 1,000 records/s or 1 MiB/s per shard, whichever"
                        + " binds (shards used at full rate: a lower bound). ± is the 99.9% interval carried from the measurement.",
                "method", ">record B", "case", ">PUT payload units", ">shard-s", ">" + cur + " per million user records", "basis");
        for (int bytes : recordSizes(rows)) {
            Billing.Usage u = Billing.unaggregated(bytes);
            String usd = Export.fmt(cost(prices, u.payloadUnits(), u.shardSeconds()));
            String basis = "set by the suite: record size and prices (the bill counts payload units, not calls)";
            t.row("PutRecord", Integer.toString(bytes), "1 record per call", Export.fmt(u.payloadUnits()), Export.fmt(u.shardSeconds()), usd, basis);
            t.row("PutRecords", Integer.toString(bytes), "500 records per call", Export.fmt(u.payloadUnits()), Export.fmt(u.shardSeconds()), usd, basis);
            for (Map.Entry<String, Map<String, Results.Row>> c : aggregatedCases(rows, bytes).entrySet()) {
                Results.Row units = c.getValue().get("payload_units_per_million");
                Results.Row shardS = c.getValue().get("shard_seconds_per_million");
                if (units == null || shardS == null) {
                    continue;
                }
                double mid = cost(prices, units.score(), shardS.score());
                double hw = prices.price(PAYLOAD_UNITS) * orZero(units.halfWidth()) / Billing.MILLION
                        + prices.price(SHARD_HOUR) * orZero(shardS.halfWidth()) / 3600;
                boolean noInterval = Double.isNaN(units.halfWidth()) || Double.isNaN(shardS.halfWidth());
                t.row("aggregated + PutRecords", Integer.toString(bytes), c.getKey(), withInterval(units), withInterval(shardS),
                        Export.fmt(mid) + (noInterval ? " (one sample: no interval)" : " ± " + Export.fmt(hw)),
                        fill(units) + "; × prices set by the suite");
            }
        }
        return t;
    }

    /**
     * What an aggregated row's fill follows from: "set by the suite: 1,000 user records arrive per 100 ms flush
     * (arrivalRate × flushMs), an aggregate holds at most 51200 B — whichever ends it first sets the fill".
     */
    static String fill(Results.Row r) {
        double perFlush = Double.parseDouble(r.param("arrivalRate")) * Double.parseDouble(r.param("flushMs")) / 1000;
        return "set by the suite: " + Export.fmt(perFlush) + " user records arrive per " + r.param("flushMs") + " ms flush"
                + " (arrivalRate × flushMs), an aggregate holds at most " + r.param("aggregateBytes") + " B — whichever ends"
                + " it first sets the fill, which the run counts";
    }

    /** $ for {@code units} payload units and {@code shardSeconds} of shard time. */
    static double cost(Prices.Table p, double units, double shardSeconds) {
        return p.price(PAYLOAD_UNITS) * units / Billing.MILLION + p.price(SHARD_HOUR) * shardSeconds / 3600;
    }

    /** Record sizes of the run: PutRecord/PutRecords ({@code recordBytes}) and aggregation ({@code userRecordBytes}). */
    static TreeSet<Integer> recordSizes(List<Results.Row> rows) {
        TreeSet<Integer> sizes = new TreeSet<>();
        for (Results.Row r : rows) {
            Optional.ofNullable(r.param(r.cls().equals(AGGREGATED) ? "userRecordBytes" : "recordBytes"))
                    .ifPresent(v -> sizes.add(Integer.parseInt(v.trim())));
        }
        return sizes;
    }

    /** The aggregation cases at one user-record size: case label → metric → row. */
    private static Map<String, Map<String, Results.Row>> aggregatedCases(List<Results.Row> rows, int bytes) {
        Map<String, Map<String, Results.Row>> out = new LinkedHashMap<>();
        List<Results.Row> sorted = rows.stream().filter(r -> r.cls().equals(AGGREGATED) && r.param("aggregateBytes") != null)
                .sorted(Comparator.comparingLong((Results.Row r) -> Long.parseLong(r.param("aggregateBytes")))
                        .thenComparing(Results.Row::paramString)).toList();
        for (Results.Row r : sorted) {
            if (r.cls().equals(AGGREGATED) && Integer.toString(bytes).equals(r.param("userRecordBytes"))) {
                Map<String, String> p = new TreeMap<>(r.params());
                p.remove("userRecordBytes");
                p.remove("userRecords");
                String label = "aggregate ≤ " + p.remove("aggregateBytes") + " B, flush " + p.remove("flushMs") + " ms"
                        + (p.isEmpty() ? "" : ", " + p.toString().replaceAll("[{}]", ""));
                out.computeIfAbsent(label, k -> new TreeMap<>()).put(r.metric(), r);
            }
        }
        return out;
    }

    private static String withInterval(Results.Row r) {
        double hw = r.halfWidth();
        return Export.fmt(r.score()) + (Double.isNaN(hw) ? "" : " ± " + Export.fmt(hw));
    }

    private static double orZero(double v) {
        return Double.isNaN(v) ? 0 : v;
    }
}
