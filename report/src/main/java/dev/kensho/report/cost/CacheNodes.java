package dev.kensho.report.cost;

import dev.kensho.common.BadInput;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * ElastiCache node types as the prices CSV lists them: an item {@code cache.*} priced per node-hour whose
 * {@code unit} also states the node's memory and vCPUs ({@code per node-hour; 13.07 GiB, 2 vCPU}), so a user's
 * {@code kensho.prices} file can add a node type in the same one format. Why here: redis-kv sizes nodes by
 * requests, redis-sets by memory; both read the node list the same way.
 *
 * <p>Usable memory: ElastiCache reserves {@value #RESERVED_PERCENT}% of a node's memory by default (its
 * {@code reserved-memory-percent} parameter) for replication and snapshots; the suite sets that figure (not
 * verified here) and sizes against the rest.
 */
public final class CacheNodes {

    /** ElastiCache's default {@code reserved-memory-percent}; set by the suite. */
    public static final int RESERVED_PERCENT = 25;
    public static final double GIB = 1024.0 * 1024 * 1024;
    private static final Pattern SPEC = Pattern.compile("node-hour;\\s*([0-9.]+)\\s*GiB,\\s*([0-9]+)\\s*vCPU");

    /** One node type: its memory (GiB), vCPUs and price line. */
    public record Node(String type, double memoryGib, int vcpu, Prices.Price price) {

        /** Bytes a data set may take on this node: memory less the reserved share. */
        public double usableBytes() {
            return memoryGib * GIB * (100 - RESERVED_PERCENT) / 100.0;
        }
    }

    private CacheNodes() {
    }

    /** Every {@code cache.*} item of the table, smallest memory first; a line without its spec is one refusal. */
    public static List<Node> of(Prices.Table t) {
        return t.prices().stream().filter(p -> p.item().startsWith("cache.")).map(p -> node(t.origin(), p))
                .sorted(Comparator.comparingDouble(Node::memoryGib).thenComparingDouble(n -> n.price().price())).toList();
    }

    /** The node of one type. */
    public static Node get(Prices.Table t, String type) {
        return node(t.origin(), t.get(type));
    }

    /** The smallest (then cheapest) listed node whose usable memory holds {@code bytes}; empty when none does. */
    public static Optional<Node> smallestFor(List<Node> nodes, double bytes) {
        return nodes.stream().filter(n -> n.usableBytes() >= bytes).findFirst();
    }

    private static Node node(String origin, Prices.Price p) {
        Matcher m = SPEC.matcher(p.unit());
        if (!m.find()) {
            throw new BadInput(origin + ": item '" + p.item() + "' has unit '" + p.unit()
                    + "'; a cache node's unit is 'per node-hour; <memory> GiB, <n> vCPU'");
        }
        return new Node(p.item(), Double.parseDouble(m.group(1)), Integer.parseInt(m.group(2)), p);
    }
}
