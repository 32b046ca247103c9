package dev.kensho.redis.kv.tool;

import dev.kensho.common.process.Executables;
import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.common.process.TempDirs;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The {@code redis-benchmark} command line: finds the binary, runs one command
 * ({@code SET <prefix>__rand_int__ <200 bytes>} or {@code GET <prefix>__rand_int__},
 * {@code -c clients -n requests -r keyspace -P 1 -q --csv}) against a target as a {@link ChildProcess}
 * (so it never outlives the JVM), and parses its CSV line. Used by {@code RedisBenchmarkCalibration}.
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@link KvSettings#REDIS_BENCHMARK}</td><td>redis-benchmark on the PATH</td><td>path of the redis-benchmark binary</td></tr>
 * </table>
 */
public final class RedisBenchmarkTool {

    /** One redis-benchmark result line. */
    public record Result(String command, double rps, double p50Ms, double p99Ms) {
    }

    private RedisBenchmarkTool() {
    }

    /** The binary: the property's (which must be executable), else redis-benchmark on the PATH, else empty. */
    public static Optional<Path> binary() {
        String user = KvSettings.REDIS_BENCHMARK.get();
        if (user != null) {
            Path p = Paths.get(user);
            if (!Executables.executable(p)) {
                throw BadInput.of(KvSettings.REDIS_BENCHMARK.key(), user, "the path of an executable redis-benchmark file");
            }
            return Optional.of(p);
        }
        return Executables.onPath("redis-benchmark");
    }

    /** Validates the properties (launcher preflight). */
    public static void validate() {
        binary();
    }

    /** Why an external tool ({@code tool}: redis-benchmark, memtier_benchmark) cannot be pointed at this target without exposing a secret, or null. */
    public static String unsupported(RedisTarget t, String tool) {
        if (t.tls()) {
            return "the target uses TLS (rediss://) and this " + tool + " run is plain TCP";
        }
        String pw = System.getenv(RedisSettings.PASSWORD.key());
        if (t.user() != null || (pw != null && !pw.isEmpty())) {
            return "the target needs a password, which would have to go on " + tool + "'s command line";
        }
        return null;
    }

    /** Runs {@code command} ("SET" or "GET") once on keys {@code <prefix>__rand_int__}; throws {@link TargetFailure} if it fails. */
    public static Result run(Path binary, RedisTarget t, String prefix, String command, int clients, int keyspace, int requests) {
        List<String> cmd = new ArrayList<>(List.of(binary.toString(), "-h", t.host(), "-p", Integer.toString(t.port()),
                "--dbnum", Integer.toString(t.database()), "-c", Integer.toString(clients),
                "-n", Integer.toString(requests), "-r", Integer.toString(keyspace), "-P", "1", "-q", "--csv",
                command, prefix + "__rand_int__"));
        if (command.equals("SET")) {
            cmd.add("x".repeat(Workload.VALUE_BYTES));
        }
        Path dir = TempDirs.create("kensho-redis-benchmark-");
        Path log = dir.resolve("redis-benchmark.out");
        try (ChildProcess p = ChildProcess.start("redis-benchmark", cmd, dir, log)) {
            p.waitFor(Duration.ofMinutes(10));
            return parse(command, Files.readAllLines(log, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new TargetFailure("redis-benchmark " + command + ": " + e.getMessage());
        } finally {
            TempDirs.delete(dir);
        }
    }

    /** The result line of {@code --csv} output: "test","rps","avg","min","p50","p95","p99","max". */
    public static Result parse(String command, List<String> lines) {
        for (String line : lines) {
            if (line.startsWith("\"" + command + " ")) {
                String[] f = line.substring(line.indexOf("\",\"") + 3, line.length() - 1).split("\",\"");
                if (f.length >= 6) {
                    return new Result(command, Double.parseDouble(f[0]), Double.parseDouble(f[3]), Double.parseDouble(f[5]));
                }
            }
        }
        throw new TargetFailure("redis-benchmark " + command + " gave no result: "
                + String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size())));
    }

}
