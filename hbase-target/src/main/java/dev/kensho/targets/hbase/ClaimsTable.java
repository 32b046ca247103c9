package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import org.apache.hadoop.hbase.TableExistsException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.TableNotFoundException;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

/**
 * The claims table itself, {@code <namespace>:}{@value #TABLE}: its layout (one row per run tag, one
 * column family), creating it, refusing a table of its name the suite did not make, and reading or check-and-mutating
 * one cell. Kept apart from the lease protocol (which uses it) so that protocol reads as rules, not as HBase calls.
 */
final class ClaimsTable {

    static final String TABLE = "kensho_claims";
    /** Table attribute of the claims table, so no sweep ever takes it for a run's table. */
    static final String ROLE_KEY = "kensho.role";

    static final byte[] F = Bytes.toBytes("c");
    static final byte[] RUN = Bytes.toBytes("run");
    static final byte[] HOST = Bytes.toBytes("host");
    static final byte[] PID = Bytes.toBytes("pid");
    static final byte[] STARTED = Bytes.toBytes("started");
    static final byte[] LEASE = Bytes.toBytes("lease");

    private final HBaseTarget target;

    ClaimsTable(HBaseTarget target) {
        this.target = target;
    }

    TableName name() {
        return TableName.valueOf(target.namespace(), TABLE);
    }

    /** Creates the claims table if absent; refuses in one line a table of that name the suite did not create. */
    void ensure() {
        target.ensureNamespace();
        TableName tn = name();
        TableDescriptor d = target.descriptor(tn);
        if (d == null) {
            try (Admin admin = target.connection().getAdmin()) {
                admin.createTable(TableDescriptorBuilder.newBuilder(tn).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F))
                        .setValue(HBaseTarget.OWNER_KEY, HBaseTarget.OWNER_VALUE).setValue(ROLE_KEY, TABLE).build());
                return;
            } catch (TableExistsException raced) {
                d = target.descriptor(tn); // another run created it a moment ago: check it as found
            } catch (IOException e) {
                throw new TargetFailure(target.describe() + ": cannot create " + tn + " (" + HBaseTarget.firstLine(e) + ")", e);
            }
        }
        if (d == null) {
            throw new TargetFailure(target.describe() + ": " + tn + " was created and dropped again while this run claimed");
        }
        requireClaimsTable(d);
    }

    void requireClaimsTable(TableDescriptor d) {
        if (!HBaseTarget.OWNER_VALUE.equals(d.getValue(HBaseTarget.OWNER_KEY)) || !TABLE.equals(d.getValue(ROLE_KEY))) {
            throw new BadInput(HBaseSettings.NAMESPACE.key() + "=" + target.namespace() + " on " + target.describe()
                    + " holds a table " + d.getTableName().getNameAsString() + " the suite did not create; nothing was"
                    + " written. Use another -D" + HBaseSettings.NAMESPACE.key());
        }
    }

    String cell(String tag, byte[] qualifier) {
        try (Table t = target.connection().getTable(name())) {
            byte[] v = t.get(new Get(Bytes.toBytes(tag)).addColumn(F, qualifier)).getValue(F, qualifier);
            return v == null ? null : new String(v, StandardCharsets.UTF_8);
        } catch (TableNotFoundException none) {
            return null;
        } catch (IOException e) {
            throw target.unreachable(e);
        }
    }

    boolean mutate(CheckAndMutate cam) {
        try (Table t = target.connection().getTable(name())) {
            return t.checkAndMutate(cam).isSuccess();
        } catch (IOException e) {
            throw target.unreachable(e);
        }
    }
}
