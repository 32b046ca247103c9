package dev.kensho.targets.hbase;

import dev.kensho.common.Setting;
import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.Lease;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;

import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

import static dev.kensho.targets.hbase.ClaimsTable.F;
import static dev.kensho.targets.hbase.ClaimsTable.HOST;
import static dev.kensho.targets.hbase.ClaimsTable.LEASE;
import static dev.kensho.targets.hbase.ClaimsTable.PID;
import static dev.kensho.targets.hbase.ClaimsTable.RUN;
import static dev.kensho.targets.hbase.ClaimsTable.STARTED;

/**
 * The runs that hold tables on a cluster the suite did not start: one row per run tag ({@link RunTables}) in the
 * suite table {@code <namespace>:}{@value ClaimsTable#TABLE} (marked, never dropped), holding the run id, host and pid, and a
 * <b>lease</b> cell written with a cell TTL of {@link #LEASE_MS} ms: the region server stops returning it that long
 * after the holder's last renewal (its own clock on both ends). The lease is taken and replaced only by
 * check-and-mutate, so of two JVMs that claim one tag at once one gets it and the other is refused in one line.
 *
 * <p>Claiming also sweeps: a table marked by the suite whose run tag is another run's is dropped only when that
 * run's lease has ended ({@link Lease#alive}: gone from the server, or naming a process of this host that has
 * ended), with a note; then that run's row goes. A live run's tables, a table without the suite's mark, and a marked
 * table without a run (made before tables had runs) are never touched. At its end a run drops what its benchmarks
 * left under its tag and its row.
 */
final class TableClaims {

    /** How long a lease outlives its last renewal; the holder renews it every {@code Claims.RENEW_MS}. */
    static final long LEASE_MS = 60_000;

    private final HBaseTarget target;
    private final ClaimsTable store;
    private final long leaseMs;
    /** Whether a lease read from the server still holds: {@link Lease#alive}, except in tests that feed a wrong one. */
    private final Predicate<String> alive;

    TableClaims(HBaseTarget target, long leaseMs, Predicate<String> alive) {
        this.target = target;
        this.store = new ClaimsTable(target);
        this.leaseMs = leaseMs;
        this.alive = alive;
    }

    static TableClaims on(HBaseTarget target) {
        return new TableClaims(target, LEASE_MS, Lease::alive);
    }

    TableName table() {
        return store.name();
    }

    /** Takes the lease of {@code tag} for {@code runId}, then sweeps the tables of runs whose lease has ended. */
    void claim(String runId, String tag, Consumer<String> note) {
        ensureTable();
        take(runId, tag);
        sweep(tag, note);
    }

    /**
     * The launcher's look before the run folder exists, writing nothing: a table of the claims table's name that the
     * suite did not create, or (when the run id is given) a live run holding this run's tag, is refused in one line.
     */
    void look(String runIdOrNull) {
        TableDescriptor d = target.descriptor(table());
        if (d != null) {
            store.requireClaimsTable(d);
            if (runIdOrNull != null) {
                String held = lease(RunTables.tag(runIdOrNull));
                if (alive.test(held) && !held.equals(Lease.of(runIdOrNull))) {
                    throw heldByAnother(RunTables.tag(runIdOrNull), held);
                }
            }
        }
    }

    /** Renews this process's lease; takes it again if it lapsed and nobody took it. */
    void renew(String runId, String tag) {
        byte[] row = Bytes.toBytes(tag);
        String mine = Lease.of(runId);
        if (!mutate(CheckAndMutate.newBuilder(row).ifEquals(F, LEASE, Bytes.toBytes(mine)).build(lease(row, mine)))) {
            mutate(CheckAndMutate.newBuilder(row).ifNotExists(F, LEASE).build(lease(row, mine)));
        }
    }

    /**
     * The run's end: drops its tables, then its row; returns the tables. Nothing is dropped when another process holds
     * the tag now (this run's lease lapsed and a run of the same host, folder and shard took it): they are its tables.
     */
    List<TableName> release(String runId, String tag) {
        String held = lease(tag);
        if (held != null && !held.equals(Lease.of(runId)) && alive.test(held)) {
            return List.of();
        }
        List<TableName> left = target.dropRunTables(tag);
        byte[] row = Bytes.toBytes(tag);
        if (!mutate(CheckAndMutate.newBuilder(row).ifEquals(F, LEASE, Bytes.toBytes(Lease.of(runId))).build(new Delete(row)))) {
            mutate(CheckAndMutate.newBuilder(row).ifNotExists(F, LEASE).build(new Delete(row)));
        }
        return left;
    }

    /** A run being stopped: its lease goes, its tables stay for the next run's sweep. */
    void interrupted(String runId, String tag) {
        byte[] row = Bytes.toBytes(tag);
        mutate(CheckAndMutate.newBuilder(row).ifEquals(F, LEASE, Bytes.toBytes(Lease.of(runId)))
                .build(new Delete(row).addColumns(F, LEASE)));
    }

    /** True when the row of {@code tag} names {@code runId}: that run's launcher holds it. */
    boolean heldBy(String runId, String tag) {
        return runId.equals(cell(tag, RUN));
    }

    /** The lease of {@code tag} as the server returns it now, or null. */
    String lease(String tag) {
        return cell(tag, LEASE);
    }

