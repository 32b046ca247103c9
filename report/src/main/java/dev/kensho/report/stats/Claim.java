package dev.kensho.report.stats;


/**
 * What a {@link Verdict} judges: a published figure's kind, value, the range its claim states and what its mechanism
 * needs to run. The report's {@code Published} (a row of a module's {@code published.csv}) is one; the verdict rules
 * need only these, so they name nothing above this package.
 */
public interface Claim {

    /** A figure bound to the write-up's machine: shown beside ours, no verdict. */
    boolean context();

    /** A figure ours follows from an input the suite chose: never a finding. */
    boolean setBySuite();

    /** The published value (NaN: a claim of shape or direction only). */
    double value();

    /** The range the write-up gives for this claim (NaN: none). */
    double rangeLow();

    double rangeHigh();

    /** The low end of what the claim says: its range, else its value. */
    double claimLow();

    /** The high end of what the claim says: its range, else its value. */
    double claimHigh();

    /** Cores the server needs for itself (0: any). */
    int needsCores();

    /** Client threads the mechanism needs (0: any). */
    int needsThreads();

    /** Whether the mechanism needs servers on several hosts. */
    boolean needsCluster();

    /** A condition that differs here and limits the magnitude ("" when none). */
    String condition();

    /** The published value as the ledger shows it. */
    String shown();
}
