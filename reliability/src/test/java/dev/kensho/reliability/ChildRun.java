package dev.kensho.reliability;

import dev.kensho.launcher.BenchMain;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The launcher ({@link BenchMain}) in a real child JVM, as {@code mvn verify -Pbench} runs it. */
final class ChildRun implements AutoCloseable {

    final Process process;
    final Path log;

    private ChildRun(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    static ChildRun start(Path workDir, Map<String, String> properties, Map<String, String> env, String... jmhArgs)
            throws IOException {
        AllBenchmarks.merge();
        List<String> cmd = new ArrayList<>();
        cmd.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add("-Djava.io.tmpdir=" + workDir.resolve("tmp"));
        cmd.add("-Dkensho.results=" + workDir.resolve("runs"));
        properties.forEach((k, v) -> cmd.add("-D" + k + "=" + v));
        cmd.add(BenchMain.class.getName());
        cmd.addAll(List.of(jmhArgs));
        Files.createDirectories(workDir.resolve("tmp"));
        Path log = workDir.resolve("child.log");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        // C1 only for the launcher and its JMH forks (they inherit the environment): the checks here are on processes,
        // lines and files, not on scores, and a run of seconds spends most of its CPU in the C2 compiler
        pb.environment().put("JDK_JAVA_OPTIONS", "-XX:TieredStopAtLevel=1");
        pb.environment().putAll(env);
        return new ChildRun(pb.start(), log);
    }

    String output() throws IOException {
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    /** The first descendant whose command line contains {@code name}, waiting up to {@code seconds}. */
    Optional<ProcessHandle> awaitDescendant(String name, int seconds) throws InterruptedException {
        return awaitDescendant(process, name, seconds);
    }

    /** The same for any process this test started (a launcher, a Maven build). */
    static Optional<ProcessHandle> awaitDescendant(Process process, String name, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline && process.isAlive()) {
            Optional<ProcessHandle> p = process.descendants()
                    .filter(h -> h.info().commandLine().orElse("").contains(name)).findFirst();
            if (p.isPresent()) {
                return p;
            }
            Thread.sleep(100); // polling for a process another JVM starts
        }
        return Optional.empty();
    }

    /** Waits for text in the child's output. */
    boolean awaitOutput(String text, int seconds) throws InterruptedException, IOException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline && process.isAlive()) {
            if (output().contains(text)) {
                return true;
            }
            Thread.sleep(100);
        }
        return output().contains(text);
    }

    static boolean awaitGone(ProcessHandle p, int seconds) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (System.nanoTime() < deadline) {
            if (!p.isAlive()) {
                return true;
            }
            Thread.sleep(50);
        }
        return !p.isAlive();
    }

    /** Every process whose command line names one of the suite's servers and that descends from us. */
    static List<ProcessHandle> strayServers() {
        return ProcessHandle.current().descendants().filter(h -> {
            String c = h.info().commandLine().orElse("");
            return c.contains("redis-server") || c.contains("kinesalite") || c.contains("kinesis");
        }).toList();
    }

    /** Ends the launcher and all it started (waited for), before the test's folder, which their servers work in, goes. */
    @Override
    public void close() {
        ProcessTrees.end(process, log.getParent());
    }
}
