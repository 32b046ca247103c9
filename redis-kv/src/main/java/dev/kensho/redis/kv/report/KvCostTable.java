package dev.kensho.redis.kv.report;

import dev.kensho.report.cost.CacheNodes;
import dev.kensho.report.cost.Estimate;
import dev.kensho.report.cost.Prices;
import dev.kensho.report.cost.Targets;
import dev.kensho.common.cpu.Bottleneck;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Interval;
import dev.kensho.common.export.Results;
import dev.kensho.common.export.Verdicts;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.report.Published;
import dev.kensho.report.Table;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * What the measured GET/SET capacity would cost on ElastiCache, at report time, from the points where the server
 * held the result back (bottleneck verdict <i>server-bound</i>, {@link Verdicts}): only there does requests/s
 * measure the server and not the client or the latency.
 *
 * <ul>
 * <li>Requests per server core: requests/s ({@code thrpt}) ÷ the server's cores ({@code cpu.server}) of the same
 *     case, with its interval ({@link Estimate#over}).</li>
 * <li>Per node: a {@value #NODE} node is taken to serve what our server served with the cores it used (requests per
 *     core × its vCPUs when our server used more cores than the node has). Our machine is not that node (other CPU,
 *     other network, client and server sharing cores), so this is context, not a prediction. Node-hours and $ per
 *     billion requests are a price ÷ that measured rate: interval [price ÷ high, price ÷ low].</li>
 * <li>io-threads and a bigger node: the price ratio {@value #BIGGER} ÷ {@value #NODE} (set by the suite) beside each
 *     measured io-threads gain and its interval — the gain the bigger node's extra cores would have to buy. On a
 *     machine with fewer cores than the io-threads claims need ({@code needs_cores} of the section's
 *     {@code published.csv}), the gain is the ledger's <i>not reproducible here</i>, and so is the answer: a gain
 *     that cannot appear here says nothing on whether io-threads pay.</li>
 * <li>{@code -Dkensho.target.rps}: nodes needed from each server-bound point's capacity interval, and their monthly
 *     cost ({@value Targets#HOURS_PER_MONTH} hours a month).</li>
 * </ul>
 */
public final class KvCostTable {

    /** The node type the costs are stated for, and the bigger one io-threads would have to pay for. */
    static final String NODE = "cache.r7g.large";
    static final String BIGGER = "cache.r7g.xlarge";
    private static final String BENCH = "KeyValueThroughputBenchmark";
    private static final double BILLION = 1e9;

    private KvCostTable() {
    }

    static List<Table> tables(List<Results.Row> rows, int cores) {
        return tables(rows, prices(), Targets.get(KvSettings.TARGET_RPS), cores);
    }

    /** The prices in use (redis-kv's prices.csv, overridden by kensho.prices); a bad file is one line before the run. */
    static Prices.Table prices() {
        return Prices.load(KvCostTable.class, "redis-kv", NODE, BIGGER);
    }

    public static void checkPrices() {
        prices();
    }

    /** @param cores the run's host cores (env.json; 0: unknown) */
    static List<Table> tables(List<Results.Row> rows, Prices.Table prices, OptionalDouble targetRps, int cores) {
        CacheNodes.Node node = CacheNodes.get(prices, NODE);
        List<Point> points = serverBound(rows, node);
        List<Table> out = new ArrayList<>();
        out.add(perBillion(points, node, prices.currency()));
        out.add(bigger(rows, prices, cores));
        targetRps.ifPresent(t -> out.add(sizing(points, node, prices.currency(), t)));
        return out;
    }

    /** A server-bound case: its requests/s row, its server cores, and what one node would serve. */
    record Point(Results.Row rps, Results.Row cores, Estimate perCore, Estimate perNode) {
    }

    static List<Point> serverBound(List<Results.Row> rows, CacheNodes.Node node) {
        Verdicts v = Verdicts.of(rows);
        List<Point> out = new ArrayList<>();
        for (Results.Row r : rows) {
            if (!r.cls().equals(BENCH) || !r.method().equals("getSetMix") || !Verdicts.isPrimary(r)) {
                continue;
            }
            Bottleneck.Verdict verdict = v.of(r);
            if (verdict == null || verdict.kind() != Bottleneck.Kind.SERVER) {
                continue;
            }
            Results.Row cores = rows.stream().filter(c -> c.metric().equals("cpu.server") && c.cls().equals(r.cls())
                    && c.method().equals(r.method()) && c.params().equals(r.params())).findFirst().orElse(null);
            if (cores == null || !(cores.score() > 0)) {
                continue;
            }
            Estimate perCore = Estimate.of(r).over(Estimate.of(cores));
            Estimate perNode = cores.score() <= node.vcpu() ? Estimate.of(r) : perCore.times(node.vcpu());
            out.add(new Point(r, cores, perCore, perNode));
        }
        return out;
    }

    private static Table perBillion(List<Point> points, CacheNodes.Node node, String cur) {
        Table t = Table.of("Cost per billion requests on one " + NODE + " node, at the server-bound points (price: "
                        + node.price().setBySuite() + "). A node is taken to serve what our server served with the cores it"
                        + " used — our 2-core machine is not that node (other CPU and network; client and server share cores),"
                        + " so this is context, not a prediction. [ ] is the 99.9% interval carried from the measurement"
                        + " (price ÷ a measured rate: [price ÷ high, price ÷ low]).",
                "case", ">requests/s", ">server cores", ">requests per server core", ">node-hours per billion",
                ">" + cur + " per billion requests", "rests on");
        if (points.isEmpty()) {
            t.row("no server-bound point in this run", "–", "–", "–", "–", "–", "bottleneck verdicts of " + BENCH);
        }
        for (Point p : points) {
            Estimate hours = p.perNode().into(BILLION / 3600);
            t.row(p.rps().paramString(), Estimate.of(p.rps()).shown(), Estimate.of(p.cores()).shown(),
                    p.perCore().shown() + " " + p.perCore().method(), hours.shown(),
                    hours.times(node.price().price()).shown(), BENCH + ".getSetMix thrpt + cpu.server, server-bound");
        }
        return t;
    }

    /** The cores the io-threads claims need for the server alone ({@code needs_cores} of their published.csv rows). */
    static int ioThreadsNeedCores() {
        return Published.load(KeyValueSection.class).stream().filter(p -> p.key().startsWith("io_"))
                .mapToInt(Published::needsCores).max().orElse(0);
    }

    private static Table bigger(List<Results.Row> rows, Prices.Table prices, int cores) {
        double ratio = prices.price(BIGGER) / prices.price(NODE);
        int needs = ioThreadsNeedCores();
        String outOfReach = cores > 0 && cores < needs ? "not reproducible here: io-threads need ≥ " + needs + " cores for"
                + " the server alone (this machine has " + cores + "), as the ledger's io-threads claims say; a gain that"
                + " cannot appear here cannot say whether io-threads pay" : null;
        CacheNodes.Node big = CacheNodes.get(prices, BIGGER);
        Table t = Table.of("What io-threads would have to gain to pay for a bigger node: " + BIGGER + " (" + big.vcpu() + " vCPU) ÷ "
                        + NODE + " = " + Export.fmt(ratio) + " in price (set by the suite: " + prices.get(BIGGER).setBySuite()
                        + "), beside each measured io-threads gain (requests/s ÷ the same case with io-threads 1, 99.9% interval)."
                        + " Measured on this machine's cores, not the bigger node's.",
                "case", ">io-threads gain", ">price ratio (set by the suite)", "pays for the bigger node?");
        for (Results.Row g : rows) {
            if (g.cls().equals(BENCH) && g.metric().equals("io_threads_gain")) {
                Interval b = g.bounds();
                String answer = outOfReach != null ? outOfReach
                        : b == null || b.isUnbounded() ? "not resolved here (no bounded interval)"
                        : b.low() >= ratio ? "yes: the whole interval is at or above the price ratio"
                        : b.high() < ratio ? "no: the whole interval is below the price ratio"
                        : "not resolved here: the interval holds the price ratio";
                t.row(g.paramString(), Export.fmt(g.score()) + (b == null ? "" : " " + b.shown()), Export.fmt(ratio), answer);
            }
        }
        return t;
    }

    private static Table sizing(List<Point> points, CacheNodes.Node node, String cur, double target) {
        double month = node.price().price() * Targets.HOURS_PER_MONTH;
        Table t = Table.of("Nodes for " + Export.fmt(target) + " requests/s (-D" + KvSettings.TARGET_RPS.key() + ") on " + NODE
                        + " nodes, from each server-bound point's per-node capacity and its 99.9% interval (a range of whole"
                        + " nodes; no headroom, no replicas); " + Targets.HOURS_PER_MONTH + " hours a month (set by"
                        + " the suite).",
                "rests on (server-bound case)", ">requests/s per node", ">nodes", ">" + cur + " per month");
        for (Point p : points) {
            Estimate nodes = p.perNode().into(target);
            t.row(p.rps().paramString(), p.perNode().shown(), nodes.wholeUnits(), nodes.wholeUnitsCost(month));
        }
        return t;
    }
}
