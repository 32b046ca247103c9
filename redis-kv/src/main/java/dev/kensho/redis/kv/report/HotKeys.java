package dev.kensho.redis.kv.report;

import dev.kensho.common.export.Results;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.report.Table;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report's table of skewed cases ({@link KeyDistribution}): per case whose {@code distribution} is not
 * {@code uniform}, the hottest key's exact share of requests ({@code hot_key_share}) and the share of the trial's
 * draws that went to it ({@code hot_key_share_observed}). Uniform cases are left out (their share is 1/keyspace);
 * no skewed case, no table.
 */
final class HotKeys {

    private HotKeys() {
    }

    static List<Table> tables(List<Results.Row> rows) {
        Table t = Table.of("Skewed keys: the hottest key's share of requests, exact (1/H(n,s) of the keys a trial drew"
                + " from: *set by the suite*, it follows from the distribution and keyspace we chose) and as drawn in the"
                + " trial (measured; uniform cases: 1/keyspace, not shown):",
                "benchmark", "case", "distribution", ">keyspace", ">hottest key, exact (set by the suite)", ">as drawn");
        Map<String, String[]> cases = new LinkedHashMap<>();
        for (Results.Row r : rows) {
            String d = r.param(KeyDistribution.PARAM);
            boolean share = r.metric().equals("hot_key_share") || r.metric().equals("hot_key_share_observed");
            if (!share || d == null || d.equalsIgnoreCase(KeyDistribution.UNIFORM)) {
                continue;
            }
            Map<String, String> others = new TreeMap<>(r.params());
            others.remove(KeyDistribution.PARAM);
            String keyspace = others.remove("keyspace");
            String caseName = others.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                    .reduce((a, b) -> a + " " + b).orElse("");
            String[] cells = cases.computeIfAbsent(r.cls() + caseName + d + keyspace,
                    k -> new String[]{r.cls(), caseName, d, keyspace == null ? "" : keyspace, "", ""});
            cells[r.metric().equals("hot_key_share") ? 4 : 5] = pct(r.score());
        }
        cases.values().forEach(t::row);
        return List.of(t);
    }

    private static String pct(double share) {
        return String.format(Locale.ROOT, "%.2f%%", 100 * share);
    }
}
