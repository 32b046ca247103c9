package dev.kensho.common.process;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where a tool the suite runs is: an executable file, and the first of them on the {@code PATH}. */
public final class Executables {

    private Executables() {
    }

    /** Whether {@code p} is a regular file this process may execute. */
    public static boolean executable(Path p) {
        return Files.isRegularFile(p) && Files.isExecutable(p);
    }

    /**
     * The executable file of the first name found, in the first {@code PATH} directory that has it (an empty entry is
     * the working directory); empty when none is there.
     */
    public static Optional<Path> onPath(String... names) {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            for (String name : names) {
                Path p = Path.of(dir.isEmpty() ? "." : dir, name);
                if (executable(p)) {
                    return Optional.of(p);
                }
            }
        }
        return Optional.empty();
    }
}
