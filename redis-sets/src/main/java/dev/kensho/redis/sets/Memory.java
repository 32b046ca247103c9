package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;

/** Refuses a data set the machine cannot hold, before loading it, instead of swapping or being killed. */
public final class Memory {

    private Memory() {
    }

    /** Bytes the kernel says can be allocated without swapping ({@code MemAvailable}), or -1 if unknown. */
    public static long available() {
        Path p = Paths.get("/proc/meminfo");
        try {
            if (Files.exists(p)) {
                for (String l : Files.readAllLines(p)) {
                    if (l.startsWith("MemAvailable:")) {
                        return Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024;
                    }
                }
            }
        } catch (IOException | NumberFormatException ignored) {
            // unknown: no refusal
        }
        return -1;
    }

    /**
     * Throws a one-line {@link BadInput} when {@code needed} bytes (plus a 10% margin) exceed what is
     * available. {@code what} names the params responsible, e.g. {@code "attributes=10 × users=10000000"}.
     */
    public static void require(String what, long needed) {
        long avail = available();
        if (avail > 0 && needed * 1.1 > avail) {
            throw new BadInput(what + " needs ≈" + gib(needed) + " GiB in the server but this machine has "
                    + gib(avail) + " GiB available; choose smaller sizes (-p …) or -Dkensho.scale=default");
        }
    }

    public static String gib(long bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / (1024.0 * 1024 * 1024));
    }
}
