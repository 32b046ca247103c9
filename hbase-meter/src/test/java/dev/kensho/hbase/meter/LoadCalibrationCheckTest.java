package dev.kensho.hbase.meter;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The calibration's per-iteration check, fed numbers without a cluster: it passes only when this iteration wrote every row. */
class LoadCalibrationCheckTest {

    @Test
    void passesWhenEveryRowWasWrittenInThisIteration() {
        LoadCalibrationBenchmark.requireWritten("t", 96_000, 96_000, 96_000);
    }

    @Test
    void failsWhenTheRowsAreOnlyThePreviousIterations() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LoadCalibrationBenchmark.requireWritten("t", 96_000, 96_000, 0));
        assertEquals("t holds 96000 rows after a calibration run, 0 of them written in this iteration (cell timestamps),"
                + " expected 96000 and 96000", e.getMessage());
    }

    @Test
    void failsWhenTheIterationWroteOnlySomeRowsOrTheCountIsWrong() {
        assertThrows(IllegalStateException.class, () -> LoadCalibrationBenchmark.requireWritten("t", 96_000, 96_000, 95_999));
        assertThrows(IllegalStateException.class, () -> LoadCalibrationBenchmark.requireWritten("t", 96_000, 95_999, 95_999));
        assertThrows(IllegalStateException.class, () -> LoadCalibrationBenchmark.requireWritten("t", 96_000, 96_001, 96_000));
    }
}