    void take(String runId, String tag) {
        byte[] row = Bytes.toBytes(tag);
        String mine = Lease.of(runId);
        for (int attempt = 0; attempt < 5; attempt++) {
            RowMutations whole = new RowMutations(row);
            try {
                whole.add(new Put(row).addColumn(F, RUN, Bytes.toBytes(runId)).addColumn(F, HOST, Bytes.toBytes(Lease.host()))
                        .addColumn(F, PID, Bytes.toBytes(Long.toString(ProcessHandle.current().pid())))
                        .addColumn(F, STARTED, Bytes.toBytes(Instant.now().toString())));
                whole.add(lease(row, mine));
            } catch (IOException e) {
                throw new IllegalStateException("mutations of one row", e);
            }
            if (mutate(CheckAndMutate.newBuilder(row).ifNotExists(F, LEASE).build(whole))) {
                return;
            }
            String held = lease(tag);
            if (mine.equals(held)) {
                return;
            }
            if (alive.test(held)) {
                throw heldByAnother(tag, held);
            }
            // null: it lapsed since; else a killed local run's: replace it only if it is still that one
            if (held != null && mutate(CheckAndMutate.newBuilder(row).ifEquals(F, LEASE, Bytes.toBytes(held)).build(whole))) {
                return;
            }
        }
        throw new TargetFailure(target.describe() + ": the lease of " + tag + " changed hands 5 times while this run took it");
    }

    private BadInput heldByAnother(String tag, String held) {
        return new BadInput(target.describe() + ": the tables of run tag " + tag + " (this host, run folder and shard) are"
                + " held by another kensho run (" + Lease.who(held) + "); nothing was written. Use another -D"
                + Setting.RUN_ID.key());
    }

    /**
     * Drops the suite's tables of every other run whose lease has ended, with a note per run, then those runs' rows;
     * returns the tables dropped.
     */
    List<TableName> sweep(String ours, Consumer<String> note) {
        Map<String, List<TableName>> byRun = new TreeMap<>();
        Map<String, String> who = new TreeMap<>();
        List<TableName> dropped = new ArrayList<>();
        try (Admin admin = target.connection().getAdmin()) {
            for (TableDescriptor d : admin.listTableDescriptorsByNamespace(Bytes.toBytes(target.namespace()))) {
                String run = d.getValue(RunTables.RUN_KEY);
                if (HBaseTarget.OWNER_VALUE.equals(d.getValue(HBaseTarget.OWNER_KEY)) && run != null && !run.equals(ours)
                        && d.getValue(ClaimsTable.ROLE_KEY) == null) {
                    byRun.computeIfAbsent(run, r -> new ArrayList<>()).add(d.getTableName());
                    who.put(run, d.getValue(RunTables.BY_KEY));
                }
            }
            for (var e : byRun.entrySet()) {
                String held = lease(e.getKey()); // read now, just before the drop: a run that lives renews it
                if (alive.test(held)) {
                    continue;
                }
                List<TableName> gone = new ArrayList<>();
                for (TableName tn : e.getValue()) {
                    if (SuiteTables.delete(admin, tn)) {
                        gone.add(tn);
                    }
                }
                dropped.addAll(gone);
                if (!gone.isEmpty()) {
                    note.accept("dropped " + gone.size() + " table(s) of kensho run " + who.get(e.getKey()) + " on "
                            + target.describe() + " (e.g. " + gone.get(0).getNameAsString() + "): its lease had ended,"
                            + " the run ended without cleaning up");
                }
            }
        } catch (IOException e) {
            throw target.unreachable(e);
        }
        forgetEnded(ours);
        return dropped;
    }

    /** Deletes the rows of other runs whose lease has ended, each only if its lease is still what was read. */
    private void forgetEnded(String ours) {
        List<byte[]> rows = new ArrayList<>();
        List<String> leases = new ArrayList<>();
        try (Table t = target.connection().getTable(table()); ResultScanner rs = t.getScanner(new Scan().addFamily(F))) {
            for (Result r : rs) {
                byte[] l = r.getValue(F, LEASE);
                String held = l == null ? null : Bytes.toString(l);
                if (!Bytes.toString(r.getRow()).equals(ours) && !alive.test(held)) {
                    rows.add(r.getRow());
                    leases.add(held);
                }
            }
        } catch (IOException e) {
            throw target.unreachable(e);
        }
        for (int i = 0; i < rows.size(); i++) {
            byte[] row = rows.get(i);
            String held = leases.get(i);
            mutate(held == null ? CheckAndMutate.newBuilder(row).ifNotExists(F, LEASE).build(new Delete(row))
                    : CheckAndMutate.newBuilder(row).ifEquals(F, LEASE, Bytes.toBytes(held)).build(new Delete(row)));
        }
    }

    /** Creates the claims table if absent; refuses in one line a table of that name the suite did not create. */
    void ensureTable() {
        store.ensure();
    }

    private Put lease(byte[] row, String holder) {
        Put p = new Put(row).addColumn(F, LEASE, Bytes.toBytes(holder));
        p.setTTL(leaseMs);
        return p;
    }

    private String cell(String tag, byte[] qualifier) {
        return store.cell(tag, qualifier);
    }

    private boolean mutate(CheckAndMutate cam) {
        return store.mutate(cam);
    }
}
