package dev.kensho.benchmarks;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The Java-version check reads every form of {@code java.specification.version}. */
class JarMainTest {

    @Test
    void readsOldAndNewVersionStrings() {
        assertEquals(8, JarMain.major("1.8"));
        assertEquals(11, JarMain.major("11"));
        assertEquals(17, JarMain.major("17"));
        assertEquals(21, JarMain.major("21"));
        assertEquals(0, JarMain.major("?"));
    }

    @Test
    void theJarSendsEveryCommandItKnowsToTheCommands() {
        // JarMain is Java 8 code and cannot read the commands' own list: the two must be the same
        assertEquals(dev.kensho.report.cli.Commands.NAMES, new java.util.HashSet<>(JarMain.COMMAND_NAMES));
    }
}
