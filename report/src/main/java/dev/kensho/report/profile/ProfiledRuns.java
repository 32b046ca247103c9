package dev.kensho.report.profile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.profile.Profiling;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Profiled numbers never pass for plain ones: {@code Compare} and {@code Pool} refuse, in one line, runs of which
 * some were profiled ({@code env.json}'s {@code profiling.profiled}) and some not, unless given {@value #FLAG}. A
 * profiler slows what it measures (docs/method.md gives JFR's cost on one case), so a profiled run against a plain
 * one would read as a change of the code. Runs made before the flag existed read as unprofiled.
 */
public final class ProfiledRuns {

    public static final String FLAG = "--mix-profiled";

    private ProfiledRuns() {
    }

    /** {@code args} without {@value #FLAG}; whether it was there is {@link #allowed(List)}. */
    public static List<String> withoutFlag(List<String> args) {
        List<String> out = new ArrayList<>(args);
        out.removeIf(FLAG::equals);
        return out;
    }

    public static boolean allowed(List<String> args) {
        return args.contains(FLAG);
    }

    /** A one-line {@link BadInput} when {@code runs} mix profiled and plain ones and {@code allowed} is false. */
    public static void check(List<Path> runs, boolean allowed) {
        if (allowed) {
            return;
        }
        List<String> profiled = new ArrayList<>();
        List<String> plain = new ArrayList<>();
        for (Path r : runs) {
            (Profiling.profiled(env(r)) ? profiled : plain).add(r.getFileName().toString());
        }
        if (!profiled.isEmpty() && !plain.isEmpty()) {
            throw new BadInput("runs " + String.join(", ", profiled) + " were profiled and " + String.join(", ", plain)
                    + " were not: a profiler slows what it measures, so their numbers do not compare; give " + FLAG
                    + " to compare them anyway");
        }
    }

    private static JsonNode env(Path run) {
        Path f = run.resolve("env.json");
        try {
            return Files.exists(f) ? new ObjectMapper().readTree(f.toFile()) : new ObjectMapper().createObjectNode();
        } catch (IOException e) {
            throw new BadInput("run " + run.getFileName() + ": env.json cannot be read (" + e.getMessage() + ")");
        }
    }
}
