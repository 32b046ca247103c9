package dev.kensho.redis.sets.calibration;

import dev.kensho.common.process.Executables;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * Finds the external tools the suite calibrates against ({@code redis-cli}, {@code redis-benchmark}):
 * the path in {@code kensho.tool.<name>} if set (it must then exist), else the first on the PATH.
 * A missing tool is not an error: the benchmark records a note saying the calibration was not measured.
 */
public final class Tools {

    private Tools() {
    }

    /** The tool {@code setting} names ({@code kensho.tool.<name>}), else {@code <name>} on the PATH. */
    public static Optional<Path> find(Setting setting) {
        String name = setting.key().substring(setting.key().lastIndexOf('.') + 1);
        String explicit = setting.get();
        if (explicit != null) {
            Path p = Paths.get(explicit);
            if (!Executables.executable(p)) {
                throw BadInput.of(setting.key(), explicit, "the path of an executable " + name);
            }
            return Optional.of(p);
        }
        return Executables.onPath(name);
    }

    /** One sentence for the results when the tool {@code setting} names is absent. */
    public static String missing(Setting setting) {
        return setting.key().substring(setting.key().lastIndexOf('.') + 1) + " is not on the PATH (nor set with -D" + setting.key()
                + "): its calibration row was not measured. Debian/Ubuntu: apt-get install redis-tools";
    }
}
