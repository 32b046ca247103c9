package dev.kensho.redis.kv.tool;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/** Finds an external tool's executable on the {@code PATH}, as a shell would: the first directory that has it. */
final class ToolBinary {

    private ToolBinary() {
    }

    /** The executable file {@code name} in the first {@code PATH} directory that has one; empty when none does. */
    static Optional<Path> onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Paths.get(dir.isEmpty() ? "." : dir, name);
            if (executable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** Whether {@code p} is a regular file this process may execute. */
    static boolean executable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }
}
