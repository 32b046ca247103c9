package dev.kensho.common.cpu;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The server CPU of bracketed operations only, from a probe whose readings the test sets. */
class OperationCpuTest {

    @BeforeEach
    @AfterEach
    void clear() {
        ServerCpu.reset();
        OperationCpu.reset();
    }

    @Test
    void countsOnlyTheBracketedOperationsAndAveragesThem() {
        AtomicLong cpu = new AtomicLong(7_000_000_000L);
        ServerCpu.register(new ServerCpu.Probe("s", cpu::get, 2, false, true, true));
        cpu.addAndGet(900_000_000L); // set-up before the operation: not counted
        OperationCpu.begin();
        cpu.addAndGet(2_500_000_000L);
        OperationCpu.end();
        cpu.addAndGet(4_000_000_000L); // the files checked after it: not counted
        OperationCpu.begin();
        cpu.addAndGet(1_000_000_000L);
        OperationCpu.end();
        // (2.5 s + 1.0 s) / 2 operations
        assertEquals(1.75, OperationCpu.secondsPerOperation(), 1e-12);
        OperationCpu.reset();
        assertTrue(Double.isNaN(OperationCpu.secondsPerOperation()), "a new iteration has bracketed nothing");
    }

    @Test
    void withoutAServerToReadNothingIsCounted() {
        OperationCpu.begin();
        OperationCpu.end();
        assertTrue(Double.isNaN(OperationCpu.secondsPerOperation()));
        OperationCpu.end(); // an end without a begin counts nothing either
        assertTrue(Double.isNaN(OperationCpu.secondsPerOperation()));
    }
}
