package dev.kensho.hbase.meter;

import dev.kensho.common.cpu.ServerCpu;
import dev.kensho.targets.hbase.EmbeddedHBase;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.HBaseTargets;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The embedded mini cluster runs in a child JVM: it starts, serves a table as a client sees it, gets the
 * cluster settings the suite passes, is measured as a server of its own, and never outlives the JVM that
 * started it — not even one killed with SIGKILL.
 */
@ExtendWith(SharedHBase.class)
class ChildClusterTest {

    @Test
    void theClusterIsAChildProcessAndATableRoundTripsRows(HBaseTarget hbase) throws Exception {
        EmbeddedHBase child = assertInstanceOf(hbase);
        long pid = child.pid();
        assertNotEquals(ProcessHandle.current().pid(), pid);
        assertTrue(ProcessHandle.current().descendants().anyMatch(h -> h.pid() == pid), "the cluster is our descendant");

        MeterSchema schema = new MeterSchema("FAST_DIFF", "GZ", 2);
        TableName tn = schema.tableName(hbase, "childtest");
        schema.create(hbase, tn);
        try {
            try (Table t = hbase.connection().getTable(tn)) {
                List<Put> puts = new ArrayList<>();
                for (int i = 0; i < 1000; i++) {
                    puts.add(new Put(Bytes.toBytes(String.format("row%05d", i)))
                            .addColumn(MeterSchema.FAMILY, Bytes.toBytes("v"), Bytes.toBytes(i)));
                }
                t.put(puts);
                hbase.flush(tn);
                long sum = 0;
                int rows = 0;
                try (ResultScanner s = t.getScanner(new Scan())) {
                    for (Result r : s) {
                        sum += Bytes.toInt(r.getValue(MeterSchema.FAMILY, Bytes.toBytes("v")));
                        rows++;
                    }
                }
                assertEquals(1000, rows);
                assertEquals(999L * 1000 / 2, sum);
            }
            assertEquals(1000, hbase.storeFiles(tn).stream().mapToLong(f -> f.cells()).sum(), "the flush wrote every row to HFiles");
        } finally {
            hbase.dropTable(tn);
        }
    }

    @Test
    void theClusterGetsTheSuitesSettingsAndItsCpuIsTheServers(HBaseTarget hbase) {
        assertInstanceOf(hbase);
        @SuppressWarnings("unchecked")
        Map<String, String> conf = (Map<String, String>) hbase.serverInfo().get("config");
        assertEquals("filesystem", conf.get("hbase.wal.provider"), "read from the child: " + conf);
        assertEquals("-1", conf.get("hbase.regionserver.info.port"));
        ServerCpu.Sample s = ServerCpu.sample();
        assertTrue(s.live() >= 1 && s.what().contains("child JVM"), s.toString());
        assertEquals(0, s.inProcessNanos(), "none of the server's CPU is this JVM's");
    }

    /** A benchmark fork attaches to the cluster its class's launcher started; closing the fork's target leaves it running. */
    @Test
    void aForkAttachesToItsClassesClusterAndLeavesItRunning(HBaseTarget hbase) {
        EmbeddedHBase owner = assertInstanceOf(hbase);
        String key = dev.kensho.targets.hbase.HBaseSettings.ATTACH.key();
        System.setProperty(key, owner.attachSpec());
        try (HBaseTarget fork = HBaseTargets.open()) {
            EmbeddedHBase attached = assertInstanceOf(fork);
            assertTrue(attached.attached() && !owner.attached());
            assertEquals(owner.pid(), attached.pid());
            assertEquals(owner.dir(), attached.dir());
            attached.ensureNamespace(); // reaches the cluster through its own connection
            assertTrue(attached.describe().contains("forks share"), attached.describe());
        } finally {
            System.clearProperty(key);
        }
        assertTrue(owner.process().isAlive(), "closing an attached target must not stop the cluster");
        owner.ensureNamespace();
    }

    /** The launcher's warm-up of a class's cluster reads back every row it wrote and leaves no table behind. */
    @Test
    void theWarmUpRunsTheServersPathsAndLeavesNothing(HBaseTarget hbase) {
        assertTrue(dev.kensho.targets.hbase.ClusterWarmUp.run(hbase) > 0);
        assertTrue(!hbase.exists(hbase.table("warmup")), "the warm-up table is dropped");
    }

    /** SIGKILL: no shutdown hook runs in the killed JVM; the watchdog must end the cluster. */
    @Test
    void theClusterDiesWithAJvmKilledBySigkill() throws Exception {
        String java = Paths.get(System.getProperty("java.home"), "bin", "java").toString();
        Process jvm = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"), HoldHBaseMain.class.getName())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(jvm.getInputStream(), StandardCharsets.UTF_8));
            String line;
            do {
                line = out.readLine();
            } while (line != null && !line.startsWith("PID "));
            assertTrue(line != null, "the child JVM did not start the cluster");
            long pid = Long.parseLong(line.split(" ")[1]);
            assertTrue(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "cluster running");

            Process kill = new ProcessBuilder("kill", "-KILL", Long.toString(jvm.pid())).start();
            assertEquals(0, kill.waitFor());
            assertTrue(jvm.waitFor(20, TimeUnit.SECONDS), "JVM ended");
            assertTrue(awaitGone(pid), "the cluster's JVM (pid " + pid + ") outlived its parent");
        } finally {
            jvm.descendants().forEach(ProcessHandle::destroyForcibly);
            jvm.destroyForcibly();
        }
    }

    private static EmbeddedHBase assertInstanceOf(HBaseTarget hbase) {
        assertTrue(hbase instanceof EmbeddedHBase, "the default target: " + hbase.describe());
        return (EmbeddedHBase) hbase;
    }

    private static boolean awaitGone(long pid) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (ProcessHandle.of(pid).map(p -> !p.isAlive()).orElse(true)) {
                return true;
            }
            Thread.sleep(50); // polling another process's exit
        }
        return false;
    }
}
