package dev.kensho.targets.redis.servers;

import com.github.dockerjava.api.exception.NotFoundException;
import dev.kensho.common.targets.DockerEngine;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A JVM that holds a Redis container and is killed with SIGKILL (no shutdown hook runs) leaves no
 * container behind: its watchdog removes it, or — without a {@code docker} CLI — the next start's sweep.
 */
class ContainerRedisKilledTest {

    /** The child JVM: starts a container target, prints its id, and waits to be killed. */
    public static void main(String[] args) throws Exception {
        ContainerRedis r = ContainerRedis.start(Map.of());
        System.out.println("container=" + r.containerId());
        System.out.flush();
        System.in.read();
    }

    @Test
    void containerOfAKilledJvmIsRemoved() throws Exception {
        assumeTrue(DockerEngine.available(), ContainerRedisTest.NO_DOCKER);
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                ContainerRedisKilledTest.class.getName())
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        String id = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line; (line = out.readLine()) != null; ) {
                if (line.startsWith("container=")) {
                    id = line.substring("container=".length());
                    break;
                }
            }
            assertNotNull(id, "the child JVM started a container");
            assertTrue(DockerEngine.client().inspectContainerCmd(id).exec().getState().getRunning());
            child.destroyForcibly(); // SIGKILL: no shutdown hook
            child.waitFor();
        } finally {
            child.destroyForcibly();
        }
        if (dev.kensho.common.process.Executables.onPath("docker").isEmpty()) {
            ContainerRedisReaper.sweep();
        }
        assertTrue(gone(id), "container " + id + " of the killed JVM is removed");
    }

    /** Waits for the watchdog's {@code docker rm -f}; a generous bound only so a broken guard cannot hang the build. */
    private static boolean gone(String id) throws InterruptedException {
        for (int i = 0; i < 600; i++) {
            try {
                DockerEngine.client().inspectContainerCmd(id).exec();
            } catch (NotFoundException e) {
                return true;
            }
            Thread.sleep(100);
        }
        return false;
    }
}
