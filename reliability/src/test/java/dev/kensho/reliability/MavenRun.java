package dev.kensho.reliability;

import dev.kensho.common.SettingGroup;
import dev.kensho.common.SettingSources;
import dev.kensho.common.Settings;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The README's benchmark command, {@code ./mvnw verify -Pbench -pl <module> -am …}, run for real in a
 * copy of this checkout — the path users type, not a shortcut into {@code main()}. The copy carries the
 * built {@code target/} folders of the modules it runs (with their times), so the nested build has little
 * to compile, and it never rewrites the jars of the build that runs this test.
 */
final class MavenRun implements AutoCloseable {

    final Process process;
    final Path log;

    private MavenRun(Process process, Path log) {
        this.process = process;
        this.log = log;
    }

    /** Copies the checkout's build files, and sources and build output of {@code modules}, into {@code into}. */
    static Path copyCheckout(Path into, Set<String> modules) throws IOException {
        Path root = Settings.root();
        for (String f : List.of("pom.xml", "mvnw")) {
            Files.copy(root.resolve(f), into.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
        }
        copyTree(root.resolve(".mvn"), into.resolve(".mvn"));
        try (Stream<Path> dirs = Files.list(root)) {
            for (Path d : dirs.filter(d -> Files.isRegularFile(d.resolve("pom.xml"))).toList()) {
                String name = d.getFileName().toString();
                Files.createDirectories(into.resolve(name));
                Files.copy(d.resolve("pom.xml"), into.resolve(name).resolve("pom.xml"), StandardCopyOption.COPY_ATTRIBUTES);
                if (modules.contains(name)) {
                    copyTree(d.resolve("src"), into.resolve(name).resolve("src"));
                    copyTree(d.resolve("target"), into.resolve(name).resolve("target"));
                    relocateCompilerState(into.resolve(name).resolve("target").resolve("maven-status"), root, into);
                } else {
                    copySettingDeclarations(d, into.resolve(name));
                }
            }
        }
        return into;
    }

    /**
     * A module left out of the copy keeps its settings' declarations (its classes marked
     * {@code @AutoService(SettingGroup.class)}), as a checkout's module that this build does not compile: launchers
     * read its keys from them.
     */
    private static void copySettingDeclarations(Path module, Path to) throws IOException {
        for (Path f : SettingSources.registering(module, SettingGroup.class)) {
            Files.createDirectories(to.resolve(f).getParent());
            Files.copy(module.resolve(f), to.resolve(f), StandardCopyOption.COPY_ATTRIBUTES);
        }
    }

    /** The compiler plugin's file lists name absolute paths: point them at the copy, or it recompiles all. */
    private static void relocateCompilerState(Path status, Path from, Path to) throws IOException {
        if (!Files.isDirectory(status)) {
            return;
        }
        try (Stream<Path> files = Files.walk(status)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".lst")).toList()) {
                java.nio.file.attribute.FileTime t = Files.getLastModifiedTime(f);
                Files.writeString(f, Files.readString(f).replace(from.toString(), to.toString()));
                Files.setLastModifiedTime(f, t);
            }
        }
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        Files.walkFileTree(from, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) throws IOException {
                if (dir.getFileName().toString().startsWith("kensho-redis-") || dir.endsWith("kensho-runs")) {
                    return FileVisitResult.SKIP_SUBTREE; // a server's temp folder or earlier results
                }
                Files.createDirectories(to.resolve(from.relativize(dir).toString()));
                return FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                // a folder newer than its module's jar makes Maven rebuild the jar, and every module after it recompile
                Files.setLastModifiedTime(to.resolve(from.relativize(dir).toString()), Files.getLastModifiedTime(dir));
                return super.postVisitDirectory(dir, e);
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                if (attrs.isRegularFile()) {
                    Files.copy(file, to.resolve(from.relativize(file).toString()), StandardCopyOption.COPY_ATTRIBUTES,
                            LinkOption.NOFOLLOW_LINKS);
                }
                return FileVisitResult.CONTINUE;
            }
        });
    }

    /** Starts {@code ./mvnw -B -ntp verify -Pbench <args>} in {@code checkout}; output in {@code log}. */
    static MavenRun start(Path checkout, String log, Map<String, String> env, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of("./mvnw", "-B", "-ntp", "verify", "-Pbench"));
        cmd.addAll(List.of(args));
        Path out = checkout.resolve(log);
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(checkout.toFile()).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("KENSHO_"));
        // A build of a few seconds spends most of its CPU in the JIT: C1 alone for Maven's JVM halved these tests' CPU
        // (129 -> 74 CPU-s); for the launcher and its JMH fork too (JDK_JAVA_OPTIONS: they inherit the environment),
        // 10.3 -> 7.9 CPU-s for a smoke run of SetImport. The checks here are on keys, lines and files, not on scores.
        pb.environment().put("MAVEN_OPTS", "-XX:TieredStopAtLevel=1 -XX:+UseSerialGC");
        pb.environment().put("JDK_JAVA_OPTIONS", "-XX:TieredStopAtLevel=1");
        pb.environment().putAll(env);
        return new MavenRun(pb.start(), out);
    }

    /** Runs to the end (at most 10 minutes) and returns the exit status. */
    int await() throws InterruptedException {
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            close();
            throw new IllegalStateException("the Maven run did not end in 10 minutes: " + output());
        }
        return process.exitValue();
    }

    String output() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines a user reads on the console: everything but Maven's own [INFO]/[WARNING] chatter. */
    List<String> kenshoLines() {
        return output().lines().filter(l -> l.startsWith("kensho: ")).toList();
    }

    /** Lines of a Java stack trace on the console. */
    List<String> stackLines() {
        return output().lines().filter(l -> l.strip().startsWith("at ") && l.contains("(")
                || l.strip().startsWith("Caused by:")).toList();
    }

    /** Maven's own process. */
    ProcessHandle handle() {
        return process.toHandle();
    }

    Optional<ProcessHandle> awaitDescendant(String name, int seconds) throws InterruptedException {
        return ChildRun.awaitDescendant(process, name, seconds);
    }

    /** Ends the build and all it started (waited for), before the checkout's folder, which their servers work in, goes. */
    @Override
    public void close() {
        ProcessTrees.end(process, log.getParent());
    }

    /** A connection to a redis-server a test started on {@code port} (password or null), once it answers. */
    static redis.clients.jedis.Jedis awaitServer(int port, String password) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            try {
                redis.clients.jedis.Jedis j = new redis.clients.jedis.Jedis(new redis.clients.jedis.HostAndPort("127.0.0.1", port),
                        redis.clients.jedis.DefaultJedisClientConfig.builder().password(password).build());
                j.ping();
                return j;
            } catch (RuntimeException e) {
                Thread.sleep(50); // the server is starting
            }
        }
        throw new IllegalStateException("the redis-server did not start on " + port);
    }

    /** {@code a} followed by {@code b}. */
    static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
