package dev.kensho.common.targets;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.kensho.common.TargetFailure;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.EnvironmentAndSystemPropertyClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.TestcontainersConfiguration;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * The Docker engine the container targets use: {@code DOCKER_HOST} (or {@code docker.host} in
 * {@code ~/.testcontainers.properties}), else the local socket {@code /var/run/docker.sock}. A plain
 * docker-java client ({@link #client()}, the one Testcontainers builds, without its start-up) pings it,
 * builds, inspects and pulls images and removes containers; containers are started through
 * Testcontainers' {@code GenericContainer} after {@link #prepareTestcontainers()}.
 *
 * <p>Why that preparation: Testcontainers' start-up checks pull an image; they are turned off in memory
 * ({@code checks.disable=true}, its documented setting, nothing written to the user's file). And it finds the engine
 * through {@link Strategy} (its documented {@code docker.client.strategy} extension point, set in memory): the same
 * endpoint as {@link #host()}, and {@link #hostAddress()} as the Docker host address — else, in a JVM that itself
 * runs in a container ({@code /.dockerenv}, as on the machines this suite is built on), Testcontainers asks the
 * {@code bridge} network for its gateway and, when Docker 20.10 reports none there, runs an {@code alpine:3.17}
 * container to find it: a pull.
 *
 * <p>Ryuk, the helper container that removes what a killed JVM left, is Testcontainers' to run: on unless the user
 * turns it off with its documented setting, {@code TESTCONTAINERS_RYUK_DISABLED=true} in the environment (the only
 * one Testcontainers 1.20.6 reads; {@code ResourceReaper.instance()} takes it from {@code System.getenv}). Before a
 * container starts, {@link #requireRyuk} makes sure its image is on the engine or can be pulled, else one line
 * naming that setting — not minutes of retries. The targets keep their own reaper (e.g.
 * {@code ContainerRedisReaper}) for a run with Ryuk off: it removes containers after a SIGKILL too.
  */
public final class DockerEngine {

    /** Longest wait for one image pull on a host with a registry (an HBase image is ~1 GB). */
    private static final long PULL_MINUTES = 10;
    private static final String DEFAULT_HOST = "unix:///var/run/docker.sock";

    private static DockerClient client;
    private static Boolean available;
    private static boolean prepared;

    private DockerEngine() {
    }

    /** Where the engine is: {@code DOCKER_HOST}, Testcontainers' {@code docker.host}, else the local socket. */
    public static URI host() {
        String h = TestcontainersConfiguration.getInstance().getEnvVarOrUserProperty("docker.host", null);
        return URI.create(h == null || h.isBlank() ? DEFAULT_HOST : h.trim());
    }

    /** True when a Docker engine answers a ping (asked once per JVM; nothing is started to find out). */
    public static synchronized boolean available() {
        if (available == null) {
            URI h = host();
            try {
                if ("unix".equals(h.getScheme()) && !Files.exists(Paths.get(h.getPath()))) {
                    available = false;
                } else {
                    client().pingCmd().exec();
                    available = true;
                }
            } catch (Throwable t) {
                available = false;
            }
        }
        return available;
    }

    /** The shared client (never closed: it lives as long as the JVM). */
    public static synchronized DockerClient client() {
        if (client == null) {
            client = DockerClientProviderStrategy.getClientForConfig(TransportConfig.builder().dockerHost(host()).build());
        }
        return client;
    }

    /**
     * Makes Testcontainers start containers without pulling its start-up check's image or probing for a gateway,
     * once per JVM and before its first container: start-up checks off (unless {@code TESTCONTAINERS_CHECKS_DISABLE}
     * says otherwise) and the engine found through {@link Strategy} (unless
     * {@code TESTCONTAINERS_DOCKER_CLIENT_STRATEGY} names another). Ryuk is left as the user set it
     * ({@link #requireRyuk}).
     */
    public static synchronized void prepareTestcontainers() {
        if (prepared) {
            return;
        }
        // the live user properties, not ~/.testcontainers.properties: getEnvVarOrUserProperty reads them
        Properties user = TestcontainersConfiguration.getInstance().getUserProperties();
        if (System.getenv("TESTCONTAINERS_CHECKS_DISABLE") == null) {
            user.setProperty("checks.disable", "true");
        }
        if (System.getenv("TESTCONTAINERS_DOCKER_CLIENT_STRATEGY") == null) {
            user.setProperty("docker.client.strategy", Strategy.class.getName());
        }
        prepared = true;
    }

    /** The environment variable, documented by Testcontainers, that turns Ryuk off. */
    public static final String RYUK_DISABLED = "TESTCONTAINERS_RYUK_DISABLED";

    /** True when the user turned Ryuk off ({@value #RYUK_DISABLED}{@code =true}): Testcontainers then starts none. */
    public static boolean ryukOff() {
        return Boolean.parseBoolean(System.getenv(RYUK_DISABLED));
    }

    /**
     * Unless Ryuk is off, its image must be on the engine or pullable: else one line for {@code what}, naming
     * {@value #RYUK_DISABLED}, before Testcontainers' minutes of retries.
     */
    @SuppressWarnings("deprecation") // getRyukImage: the only public way to learn which image Ryuk needs
    public static void requireRyuk(String what) {
        if (!ryukOff()) {
            requireImage(TestcontainersConfiguration.getInstance().getRyukImage(), what + " (Testcontainers' Ryuk helper,"
                    + " which removes the containers of a killed run)", "set " + RYUK_DISABLED + "=true in the environment"
                    + " (the suite's own reaper then removes them)");
        }
    }

    /**
     * How Testcontainers finds the engine once {@link #prepareTestcontainers()} ran: {@link #host()}, with
     * {@link #hostAddress()} (or {@code TESTCONTAINERS_HOST_OVERRIDE}) as the address of published ports,
     * so it never runs a container to find a gateway. Nothing is written to {@code ~/.testcontainers.properties}:
     * Testcontainers loads a configured strategy only if it is persistable, and persists it only when the
     * property does not already name it.
     */
    public static final class Strategy extends DockerClientProviderStrategy {

        public Strategy() {
            // instantiated by Testcontainers from the docker.client.strategy property
        }

        @Override
        public TransportConfig getTransportConfig() {
            return TransportConfig.builder().dockerHost(host()).build();
        }

        @Override
        public String getDescription() {
            return "kensho: " + host();
        }

        /** Tried before the built-in strategies (which would probe for a gateway): the endpoint is the same. */
        @Override
        protected int getPriority() {
            return EnvironmentAndSystemPropertyClientProviderStrategy.PRIORITY + 10;
        }

        @Override
        public synchronized String getDockerHostIpAddress() {
            String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
            return override == null || override.isBlank() ? hostAddress() : override.strip();
        }
    }

    /** True when the engine runs on this machine (unix socket or a loopback address). */
    public static boolean local() {
        String a = hostAddress();
        return a.startsWith("127.") || "localhost".equals(a) || "::1".equals(a) || "[::1]".equals(a);
    }

    /** The address at which published ports of the engine's containers are reached. */
    public static String hostAddress() {
        URI h = host();
        return "unix".equals(h.getScheme()) || "npipe".equals(h.getScheme()) || h.getHost() == null ? "127.0.0.1" : h.getHost();
    }

    public static boolean hasImage(String image) {
        try {
            client().inspectImageCmd(image).exec();
            return true;
        } catch (NotFoundException e) {
            return false;
        }
    }

    /**
     * Makes sure {@code image} is on the engine: already there, or pulled once now. Otherwise one line:
     * {@code what} could not get the image, and what to do instead ({@code instead}).
     */
    public static void requireImage(String image, String what, String instead) {
        if (hasImage(image)) {
            return;
        }
        DockerImageName name = DockerImageName.parse(image);
        try {
            boolean done = client().pullImageCmd(name.getUnversionedPart())
                    .withTag(name.getVersionPart())
                    .exec(new ResultCallback.Adapter<PullResponseItem>())
                    .awaitCompletion(PULL_MINUTES, TimeUnit.MINUTES);
            if (done && hasImage(image)) {
                return;
            }
            throw new TargetFailure(what + ": image " + image + " is not on this Docker host and "
                    + (done ? "its pull ended without it" : "its pull took over " + PULL_MINUTES + " min") + "; " + instead);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure(what + ": interrupted while pulling image " + image);
        } catch (RuntimeException e) {
            if (e instanceof TargetFailure) {
                throw e;
            }
            throw new TargetFailure(what + ": image " + image + " is not on this Docker host and cannot be pulled ("
                    + firstLine(e) + "); without a reachable image registry " + instead, e);
        }
    }

    /**
     * For targets that start through Testcontainers' {@code GenericContainer}: the helper images it will
     * pull must be on the engine or pullable — Ryuk unless the user turned it off ({@link #requireRyuk}), and
     * {@code alpine:3.17} (to find the gateway) when this JVM runs where {@code /.dockerenv} exists, unless
     * {@code TESTCONTAINERS_HOST_OVERRIDE} names the host. Otherwise one line, before minutes of retries.
     */
    public static void requireTestcontainersHelper(String what) {
        requireRyuk(what);
        String override = System.getenv("TESTCONTAINERS_HOST_OVERRIDE");
        if (Files.exists(Paths.get("/.dockerenv")) && (override == null || override.isBlank())) {
            requireImage("alpine:3.17", what + " (Testcontainers' gateway probe)",
                    "set TESTCONTAINERS_HOST_OVERRIDE=localhost in the environment");
        }
    }

    /** The first line of an exception's message, for one-line failures. */
    public static String firstLine(Throwable e) {
        Throwable t = e;
        while (t.getMessage() == null && t.getCause() != null) {
            t = t.getCause();
        }
        String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage().strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }
}
