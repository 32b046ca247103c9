package dev.kensho.hbase.meter;

import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HBaseTargets;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension: ONE embedded mini cluster per test JVM (~10 s to start), the same
 * {@link HBaseTargets#shared()} the benchmarks use, closed when the JVM's tests end (root-store
 * {@code CloseableResource}). Injected as an {@link HBaseTarget} parameter.
 */
public final class SharedHBase implements ParameterResolver {

    private static final class Holder implements ExtensionContext.Store.CloseableResource {
        final HBaseTarget target = HBaseTargets.shared();

        @Override
        public void close() {
            HBaseTargets.closeShared();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext pc, ExtensionContext ec) {
        return pc.getParameter().getType() == HBaseTarget.class;
    }

    @Override
    public Object resolveParameter(ParameterContext pc, ExtensionContext ec) {
        return ec.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(Holder.class, k -> new Holder(), Holder.class).target;
    }
}
