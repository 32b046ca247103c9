package dev.kensho.common.targets;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.async.ResultCallback;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.PullResponseItem;
import dev.kensho.common.TargetFailure;
import org.testcontainers.dockerclient.DockerClientProviderStrategy;
import org.testcontainers.dockerclient.TransportConfig;
import org.testcontainers.utility.DockerImageName;
import org.testcontainers.utility.TestcontainersConfiguration;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * The Docker engine the container targets use: {@code DOCKER_HOST} (or {@code docker.host} in
 * {@code ~/.testcontainers.properties}), else the local socket {@code /var/run/docker.sock}, reached
 * through a plain docker-java client (the one Testcontainers builds, without its start-up).
 *
 * <p>Why not Testcontainers' {@code DockerClientFactory}: its first use starts the helper container
 * Ryuk, whose image must be pulled, and — when {@code /.dockerenv} exists, as on the machines this suite
 * is built on — runs an {@code alpine} container to find the gateway; on a host that reaches no image
 * registry both pulls fail after minutes of retries. {@code TESTCONTAINERS_RYUK_DISABLED=true} only
 * avoids the first, and only as an environment variable (1.20.6 reads no property for it). So the
 * Redis target uses this client and removes its containers itself.
 */
public final class DockerEngine {

    /** Longest wait for one image pull on a host with a registry (an HBase image is ~1 GB). */
    private static final long PULL_MINUTES = 10;
    private static final String DEFAULT_HOST = "unix:///var/run/docker.sock";

    private static DockerClient client;
    private static Boolean available;

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
     * pull must be on the engine or pullable — Ryuk unless {@code TESTCONTAINERS_RYUK_DISABLED=true}, and
     * {@code alpine:3.17} (to find the gateway) when this JVM runs where {@code /.dockerenv} exists, unless
     * {@code TESTCONTAINERS_HOST_OVERRIDE} names the host. Otherwise one line, before minutes of retries.
     */
    @SuppressWarnings("deprecation") // getRyukImage: the only public way to learn which image Ryuk needs
    public static void requireTestcontainersHelper(String what) {
        if (!Boolean.parseBoolean(System.getenv("TESTCONTAINERS_RYUK_DISABLED"))) {
            requireImage(TestcontainersConfiguration.getInstance().getRyukImage(), what + " (Testcontainers' Ryuk helper)",
                    "set TESTCONTAINERS_RYUK_DISABLED=true in the environment");
        }
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
