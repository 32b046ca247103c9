package dev.kensho.redis.sets.calibration;

import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * Finds the external tools the suite calibrates against ({@code redis-cli}, {@code redis-benchmark}):
 * the path in {@code kensho.tool.<name>} if set (it must then exist), else the first on the PATH.
 * A missing tool is not an error: the benchmark records a note saying the calibration was not measured.
 */
public final class Tools {

    public static final String TOOL_PROPERTY_PREFIX = "kensho.tool.";

    private Tools() {
    }

    public static Optional<Path> find(String name) {
        String property = TOOL_PROPERTY_PREFIX + name;
        String explicit = Settings.get(property);
        if (explicit != null) {
            Path p = Paths.get(explicit);
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw BadInput.of(property, explicit, "the path of an executable " + name);
            }
            return Optional.of(p);
        }
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String dir : path.split(File.pathSeparator)) {
            Path p = Paths.get(dir, name);
            if (Files.isRegularFile(p) && Files.isExecutable(p)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** One sentence for the results when {@code name} is absent. */
    public static String missing(String name) {
        return name + " is not on the PATH (nor set with -D" + TOOL_PROPERTY_PREFIX + name
                + "): its calibration row was not measured. Debian/Ubuntu: apt-get install redis-tools";
    }
}
