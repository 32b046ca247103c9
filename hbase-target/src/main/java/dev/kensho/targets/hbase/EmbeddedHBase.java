package dev.kensho.targets.hbase;

import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.cpu.ProcessCpu;
import dev.kensho.common.cpu.ServerCpu;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.profile.ServerProfiles;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;

import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The default target: an HBase mini cluster ({@code hbase-testing-util}) in a child JVM of its own
 * ({@link MiniClusterMain}), on the local filesystem under {@code java.io.tmpdir} (Maven points it at
 * {@code target/}), with its own ZooKeeper, no HDFS, no info servers (they would take fixed ports
 * 16010/16030). This JVM is only its client: it connects through the ZooKeeper quorum as it would to an
 * external cluster, and creates, flushes and drops the suite's tables itself.
 *
 * <p>The child runs under {@link ChildProcess}'s watchdog: it dies with this JVM, also on SIGKILL. Its CPU is
 * read from {@code /proc} by pid ({@link ProcessCpu}) and is the server's side of the bottleneck verdict;
 * this JVM's CPU is the client's. The two still share this machine's cores. The cluster-level settings
 * ({@link MiniClusterLaunch#serverConfig()}) are its command-line arguments; per-table settings (flush size, block cache)
 * travel with each table's descriptor. Starting it costs a JVM start plus the cluster's own ~10 s, so in a
 * benchmark run the launcher starts one per benchmark class and the class's JMH forks attach to it
 * ({@link HBaseTargets#forClass()}): each fork is a fresh client JVM with its own tables, the server is the
 * class's (its JIT warmed by the class's earlier forks). Tests and a lone {@code start()} own theirs.
 */
public final class EmbeddedHBase extends HBaseTarget {

    /** Keys of the server's configuration recorded with the results, beside {@link MiniClusterLaunch#serverConfig()}'s. */
    static final List<String> RECORDED = List.of("hbase.regionserver.handler.count", "hbase.hregion.memstore.flush.size",
            "hfile.block.cache.size", "hbase.regionserver.global.memstore.size", "hbase.hstore.compaction.min",
            "hbase.hstore.blockingStoreFiles", "hbase.rootdir", "hbase.zookeeper.quorum", "zookeeper.znode.parent");

    private final ChildProcess process;
    private final Path dir;
    private final int regionServers;
    private final long pid;
    private final int zkPort;
    private final int controlPort;
    private final double startupSeconds;
    private final double startupCpuSeconds;
    private final Configuration conf;
    private final ServerCpu.Registration cpu; // null in the launcher: the forks measure it
    private final ServerProfiles.Registration profile; // null in the launcher, as cpu

    private EmbeddedHBase(ChildProcess process, long pid, Path dir, int regionServers, int zkPort, int controlPort,
                          double startupSeconds, double startupCpuSeconds, boolean measureCpu) {
        this.process = process;
        this.dir = dir;
        this.regionServers = regionServers;
        this.pid = pid;
        this.zkPort = zkPort;
        this.controlPort = controlPort;
        this.startupSeconds = startupSeconds;
        this.startupCpuSeconds = startupCpuSeconds;
        Configuration c = HBaseConfiguration.create();
        c.set("hbase.zookeeper.quorum", "127.0.0.1");
        c.setInt("hbase.zookeeper.property.clientPort", zkPort);
        this.conf = Codecs.configure(c);
        this.cpu = !measureCpu ? null : ServerCpu.register(new ServerCpu.Probe(describe(), ProcessCpu.of(pid),
                ProcessCpu.limit(pid, Integer.MAX_VALUE), false, ProcessCpu.sharesCores(pid), true));
        // a profiled run records the server JVM per case, beside the fork's own recording
        this.profile = !measureCpu ? null : ServerProfiles.register(new ServerProfiles.Server(
                ServerProfiles.Kind.JVM, pid, "hbase-server", describe()));
    }

    private static EmbeddedHBase started(ChildProcess p, Path dir, int rs, int[] ports, double seconds, boolean measureCpu) {
        return new EmbeddedHBase(p, p.pid(), dir, rs, ports[0], ports[1], seconds,
                ProcessCpu.of(p.pid()).getAsLong() / 1e9, measureCpu);
    }

    /** Starts a mini cluster with {@code kensho.hbase.regionServers} region servers in a child JVM. */
    public static EmbeddedHBase start() {
        return start(true);
    }

    /**
     * Starts one for the forks of a benchmark class ({@link HBaseTargets#forClass()}): the launcher owns the
     * child and stops it after the class; each fork {@link #attach}es and measures its CPU.
     */
    static EmbeddedHBase startShared() {
        return start(false);
    }

    /** {@code kensho.hbase.regionServers}: 1 … 8, default {@value HBaseTarget#REGION_SERVERS_DEFAULT}; else one line. */
    static int regionServers() {
        return (int) Settings.range(HBaseSettings.REGION_SERVERS.key(), HBaseSettings.REGION_SERVERS.get(REGION_SERVERS_DEFAULT), 1, 8);
    }

    private static EmbeddedHBase start(boolean measureCpu) {
        HBaseTargets.requireSupportedJdk();
        int rs = regionServers();
        Path dir = TempDirs.create("kensho-hbase-");
        long t0 = System.nanoTime();
        ChildProcess p = null;
        try {
            p = ChildProcess.start("embedded HBase mini cluster", MiniClusterLaunch.command(dir, rs), dir, dir.resolve("cluster.log"));
            int[] ports = MiniClusterLaunch.awaitReady(p, Duration.ofMinutes(5));
            return started(p, dir, rs, ports, (System.nanoTime() - t0) / 1e9, measureCpu);
        } catch (RuntimeException e) {
            if (p != null) {
                p.close();
            }
            TempDirs.delete(dir);
            throw e instanceof TargetFailure ? e : new TargetFailure("embedded HBase mini cluster did not start (" + firstLine(e) + ")", e);
        }
    }

    /** What a fork needs to {@link #attach} to this cluster: {@code pid,zkPort,controlPort,regionServers,seconds,cpuSeconds,dir}. */
    public String attachSpec() {
        return String.join(",", Long.toString(pid), Integer.toString(zkPort), Integer.toString(controlPort),
                Integer.toString(regionServers), Double.toString(startupSeconds), Double.toString(startupCpuSeconds), dir.toString());
    }

    /**
     * The cluster another JVM of this run (the launcher) started for this class's forks: this JVM is its client
     * and measures its CPU, but does not own it — {@link #close()} leaves it running.
     */
    static EmbeddedHBase attach(String spec) {
        String[] f = spec.split(",", 7);
        try {
            return new EmbeddedHBase(null, Long.parseLong(f[0]), Paths.get(f[6]), Integer.parseInt(f[3]),
                    Integer.parseInt(f[1]), Integer.parseInt(f[2]), Double.parseDouble(f[4]), Double.parseDouble(f[5]), true);
        } catch (RuntimeException e) {
            throw new TargetFailure(HBaseSettings.ATTACH.key() + "=" + spec
                    + " is not a cluster this run started (" + e + ")");
        }
    }

    /** The cluster's data folder (deleted with it): where the JVMs sharing it may leave notes for each other. */
    public Path dir() {
        return dir;
    }

    /** True when another JVM of the run owns the cluster (this one attached to it). */
    public boolean attached() {
        return process == null;
    }

    @Override
    public Kind kind() {
        return Kind.EMBEDDED;
    }

    @Override
    public Configuration configuration() {
        return conf;
    }

    @Override
    public String describe() {
        return "embedded HBase mini cluster (pid " + pid + ") in a child JVM" + (attached() ? " the class's forks share" : "")
                + " (" + regionServers + " region server" + (regionServers == 1 ? "" : "s")
                + ", local filesystem, zookeeper 127.0.0.1:" + zkPort + ")";
    }

    /** The child JVM's pid. */
    public long pid() {
        return pid;
    }

    /** Seconds from launching the child JVM to its ready line. */
    public double startupSeconds() {
        return startupSeconds;
    }

    /** CPU seconds the child JVM had used when it was ready (-1e-9 if unreadable). */
    public double startupCpuSeconds() {
        return startupCpuSeconds;
    }

    /** The child process, for fault-injection tests (null when {@link #attached()}). */
    public ChildProcess process() {
        return process;
    }

    private List<String> ask(String request) {
        return MiniClusterControl.ask(controlPort, request, describe());
    }

    @Override
    public List<HFiles.StoreFile> storeFiles(TableName table) {
        requireSuiteNamespace(table, "inspect");
        // the stores' live files: compacted-away files linger in the directory until the discharger runs
        List<org.apache.hadoop.fs.Path> live = new ArrayList<>();
        ask("FILES " + table.getNameAsString()).forEach(f -> live.add(new org.apache.hadoop.fs.Path(f)));
        return HFiles.read(configuration(), table, live);
    }

    @Override
    public List<String> storeFilePaths(TableName table) {
        requireSuiteNamespace(table, "inspect");
        return ask("FILES " + table.getNameAsString());
    }

    @Override
    protected boolean compacted(TableName tn) {
        return Boolean.parseBoolean(ask("COMPACTED " + tn.getNameAsString()).get(0));
    }

    /**
     * Flushes each region of the table in the region server, on the region's own flush path, regions in
     * parallel (see {@link MiniClusterControl} for why not {@code Admin.flush}). Returns when every memstore of
     * the table is empty.
     */
    @Override
    public void flush(TableName tn) {
        requireOwned(tn, "flush");
        ask("FLUSH " + tn.getNameAsString());
    }

    @Override
    protected boolean flushed(TableName tn) {
        return Boolean.parseBoolean(ask("FLUSHED " + tn.getNameAsString()).get(0));
    }

    @Override
    protected TargetFailure unreachable(Throwable e) {
        TargetFailure f = super.unreachable(e);
        if (process == null) {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false) ? f
                    : new TargetFailure(f.getMessage() + " — the mini cluster's JVM has exited (see " + dir.resolve("cluster.log") + ")", e);
        }
        return !process.exitedWithin(Duration.ofSeconds(1)) ? f
                : new TargetFailure(f.getMessage() + " — the mini cluster's JVM has exited: " + process.logTail(), e);
    }

    /** As every target records it, with the configuration read from the child and how it was started. */
    @Override
    public Map<String, Object> serverInfo() {
        Map<String, Object> out = super.serverInfo();
        Map<String, String> server = new LinkedHashMap<>();
        List<String> keys = new ArrayList<>(RECORDED);
        MiniClusterLaunch.serverConfig().keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
        keys.addAll(new TreeSet<>(Codecs.KEYS.values()));
        for (String kv : ask("CONF " + String.join(" ", keys))) {
            int eq = kv.indexOf('=');
            String v = kv.substring(eq + 1);
            server.put(kv.substring(0, eq), v.equals("null") ? "(unset: HBase's default)" : v);
        }
        out.put("config", server); // as the child holds it, not this client's configuration
        out.put("process", "child JVM (" + MiniClusterMain.class.getName() + "), add-opens " + MiniClusterLaunch.ADD_OPENS
                + ", default heap; cluster settings as arguments: " + MiniClusterLaunch.serverConfig());
        // per cluster (per class when the forks share one); the CPU seconds depend less on what else the machine runs than the wall seconds
        Map<String, Double> startup = new LinkedHashMap<>();
        startup.put("seconds", Math.round(startupSeconds * 10) / 10.0);
        startup.put("cpu_seconds", Math.round(startupCpuSeconds * 10) / 10.0);
        out.put("startup", startup);
        return out;
    }

    @Override
    public void close() {
        super.close();
        if (cpu != null) {
            cpu.close();
        }
        if (profile != null) {
            profile.close();
        }
        if (process == null) {
            return; // the launcher's: it stops it when the class has run
        }
        // nothing in it outlives the run (its folder is deleted next): killed at once, not after the seconds its
        // shutdown hooks take
        process.stop(Duration.ZERO);
        TempDirs.delete(dir);
    }
}
