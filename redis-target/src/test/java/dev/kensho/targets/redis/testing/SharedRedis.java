package dev.kensho.targets.redis.testing;

import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

import java.util.Map;

/**
 * JUnit 5 extension: one embedded redis-server per test JVM (started on first use, stopped when the
 * JVM's tests end), injected as a {@link RedisTarget} parameter. Tests that need their own server
 * config start one with {@link RedisTargets#open(Map)} and close it themselves.
 *
 * <pre>{@code @ExtendWith(SharedRedis.class)
 * class MyBenchmarkTest { @Test void once(RedisTarget redis) { … } }}</pre>
 */
public final class SharedRedis implements ParameterResolver {

    private static final class Holder implements ExtensionContext.Store.CloseableResource {
        final RedisTarget target = RedisTargets.open(Map.of());

        @Override
        public void close() {
            target.close();
        }
    }

    @Override
    public boolean supportsParameter(ParameterContext pc, ExtensionContext ec) {
        return pc.getParameter().getType() == RedisTarget.class;
    }

    @Override
    public Object resolveParameter(ParameterContext pc, ExtensionContext ec) {
        return ec.getRoot().getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(Holder.class, k -> new Holder(), Holder.class).target;
    }
}
