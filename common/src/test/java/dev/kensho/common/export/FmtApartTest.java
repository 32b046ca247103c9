package dev.kensho.common.export;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** A narrow interval next to a boundary prints with the digits that tell its ends and point apart, never as [1.00, 1.00]. */
class FmtApartTest {

    @Test
    void aNarrowIntervalNextToOneShowsItsDigits() {
        // DIFF ÷ FAST_DIFF HFile bytes in run sizes-9ece4c5, which the ledger printed as "1.00 [1.00, 1.00]"
        assertArrayEquals(new String[] {"1.0031", "1.0027", "1.0041"}, Export.fmtApart(1.0031, 1.0027, 1.0041));
        assertEquals("[1.003, 1.004] t", new Interval(1.0027, 1.0041, "t").shown().strip()); // the ends alone: apart at 4 digits
    }

    @Test
    void whatFmtAlreadyTellsApartIsLeftAsItIs() {
        assertArrayEquals(new String[] {"0.582", "0.577", "0.587"}, Export.fmtApart(0.582, 0.577, 0.587));
        assertArrayEquals(new String[] {"2.47", "2.01", "3.04"}, Export.fmtApart(2.47, 2.01, 3.04));
        assertArrayEquals(new String[] {"653,253", "588,996", "717,510"}, Export.fmtApart(653_253, 588_996, 717_510));
    }

    @Test
    void equalNumbersStayEqualAndDigitsStopAtSeven() {
        assertArrayEquals(new String[] {"1.00", "1.00", "1.00"}, Export.fmtApart(1, 1, 1));
        // apart only beyond 7 significant digits: fmt's form, not an endless widening
        assertArrayEquals(new String[] {"1.00", "1.00", "1.00"}, Export.fmtApart(1.0, 1.0 - 1e-12, 1.0 + 1e-12));
    }
}
