package dev.kensho.hbase.meter;

import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The two ways a client puts rows, as a {@code @Param}: each constant opens a per-thread writer that
 * sends {@code rowsPerRequest} rows per request.
 */
public enum LoadClient {

    /**
     * {@code BufferedMutator} with a write buffer sized to hold {@code rowsPerRequest} puts: it sends a
     * request when the buffer fills (in the background) and on close.
     */
    BUFFERED_MUTATOR {
        @Override
        Writer open(Connection c, TableName t, int rowsPerRequest, long putHeapSize) throws IOException {
            BufferedMutator m = c.getBufferedMutator(new BufferedMutatorParams(t)
                    .writeBufferSize(Math.max(1, rowsPerRequest * putHeapSize - putHeapSize / 2)));
            return new Writer() {
                @Override
                public void put(Put p) throws IOException {
                    m.mutate(p);
                }

                @Override
                public void close() throws IOException {
                    m.close();
                }
            };
        }
    },

    /** {@code Table.put(List<Put>)}: one synchronous request per {@code rowsPerRequest} rows. */
    TABLE_PUT {
        @Override
        Writer open(Connection c, TableName t, int rowsPerRequest, long putHeapSize) throws IOException {
            Table table = c.getTable(t);
            List<Put> batch = new ArrayList<>(rowsPerRequest);
            return new Writer() {
                @Override
                public void put(Put p) throws IOException {
                    batch.add(p);
                    if (batch.size() >= rowsPerRequest) {
                        table.put(batch);
                        batch.clear();
                    }
                }

                @Override
                public void close() throws IOException {
                    if (!batch.isEmpty()) {
                        table.put(batch);
                        batch.clear();
                    }
                    table.close();
                }
            };
        }
    };

    abstract Writer open(Connection c, TableName t, int rowsPerRequest, long putHeapSize) throws IOException;

    /** A per-thread writer. */
    interface Writer extends AutoCloseable {
        void put(Put p) throws IOException;

        @Override
        void close() throws IOException;
    }
}
