package dev.kensho.common.export;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Tells a run in progress from a killed one. A status.json that says {@code running} is only true while the launcher
 * that wrote it lives; a launcher ended by SIGKILL or a machine stop never writes its end, so each launcher records
 * who it is (pid, start time, host) and a later reader checks that process. The start time guards against a reused
 * pid, the host against judging a folder on a shared disk by another machine's pids.
 */
public final class KilledRuns {

    private KilledRuns() {
    }

    /** Which process writes this run, so a later reader can tell a run in progress from a killed one. */
    static void recordLauncher(ObjectNode s, ProcessHandle me) {
        s.put("launcherPid", me.pid());
        me.info().startInstant().ifPresent(t -> s.put("launcherStart", t.toString()));
        s.put("launcherHost", host());
    }

    /**
     * Whether the launcher named in status {@code s} is gone: no process with its pid, or one started at another time
     * (a reused pid). A status without a launcher, or written on another machine, is never judged gone.
     */
    static boolean launcherGone(JsonNode s) {
        if (!s.has("launcherPid")) {
            return false;
        }
        if (s.has("launcherHost") && !s.path("launcherHost").asText().equals(host())) {
            return false; // another machine's launcher: its pid means nothing here
        }
        Optional<ProcessHandle> p = ProcessHandle.of(s.path("launcherPid").asLong());
        boolean alive = p.isPresent() && p.get().isAlive() && (!s.has("launcherStart")
                || p.get().info().startInstant().map(t -> t.toString().equals(s.path("launcherStart").asText())).orElse(true));
        return !alive;
    }

    /** This machine's name, so a folder on a shared disk is not judged by another machine's pids. */
    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Every run folder under {@code root} whose status.json still says {@code running} although its launcher is gone:
     * each is marked {@link RunFolder#KILLED} there (so every later reader, and the report when it is re-rendered, says
     * so) and named in the returned lines, for the next launcher's console.
     */
    public static List<String> settle(Path root) {
        List<String> lines = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return lines;
        }
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : dirs.sorted().toList()) {
                if (!Files.isRegularFile(d.resolve(RunFolder.STATUS_FILE)) || !Files.isDirectory(d.resolve("jmh"))) {
                    continue;
                }
                RunFolder r = RunFolder.at(d);
                JsonNode st = r.status();
                if ("running".equals(st.path("state").asText()) && RunFolder.KILLED.equals(r.state())) {
                    String why = "its launcher (pid " + st.path("launcherPid").asLong() + ") ended without finishing the run";
                    r.markKilled(why);
                    lines.add("run " + d.getFileName() + " " + RunFolder.KILLED + ": " + why);
                }
            }
        } catch (IOException | TargetFailure e) {
            // a folder we cannot read or write stays as it is; this run goes on
        }
        return lines;
    }
}
