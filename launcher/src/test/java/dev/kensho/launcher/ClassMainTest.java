package dev.kensho.launcher;

import dev.kensho.api.Launcher;
import org.junit.jupiter.api.Test;

import java.util.ServiceLoader;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A benchmark class's {@code main} finds this module's launcher by the service file, without naming it. */
class ClassMainTest {

    @Test
    void theLauncherIsFoundAsAService() {
        Launcher found = ServiceLoader.load(Launcher.class, ClassMainTest.class.getClassLoader()).findFirst().orElseThrow();
        assertEquals(ClassMain.class, found.getClass());
    }
}
