package dev.kensho.launcher;

import dev.kensho.launcher.testing.IdsBenchmark;
import dev.kensho.common.export.RunFolder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A previous run's time per case and fork scales to this run's forks (a rounds run: one fork per case per round). */
class RunEstimateTest {

    @Test
    void aPreviousRunsTimePerForkCaseScalesToTheForksOfThisRun(@TempDir Path root) throws Exception {
        Path earlier = root.resolve("earlier");
        Files.createDirectories(earlier);
        Files.writeString(earlier.resolve(RunFolder.STATUS_FILE), "{\"scale\":\"default\",\"" + RunFolder.SECONDS_PER_FORK_CASE
                + "\":{\"IdsBenchmark\":2.5}}");
        Files.createDirectories(root.resolve("other-scale"));
        Files.writeString(root.resolve("other-scale").resolve(RunFolder.STATUS_FILE), "{\"scale\":\"smoke\",\""
                + RunFolder.SECONDS_PER_FORK_CASE + "\":{\"IdsBenchmark\":99}}");
        Plan.ClassPlan cp = new Plan.ClassPlan(IdsBenchmark.class, List.of("generateIds"), Map.of(), List.of(), false);
        RunEstimate e = RunEstimate.of(root, "default", root.resolve("this-run"));
        assertEquals(20.0, e.perCase(null, cp, 8), 1e-9, "8 forks of 2.5 s");
        assertEquals(2.5, e.perCase(null, cp, 1), 1e-9, "one fork per round");
    }
}
