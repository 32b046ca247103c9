package dev.kensho.api;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A class's {@code main} reaches the launcher it finds, and without one says in one line what to add. */
class KenshoTest {

    @Test
    void withoutALauncherOneLineSaysWhatToAdd() {
        // this module's class path has no launcher: the service lookup finds none
        assertFalse(Kensho.launchers(KenshoTest.class.getClassLoader()).hasNext());
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Kensho.launch(KenshoTest.class, new String[0], Collections.emptyIterator(),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String out = err.toString(StandardCharsets.UTF_8);
        assertEquals(2, status);
        assertEquals(1, out.lines().count(), out);
        assertTrue(out.startsWith("kensho: ") && out.contains("KenshoTest") && out.contains("kensho-launcher"), out);
    }

    @Test
    void theClassAndItsArgumentsGoToTheLauncherFound() {
        List<String> got = new ArrayList<>();
        Launcher fake = (cls, args) -> got.add(cls.getSimpleName() + " " + String.join(" ", args));
        int status = Kensho.launch(KenshoTest.class, new String[]{"-f", "0"}, List.of(fake).iterator(), System.err);
        assertEquals(0, status);
        assertEquals(List.of("KenshoTest -f 0"), got);
    }
}
