package dev.kensho.common.targets.redis;

import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.utility.DockerImageName;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Redis in a Docker container ({@code -Dkensho.redis.container=true}, image {@code kensho.redis.image},
 * default {@code redis:7.0.15}) for machines with a Docker engine. The suite owns it like the embedded one.
 */
public final class ContainerRedis extends RedisTarget {

    private final GenericContainer<?> container;

    private ContainerRedis(GenericContainer<?> container) {
        this.container = container;
    }

    public static boolean dockerAvailable() {
        try {
            return DockerClientFactory.instance().isDockerAvailable();
        } catch (Throwable t) {
            return false;
        }
    }

    public static ContainerRedis start(Map<String, String> config) {
        if (!dockerAvailable()) {
            throw new TargetFailure(Settings.REDIS_CONTAINER_PROPERTY + "=true but no Docker engine is reachable;"
                    + " drop it to use the embedded redis-server");
        }
        List<String> cmd = new ArrayList<>(List.of("redis-server", "--save", "", "--appendonly", "no"));
        config.forEach((k, v) -> {
            cmd.add("--" + k);
            cmd.add(v);
        });
        String pw = System.getenv(Settings.REDIS_PASSWORD_ENV);
        if (pw != null && !pw.isEmpty()) {
            cmd.add("--requirepass");
            cmd.add(pw);
        }
        GenericContainer<?> c = new GenericContainer<>(DockerImageName.parse(
                Settings.get(Settings.REDIS_IMAGE_PROPERTY, Settings.REDIS_IMAGE_DEFAULT)))
                .withExposedPorts(6379)
                .withCommand(cmd.toArray(String[]::new));
        try {
            c.start();
        } catch (RuntimeException e) {
            throw new TargetFailure("container redis: cannot start (" + e.getMessage() + ")", e);
        }
        return new ContainerRedis(c);
    }

    @Override
    public Kind kind() {
        return Kind.CONTAINER;
    }

    @Override
    public String host() {
        return container.getHost();
    }

    @Override
    public int port() {
        return container.getMappedPort(6379);
    }

    @Override
    protected String password() {
        String pw = System.getenv(Settings.REDIS_PASSWORD_ENV);
        return pw == null || pw.isEmpty() ? null : pw;
    }

    @Override
    public void close() {
        super.close();
        container.stop();
    }
}
