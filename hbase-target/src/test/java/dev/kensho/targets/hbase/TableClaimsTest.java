package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.targets.Lease;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The claim on a run's tables ({@link TableClaims}) on the embedded mini cluster, one per class: the same code and
 * rule as on an external cluster. Two claims of one tag at once: one wins, the other is refused in one line; another
 * run's sweep never drops a live run's tables, drops a lapsed or killed run's with a note, and never touches a table
 * the suite did not mark or one without a run tag. Each check is also fed a wrong answer (a lease judged dead while it
 * lives) to show it can fail.
 */
class TableClaimsTest {

    private static final byte[] CF = Bytes.toBytes("f");
    private static final java.util.function.Predicate<String> SAYS_DEAD = lease -> false;

    private static EmbeddedHBase hbase;

    @BeforeAll
    static void start() {
        hbase = EmbeddedHBase.start();
        hbase.ensureNamespace();
    }

    @AfterAll
    static void stop() {
        if (hbase != null) {
            hbase.close();
        }
    }

    private static TableClaims claims() {
        return TableClaims.on(hbase);
    }

    @Test
    void twoClaimsOfOneTagAtOnceOneWinsTheOtherIsRefusedInOneLine() throws Exception {
        String tag = "rtwoatonce";
        claims().ensureTable();
        Map<String, Throwable> refused = new ConcurrentHashMap<>();
        List<String> won = java.util.Collections.synchronizedList(new ArrayList<>());
        CountDownLatch go = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<Future<?>> f = new ArrayList<>();
            for (String run : List.of("run-a", "run-b")) {
                f.add(pool.submit(() -> {
                    go.await();
                    try {
                        claims().take(run, tag);
                        won.add(run);
                    } catch (BadInput e) {
                        refused.put(run, e);
                    }
                    return null;
                }));
            }
            go.countDown();
            for (Future<?> x : f) {
                x.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertEquals(1, won.size(), "won " + won + ", refused " + refused);
        assertEquals(1, refused.size());
        String line = refused.values().iterator().next().getMessage();
        System.out.println("refusal (tag held): " + line);
        assertTrue(line.contains("held by another kensho run (" + won.get(0) + " on ") && !line.contains("\n"), line);
        assertEquals(won.get(0), Lease.run(claims().lease(tag)), "the lease names the winner");

        // a wrong judgement (the winner's live lease taken for dead) lets the loser take it over: the check can fail
        String loser = refused.keySet().iterator().next();
        new TableClaims(hbase, TableClaims.LEASE_MS, SAYS_DEAD).take(loser, tag);
        assertEquals(loser, Lease.run(claims().lease(tag)));
        claims().release(loser, tag);
    }

    @Test
    void aLiveRunsTablesSurviveAnotherRunsSweep() throws Exception {
        String live = "rliverun1";
        claims().take("live-run", live);
        TableName t = runTable("live_load", live);
        List<String> notes = new ArrayList<>();
        List<TableName> dropped = claims().sweep("rsweeper1", notes::add);
        assertFalse(dropped.contains(t), "dropped " + dropped);
        assertTrue(hbase.exists(t) && rows(t) == 10, "the live run's table and rows are intact");
        assertTrue(notes.stream().noneMatch(n -> n.contains(t.getNameAsString())), notes.toString());

        // fed a wrong answer (the live lease judged dead), the sweep drops it: "survives" is a check that can fail
        List<TableName> wrong = new TableClaims(hbase, TableClaims.LEASE_MS, SAYS_DEAD).sweep("rsweeper1", notes::add);
        assertTrue(wrong.contains(t) && !hbase.exists(t), "with a wrong judgement the live run's table goes: " + wrong);
        claims().release("live-run", live);
    }

    @Test
    void aLapsedLeasesTablesAreSweptWithANote() throws Exception {
        String lapsed = "rlapsed01";
        TableClaims shortLease = new TableClaims(hbase, 1_000, Lease::alive);
        shortLease.take("lapsed-run", lapsed);
        TableName t = runTable("lapsed_load", lapsed);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (claims().lease(lapsed) != null && System.nanoTime() < deadline) {
            Thread.sleep(200); // waiting for the server to expire the cell, not timing anything
        }
        assertNull(claims().lease(lapsed), "the region server stopped returning the lease after its TTL");
        assertTrue(claims().heldBy("lapsed-run", lapsed), "the row still names the run");

        List<String> notes = new ArrayList<>();
        List<TableName> dropped = claims().sweep("rsweeper2", notes::add);
        assertTrue(dropped.contains(t) && !hbase.exists(t), "dropped " + dropped);
        String note = notes.stream().filter(n -> n.contains(t.getNameAsString())).findFirst().orElseThrow();
        System.out.println("sweep note: " + note);
        assertTrue(note.startsWith("dropped 1 table(s) of kensho run other-run on elsewhere, pid 1 on ") && note.contains("lease had ended"), note);
        assertFalse(claims().heldBy("lapsed-run", lapsed), "the ended run's row is forgotten");
    }

    @Test
    void aKilledLocalRunsLeaseIsTakenOverAndItsTablesSwept() throws Exception {
        Process done = new ProcessBuilder("true").start();
        assertEquals(0, done.waitFor());
        String tag = "rkilled01";
        claims().ensureTable();
        try (Table t = hbase.connection().getTable(claims().table())) {
            t.put(new Put(Bytes.toBytes(tag)).addColumn(Bytes.toBytes("c"), Bytes.toBytes("lease"),
                    Bytes.toBytes("killed-run " + Lease.host() + " " + done.pid())));
        }
        TableName left = runTable("killed_load", tag);
        List<String> notes = new ArrayList<>();
        assertTrue(claims().sweep("rsweeper3", notes::add).contains(left), "a lease naming an ended local pid is dead");
        claims().take("next-run", tag);
        assertEquals("next-run", Lease.run(claims().lease(tag)), "the same tag is taken over");
        claims().release("next-run", tag);
        assertNull(claims().lease(tag));
    }

    @Test
    void unmarkedAndUntaggedTablesAreNeverTouched() throws Exception {
        TableName outside = TableName.valueOf("default", "claims_unrelated");
        TableName unmarked = TableName.valueOf(hbase.namespace(), "claims_user_made");
        TableName untagged = TableName.valueOf(hbase.namespace(), "claims_before_runs");
        try (Admin admin = hbase.connection().getAdmin()) {
            create(admin, TableDescriptorBuilder.newBuilder(outside));
            create(admin, TableDescriptorBuilder.newBuilder(unmarked));
            create(admin, TableDescriptorBuilder.newBuilder(untagged).setValue(HBaseTarget.OWNER_KEY, HBaseTarget.OWNER_VALUE));
            // the most aggressive sweep there is: every lease judged dead
            new TableClaims(hbase, TableClaims.LEASE_MS, SAYS_DEAD).sweep("rsweeper4", n -> { });
            hbase.dropSuiteTables();
            for (TableName tn : List.of(outside, unmarked, untagged)) {
                assertTrue(hbase.exists(tn) && rows(tn) == 10, tn + " and its rows survive");
            }
            BadInput a = assertThrows(BadInput.class, () -> hbase.dropTable(unmarked));
            BadInput b = assertThrows(BadInput.class, () -> hbase.dropTable(untagged));
            BadInput c = assertThrows(BadInput.class, () -> hbase.flush(untagged));
            System.out.println("refusal (unmarked): " + a.getMessage());
            System.out.println("refusal (marked, no run): " + b.getMessage());
            assertTrue(a.getMessage().contains("not marked as created by the suite"), a.getMessage());
            assertTrue(b.getMessage().contains("another kensho run's table (made before tables had runs)"), b.getMessage());
            assertTrue(c.getMessage().startsWith("refusing to flush"), c.getMessage());
            for (TableName tn : List.of(outside, unmarked, untagged)) {
                admin.disableTable(tn);
                admin.deleteTable(tn);
            }
        }
    }

    @Test
    void aRunTouchesOnlyTablesNamedAndTaggedForIt() throws Exception {
        TableName mine = hbase.table("claims_mine");
        hbase.createTable(TableDescriptorBuilder.newBuilder(mine).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(), null);
        TableName others = runTable("claims_others", "rother001");
        BadInput drop = assertThrows(BadInput.class, () -> hbase.dropTable(others));
        System.out.println("refusal (another run's table): " + drop.getMessage());
        assertTrue(drop.getMessage().contains("another kensho run's table (other-run on "), drop.getMessage());
        BadInput create = assertThrows(BadInput.class, () -> hbase.createTable(TableDescriptorBuilder
                .newBuilder(TableName.valueOf(hbase.namespace(), "claims_unnamed")).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(), null));
        System.out.println("refusal (name without the run's tag): " + create.getMessage());
        assertTrue(create.getMessage().contains("only tables named for their run"), create.getMessage());
        assertEquals(List.of(mine), hbase.dropSuiteTables(), "a run's clean-up drops its own tables only");
        assertTrue(hbase.exists(others));
        try (Admin admin = hbase.connection().getAdmin()) {
            admin.disableTable(others);
            admin.deleteTable(others);
        }
    }

    @Test
    void aClaimsTableTheSuiteDidNotMakeIsRefusedBeforeAnythingIsWritten() throws Exception {
        System.setProperty(HBaseSettings.NAMESPACE.key(), "claims_foreign");
        HBaseTarget other;
        try {
            other = EmbeddedHBase.attach(hbase.attachSpec());
        } finally {
            System.clearProperty(HBaseSettings.NAMESPACE.key());
        }
        try (other; Admin admin = other.connection().getAdmin()) {
            other.ensureNamespace();
            TableName foreign = TableName.valueOf("claims_foreign", ClaimsTable.TABLE);
            create(admin, TableDescriptorBuilder.newBuilder(foreign));
            BadInput look = assertThrows(BadInput.class, () -> TableClaims.on(other).look(null));
            System.out.println("refusal (foreign claims table): " + look.getMessage());
            assertTrue(look.getMessage().startsWith(HBaseSettings.NAMESPACE.key() + "=claims_foreign on "), look.getMessage());
            assertThrows(BadInput.class, () -> TableClaims.on(other).claim("any-run", "rany00001", n -> { }));
            assertEquals(10, rows(other, foreign), "its rows untouched");
            admin.disableTable(foreign);
            admin.deleteTable(foreign);
        }
    }

    /** A table as another run (tag {@code tag}) would have made it: marked, tagged, ten rows. */
    private static TableName runTable(String name, String tag) throws IOException {
        TableName tn = TableName.valueOf(hbase.namespace(), name + "." + tag);
        try (Admin admin = hbase.connection().getAdmin()) {
            create(admin, TableDescriptorBuilder.newBuilder(tn).setValue(HBaseTarget.OWNER_KEY, HBaseTarget.OWNER_VALUE)
                    .setValue(RunTables.RUN_KEY, tag).setValue(RunTables.BY_KEY, "other-run on elsewhere, pid 1"));
        }
        return tn;
    }

    private static void create(Admin admin, TableDescriptorBuilder b) throws IOException {
        TableName tn = b.build().getTableName();
        admin.createTable(b.setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build());
        try (Table t = admin.getConnection().getTable(tn)) {
            for (int i = 0; i < 10; i++) {
                t.put(new Put(Bytes.toBytes("row" + i)).addColumn(CF, Bytes.toBytes("q"), Bytes.toBytes(i)));
            }
        }
    }

    private static int rows(TableName tn) throws IOException {
        return rows(hbase, tn);
    }

    private static int rows(HBaseTarget on, TableName tn) throws IOException {
        int n = 0;
        try (Table t = on.connection().getTable(tn); var s = t.getScanner(new org.apache.hadoop.hbase.client.Scan())) {
            for (var r : s) {
                n++;
            }
        }
        return n;
    }
}
