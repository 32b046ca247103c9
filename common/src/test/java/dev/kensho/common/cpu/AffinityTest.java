package dev.kensho.common.cpu;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Paths;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** -Dkensho.pin: its values, the core split, and that taskset really moves a process. */
class AffinityTest {

    @AfterEach
    void clear() {
        System.clearProperty(Setting.PIN.key());
    }

    @Test
    void offByDefaultAndABadValueIsOneLineNamingTheSetting() {
        assertEquals(Affinity.Mode.OFF, Affinity.mode());
        assertTrue(Affinity.split(ProcessHandle.current().pid()).isEmpty(), "off pins nothing and records nothing");
        System.setProperty(Setting.PIN.key(), "both");
        BadInput e = assertThrows(BadInput.class, Affinity::mode);
        assertTrue(e.getMessage().contains("kensho.pin") && e.getMessage().contains("off or split"), e.getMessage());
    }

    @Test
    void theServerGetsTheLastCoreAndTheClientTheRest() {
        assertEquals("1", Affinity.serverCores(2));
        assertEquals("0", Affinity.clientCores(2));
        assertEquals("7", Affinity.serverCores(8));
        assertEquals("0-6", Affinity.clientCores(8));
    }

    @Test
    void tasksetMovesEveryThreadOfAChild() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(Paths.get("/usr/bin/taskset")) && ProcessCpu.machineCpus() >= 2,
                "needs taskset and 2 cores");
        Process child = new ProcessBuilder("sleep", "60").start();
        try {
            String last = Affinity.serverCores(ProcessCpu.machineCpus());
            Affinity.taskset(last, child.pid());
            assertEquals(last, ProcessCpu.cpusAllowed(child.pid()));
            assertTrue(!ProcessCpu.sharesCores(last, Affinity.clientCores(ProcessCpu.machineCpus())));
        } finally {
            child.destroyForcibly();
        }
    }
}
