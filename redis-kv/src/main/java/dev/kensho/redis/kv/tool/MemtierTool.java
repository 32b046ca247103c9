package dev.kensho.redis.kv.tool;

import dev.kensho.common.process.Executables;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.cpu.ProcessCpu;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.common.process.TempDirs;
import dev.kensho.redis.kv.load.Workload;
import dev.kensho.redis.kv.settings.KvSettings;
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
 * The {@code memtier_benchmark} command line (RedisLabs' C load generator, the tool the field trusts): finds and
 * checks the binary, runs one closed-loop GET/SET mix against a target as a {@link ChildProcess} (so it never
 * outlives the JVM), and reads its {@code --json-out-file}. Its client CPU is what this JVM's reaped children used
 * while it ran ({@link ProcessCpu#exitedChildrenNanos}: memtier and the few milliseconds of its {@code sh} watchdog).
 * Used by {@code MemtierCalibration}.
 *
 * <p>The run: {@code -t threads -c clients/threads --requests=n} (n per connection, one request in flight each, as
 * the suite's closed loop), {@code --ratio=S:G} (memtier sends S SETs then G GETs on each connection, the suite's
 * share of GETs exactly), {@code -d 200}, keys {@code <prefix><number>} uniformly at random over the keyspace
 * ({@code --key-pattern=R:R}, {@code --distinct-client-seed --randomize}: every connection and run its own sequence).
 *
 * <table>
 * <caption>Properties</caption>
 * <tr><th>property</th><th>default</th><th>meaning</th></tr>
 * <tr><td>{@link KvSettings#MEMTIER}</td><td>memtier_benchmark on the PATH</td><td>path of memtier_benchmark; one that
 * is not memtier_benchmark, or that fails, leaves the calibration not measured (not a stopped run)</td></tr>
 * </table>
 */
public final class MemtierTool {
    public static final String NAME = "memtier_benchmark";
    public static final String HOW_TO_BUILD = NAME + " is not packaged in Debian or Ubuntu; build it from source (git clone"
            + " https://github.com/RedisLabs/memtier_benchmark; apt-get install build-essential autoconf automake pkg-config"
            + " libevent-dev libssl-dev libpcre3-dev zlib1g-dev; autoreconf -ivf && ./configure && make) and put it on the"
            + " PATH or pass -D" + KvSettings.MEMTIER.key() + "=<path>";

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration VERSION_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration RUN_TIMEOUT = Duration.ofMinutes(10);

    /** A usable binary and its {@code --version} line, or why there is none ({@code binary} null). */
    public record Found(Path binary, String version, String whyNot) {
        static Found no(String why) {
            return new Found(null, null, why);
        }
    }

    /** The load of one run: whose keys, how many threads, connections per thread, requests per connection, SET:GET. */
    public record Load(ToolKeyspace keys, int threads, int clientsPerThread, int requestsPerClient, String ratio) {
        public long requests() {
            return (long) threads * clientsPerThread * requestsPerClient;
        }
    }

    /** One run, from its JSON ({@code ALL STATS}), this JVM's reaped children (CPU) and the suite's clock (wall time). */
    public record Result(long requests, long sets, long gets, double rps, double p50Ms, double p99Ms, long cpuNanos, long wallNanos) {
        public double cpuMicrosPerRequest() {
            return cpuNanos / 1e3 / requests;
        }

        /**
         * Whether memtier's own rate fits the suite's clock: its run ({@code requests / rps}) lies inside the process's
         * wall time (1% slack). Only an upper bound: the process outlives its run by up to a second (memtier's main
         * thread wakes once a second to print progress). memtier times itself with {@code gettimeofday}, which a clock
         * step moves: in run memtier-97de27d one of 36 runs reported 0.0 Ops/sec for 100,000 requests the server had
         * executed.
         */
        public boolean clockAgrees() {
            double own = requests / rps;
            return rps > 0 && Double.isFinite(own) && own <= wallNanos / 1e9 * 1.01;
        }
    }

    /** A run that did not give a result (non-zero exit, no JSON): the calibration is then not measured. */
    public static final class Failed extends RuntimeException {
        public Failed(String message) {
            super(message);
        }
    }

    private MemtierTool() {
    }

    /** The binary {@link KvSettings#MEMTIER} names, else the one on the PATH, checked; or why there is none. */
    public static Found find() {
        String user = KvSettings.MEMTIER.get();
        if (user != null) {
            return check(Paths.get(user.trim()), "-D" + KvSettings.MEMTIER.key() + "=" + user.trim());
        }
        Optional<Path> p = Executables.onPath(NAME);
        return p.isPresent() ? check(p.get(), NAME + " on the PATH (" + p.get() + ")")
                : Found.no(NAME + " is not on the PATH (nor -D" + KvSettings.MEMTIER.key() + "): " + HOW_TO_BUILD);
    }

    /** {@code binary} if it is an executable that answers {@code --version} as memtier_benchmark does; else why not. */
    public static Found check(Path binary, String origin) {
        if (!Executables.executable(binary)) {
            return Found.no(origin + " is not an executable file");
        }
        Path dir = TempDirs.create("kensho-memtier-");
        try (ChildProcess p = ChildProcess.start(NAME, List.of(binary.toString(), "--version"), dir, dir.resolve("version.out"))) {
            int status = p.waitFor(VERSION_TIMEOUT);
            String first = Files.readAllLines(dir.resolve("version.out"), StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank()).findFirst().orElse("").strip();
            if (status != 0) {
                return Found.no(origin + ": --version exited with status " + status + " (" + p.logTail() + ")");
            }
            if (!first.startsWith(NAME + " ")) {
                return Found.no(origin + " is not " + NAME + ": --version printed '" + first + "'");
            }
            return new Found(binary, first, null);
        } catch (IOException | RuntimeException e) {
            return Found.no(origin + ": --version failed (" + e.getMessage() + ")");
        } finally {
            TempDirs.delete(dir);
        }
    }

    /** memtier's {@code --ratio=SET:GET} for a share of GETs: the smallest whole numbers with exactly that share. */
    public static String ratio(double getRatio) {
        for (int n = 1; n <= 100; n++) {
            long g = Math.round(getRatio * n);
            if (Math.abs((double) g / n - getRatio) < 1e-9) {
                return (n - g) + ":" + g;
            }
        }
        throw new IllegalArgumentException("getRatio=" + getRatio + " is not a whole number of hundredths: memtier_benchmark"
                + " mixes commands by a ratio of whole numbers");
    }

    /** The command line of one run writing its JSON to {@code json}. */
    static List<String> command(Path binary, RedisTarget t, Load load, Path json) {
        ToolKeyspace k = load.keys();
        return new ArrayList<>(List.of(binary.toString(), "--server=" + t.host(), "--port=" + t.port(),
                "--protocol=redis", "--select-db=" + t.database(), "--threads=" + load.threads(),
                "--clients=" + load.clientsPerThread(), "--requests=" + load.requestsPerClient(), "--pipeline=1",
                "--ratio=" + load.ratio(), "--data-size=" + Workload.VALUE_BYTES, "--key-prefix=" + k.prefix(),
                "--key-minimum=" + k.first(), "--key-maximum=" + (k.first() + k.count() - 1), "--key-pattern=R:R",
                "--distinct-client-seed", "--randomize", "--hide-histogram", "--json-out-file=" + json));
    }

    /** Runs memtier once; {@link Failed} when it exits non-zero or writes no JSON. */
    public static Result run(Path binary, RedisTarget t, Load load) {
        Path dir = TempDirs.create("kensho-memtier-");
        Path json = dir.resolve("memtier.json");
        long cpu0 = ProcessCpu.exitedChildrenNanos();
        long t0 = System.nanoTime();
        try (ChildProcess p = ChildProcess.start(NAME, command(binary, t, load, json), dir, dir.resolve("memtier.out"))) {
            int status = p.waitFor(RUN_TIMEOUT);
            long wall = System.nanoTime() - t0;
            long cpu = ProcessCpu.exitedChildrenNanos() - cpu0;
            if (status != 0) {
                throw new Failed(NAME + " exited with status " + status + " (" + tail(p.logTail()) + ")");
            }
            if (!Files.isRegularFile(json)) {
                throw new Failed(NAME + " exited 0 but wrote no --json-out-file (" + tail(p.logTail()) + ")");
            }
            return parse(JSON.readTree(json.toFile()), cpu, wall);
        } catch (IOException e) {
            throw new Failed(NAME + "'s JSON could not be read: " + e.getMessage());
        } finally {
            TempDirs.delete(dir);
        }
    }

    /** The figures of {@code ALL STATS}: Totals' count, Ops/sec and percentiles (ms), Sets' and Gets' counts. */
    static Result parse(JsonNode root, long cpuNanos, long wallNanos) {
        JsonNode all = root.path("ALL STATS");
        JsonNode totals = all.path("Totals");
        if (!totals.path("Count").isNumber() || !totals.path("Ops/sec").isNumber()) {
            throw new Failed(NAME + "'s JSON has no ALL STATS / Totals with Count and Ops/sec");
        }
        JsonNode pct = totals.path("Percentile Latencies");
        return new Result(totals.path("Count").asLong(), all.path("Sets").path("Count").asLong(),
                all.path("Gets").path("Count").asLong(), totals.path("Ops/sec").asDouble(),
                pct.path("p50.00").asDouble(Double.NaN), pct.path("p99.00").asDouble(Double.NaN), cpuNanos, wallNanos);
    }

    /**
     * memtier must have done what it was asked, and the server must have seen it: {@code sent} requests reported,
     * GETs and SETs adding up; on a server the suite owns ({@code exclusive}) the server's GET and SET deltas equal
     * memtier's counts and every GET hit its preloaded key; on a shared one the deltas are at least memtier's. Throws a
     * one-line {@link IllegalStateException} naming expected vs found.
     */
    public static void requireExecuted(Result r, ServerCounts server, long sent, boolean exclusive) {
        String found = "memtier_benchmark reported " + r.requests() + " requests (" + r.gets() + " GET, " + r.sets()
                + " SET); the server executed " + server.gets() + " GET and " + server.sets() + " SET calls (INFO commandstats)"
                + " with " + server.hits() + " hits and " + server.misses() + " misses";
        if (r.requests() != sent || r.gets() + r.sets() != sent) {
            throw new IllegalStateException(found + "; expected " + sent + " requests (its --requests × connections)");
        }
        if (exclusive ? server.gets() != r.gets() || server.sets() != r.sets() : server.gets() < r.gets() || server.sets() < r.sets()) {
            throw new IllegalStateException(found + "; expected " + (exclusive ? "exactly" : "at least") + " memtier's GET and SET counts");
        }
        if (exclusive && (server.misses() != 0 || server.hits() != r.gets())) {
            throw new IllegalStateException(found + "; expected every GET to hit (every key preloaded)");
        }
    }


    /** The end of memtier's output for a one-line message (its progress lines run long). */
    private static String tail(String log) {
        String one = log.replace('\r', ' ').replaceAll("\\s+", " ").strip();
        return one.length() <= 300 ? one : "…" + one.substring(one.length() - 300);
    }
}
