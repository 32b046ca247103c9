package dev.kensho.targets.redis.servers;

import dev.kensho.common.process.Executables;
import com.github.dockerjava.api.exception.ConflictException;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import dev.kensho.common.targets.DockerEngine;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Removes the Redis containers this JVM started, whatever way it ends — the job Testcontainers gives
 * its Ryuk container, which a host without an image registry turns off ({@code TESTCONTAINERS_RYUK_DISABLED=true};
 * Testcontainers' replacement then, a shutdown hook, does nothing after a SIGKILL). With Ryuk on too, so a
 * container never depends on which of them runs. Three guards, like {@code ChildProcess}'s:
 * <ol>
 * <li>{@link ContainerRedis#close()} removes its container;</li>
 * <li>a shutdown hook removes those still open on a normal exit, Ctrl-C or SIGTERM;</li>
 * <li>for SIGKILL, a crash or the OOM killer, a tiny {@code sh} watchdog per container holds a pipe
 *     whose write end only this JVM holds; at end-of-file without the word {@code closed} it runs
 *     {@code docker rm -f} (when a {@code docker} CLI is on the PATH and the engine is local);</li>
 * </ol>
 * and a sweep: every start first removes containers labelled by a JVM on this host that is gone.
 */
final class ContainerRedisReaper {

    static final String LABEL_TARGET = "dev.kensho.target";
    static final String LABEL_PID = "dev.kensho.pid";
    static final String LABEL_HOST = "dev.kensho.host";

    /** Open containers of this JVM, each with its watchdog if one could be started. */
    private static final Map<String, Optional<Process>> LIVE = new ConcurrentHashMap<>();

    // $1 = container id. Reads the JVM's pipe to its end; "closed" means the JVM removed it already.
    private static final String WATCHDOG = String.join("\n",
            "IFS= read -r word || word=",
            "[ \"$word\" = closed ] && exit 0",
            "docker rm -f \"$1\" >/dev/null 2>&1");

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (String id : Set.copyOf(LIVE.keySet())) {
                remove(id);
            }
        }, "kensho-container-reaper"));
    }

    private ContainerRedisReaper() {
    }

    /** The labels every container of this JVM carries. */
    static Map<String, String> labels() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put(LABEL_TARGET, "redis");
        m.put(LABEL_PID, Long.toString(ProcessHandle.current().pid()));
        m.put(LABEL_HOST, hostId());
        return m;
    }

    /** Guards a started container until {@link #remove(String)}. */
    static void watch(String containerId) {
        LIVE.put(containerId, watchdog(containerId));
    }

    /** Removes the container (if still there) and dismisses its watchdog. */
    static void remove(String containerId) {
        try {
            DockerEngine.client().removeContainerCmd(containerId).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException e) {
            // already gone: what we wanted
        } catch (ConflictException e) {
            // its removal is under way (Testcontainers' shutdown hook got there first)
        } finally {
            Process w = LIVE.getOrDefault(containerId, Optional.empty()).orElse(null);
            LIVE.remove(containerId);
            if (w != null) {
                try (OutputStream out = w.getOutputStream()) {
                    out.write("closed\n".getBytes(StandardCharsets.US_ASCII));
                } catch (IOException e) {
                    w.destroy();
                }
            }
        }
    }

    /** Removes containers left by JVMs of this host that no longer run (killed before any hook ran). */
    static void sweep() {
        if (!DockerEngine.local()) {
            return;
        }
        List<Container> found = DockerEngine.client().listContainersCmd().withShowAll(true)
                .withLabelFilter(Map.of(LABEL_TARGET, "redis", LABEL_HOST, hostId())).exec();
        for (Container c : found) {
            String pid = c.getLabels().get(LABEL_PID);
            boolean alive = pid != null && pid.matches("\\d+") && ProcessHandle.of(Long.parseLong(pid)).isPresent();
            if (!alive) {
                remove(c.getId());
            }
        }
    }

    private static Optional<Process> watchdog(String containerId) {
        if (!DockerEngine.local() || Executables.onPath("docker").isEmpty()) {
            return Optional.empty();
        }
        ProcessBuilder pb = new ProcessBuilder("/bin/sh", "-c", WATCHDOG, "kensho-container-watchdog", containerId)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        try {
            return Optional.of(pb.start());
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** This machine, as a label value: its boot id (pids are only unique within one boot), else its name. */
    private static String hostId() {
        Path boot = Paths.get("/proc/sys/kernel/random/boot_id");
        try {
            if (Files.isReadable(boot)) {
                return Files.readString(boot).strip();
            }
        } catch (IOException e) {
            // fall through to the host name
        }
        String name = System.getenv("HOSTNAME");
        return name == null ? "unknown" : name;
    }
}
