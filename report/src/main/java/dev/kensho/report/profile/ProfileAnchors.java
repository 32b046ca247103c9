package dev.kensho.report.profile;

import dev.kensho.common.export.Results;
import dev.kensho.common.profile.ProfileIndex;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Which profiled cases a ledger row's interval comes from, by their anchors in the profile part
 * ({@link ProfilePart#anchor}): a row of ours is one case, a ratio two (its numerator, and its denominator named by
 * {@code over}, resolved as {@link ClaimSides} resolves it). Read from {@value ProfileIndex#FILE} alone, so the
 * section's ledger can name them when it is rendered, before the report draws the profiles; a run without profiles
 * names none.
 *
 * <p>A ledger row keeps them in one cell ({@link #cell}): its cases separated by {@value #CASES}, a ratio's two
 * sides by {@value #OVER}, a side that was not profiled as {@value #MISSING}; empty when no side was.
 */
public final class ProfileAnchors {

    public static final String CASES = "; ";
    public static final String OVER = " ÷ ";
    public static final String MISSING = "–";

    /** A run without profiles: every cell empty. */
    public static final ProfileAnchors NONE = new ProfileAnchors(List.of());

    private final List<CaseProfile> cases;

    private ProfileAnchors(List<CaseProfile> cases) {
        this.cases = cases;
    }

    /** The profiled cases of {@code runDir} (none when it holds no {@value ProfileIndex#FILE}). */
    public static ProfileAnchors of(Path runDir) {
        List<CaseProfile> cases = new ArrayList<>();
        if (Files.exists(runDir.resolve(ProfileIndex.FILE))) {
            for (Map.Entry<String, List<ProfileIndex.Entry>> c : ProfileIndex.byCase(runDir).entrySet()) {
                ProfileIndex.Entry e = c.getValue().get(0);
                cases.add(new CaseProfile(c.getKey(), e.benchmark(), e.params(), List.of()));
            }
        }
        return new ProfileAnchors(cases);
    }

    /** The cell of a ledger row that reads {@code rows} (one, or each case of a claim about every case). */
    public String cell(List<Results.Row> rows) {
        List<String> out = new ArrayList<>();
        boolean any = false;
        for (Results.Row r : rows) {
            ClaimSides.Claim c = new ClaimSides.Claim("", r.cls(), r.method(), r.params());
            String num = anchor(ClaimSides.numerator(c, cases));
            String den = r.param("over") == null ? null : anchor(ClaimSides.denominator(c, cases));
            any |= !num.equals(MISSING) || den != null && !den.equals(MISSING);
            out.add(den == null ? num : num + OVER + den);
        }
        return any ? String.join(CASES, out) : "";
    }

    private static String anchor(Optional<CaseProfile> c) {
        return c.map(ProfilePart::anchor).orElse(MISSING);
    }

    /** A cell's cases, each its sides' anchors ({@value #MISSING} for a side without a profile). */
    public static List<List<String>> parse(String cell) {
        List<List<String>> out = new ArrayList<>();
        if (cell == null || cell.isBlank()) {
            return out;
        }
        for (String c : cell.split(CASES)) {
            out.add(List.of(c.split(OVER)));
        }
        return out;
    }
}
