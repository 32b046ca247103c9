package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HBaseTargets;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension: ONE embedded mini cluster per test JVM (~10 s to start), the same
 * {@link HBaseTargets#shared()} the benchmarks use, injected as an {@link HBaseTarget} parameter. It is closed when
 * the JVM exits (the shutdown hook of {@link HBaseTargets#shared()}; the child's watchdog if the JVM is killed), not
 * from JUnit's root store: Surefire runs each test class of a reused fork as an execution of its own, whose root store
 * closes after that class, so a cluster kept there was started again for every class.
 */
public final class SharedHBase implements ParameterResolver {

    @Override
    public boolean supportsParameter(ParameterContext pc, ExtensionContext ec) {
        return pc.getParameter().getType() == HBaseTarget.class;
    }

    @Override
    public Object resolveParameter(ParameterContext pc, ExtensionContext ec) {
        return HBaseTargets.shared();
    }
}
