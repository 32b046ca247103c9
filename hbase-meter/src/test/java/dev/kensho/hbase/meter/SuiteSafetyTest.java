package dev.kensho.hbase.meter;

import dev.kensho.common.BadInput;
import dev.kensho.targets.hbase.HBaseTarget;
import org.apache.hadoop.hbase.NamespaceDescriptor;
import org.apache.hadoop.hbase.NamespaceNotFoundException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The suite touches only its own tables: an unrelated table with data (in the default namespace, and
 * one in the suite's namespace that the suite did not create) survives the suite's create / load /
 * drop and its "drop every suite table"; creating or dropping a foreign table is refused in one line.
 */
@ExtendWith(SharedHBase.class)
class SuiteSafetyTest {

    static final byte[] CF = Bytes.toBytes("f");

    @Test
    void unrelatedTablesSurviveTheSuite(HBaseTarget hbase) throws Exception {
        TableName foreign = TableName.valueOf("default", "users_unrelated");
        TableName foreignInNs = TableName.valueOf(hbase.namespace(), "user_made_table");
        try (Admin admin = hbase.connection().getAdmin()) {
            hbase.ensureNamespace();
            for (TableName tn : new TableName[]{foreign, foreignInNs}) {
                if (!admin.tableExists(tn)) {
                    admin.createTable(TableDescriptorBuilder.newBuilder(tn)
                            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build());
                }
                try (Table t = hbase.connection().getTable(tn)) {
                    for (int i = 0; i < 100; i++) {
                        t.put(new Put(Bytes.toBytes("row" + i)).addColumn(CF, Bytes.toBytes("q"), Bytes.toBytes("v" + i)));
                    }
                }
            }
        }

        // the suite's own life cycle, then its clean-up of everything it created
        MeterSchema s = new MeterSchema("FAST_DIFF", "GZ", 4);
        TableName mine = s.tableName(hbase, "safety");
        s.create(hbase, mine);
        var pool = MeterBench.pool("safety", 2);
        try {
            MeterLoader.load(hbase.connection(), mine, s.rowKey(), new MeterReadings(1), 10, 1, 2, 100,
                    LoadClient.TABLE_PUT, pool, null);
        } finally {
            MeterBench.shutdown(pool);
        }
        hbase.flushAndCompact(mine);
        assertTrue(hbase.dropSuiteTables().contains(mine));
        assertFalse(hbase.exists(mine));

        // refusals, each one line naming the table
        BadInput outside = assertThrows(BadInput.class, () -> hbase.dropTable(foreign));
        assertTrue(outside.getMessage().contains("users_unrelated") && !outside.getMessage().contains("\n"),
                outside.getMessage());
        BadInput unmarked = assertThrows(BadInput.class, () -> hbase.dropTable(foreignInNs));
        assertTrue(unmarked.getMessage().contains("not marked"), unmarked.getMessage());
        assertThrows(BadInput.class, () -> hbase.createTable(
                TableDescriptorBuilder.newBuilder(foreign).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(), null));
        assertThrows(BadInput.class, () -> hbase.createTable(
                TableDescriptorBuilder.newBuilder(foreignInNs).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(), null));
        assertThrows(BadInput.class, () -> hbase.flushAndCompact(foreign));
        BadInput compact = assertThrows(BadInput.class, () -> hbase.flushAndCompact(foreignInNs));
        assertTrue(compact.getMessage().contains("not marked"), "a table in the namespace without the mark is never flushed"
                + " or compacted: " + compact.getMessage());
        assertThrows(BadInput.class, () -> hbase.majorCompact(foreignInNs));
        assertThrows(BadInput.class, () -> hbase.storeFiles(foreign));

        // both unrelated tables still hold every row and value
        for (TableName tn : new TableName[]{foreign, foreignInNs}) {
            assertTrue(hbase.exists(tn), tn + " exists");
            assertEquals(100, MeterLoadBenchmark.countRows(hbase, tn), tn + " rows");
            try (Table t = hbase.connection().getTable(tn)) {
                assertEquals("v42", Bytes.toString(t.get(new Get(Bytes.toBytes("row42"))).getValue(CF, Bytes.toBytes("q"))));
            }
        }
        cleanUp(hbase, foreign, foreignInNs);
    }

    private static void cleanUp(HBaseTarget hbase, TableName... tables) throws IOException {
        // the test's own fixtures, removed with the raw Admin (the suite itself would refuse)
        try (Admin admin = hbase.connection().getAdmin()) {
            for (TableName tn : tables) {
                admin.disableTable(tn);
                admin.deleteTable(tn);
            }
        }
    }

    @Test
    void theSuiteNeverDropsItsNamespace(HBaseTarget hbase) throws Exception {
        hbase.ensureNamespace();
        hbase.dropSuiteTables();
        try (Admin admin = hbase.connection().getAdmin()) {
            NamespaceDescriptor ns = admin.getNamespaceDescriptor(hbase.namespace());
            assertEquals(hbase.namespace(), ns.getName());
        } catch (NamespaceNotFoundException e) {
            throw new AssertionError("namespace dropped", e);
        }
    }
}
