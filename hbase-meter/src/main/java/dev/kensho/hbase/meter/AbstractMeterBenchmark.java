package dev.kensho.hbase.meter;

import dev.kensho.api.BenchmarkState;
import dev.kensho.api.ParamRules;
import dev.kensho.common.runfiles.Case;
import org.openjdk.jmh.annotations.Fork;

/**
 * The fork every benchmark class of this module runs in, declared once: JMH reads class-level annotations
 * through the superclasses, so each subclass's entry in {@code META-INF/BenchmarkList} carries these
 * {@code jvmArgsAppend}. A trial's check also runs the class's preflight (the HBase target's settings): a fork of a
 * JMH run the launcher did not start has seen no other.
 */
@Fork(value = 1, jvmArgsAppend = {AbstractMeterBenchmark.OPEN_LANG, AbstractMeterBenchmark.OPEN_NIO,
        AbstractMeterBenchmark.OPEN_UTIL, AbstractMeterBenchmark.OPEN_CONCURRENT, AbstractMeterBenchmark.OPEN_NIO_CH})
public abstract class AbstractMeterBenchmark extends BenchmarkState {

    // JMH forks get what surefire gets (see pom.xml): HBase's client and HFile reader run there; annotation values must be constants
    static final String OPEN_LANG = "--add-opens=java.base/java.lang=ALL-UNNAMED";
    static final String OPEN_NIO = "--add-opens=java.base/java.nio=ALL-UNNAMED";
    static final String OPEN_UTIL = "--add-opens=java.base/java.util=ALL-UNNAMED";
    static final String OPEN_CONCURRENT = "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED";
    static final String OPEN_NIO_CH = "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED";

    /** The case's params against the class's {@code RULES}, then the target's settings (its preflight). */
    @Override
    protected void check(Case c) {
        super.check(c);
        ParamRules rules = ParamRules.declaredBy(getClass());
        if (rules != null) {
            rules.preflight();
        }
    }
}
