package dev.kensho.redis.sets;

import dev.kensho.report.cost.CacheNodes;
import dev.kensho.report.cost.Estimate;
import dev.kensho.report.cost.Prices;
import dev.kensho.report.cost.Targets;
import dev.kensho.common.export.Export;
import dev.kensho.common.export.Results;
import dev.kensho.report.Table;

import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Memory and the ElastiCache node it needs, at report time, from the bytes per member {@link SetMemoryBenchmark}
 * measured ({@code used_memory_per_member}, recorded per iteration, 99.9% Student t interval): for the write-up's
 * {@value #WRITEUP_MEMBERS} members and for {@code -Dkensho.target.members=<n>}, per member size. Each member size
 * rests on its row with the largest set measured (the hashtable encoding a large set uses; small sets are listpacks
 * and cost less per member) — the row is named.
 *
 * <p>Memory = bytes per member × members (a count the suite or the user sets: the interval's ends scale). The node
 * is the smallest listed one whose memory less ElastiCache's reserved {@value CacheNodes#RESERVED_PERCENT}% holds
 * it, for each end of the interval ({@link CacheNodes}); one node, no replica, one set in the keyspace.
 */
final class SetsCostTable {

    /** The write-up's audience: 100M members (≈15 GiB at 64 B). */
    static final long WRITEUP_MEMBERS = 100_000_000L;
    private static final String BENCH = "SetMemoryBenchmark";

    private SetsCostTable() {
    }

    static Table table(List<Results.Row> rows) {
        return table(rows, prices(), Targets.get(SetsSettings.TARGET_MEMBERS));
    }

    /** The prices in use (redis-sets' prices.csv, overridden by kensho.prices); a bad file is one line before the run. */
    static Prices.Table prices() {
        return Prices.load(SetsCostTable.class, "redis-sets");
    }

    static void checkPrices() {
        prices();
    }

    static Table table(List<Results.Row> rows, Prices.Table prices, OptionalDouble target) {
        List<CacheNodes.Node> nodes = CacheNodes.of(prices);
        String cur = nodes.isEmpty() ? prices.currency() : nodes.get(0).price().currency();
        Table t = Table.of("Memory for a set of N members and the smallest listed ElastiCache node that holds it (its memory less the"
                        + " default " + CacheNodes.RESERVED_PERCENT + "% reserved; one node, no replica), from the measured bytes per"
                        + " member (99.9% interval, [ ]). Node prices set by the suite: " + nodes.stream()
                        .map(n -> n.type() + " " + Export.fmt(n.price().price()) + " " + cur + "/h (" + Export.fmt(n.memoryGib()) + " GiB)")
                        .collect(Collectors.joining(", ")) + " — " + (nodes.isEmpty() ? "none listed" : nodes.get(0).price().region()
                        + ", " + nodes.get(0).price().source() + ", entered " + nodes.get(0).price().date()) + "; "
                        + Targets.HOURS_PER_MONTH + " hours a month.",
                ">members", ">member B", ">bytes per member", ">memory GiB", "smallest node", ">" + cur + " per month", "rests on");
        for (Results.Row r : largestPerMemberSize(rows).values()) {
            t.row(row(Export.fmt(WRITEUP_MEMBERS) + " (write-up)", WRITEUP_MEMBERS, r, nodes));
            if (target.isPresent()) {
                t.row(row(Export.fmt(target.getAsDouble()) + " (-D" + SetsSettings.TARGET_MEMBERS.key() + ")", target.getAsDouble(), r, nodes));
            }
        }
        if (t.rows().isEmpty()) {
            t.row("–", "–", "–", "–", "–", "–", "no " + BENCH + " used_memory_per_member row in this run");
        }
        return t;
    }

    /** Per member size, the memory row of the largest set measured. */
    static Map<Integer, Results.Row> largestPerMemberSize(List<Results.Row> rows) {
        return rows.stream().filter(r -> r.cls().equals(BENCH) && r.metric().equals("used_memory_per_member")
                        && r.param("memberBytes") != null && r.param("users") != null)
                .collect(Collectors.toMap(r -> Integer.parseInt(r.param("memberBytes")), Function.identity(),
                        (a, b) -> Comparator.comparingLong((Results.Row r) -> Long.parseLong(r.param("users"))).compare(a, b) >= 0 ? a : b,
                        TreeMap::new));
    }

    private static String[] row(String label, double members, Results.Row r, List<CacheNodes.Node> nodes) {
        Estimate perMember = Estimate.of(r);
        Estimate bytes = perMember.times(members);
        double lo = bytes.hasInterval() ? bytes.low() : bytes.value();
        double hi = bytes.hasInterval() ? bytes.high() : bytes.value();
        return new String[]{label, r.param("memberBytes"), perMember.shown(), bytes.times(1 / CacheNodes.GIB).shown(),
                span(node(nodes, lo), node(nodes, hi)), span(month(nodes, lo), month(nodes, hi)),
                r.cls() + ".loadSet used_memory_per_member " + r.paramString()};
    }

    private static String node(List<CacheNodes.Node> nodes, double bytes) {
        return CacheNodes.smallestFor(nodes, bytes).map(CacheNodes.Node::type).orElseGet(() -> nodes.isEmpty() ? "none listed"
                : "none listed holds it: " + (long) Math.ceil(bytes / nodes.get(nodes.size() - 1).usableBytes()) + " × "
                + nodes.get(nodes.size() - 1).type() + " (sharded)");
    }

    private static String month(List<CacheNodes.Node> nodes, double bytes) {
        return CacheNodes.smallestFor(nodes, bytes).map(n -> Export.fmt(n.price().price() * Targets.HOURS_PER_MONTH))
                .orElseGet(() -> nodes.isEmpty() ? "–" : Export.fmt(Math.ceil(bytes / nodes.get(nodes.size() - 1).usableBytes())
                        * nodes.get(nodes.size() - 1).price().price() * Targets.HOURS_PER_MONTH));
    }

    private static String span(String lo, String hi) {
        return lo.equals(hi) ? lo : lo + " … " + hi;
    }
}
