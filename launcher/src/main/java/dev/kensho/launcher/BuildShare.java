package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.Scale;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.export.RunFolder;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The rest of a Maven build around this launcher's module, so the console counts and times the whole build
 * rather than one module: the modules before it ran into the same run folder (status.json's {@code modules}, and
 * the run's {@code started} time); each module after it is timed by the newest earlier run folder of the same scale
 * that ran it (its cases and seconds, as they were — not scaled by this run's pace). A module never run at this
 * scale here is counted as not timed yet; its part of the budget follows its scale file's {@value #SHARE_KEY} (read
 * from its sources by {@link MavenBench}, which passes {@code kensho.reactor} as {@code module:share,…}). Outside
 * Maven ({@code kensho.module} unset) it is {@link #NONE}.
 *
 * @param casesBefore    cases the build's earlier modules ran
 * @param secondsBefore  seconds since the build's first launcher opened the run folder
 * @param casesAfter     cases of the later modules, as their last run here had them
 * @param secondsAfter   seconds of the later modules, as their last run here took
 * @param untimedAfter   later modules with no earlier run of this scale here
 * @param share          this module's {@value #SHARE_KEY}
 * @param untimedShares  the {@value #SHARE_KEY}s of the untimed later modules, summed
 */
record BuildShare(int casesBefore, double secondsBefore, int casesAfter, double secondsAfter, int untimedAfter,
                  double share, double untimedShares) {

    static final BuildShare NONE = new BuildShare(0, 0, 0, 0, 0);

    /**
     * A module's key in its {@code kensho-scale.properties}, per scale ({@code default.@share = 18}): its part of a
     * run's budget, in minutes of the default hour on this kind of machine — a proportion, so another budget is divided
     * the same way. A module without one counts as the mean of those that have one (1 when none has).
     */
    static final String SHARE_KEY = "@share";

    /** Every module an equal part. */
    BuildShare(int casesBefore, double secondsBefore, int casesAfter, double secondsAfter, int untimedAfter) {
        this(casesBefore, secondsBefore, casesAfter, secondsAfter, untimedAfter, 1, untimedAfter);
    }

    /**
     * What {@code open} seconds of budget (what the earlier modules left) must keep for the modules after this one: the
     * timed ones their last time here, the untimed ones their part of the rest — this module and each untimed later one
     * in proportion to their shares.
     */
    double laterModules(double open) {
        double rest = Math.max(0, open - secondsAfter);
        return untimedShares <= 0 ? secondsAfter : secondsAfter + rest * untimedShares / (untimedShares + share);
    }

    /** A reactor entry as {@link MavenBench} passes it: {@code module:share}, the share from the module's scale file's
     * sources at {@code scale} (or its fallback); {@code module} alone when it has none. */
    static String entry(String module, Path moduleDir, Scale scale) {
        Properties p = new Properties();
        Path f = moduleDir.resolve("src").resolve("main").resolve("resources").resolve(ScaleTable.RESOURCE);
        if (Files.isRegularFile(f)) {
            try (InputStream in = Files.newInputStream(f)) {
                p.load(in);
            } catch (IOException e) {
                return module;
            }
        }
        String v = ScaleTable.get(p, scale, SHARE_KEY);
        return v == null ? module : module + ":" + v.trim();
    }

    /** This launcher's share, from the settings MavenBench passes ({@code kensho.module}, {@code kensho.reactor}). */
    static BuildShare of(RunFolder run, String scale) {
        String module = Setting.MODULE.get();
        String reactor = Setting.REACTOR.get();
        if (module == null || reactor == null) {
            return NONE;
        }
        return of(run, scale, module, List.of(reactor.split(",")), Settings.resultsRoot(), System.currentTimeMillis());
    }

    static BuildShare of(RunFolder run, String scale, String module, List<String> entries, Path root, long now) {
        Map<String, Double> shares = shares(entries);
        List<String> reactor = List.copyOf(shares.keySet());
        int at = reactor.indexOf(module);
        if (at < 0) {
            return NONE;
        }
        JsonNode status = run.status();
        JsonNode done = status.path(RunFolder.MODULES);
        int casesBefore = 0;
        for (String m : reactor.subList(0, at)) {
            casesBefore += done.path(m).path("cases").asInt(0);
        }
        double secondsBefore = status.has(RunFolder.STARTED) ? Math.max(0, (now - status.get(RunFolder.STARTED).asLong()) / 1000.0) : 0;
        int casesAfter = 0;
        double secondsAfter = 0;
        int untimed = 0;
        double untimedShares = 0;
        for (String m : reactor.subList(at + 1, reactor.size())) {
            JsonNode last = RunEstimate.newest(root, scale, run.dir(), RunFolder.MODULES, m).map(n -> n.get(m)).orElse(null);
            if (last == null) {
                untimed++;
                untimedShares += shares.get(m);
            } else {
                casesAfter += last.path("cases").asInt(0);
                secondsAfter += last.path("seconds").asDouble(0);
            }
        }
        return new BuildShare(casesBefore, secondsBefore, casesAfter, secondsAfter, untimed, shares.get(module), untimedShares);
    }

    /**
     * The modules in order with their shares, from entries {@code module} or {@code module:share}; a missing or
     * unreadable share counts as the mean of the others (1 when none has one).
     */
    static Map<String, Double> shares(List<String> entries) {
        Map<String, Double> out = new LinkedHashMap<>();
        double sum = 0;
        int given = 0;
        for (String e : entries) {
            int colon = e.lastIndexOf(':');
            double v = Double.NaN;
            if (colon > 0) {
                try {
                    v = Double.parseDouble(e.substring(colon + 1).trim());
                } catch (NumberFormatException notANumber) {
                    v = Double.NaN;
                }
            }
            if (v > 0 && Double.isFinite(v)) {
                sum += v;
                given++;
            } else {
                v = Double.NaN;
            }
            out.put((colon > 0 ? e.substring(0, colon) : e).trim(), v);
        }
        double mean = given == 0 ? 1 : sum / given;
        out.replaceAll((k, v) -> Double.isNaN(v) ? mean : v);
        return out;
    }

    /** "; the build: 250 cases, about 52:10 (2 modules before, 3 after)" for the first line; empty outside a build. */
    String plan(int cases, double planned) {
        if (this.equals(NONE)) {
            return "";
        }
        return "; the whole build about " + (casesBefore + cases + casesAfter) + " cases, " + Clock.of(secondsBefore + planned + secondsAfter)
                + untimed(" (+ ", ")");
    }

    /** " + 2 modules not timed yet" when some later module has no earlier run here. */
    String untimed(String before, String after) {
        return untimedAfter == 0 ? "" : before + untimedAfter + (untimedAfter == 1 ? " module" : " modules") + " not timed yet" + after;
    }
}
