package dev.kensho.targets.redis.servers;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.Affinity;
import dev.kensho.common.cpu.ProcessCpu;
import dev.kensho.common.cpu.ServerCpu;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.profile.ElfSymbols;
import dev.kensho.common.profile.ServerProfiles;
import dev.kensho.targets.redis.RedisSettings;
import dev.kensho.targets.redis.RedisTarget;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The default target: a real {@code redis-server} child process on a free 127.0.0.1 port, no
 * persistence, started with the config lines the benchmark asks for. The binary is the user's
 * ({@code -Dkensho.redis.server=/path} or {@code KENSHO_REDIS_SERVER}) or the Redis 7.0.15 bundled in
 * {@code org.signal:embedded-redis}, extracted under {@code java.io.tmpdir}. Dies with the JVM
 * (see {@link ChildProcess}). The bundled binary is stripped: a profiled run's perf profile of it names no Redis
 * function, and says what to install instead ({@link #NAMED}); the run's server record names the binary that ran.
 */
public final class EmbeddedRedis extends RedisTarget {

    static final String BUNDLED_VERSION = "7.0.15";

    /** What to do when the binary names no functions, for the profile's note (the server under measurement is the user's choice). */
    static final String NAMED = "for Redis function names in it, install a redis-server built with its symbols (Debian's"
            + " and Ubuntu's package redis-server is: apt-get install redis-server, then stop the service it starts) and give"
            + " -D" + RedisSettings.SERVER.key() + "=/usr/bin/redis-server";

    private final Path binary;
    private final ChildProcess process;
    private final Path dir;
    private final int port;
    private final String password;
    private long pid = -1;
    private Map<String, Object> affinity = Map.of();
    private ServerProfiles.Registration profile = () -> { };

    private EmbeddedRedis(Path binary, ChildProcess process, Path dir, int port, String password) {
        this.binary = binary;
        this.process = process;
        this.dir = dir;
        this.port = port;
        this.password = password;
    }

    /** Starts a server with these extra config lines ({@code io-threads -> 4}, …). */
    public static EmbeddedRedis start(Map<String, String> config) {
        return start(config, false);
    }

    /**
     * As {@link #start(Map)}; {@code clusterNode}: in cluster mode, its node file in its own directory and its
     * cluster bus on a second free port (a node of an {@link EmbeddedCluster}).
     */
    static EmbeddedRedis start(Map<String, String> config, boolean clusterNode) {
        Path binary = binary();
        String password = System.getenv(RedisSettings.PASSWORD.key());
        // glibc says "Address already in use", musl (the bundled binary) "Address in use"
        return ChildProcess.onFreePort("in use", port -> {
            Path dir = TempDirs.create("kensho-redis-");
            Map<String, String> conf = new LinkedHashMap<>();
            conf.put("port", Integer.toString(port));
            conf.put("bind", "127.0.0.1");
            conf.put("protected-mode", "yes");
            conf.put("daemonize", "no");
            conf.put("save", "\"\"");
            conf.put("appendonly", "no");
            conf.put("dir", dir.toString());
            conf.put("logfile", "\"\"");
            conf.putAll(config);
            if (clusterNode) {
                int bus = ChildProcess.freePort();
                while (bus == port) {
                    bus = ChildProcess.freePort();
                }
                conf.put("cluster-enabled", "yes");
                conf.put("cluster-config-file", dir.resolve("nodes.conf").toString());
                conf.put("cluster-port", Integer.toString(bus));
            }
            if (password != null && !password.isEmpty()) {
                conf.put("requirepass", "\"" + password.replace("\"", "\\\"") + "\"");
            }
            Path confFile = dir.resolve("redis.conf");
            StringBuilder sb = new StringBuilder();
            conf.forEach((k, v) -> sb.append(k).append(' ').append(v).append('\n'));
            try {
                Files.writeString(confFile, sb.toString(), StandardCharsets.UTF_8);
                Files.setPosixFilePermissions(confFile, PosixFilePermissions.fromString("rw-------"));
            } catch (IOException e) {
                throw new TargetFailure("embedded redis-server: cannot write " + confFile + " (" + e.getMessage() + ")");
            }
            ChildProcess p = ChildProcess.start("embedded redis-server", List.of(binary.toString(), confFile.toString()),
                    dir, dir.resolve("redis.log"));
            EmbeddedRedis r = new EmbeddedRedis(binary, p, dir, port, password);
            try {
                r.awaitReady();
                return r;
            } catch (TargetFailure e) {
                r.close();
                throw e;
            }
        });
    }

    private void awaitReady() {
        process.awaitListening(port, "ready to accept connections", Duration.ofSeconds(10));
        pid = process.pid();
        affinity = Affinity.split(pid);
        // a profiled run samples it with perf while each case is measured
        profile = ServerProfiles.register(new ServerProfiles.Server(
                ServerProfiles.Kind.NATIVE, pid, "redis-server", describe(), NAMED));
    }

    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> out = super.serverInfo();
        // which binary ran, and whether a profile of it can name its functions (the bundled one cannot)
        out.put("binary", binary.toString());
        out.put("binary_named_functions", ElfSymbols.functions(binary));
        if (!affinity.isEmpty()) {
            out.put("affinity", affinity);
        }
        return out;
    }

    /** The redis-server binary: the user's, else the bundled one (extracted once per tmpdir). */
    public static Path binary() {
        String user = RedisSettings.SERVER.get(System.getenv(RedisSettings.SERVER_ENV.key()));
        if (user != null && !user.isBlank()) {
            Path p = Paths.get(user);
            if (!Files.isRegularFile(p) || !Files.isExecutable(p)) {
                throw BadInput.of(RedisSettings.SERVER.key(), user, "the path of an executable redis-server file");
            }
            return p;
        }
        String resource = "/redis-server-" + BUNDLED_VERSION + "-" + platform();
        Path target = Paths.get(System.getProperty("java.io.tmpdir"), "kensho-bin",
                "redis-server-" + BUNDLED_VERSION + "-" + platform());
        if (Files.isExecutable(target)) {
            return target;
        }
        try (InputStream in = EmbeddedRedis.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new TargetFailure("no bundled redis-server for " + platform()
                        + "; install Redis and pass -D" + RedisSettings.SERVER.key() + "=/path/to/redis-server");
            }
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), "redis-server", ".part");
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rwxr-xr-x"));
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            return target;
        } catch (IOException e) {
            throw new TargetFailure("cannot extract the bundled redis-server to " + target + " (" + e.getMessage() + ")");
        }
    }

    private static String platform() {
        String os = System.getProperty("os.name").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch").toLowerCase(Locale.ROOT);
        String o = os.contains("mac") ? "darwin" : os.contains("linux") ? "linux" : os;
        String a = arch.equals("amd64") || arch.equals("x86_64") ? "amd64"
                : arch.equals("aarch64") || arch.equals("arm64") ? "arm64" : arch;
        return o + "-" + a;
    }

    @Override
    public Kind kind() {
        return Kind.EMBEDDED;
    }

    @Override
    protected ServerCpu.Probe cpuProbe() {
        return new ServerCpu.Probe(describe(), ProcessCpu.of(pid),
                ProcessCpu.limit(pid, ioThreads()), false,
                ProcessCpu.sharesCores(pid), true);
    }

    @Override
    protected String cpusAllowed() {
        return ProcessCpu.cpusAllowed(pid);
    }

    @Override
    public String host() {
        return "127.0.0.1";
    }

    @Override
    public int port() {
        return port;
    }

    @Override
    protected String password() {
        return password == null || password.isEmpty() ? null : password;
    }

    @Override
    public String describe() {
        return "embedded redis-server (pid " + pid + ") on 127.0.0.1:" + port;
    }

    @Override
    protected TargetFailure unreachable(Throwable e) {
        TargetFailure f = super.unreachable(e);
        return !process.exitedWithin(Duration.ofSeconds(1)) ? f : new TargetFailure(f.getMessage() + " — the redis-server process has exited: "
                + process.logTail(), e);
    }

    /** The child process, for fault-injection tests. */
    public ChildProcess process() {
        return process;
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        super.close();
        profile.close();
        process.close();
        TempDirs.delete(dir);
    }
}
