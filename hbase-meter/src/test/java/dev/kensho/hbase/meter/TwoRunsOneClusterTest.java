package dev.kensho.hbase.meter;

import dev.kensho.common.export.RunFolder;
import dev.kensho.targets.hbase.HBaseSettings;
import dev.kensho.targets.hbase.HBaseTarget;
import dev.kensho.targets.hbase.RunTables;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two runs against one HBase the suite did not start for them: the test JVM's mini cluster
 * ({@link SharedHBase}), addressed as an external one ({@code -Dkensho.hbase.zookeeper}), and two launchers of
 * {@link CompressionMatrixBenchmark}'s {@code main} started at once, at smoke scale. Their tables are named and tagged
 * for their runs, so while both load (seen: tables of two runs in the namespace at the same moment) neither drops
 * the other's; both complete with their answers checked (the benchmark checks row counts and HFiles itself; a
 * failed check fails its run). A table outside the namespace and an unmarked one inside it keep their rows, and
 * each run takes its own tables with it.
 *
 * <p>Each launcher runs the {@code load} case only ({@code kensho.bench}), in one JMH fork: the load is what overlaps,
 * and the fork is where a run's claim once refused its own run; the scan case would add a second fork per run and
 * check nothing more here. Under Maven the launchers and their forks get the test JVMs' C1-only flags
 * ({@code hbase.testJvmOptions} in this module's pom).
 */
@ExtendWith(SharedHBase.class)
class TwoRunsOneClusterTest {

    private static final byte[] CF = Bytes.toBytes("f");

    @Test
    void twoRunsWhoseLoadsOverlapBothComplete(HBaseTarget cluster, @TempDir Path work) throws Exception {
        cluster.ensureNamespace();
        String zk = "127.0.0.1:" + cluster.configuration().get("hbase.zookeeper.property.clientPort");
        TableName outside = TableName.valueOf("default", "foreign_outside");
        TableName unmarked = TableName.valueOf(cluster.namespace(), "foreign_unmarked");
        try {
            try (Admin admin = cluster.connection().getAdmin()) {
                for (TableName tn : List.of(outside, unmarked)) {
                    admin.createTable(TableDescriptorBuilder.newBuilder(tn).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build());
                    try (Table t = cluster.connection().getTable(tn)) {
                        for (int i = 0; i < 10; i++) {
                            t.put(new Put(Bytes.toBytes("row" + i)).addColumn(CF, Bytes.toBytes("q"), Bytes.toBytes(i)));
                        }
                    }
                }
            }
            // the cluster is shared by this JVM's test classes: runs are counted by the tags that were not there before
            Set<String> before = runTags(cluster);
            before.add(RunTables.tag());

            Process a = launch(work, "run-a", zk);
            Process b = launch(work, "run-b", zk);
            int mostRunsAtOnce = 0;
            try {
                while (a.isAlive() || b.isAlive()) {
                    mostRunsAtOnce = Math.max(mostRunsAtOnce, runsWithTables(cluster, before));
                    Thread.sleep(100);
                }
                assertTrue(a.waitFor(10, TimeUnit.MINUTES) && b.waitFor(10, TimeUnit.MINUTES));
            } finally {
                for (Process p : List.of(a, b)) {
                    p.descendants().forEach(ProcessHandle::destroyForcibly);
                    p.destroyForcibly();
                }
            }
            for (String run : List.of("run-a", "run-b")) {
                Process p = run.equals("run-a") ? a : b;
                String log = Files.readString(work.resolve(run + ".log"), StandardCharsets.UTF_8);
                assertEquals(0, p.exitValue(), run + ": " + log);
                assertEquals("complete", RunFolder.at(work.resolve("runs").resolve(run)).state(), run + ": " + log);
                assertTrue(Files.exists(work.resolve("runs").resolve(run).resolve("jmh").resolve("CompressionMatrixBenchmark.json")));
            }
            assertEquals(2, mostRunsAtOnce, "the two runs' tables were in the namespace at the same moment (their loads overlapped)");

            for (TableName tn : List.of(outside, unmarked)) {
                assertEquals(10, rows(cluster, tn), tn + " keeps its rows");
            }
            assertEquals(0, runsWithTables(cluster, before), "each run dropped its own tables at its end");
        } finally {
            // the test's own fixtures, removed with the raw Admin (the suite itself would refuse): the cluster lives on
            try (Admin admin = cluster.connection().getAdmin()) {
                for (TableName tn : List.of(outside, unmarked)) {
                    if (admin.tableExists(tn)) {
                        admin.disableTable(tn);
                        admin.deleteTable(tn);
                    }
                }
            }
        }
    }

    /** A launcher of the class's main in a JVM of its own, with the HBase client's add-opens, as the jar would run it. */
    private static Process launch(Path work, String runId, String zk) throws Exception {
        Path tmp = Files.createDirectories(work.resolve("tmp-" + runId));
        List<String> cmd = new ArrayList<>(List.of(Paths.get(System.getProperty("java.home"), "bin", "java").toString(),
                AbstractMeterBenchmark.OPEN_LANG, AbstractMeterBenchmark.OPEN_NIO, AbstractMeterBenchmark.OPEN_UTIL,
                AbstractMeterBenchmark.OPEN_CONCURRENT, "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"), "-Djava.io.tmpdir=" + tmp,
                "-D" + HBaseSettings.ZOOKEEPER.key() + "=" + zk, "-Dkensho.scale=smoke",
                "-Dkensho.results=" + work.resolve("runs"), "-Dkensho.runId=" + runId, "-Dkensho.bench=\\.load$",
                CompressionMatrixBenchmark.class.getName()));
        return new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(work.resolve(runId + ".log").toFile()).start();
    }

    /** How many runs have tables in the suite's namespace now (by their run tags), leaving out the tags in {@code ignored}. */
    private static int runsWithTables(HBaseTarget cluster, Set<String> ignored) throws Exception {
        Set<String> tags = runTags(cluster);
        tags.removeAll(ignored);
        return tags.size();
    }

    /** The run tags of the tables in the suite's namespace now. */
    private static Set<String> runTags(HBaseTarget cluster) throws Exception {
        Set<String> tags = new HashSet<>();
        try (Admin admin = cluster.connection().getAdmin()) {
            for (TableDescriptor d : admin.listTableDescriptorsByNamespace(Bytes.toBytes(cluster.namespace()))) {
                String tag = d.getValue(RunTables.RUN_KEY);
                if (tag != null) {
                    tags.add(tag);
                }
            }
        }
        return tags;
    }

    private static int rows(HBaseTarget cluster, TableName tn) throws Exception {
        int n = 0;
        try (Table t = cluster.connection().getTable(tn); ResultScanner rs = t.getScanner(new Scan())) {
            for (Result ignored : rs) {
                n++;
            }
        }
        return n;
    }
}
