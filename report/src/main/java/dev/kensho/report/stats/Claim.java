package dev.kensho.report.stats;


/**
 * What a {@link Verdict} judges: a published figure's kind, value, the range it is judged on (fixed with the claim,
 * {@link Range}), what its mechanism needs to run, and the condition that may limit its magnitude. The report's
 * {@code Published} (a row of a module's {@code published.csv}) is one; the verdict rules need only these, so they
 * name nothing above this package.
 */
public interface Claim {

    /** A figure bound to the write-up's machine: shown beside ours, no verdict. */
    boolean context();

    /** A figure ours follows from an input the suite chose: never a finding. */
    boolean setBySuite();

    /** The published value (NaN: a claim of shape or direction only). */
    double value();

    /** The range the claim is judged on, and the rule that gave it (null: none stated — never judged). */
    Range range();

    /** Cores the server needs for itself (0: any). */
    int needsCores();

    /** Client threads the mechanism needs (0: any). */
    int needsThreads();

    /** Whether the mechanism needs servers on several hosts. */
    boolean needsCluster();

    /** A condition that differs here and can explain a gap in magnitude ("" when none). */
    String condition();

    /**
     * How far the condition can move ours from the range: ours below the range is explained down to this value (a
     * bound below the range's low end), ours above it up to this value (above its high end). NaN when there is no
     * condition.
     */
    double conditionBound();

    /** What would measure this claim when a run does not ("" when a default run does). */
    String measure();

    /** The published value and the range it is judged on, as the ledger shows them. */
    String shown();
}
