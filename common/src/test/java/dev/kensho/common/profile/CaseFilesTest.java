package dev.kensho.common.profile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A case's folder is named by the case, file-name safe, and each fork gets its own number. */
class CaseFilesTest {

    @Test
    void namedByTheCaseAndNumberedByFork(@TempDir Path run) throws Exception {
        CaseFiles f = CaseFiles.of(run, "dev.kensho.redis.sets.SetAlgebraBenchmark.sinter", Map.of("members", "1000", "layout", "A/B x"));
        assertEquals(run.resolve("jfr/SetAlgebraBenchmark/sinter,layout=A_B_x,members=1000"), f.dir());
        assertEquals(1, f.nextFork());
        Files.createDirectories(f.dir());
        Files.writeString(f.client(1), "");
        assertEquals(2, f.nextFork(), "fork 1 recorded: the next is fork 2");
        assertEquals("jfr/SetAlgebraBenchmark/sinter,layout=A_B_x,members=1000/client-fork1.jfr", f.relative(f.client(1)));
    }

    @Test
    void longNamesStayUniqueAndShort(@TempDir Path run) {
        String a = CaseFiles.name("m", Map.of("p", "x".repeat(300) + "1"));
        String b = CaseFiles.name("m", Map.of("p", "x".repeat(300) + "2"));
        assertTrue(a.length() <= CaseFiles.MAX_NAME, a);
        assertNotEquals(a, b);
    }
}
