package dev.kensho.targets.redis;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Frame;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.targets.DockerEngine;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A Redis in a Docker container ({@code -Dkensho.redis.container=true}) for machines with a Docker
 * engine. The suite owns it like the embedded one (FLUSHDB, CONFIG SET allowed).
 *
 * <p>Image: unless {@code -Dkensho.redis.image} names one, a {@code FROM scratch} image holding only
 * the bundled, statically linked {@code redis-server} 7.0.15 is built on the engine
 * ({@link ContainerRedisImage}), so no registry is needed. The server reads a config file copied into
 * the container before it starts (the password never appears in argv or {@code docker inspect}); the
 * port is published on 127.0.0.1 only when the engine is local. Docker is driven through a plain
 * docker-java client (see {@link DockerEngine}), not Testcontainers' {@code GenericContainer}, so
 * neither Ryuk nor any other helper image is needed; {@link ContainerRedisReaper} removes the
 * container on close, at JVM exit, and after a SIGKILL.
 *
 * <p>Verified on Debian 12's {@code docker.io} (engine 20.10, overlay2) with no registry reachable.
 */
public final class ContainerRedis extends RedisTarget {

    private static final int PORT = 6379;
    private static final String CONF = "/kensho-redis.conf";
    private static final String READY = "Ready to accept connections";
    private static final long START_SECONDS = 30;

    private final String containerId;
    private final ContainerRedisImage image;
    private final String host;
    private final int port;
    private final String password;

    private ContainerRedis(String containerId, ContainerRedisImage image, String host, int port, String password) {
        this.containerId = containerId;
        this.image = image;
        this.host = host;
        this.port = port;
        this.password = password;
    }

    public static boolean dockerAvailable() {
        return DockerEngine.available();
    }

    /** Checks the container settings without contacting Docker. */
    static void validate() {
        ContainerRedisImage.validate();
    }

    /** Starts a server with these extra config lines ({@code io-threads -> 4}, …). */
    public static ContainerRedis start(Map<String, String> config) {
        if (!dockerAvailable()) {
            throw new TargetFailure(Settings.REDIS_CONTAINER_PROPERTY + "=true but no Docker engine is reachable"
                    + " (start dockerd, or set DOCKER_HOST); drop it to use the embedded redis-server");
        }
        ContainerRedisImage image = ContainerRedisImage.resolve();
        ContainerRedisReaper.sweep();
        String password = System.getenv(Settings.REDIS_PASSWORD_ENV);
        password = password == null || password.isEmpty() ? null : password;
        DockerClient docker = DockerEngine.client();
        boolean local = DockerEngine.local();
        ExposedPort exposed = ExposedPort.tcp(PORT);
        List<String> cmd = new ArrayList<>(image.command());
        cmd.add(CONF);
        String id;
        try {
            id = docker.createContainerCmd(image.reference())
                    .withCmd(cmd)
                    .withExposedPorts(exposed)
                    .withLabels(ContainerRedisReaper.labels())
                    .withHostConfig(HostConfig.newHostConfig().withPortBindings(new PortBinding(
                            local ? Ports.Binding.bindIp("127.0.0.1") : Ports.Binding.empty(), exposed)))
                    .exec().getId();
        } catch (RuntimeException e) {
            throw new TargetFailure("container redis (" + image.reference() + "): cannot create a container ("
                    + DockerEngine.firstLine(e) + ")", e);
        }
        ContainerRedisReaper.watch(id);
        try {
            copyConfig(docker, id, config, password);
            docker.startContainerCmd(id).exec();
            awaitReady(docker, id, image);
            InspectContainerResponse info = docker.inspectContainerCmd(id).exec();
            Ports.Binding[] b = info.getNetworkSettings().getPorts().getBindings().get(exposed);
            int hostPort = Integer.parseInt(b[0].getHostPortSpec());
            ContainerRedis r = new ContainerRedis(id, image, local ? "127.0.0.1" : DockerEngine.hostAddress(), hostPort, password);
            r.jedis().close(); // PINGs through the published port, or a one-line TargetFailure
            return r;
        } catch (RuntimeException e) {
            ContainerRedisReaper.remove(id);
            if (e instanceof TargetFailure) {
                throw e;
            }
            throw new TargetFailure("container redis (" + image.reference() + "): cannot start ("
                    + DockerEngine.firstLine(e) + ")", e);
        }
    }

    /** The config file, written to a private temp folder, copied into the container, then deleted here. */
    private static void copyConfig(DockerClient docker, String id, Map<String, String> config, String password) {
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
        Path dir = TempDirs.create("kensho-redis-conf-");
        try {
            Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
            Path file = dir.resolve(CONF.substring(1));
            Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
            // readable inside the container by a non-root server user (e.g. the official image's 'redis')
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
            docker.copyArchiveToContainerCmd(id).withHostResource(file.toString()).withRemotePath("/").exec();
        } catch (IOException e) {
            throw new TargetFailure("container redis: cannot write its config in " + dir + " (" + e.getMessage() + ")");
        } finally {
            TempDirs.delete(dir);
        }
    }

    /** Follows the container's output until redis-server says it is ready, or the container ends. */
    private static void awaitReady(DockerClient docker, String id, ContainerRedisImage image) {
        StringBuilder log = new StringBuilder();
        CountDownLatch ready = new CountDownLatch(1);
        ResultCallback.Adapter<Frame> follow = new ResultCallback.Adapter<>() {
            @Override
            public void onNext(Frame f) {
                synchronized (log) {
                    log.append(new String(f.getPayload(), StandardCharsets.UTF_8));
                    if (log.indexOf(READY) >= 0) {
                        ready.countDown();
                    }
                }
            }

            @Override
            public void onComplete() {
                super.onComplete();
                ready.countDown();
            }

            @Override
            public void onError(Throwable t) {
                super.onError(t);
                ready.countDown();
            }
        };
        try (ResultCallback.Adapter<Frame> ignored = docker.logContainerCmd(id).withStdOut(true).withStdErr(true)
                .withFollowStream(true).exec(follow)) {
            boolean ended = ready.await(START_SECONDS, TimeUnit.SECONDS);
            synchronized (log) {
                if (log.indexOf(READY) >= 0) {
                    return;
                }
                String tail = log.toString().strip();
                tail = tail.substring(Math.max(0, tail.lastIndexOf('\n') + 1));
                throw new TargetFailure("container redis (" + image.reference() + "): redis-server "
                        + (ended ? "exited at start" : "not ready after " + START_SECONDS + " s")
                        + (tail.isEmpty() ? "" : ": " + tail)
                        + (image.command().get(0).startsWith("/") ? " (a FROM scratch image needs a statically linked redis-server)" : ""));
            }
        } catch (IOException e) {
            throw new TargetFailure("container redis: lost its log stream (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("container redis: interrupted while it started");
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
        ContainerRedisReaper.remove(containerId);
    }
}
