package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotEnabledException;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static dev.kensho.targets.hbase.HBaseTarget.OWNER_KEY;
import static dev.kensho.targets.hbase.HBaseTarget.OWNER_VALUE;
import static dev.kensho.targets.hbase.HBaseTarget.firstLine;

/**
 * The table-safety rule of one {@link HBaseTarget}: which tables a run may create, write, flush, compact and drop.
 * The suite creates tables only in its namespace, named for the run and marked with {@value HBaseTarget#OWNER_KEY}
 * and the run's tag ({@link RunTables}); anything else is refused with one line. It sits apart from the target so
 * the rule reads in one place, the same for every kind of target, while the target keeps connecting and measuring.
 */
final class SuiteTables {

    private final HBaseTarget target;

    SuiteTables(HBaseTarget target) {
        this.target = target;
    }

    private Admin admin() throws IOException {
        return target.connection().getAdmin();
    }

    private String describe() {
        return target.describe();
    }

    private TargetFailure unreachable(Throwable e) {
        return target.unreachable(e);
    }

    /** Throws unless {@code table} is in the suite's namespace. */
    void requireSuiteNamespace(TableName table, String action) {
        if (!table.getNamespaceAsString().equals(target.namespace())) {
            throw new BadInput("refusing to " + action + " " + table.getNameAsString() + " on " + describe()
                    + ": the suite only touches tables in its namespace '" + target.namespace() + "' ("
                    + HBaseSettings.NAMESPACE.key() + ")");
        }
    }

    /**
     * Throws unless {@code table} is in the suite's namespace and, if it exists, carries the suite's mark and this
     * run's tag: a table someone else created there (without {@value HBaseTarget#OWNER_KEY}), or another run's, is never
     * flushed, compacted, written or dropped.
     */
    void requireOwned(TableName table, String action) {
        requireSuiteNamespace(table, action);
        TableDescriptor d = descriptor(table);
        if (d != null) {
            RunTables.requireThisRun(d, action, describe());
        }
    }

    /** The table's descriptor, or null when it does not exist. */
    TableDescriptor descriptor(TableName tn) {
        try (Admin admin = admin()) {
            return admin.tableExists(tn) ? admin.getDescriptor(tn) : null;
        } catch (TableNotFoundException gone) {
            return null;
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /** Creates the suite's namespace if absent (never drops it: it may hold the user's tables too). */
    void ensureNamespace() {
        try (Admin admin = admin()) {
            try {
                admin.getNamespaceDescriptor(target.namespace());
            } catch (NamespaceNotFoundException absent) {
                admin.createNamespace(NamespaceDescriptor.create(target.namespace()).build());
            }
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /**
     * Creates a table of this run ({@link HBaseTarget#table}: refused outside the namespace or under another name), marked as
     * the suite's and the run's; an existing table of this run of that name is dropped first, any other refused.
     */
    void create(TableDescriptor descriptor, byte[][] splits) {
        TableName tn = descriptor.getTableName();
        requireSuiteNamespace(tn, "create");
        String tag = RunTables.tag();
        if (!tn.getQualifierAsString().endsWith("." + tag)) {
            throw new BadInput("refusing to create " + tn.getNameAsString() + " on " + describe() + ": the suite creates"
                    + " only tables named for their run (<name>." + tag + ", HBaseTarget.table)");
        }
        ensureNamespace();
        if (exists(tn)) {
            drop(tn);
        }
        TableDescriptor marked = TableDescriptorBuilder.newBuilder(descriptor).setValue(OWNER_KEY, OWNER_VALUE)
                .setValue(RunTables.RUN_KEY, tag).setValue(RunTables.BY_KEY, RunTables.by(RunTables.runId())).build();
        try (Admin admin = admin()) {
            if (splits == null || splits.length == 0) {
                admin.createTable(marked);
            } else {
                admin.createTable(marked, splits);
            }
        } catch (IOException e) {
            throw new TargetFailure(describe() + ": cannot create " + tn + " (" + firstLine(e) + ")", e);
        }
    }

    boolean exists(TableName tn) {
        try (Admin admin = admin()) {
            return admin.tableExists(tn);
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /** True when the suite may drop {@code tn}: in its namespace and carrying its mark. */
    boolean ownedBySuite(TableName tn) {
        if (!tn.getNamespaceAsString().equals(target.namespace())) {
            return false;
        }
        try (Admin admin = admin()) {
            return admin.tableExists(tn) && OWNER_VALUE.equals(admin.getDescriptor(tn).getValue(OWNER_KEY));
        } catch (IOException e) {
            throw unreachable(e);
        }
    }

    /** Drops a table of this run; refuses any table the suite or this run did not create. Absent: nothing to do. */
    void drop(TableName tn) {
        requireSuiteNamespace(tn, "drop");
        TableDescriptor d = descriptor(tn);
        if (d == null) {
            return;
        }
        RunTables.requireThisRun(d, "drop", describe());
        try (Admin admin = admin()) {
            delete(admin, tn);
        } catch (IOException e) {
            throw new TargetFailure(describe() + ": cannot drop " + tn + " (" + firstLine(e) + ")", e);
        }
    }

    /** Disables and deletes {@code tn}, whoever's it is (callers have decided); false when it was gone already. */
    static boolean delete(Admin admin, TableName tn) throws IOException {
        try {
            if (admin.isTableEnabled(tn)) {
                admin.disableTable(tn);
            }
        } catch (TableNotEnabledException alreadyDisabled) {
            // another run's sweep got there first: delete it all the same
        } catch (TableNotFoundException gone) {
            return false;
        }
        try {
            admin.deleteTable(tn);
            return true;
        } catch (TableNotFoundException gone) {
            return false;
        }
    }

    /** Drops every suite table in the namespace tagged {@code tag}; returns their names. */
    List<TableName> dropRunTables(String tag) {
        List<TableName> dropped = new ArrayList<>();
        try (Admin admin = admin()) {
            for (TableDescriptor td : admin.listTableDescriptorsByNamespace(target.namespace().getBytes(StandardCharsets.UTF_8))) {
                if (OWNER_VALUE.equals(td.getValue(OWNER_KEY)) && tag.equals(td.getValue(RunTables.RUN_KEY))
                        && delete(admin, td.getTableName())) {
                    dropped.add(td.getTableName());
                }
            }
        } catch (NamespaceNotFoundException absent) {
            return dropped;
        } catch (IOException e) {
            throw unreachable(e);
        }
        return dropped;
    }
}
