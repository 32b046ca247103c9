package dev.kensho.common.process;

import dev.kensho.common.TargetFailure;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server is ready when it holds its port, not when something answers on it: a port taken by another process
 * between {@link ChildProcess#freePort()} and the child's bind answers as well, while the child fails — and a
 * start must then try another port, never hand back the other process's server.
 */
class ChildProcessPortTest {

    @Test
    void aListenerThatIsNotTheChildIsNotItsReadiness(@TempDir Path dir) throws Exception {
        try (ServerSocket foreign = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            // the child fails to bind as the bundled (musl) redis-server says it, a moment after starting
            ChildProcess child = ChildProcess.start("embedded test server", List.of("/bin/sh", "-c",
                    "sleep 0.3; echo 'Could not create server TCP listening socket 127.0.0.1:1: bind: Address in use'; exit 1"),
                    dir, dir.resolve("server.log"));
            try {
                TargetFailure e = assertThrows(TargetFailure.class, () -> child.awaitListening(foreign.getLocalPort(),
                        "ready to accept connections", Duration.ofSeconds(20)), "the foreign listener was taken for the child");
                assertTrue(e.getMessage().contains("bind: Address in use"), e.getMessage());
            } finally {
                child.close();
            }
        }
    }

    @Test
    void theChildsOwnLineAndAListenerAreReadiness(@TempDir Path dir) throws Exception {
        try (ServerSocket listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            ChildProcess child = ChildProcess.start("embedded test server", List.of("/bin/sh", "-c",
                    "echo '1:M 29 Nov 2026 04:00:00.000 * Ready to accept connections tcp'; sleep 30"),
                    dir, dir.resolve("server.log"));
            try {
                child.awaitListening(listener.getLocalPort(), "ready to accept connections", Duration.ofSeconds(20));
            } finally {
                child.close();
            }
        }
    }

    @Test
    void aPortInUseIsTriedAgainWhicheverWordsTheLibcUses() {
        List<Integer> tried = new ArrayList<>();
        String started = ChildProcess.onFreePort("in use", port -> {
            tried.add(port);
            if (tried.size() == 1) {
                throw new TargetFailure("embedded redis-server exited at start (status 1): bind: Address in use");
            }
            return "server on " + port;
        });
        assertEquals(2, tried.size());
        assertEquals("server on " + tried.get(1), started);
        // any other failure is not retried
        assertThrows(TargetFailure.class, () -> ChildProcess.onFreePort("in use", port -> {
            throw new TargetFailure("embedded redis-server exited at start (status 1): bad config");
        }));
    }
}
