package dev.kensho.reliability;

import dev.kensho.common.Scale;
import dev.kensho.launcher.ScaleTable;
import dev.kensho.report.RoundClaims;
import dev.kensho.report.Section;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every experiment whose published claims or checks a default run can decide runs in rounds planned by them, with
 * every module on the class path: its scale table names the class's {@code @rounds} at the default scale (even 1), and
 * some published claim or check names the class, so the launcher looks at it after every round.
 */
class ClaimRoundsTest {

    /** The experiments the rounds plan by their claims: HBase matrix, both set-algebra clients, kv, pub/sub, Kinesis. */
    private static final List<String> PLANNED = List.of(
            "dev.kensho.hbase.meter.CompressionMatrixBenchmark",
            "dev.kensho.redis.sets.SetAlgebraCliBenchmark",
            "dev.kensho.redis.kv.KeyValueThroughputBenchmark",
            "dev.kensho.redis.pubsub.PubSubThroughputBenchmark",
            "dev.kensho.kinesis.batch.PutRecordVsPutRecordsBenchmark");

    @Test
    void everyExperimentWithClaimsRunsInRoundsPlannedByThem() throws ClassNotFoundException {
        ScaleTable defaults = new ScaleTable(Scale.DEFAULT);
        ScaleTable full = new ScaleTable(Scale.FULL);
        for (String name : PLANNED) {
            Class<?> cls = Class.forName(name);
            assertNotNull(defaults.setting(cls, "rounds"), name + ": no @rounds at the default scale, so no rounds to plan");
            assertNotNull(full.setting(cls, "rounds"), name + ": no @rounds at the full scale");
            assertTrue(new RoundClaims(cls.getSimpleName(), Section.all()).any(), name + ": no claim or check to plan its rounds");
        }
    }

    /** The Java client's set algebra runs in rounds too; its rows are context, so nothing plans more than one. */
    @Test
    void theJavaClientsSetAlgebraRunsInOneRoundUntilAClaimNamesIt() throws ClassNotFoundException {
        Class<?> cls = Class.forName("dev.kensho.redis.sets.SetAlgebraBenchmark");
        assertNotNull(new ScaleTable(Scale.DEFAULT).setting(cls, "rounds"));
        assertFalse(new RoundClaims(cls.getSimpleName(), Section.all()).any(), "a claim on it now: list it above");
    }

    /** The check above can fail: a class no scale table puts in rounds is caught. */
    @Test
    void aClassWithoutRoundsIsCaught() throws ClassNotFoundException {
        Class<?> cls = Class.forName("dev.kensho.redis.pubsub.PubSubSlowSubscriberBenchmark");
        assertTrue(new ScaleTable(Scale.DEFAULT).setting(cls, "rounds") == null, "the slow subscriber runs its forks back to back");
    }
}
