package dev.kensho.targets.hbase;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * The embedded HBase as a process of its own: {@link EmbeddedHBase} starts this {@code main} as a child JVM
 * (the parent's classpath, the add-opens HBase needs) under {@link dev.kensho.common.process.ChildProcess}'s
 * watchdog, so it dies with the JVM that started it, also on SIGKILL. It starts {@code hbase-testing-util}'s
 * mini cluster — ZooKeeper, one master, the region servers — on the local filesystem (no HDFS, info servers
 * off), opens the {@link MiniClusterControl} port and prints one line on stdout when both are up:
 * <pre>kensho-hbase-ready zk=&lt;ZooKeeper client port&gt; control=&lt;control port&gt;</pre>
 * Benchmarks reach it as a client through the ZooKeeper quorum, as they reach an external cluster.
 *
 * <p>Arguments: {@code <regionServers> [key=value …]}: every pair is set on the cluster's configuration
 * before it starts (the parent's choices: info ports, WAL provider, …; {@link MiniClusterLaunch#serverConfig()}).
 * Its data goes under the system property {@code test.build.data.basedirectory} (the parent's temporary
 * folder). Run by hand: {@code java --add-opens … -cp <module classpath> dev.kensho.targets.hbase.MiniClusterMain 1}.
 */
public final class MiniClusterMain {

    /** The first word of the line printed when the cluster serves. */
    public static final String READY = "kensho-hbase-ready";

    private MiniClusterMain() {
    }

    public static void main(String[] args) throws Exception {
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
        if (args.length < 1 || !args[0].matches("[1-8]")) {
            out.println("usage: MiniClusterMain <regionServers 1…8> [key=value …]");
            System.exit(2);
        }
        int regionServers = Integer.parseInt(args[0]);
        Configuration conf = HBaseConfiguration.create();
        for (int i = 1; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq <= 0) {
                out.println("MiniClusterMain: argument " + args[i] + " is not key=value");
                System.exit(2);
            }
            conf.set(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        Codecs.configure(conf);
        HBaseTestingUtility util = new HBaseTestingUtility(conf);
        try {
            util.startMiniZKCluster();
            util.startMiniHBaseCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(regionServers)
                    .createRootDir(true).build());
        } catch (Exception e) {
            out.println("MiniClusterMain: the mini cluster did not start: " + e);
            e.printStackTrace(out);
            System.exit(1);
        }
        MiniClusterControl control = MiniClusterControl.serve(util);
        out.println(READY + " zk=" + util.getConfiguration().get("hbase.zookeeper.property.clientPort")
                + " control=" + control.port());
        // no shutdown hook: the parent deletes the data folder; a graceful stop would only add seconds to every fork
        control.serveUntilClosed();
    }
}
