package dev.kensho.targets.hbase;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.ChildProcess;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * How {@link EmbeddedHBase}'s child JVM is launched and known to be ready: its command line (this JVM's classpath in
 * an @-file, the add-opens HBase needs on JDK 17, the JFR options of a profiled run, {@link MiniClusterMain} and the
 * cluster-level settings as arguments), and the ready line it prints with its ZooKeeper and control ports. Kept apart
 * from the target, which once the child runs is only its client (tables, flushes, store files, the server record).
 */
final class MiniClusterLaunch {

    /** The packages HBase 2.6 / Hadoop reflect into on JDK 17; without them the mini cluster fails or hangs. */
    static final List<String> ADD_OPENS = List.of("java.lang", "java.nio", "java.util", "java.util.concurrent", "sun.nio.ch");

    private static final Pattern READY = Pattern.compile(MiniClusterMain.READY + " zk=(\\d+) control=(\\d+)");

    private MiniClusterLaunch() {
    }

    /**
     * The cluster-level settings the child starts with (its arguments), as the in-process cluster had them:
     * info servers off, a WAL the local filesystem can carry, no per-call warning for the write-up's
     * 10,000-row batches.
     */
    static Map<String, String> serverConfig() {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("hbase.master.info.port", "-1");
        c.put("hbase.regionserver.info.port", "-1");
        // the local filesystem has no hflush/hsync capability and no async output stream
        c.put("hbase.wal.provider", "filesystem");
        c.put("hbase.unsafe.stream.capability.enforce", "false");
        c.put("hbase.rpc.rows.warning.threshold", "100000");
        return c;
    }

    /** java @args (the classpath, too long for one argument of some kernels) + the add-opens + the main. */
    static List<String> command(Path dir, int regionServers) {
        Path argFile = dir.resolve("classpath.args");
        // absolute entries: the child runs in its data folder, where a relative entry names nothing
        String cp = Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.isEmpty()).map(e -> Paths.get(e).toAbsolutePath().toString())
                .collect(Collectors.joining(File.pathSeparator))
                .replace("\\", "\\\\").replace("\"", "\\\"");
        try {
            Files.writeString(argFile, "-cp \"" + cp + "\"\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TargetFailure("embedded HBase: cannot write " + argFile + " (" + e.getMessage() + ")");
        }
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("@" + argFile);
        ADD_OPENS.forEach(pkg -> cmd.add("--add-opens=java.base/" + pkg + "=ALL-UNNAMED"));
        cmd.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        cmd.add("-Dtest.build.data.basedirectory=" + dir); // HBaseTestingUtility puts its data here
        cmd.addAll(ServerJfr.options()); // -Dkensho.jfr=true: each case's fork records the server's side too
        cmd.add(MiniClusterMain.class.getName());
        cmd.add(Integer.toString(regionServers));
        serverConfig().forEach((k, v) -> cmd.add(k + "=" + v));
        return cmd;
    }

    /** Waits for the child's ready line in its log; returns {ZooKeeper port, control port}. */
    static int[] awaitReady(ChildProcess p, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try {
                for (String line : Files.readAllLines(p.log(), StandardCharsets.UTF_8)) {
                    Matcher m = READY.matcher(line);
                    if (m.matches()) {
                        return new int[]{Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
                    }
                }
            } catch (IOException | UncheckedIOException notYet) {
                // the log is being written; read it again
            }
            if (!p.isAlive()) {
                throw new TargetFailure(p.exitedAtStart()); // names a SIGINT as the reason, not the log's last warning
            }
            try {
                Thread.sleep(50); // readiness poll of a starting process, not part of any measurement
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new TargetFailure("embedded HBase mini cluster: interrupted while starting");
            }
        }
        throw new TargetFailure("embedded HBase mini cluster did not start within " + timeout.toSeconds() + " s: " + p.logTail());
    }
}
