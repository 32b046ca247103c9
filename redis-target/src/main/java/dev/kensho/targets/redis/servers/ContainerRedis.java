package dev.kensho.targets.redis.servers;

import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;
import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.DockerEngine;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.startupcheck.StartupCheckStrategy;
import org.testcontainers.images.builder.Transferable;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * A Redis in a Docker container ({@code -Dkensho.redis.container=true}) for machines with a Docker
 * engine. The suite owns it like the embedded one (FLUSHDB, CONFIG SET allowed).
 *
 * <p>Image: unless {@code -Dkensho.redis.image} names one, a {@code FROM scratch} image holding only
 * the bundled, statically linked {@code redis-server} 7.0.15 is built on the engine
 * ({@link ContainerRedisImage}), so no registry is needed. The container is a Testcontainers
 * {@link GenericContainer} ({@link #container()}) created from that image as it is (no pull, no image
 * name substitution), with the start-up checks off ({@link DockerEngine#prepareTestcontainers()}); Testcontainers'
 * Ryuk runs beside it unless {@code TESTCONTAINERS_RYUK_DISABLED=true} turns it off, and its image must then be at
 * hand ({@link DockerEngine#requireRyuk}): with Ryuk off, nothing is pulled. The server reads a config file copied into the container before it starts
 * (the password never appears in argv, {@code docker inspect} or a file on this host); the port is
 * published on 127.0.0.1 only when the engine is local. With Ryuk or without, {@link ContainerRedisReaper}
 * removes the container on close, at JVM exit, and after a SIGKILL (from the moment it is created).
 *
 * <p>Verified on Debian 12's {@code docker.io} (engine 20.10, overlay2) with no registry reachable.
 */
public final class ContainerRedis extends RedisTarget {

    private static final int PORT = 6379;
    private static final String CONF = "/kensho-redis.conf";
    private static final long START_SECONDS = 30;

    private final RedisContainer container;
    private final String containerId; // kept: Testcontainers forgets it on stop()
    private final ContainerRedisImage image;
    private final String host;
    private final int port;
    private final String password;

    private ContainerRedis(RedisContainer container, ContainerRedisImage image, String host, int port, String password) {
        this.container = container;
        this.containerId = container.getContainerId();
        this.image = image;
        this.host = host;
        this.port = port;
        this.password = password;
    }

    public static boolean dockerAvailable() {
        return DockerEngine.available();
    }

    /** Checks the container settings without contacting Docker. */
    public static void validate() {
        ContainerRedisImage.validate();
    }

    /** Starts a server with these extra config lines ({@code io-threads -> 4}, …). */
    public static ContainerRedis start(Map<String, String> config) {
        return start(config, c -> { });
    }

    /** {@link #start(Map)}, with the container adjusted before it is created (tests: a start that fails early). */
    static ContainerRedis start(Map<String, String> config, Consumer<GenericContainer<?>> adjust) {
        if (!dockerAvailable()) {
            throw new TargetFailure(RedisSettings.CONTAINER.key() + "=true but no Docker engine is reachable"
                    + " (start dockerd, or set DOCKER_HOST); drop it to use the embedded redis-server");
        }
        ContainerRedisImage image = ContainerRedisImage.resolve();
        ContainerRedisReaper.sweep();
        DockerEngine.prepareTestcontainers();
        DockerEngine.requireRyuk(RedisSettings.CONTAINER.key() + "=true");
        String password = System.getenv(RedisSettings.PASSWORD.key());
        password = password == null || password.isEmpty() ? null : password;
        boolean local = DockerEngine.local();
        List<String> cmd = new ArrayList<>(image.command());
        cmd.add(CONF);
        RedisContainer c = new RedisContainer(image)
                .withCommand(cmd.toArray(String[]::new))
                .withExposedPorts(PORT)
                .withLabels(ContainerRedisReaper.labels())
                .withCopyToContainer(Transferable.of(config(config, password), 0644), CONF)
                // redis-server's own log decides (a FROM scratch image has no shell for Testcontainers' port check)
                .withStartupCheckStrategy(new StartupCheckStrategy() {
                    @Override
                    public StartupStatus checkStartupState(DockerClient docker, String id) {
                        return StartupStatus.SUCCESSFUL;
                    }
                })
                .waitingFor(new ContainerReadyLine(image).withStartupTimeout(Duration.ofSeconds(START_SECONDS)));
        if (local) {
            ExposedPort exposed = ExposedPort.tcp(PORT);
            c.withCreateContainerCmdModifier(create -> create.getHostConfig().withPortBindings(
                    new PortBinding(Ports.Binding.bindIp("127.0.0.1"), exposed)));
        }
        adjust.accept(c);
        try {
            c.start();
            ContainerRedis r = new ContainerRedis(c, image, local ? "127.0.0.1" : DockerEngine.hostAddress(),
                    c.getMappedPort(PORT), password);
            r.jedis().close(); // PINGs through the published port, or a one-line TargetFailure
            return r;
        } catch (RuntimeException e) {
            TargetFailure why = null;
            for (Throwable t = e; t != null && why == null; t = t.getCause()) {
                why = t instanceof TargetFailure ? (TargetFailure) t : null;
            }
            // Testcontainers removed the container before our wait strategy ran (it exited before its ports
            // were inspected): the hook that saw it go says why, from its log
            why = why != null ? why : c.exitedAtStart;
            stop(c);
            if (why != null) {
                throw why;
            }
            throw new TargetFailure("container redis (" + image.reference() + "): cannot start ("
                    + DockerEngine.firstLine(e) + ")", e);
        }
    }

    /** Testcontainers' container, for its API (logs, inspect, …); stopped and removed by {@link #close()}. */
    public GenericContainer<?> container() {
        return container;
    }

    /** The config file's bytes: copied into the container before it starts, never written on this host. */
    private static byte[] config(Map<String, String> config, String password) {
        Map<String, String> conf = new LinkedHashMap<>();
        conf.put("port", Integer.toString(PORT));
        conf.put("bind", "0.0.0.0");
        // the engine's port proxy connects from the bridge, not loopback; the port is published on 127.0.0.1
        conf.put("protected-mode", "no");
        conf.put("daemonize", "no");
        conf.put("save", "\"\"");
        conf.put("appendonly", "no");
        conf.put("logfile", "\"\"");
        conf.putAll(config);
        if (password != null) {
            conf.put("requirepass", "\"" + password.replace("\"", "\\\"") + "\"");
        }
        StringBuilder sb = new StringBuilder();
        conf.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
        // mode 0644: readable by a non-root server user (e.g. the official image's 'redis')
        return sb.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Stops and removes the container through Testcontainers, then through the reaper (which also dismisses its watchdog). */
    private static void stop(RedisContainer c) {
        String id = c.createdId; // not getContainerId(): Testcontainers forgets it when a start fails
        try {
            c.stop();
        } finally {
            if (id != null) {
                ContainerRedisReaper.remove(id);
            }
        }
    }

    /** The GenericContainer, guarded by {@link ContainerRedisReaper} from the moment the engine creates it. */
    private static final class RedisContainer extends GenericContainer<RedisContainer> {

        private final ContainerRedisImage image;
        private boolean started;
        /** Why redis-server ended before it was ready, when Testcontainers stopped it for that. */
        TargetFailure exitedAtStart;
        /** The id the engine gave it, kept for the reaper. */
        String createdId;

        RedisContainer(ContainerRedisImage image) {
            super(CompletableFuture.completedFuture(image.reference())); // the image as it is: no pull policy, no substitution
            this.image = image;
        }

        @Override
        protected void containerIsCreated(String containerId) {
            createdId = containerId;
            ContainerRedisReaper.watch(containerId);
        }

        @Override
        protected void containerIsStarted(InspectContainerResponse info) {
            started = true;
        }

        /**
         * Called by Testcontainers' {@code stop()} while the container still exists, also when its start
         * failed before the wait strategy ran (a container that exits at once shows no mapped ports, and
         * Testcontainers gives up waiting for them): then the container's state and log say why.
         */
        @Override
        protected void containerIsStopping(InspectContainerResponse info) {
            if (started || getContainerId() == null) {
                return;
            }
            try {
                InspectContainerResponse.ContainerState state =
                        DockerEngine.client().inspectContainerCmd(getContainerId()).exec().getState();
                if (!Boolean.TRUE.equals(state.getRunning())) {
                    exitedAtStart = ContainerReadyLine.startFailure(image, "exited at start", getLogs());
                }
            } catch (RuntimeException e) {
                // gone already: the caller reports Testcontainers' own reason
            }
        }
    }

    @Override
    public Kind kind() {
        return Kind.CONTAINER;
    }

    @Override
    public String host() {
        return host;
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    protected String password() {
        return password;
    }

    /** The engine's id of the running container. */
    public String containerId() {
        return containerId;
    }

    /** The engine's id of the image it runs ({@code sha256:…}). */
    public String imageId() {
        return image.id();
    }

    @Override
    public String describe() {
        return "container redis-server (" + image.origin() + "; image " + shortId(image.id()) + " " + image.reference()
                + "; container " + shortId(containerId) + ") on " + host + ":" + port;
    }

    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> m = super.serverInfo();
        m.put("container", image.origin());
        m.put("image", image.reference());
        m.put("image_id", image.id());
        m.put("container_id", containerId);
        return m;
    }

    private static String shortId(String id) {
        String hex = id.startsWith("sha256:") ? id.substring(7) : id;
        return hex.substring(0, Math.min(12, hex.length()));
    }

    @Override
    public void close() {
        super.close();
        stop(container);
    }
}
