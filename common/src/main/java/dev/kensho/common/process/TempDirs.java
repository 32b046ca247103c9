package dev.kensho.common.process;

import dev.kensho.common.TargetFailure;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Temporary directories under {@code java.io.tmpdir} that are deleted on close and at JVM exit — at exit only after
 * every {@link ChildProcess} has been stopped (shutdown hooks run at once, in no order): a server whose folder goes
 * while it shuts down may refuse to exit (Redis does when its shutdown save fails) and need its SIGKILL.
 */
public final class TempDirs {

    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            ChildProcess.stopAll(); // the servers first (the reaper's hook does the same; a second stop waits for the first)
            LIVE.forEach(TempDirs::deleteTree);
        }, "kensho-tmp-cleaner"));
    }

    private TempDirs() {
    }

    public static Path create(String prefix) {
        try {
            Path base = Paths.get(System.getProperty("java.io.tmpdir"));
            Files.createDirectories(base);
            Path d = Files.createTempDirectory(base, prefix);
            LIVE.add(d);
            return d;
        } catch (IOException e) {
            throw new TargetFailure("cannot create a temporary directory in " + System.getProperty("java.io.tmpdir")
                    + " (" + e.getMessage() + ")");
        }
    }

    public static void delete(Path dir) {
        if (dir != null) {
            deleteTree(dir);
            LIVE.remove(dir);
        }
    }

    private static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try {
            Files.walkFileTree(dir, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path d, IOException exc) throws IOException {
                    Files.deleteIfExists(d);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException ignored) {
            // best effort: a file still held open by a dying child is removed by the next run's clean
        }
    }
}
