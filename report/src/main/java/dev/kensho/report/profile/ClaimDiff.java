package dev.kensho.report.profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Where a claim's difference went: for a ledger row whose two cases were both profiled, per side recorded on both
 * (the benchmark JVM, a server), the frames whose share of that side's CPU samples changed most between the
 * numerator's case and the denominator's. A share is a frame's self samples over all of its side's samples, so the
 * table says where the time moved, not how much more there was; the ± is the 99.9% sampling error of the
 * difference of two proportions — the least it can be, since successive samples are not independent. The caption
 * links both sides' graphs and a differential one ({@link DiffFlameGraph}, beside the numerator's graphs as
 * {@code diff-<side>-over-<what the denominator changes>.svg}).
 */
final class ClaimDiff {

    /** Rows per table: the frames that moved most. */
    static final int ROWS = 8;
    private static final double Z = 3.2905; // two-sided 99.9%

    private ClaimDiff() {
    }

    /**
     * The tables of one claim (one per side both cases have readable), empty when it has none; the differential
     * graphs are written into {@code runDir}.
     */
    static List<Grid> of(ClaimSides.Claim c, List<CaseProfile> cases, Path runDir) {
        Optional<CaseProfile> a = ClaimSides.numerator(c, cases);
        Optional<CaseProfile> b = ClaimSides.denominator(c, cases);
        if (a.isEmpty() || b.isEmpty() || a.get() == b.get()) {
            return List.of();
        }
        List<Grid> out = new ArrayList<>();
        for (CaseProfile.Side sa : a.get().sides()) {
            for (CaseProfile.Side sb : b.get().sides()) {
                if (sa.label().equals(sb.label()) && sa.readable() && sb.readable()) {
                    out.add(table(c.claim(), a.get(), sa, b.get(), sb, diffGraph(c, a.get(), sa, sb, runDir)));
                }
            }
        }
        return out;
    }

    static Grid table(String claim, CaseProfile a, CaseProfile.Side sa, CaseProfile b, CaseProfile.Side sb, String diff) {
        FrameCounts fa = sa.frames();
        FrameCounts fb = sb.frames();
        String caption = "**" + claim + "** — " + sa.label() + ": " + ProfilePart.caseName(a) + " ("
                + fa.total() + " samples" + link(sa.flame()) + ") against " + ProfilePart.caseName(b) + " (" + fb.total()
                + " samples" + link(sb.flame()) + ")" + (diff == null ? "" : ", [differential flame graph](" + diff + ")")
                + "; the frames whose share of CPU samples changed most (± 99.9%, sampling error only):";
        Grid g = Grid.of(caption, "frame", ">share, numerator", ">share, denominator", ">change", ">±");
        Set<String> frames = new TreeSet<>(fa.self().keySet());
        frames.addAll(fb.self().keySet());
        boolean[] resolved = {false};
        frames.stream().sorted(Comparator.comparingDouble((String f) -> -Math.abs(fa.share(f) - fb.share(f)))
                .thenComparing(Comparator.naturalOrder())).limit(ROWS).forEach(f -> {
            double pa = fa.share(f);
            double pb = fb.share(f);
            double bound = Z * Math.sqrt(pa * (1 - pa) / Math.max(1, fa.total()) + pb * (1 - pb) / Math.max(1, fb.total()));
            resolved[0] |= Math.abs(pa - pb) > bound;
            g.row(ProfilePart.frame(f), pct(pa), pct(pb), String.format(Locale.ROOT, "%+.1f pp", 100 * (pa - pb)),
                    String.format(Locale.ROOT, "%.1f pp", 100 * bound));
        });
        return resolved[0] ? g : new Grid(caption + " no frame's share moved beyond its sampling error here (more samples:"
                + " longer iterations or more forks would resolve it).", g.headers(), g.rows());
    }

    /** The differential graph of side {@code sa} against {@code sb} (relative to the run folder); null when none. */
    private static String diffGraph(ClaimSides.Claim c, CaseProfile a, CaseProfile.Side sa, CaseProfile.Side sb, Path runDir) {
        if (sa.flame() == null || sa.stacks().isEmpty() || sb.stacks().isEmpty()) {
            return null;
        }
        String side = sa.flame().substring(sa.flame().lastIndexOf('/') + 1).replaceFirst("^flame-", "").replaceFirst("\\.html$", "");
        String over = c.params().getOrDefault("over", "").trim().replaceAll("[^A-Za-z0-9._=,+-]+", "_");
        Path out = runDir.resolve(sa.flame()).resolveSibling("diff-" + side + "-over-" + over + ".svg");
        try {
            DiffFlameGraph.render(sa.stacks(), sb.stacks(), out, c.claim() + " — " + sa.label() + ": "
                    + ProfilePart.caseName(a) + " (numerator) against the case it is over (" + c.params().get("over") + ")");
            return runDir.relativize(out).toString().replace('\\', '/');
        } catch (IOException | RuntimeException e) {
            return null; // the table stands without it
        }
    }

    private static String link(String flame) {
        return flame == null ? "" : ", [flame graph](" + flame + ")";
    }

    static String pct(double share) {
        return String.format(Locale.ROOT, "%.1f%%", 100 * share);
    }
}
