package dev.kensho.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.export.RunFolder;

import java.nio.file.Path;
import java.util.List;

/**
 * The rest of a Maven build around this launcher's module, so the console counts and times the whole build
 * rather than one module: the modules before it ran into the same run folder (status.json's {@code modules}, and
 * the run's {@code started} time); each module after it is timed by the newest earlier run folder of the same scale
 * that ran it (its cases and seconds, as they were — not scaled by this run's pace). A module never run at this
 * scale here is counted as not timed yet. Outside Maven ({@code kensho.module} unset) it is {@link #NONE}.
 *
 * @param casesBefore    cases the build's earlier modules ran
 * @param secondsBefore  seconds since the build's first launcher opened the run folder
 * @param casesAfter     cases of the later modules, as their last run here had them
 * @param secondsAfter   seconds of the later modules, as their last run here took
 * @param untimedAfter   later modules with no earlier run of this scale here
 */
record BuildShare(int casesBefore, double secondsBefore, int casesAfter, double secondsAfter, int untimedAfter) {

    static final BuildShare NONE = new BuildShare(0, 0, 0, 0, 0);

    /** This launcher's share, from the settings MavenBench passes ({@code kensho.module}, {@code kensho.reactor}). */
    static BuildShare of(RunFolder run, String scale) {
        String module = Setting.MODULE.get();
        String reactor = Setting.REACTOR.get();
        if (module == null || reactor == null) {
            return NONE;
        }
        return of(run, scale, module, List.of(reactor.split(",")), Settings.resultsRoot(), System.currentTimeMillis());
    }

    static BuildShare of(RunFolder run, String scale, String module, List<String> reactor, Path root, long now) {
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
        for (String m : reactor.subList(at + 1, reactor.size())) {
            JsonNode last = RunEstimate.newest(root, scale, run.dir(), RunFolder.MODULES, m).map(n -> n.get(m)).orElse(null);
            if (last == null) {
                untimed++;
            } else {
                casesAfter += last.path("cases").asInt(0);
                secondsAfter += last.path("seconds").asDouble(0);
            }
        }
        return new BuildShare(casesBefore, secondsBefore, casesAfter, secondsAfter, untimed);
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
