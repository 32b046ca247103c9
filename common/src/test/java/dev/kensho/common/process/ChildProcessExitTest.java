package dev.kensho.common.process;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Why a server ended before it was ready: when the run is being stopped (a Ctrl-C reaches the server and the launcher
 * alike) that is the reason, not the server's last log line — an HBase mini cluster's was an SLF4J warning.
 */
class ChildProcessExitTest {

    private static final String WARNING = "SLF4J(W): Class path contains SLF4J bindings targeting slf4j-api versions 1.7.x";

    @Test
    void aServerEndedWhileTheRunStopsNamesTheStopNotItsLastLogLine(@TempDir Path dir) throws Exception {
        // the server prints a warning and is then ended by a signal, as a Ctrl-C ends it
        ChildProcess p = ChildProcess.start("embedded test server",
                List.of("/bin/sh", "-c", "echo '" + WARNING + "'; kill -TERM $$"), dir, dir.resolve("server.log"));
        assertTrue(p.exitedWithin(Duration.ofSeconds(20)), "the test server ends at once");
        assertEquals("embedded test server stopped while starting: this run was interrupted (SIGINT or SIGTERM)",
                StartExit.line(p.name(), 143, true, p.logTail()));
        // the same end while this JVM goes on: the signal and the log are what there is to say
        String line = p.exitedAtStart();
        assertTrue(line.startsWith("embedded test server exited at start (ended by signal SIGTERM): " + WARNING), line);
    }

    @Test
    void aServerThatFailsOnItsOwnSaysItsStatusAndLog(@TempDir Path dir) throws Exception {
        ChildProcess p = ChildProcess.start("embedded test server", List.of("/bin/sh", "-c", "echo 'bad config'; exit 3"),
                dir, dir.resolve("server.log"));
        assertTrue(p.exitedWithin(Duration.ofSeconds(20)));
        assertEquals("embedded test server exited at start (status 3): bad config", p.exitedAtStart());
    }
}
