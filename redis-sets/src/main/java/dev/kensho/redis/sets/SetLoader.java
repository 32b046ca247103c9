package dev.kensho.redis.sets;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;
import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Pipelined {@code SADD} import of a {@link SetData}, one member per command as the write-up's
 * {@code redis-cli --pipe} file had it. The work is split over {@code connections} connections, each
 * taking an equal slice of every set's members; each sends {@code batch} commands, then reads their
 * replies. Connections are opened by {@link #open} (not timed) and used by {@link #load} (timed).
 */
public enum SetLoader {

    /** Jedis {@link Pipeline}: commands written as they are issued, replies read at {@code sync()}. */
    JEDIS {
        @Override
        Object connect(RedisTarget t) {
            return t.jedis();
        }

        @Override
        void loadSlice(Object connection, SetData d, int batch, long from, long to) {
            Pipeline p = ((Jedis) connection).pipelined();
            int pending = 0;
            for (int a = 0; a < d.attributes(); a++) {
                byte[] key = d.key(a);
                for (long i = from; i < to; i++) {
                    p.sadd(key, d.member(a, i));
                    if (++pending == batch) {
                        p.sync();
                        pending = 0;
                    }
                }
            }
            p.sync();
        }

        @Override
        void close(Object connection) {
            ((Jedis) connection).close();
        }
    },

    /** Lettuce async with auto-flush off: {@code batch} commands queued, flushed, then awaited. */
    LETTUCE {
        @Override
        Object connect(RedisTarget t) {
            StatefulRedisConnection<byte[], byte[]> c = t.lettuce().connect(ByteArrayCodec.INSTANCE);
            c.setAutoFlushCommands(false);
            return c;
        }

        @Override
        @SuppressWarnings("unchecked")
        void loadSlice(Object connection, SetData d, int batch, long from, long to) {
            StatefulRedisConnection<byte[], byte[]> c = (StatefulRedisConnection<byte[], byte[]>) connection;
            RedisAsyncCommands<byte[], byte[]> async = c.async();
            List<RedisFuture<Long>> inFlight = new ArrayList<>(batch);
            for (int a = 0; a < d.attributes(); a++) {
                byte[] key = d.key(a);
                for (long i = from; i < to; i++) {
                    inFlight.add(async.sadd(key, d.member(a, i)));
                    if (inFlight.size() == batch) {
                        flush(c, inFlight);
                    }
                }
            }
            flush(c, inFlight);
        }

        private void flush(StatefulRedisConnection<byte[], byte[]> c, List<RedisFuture<Long>> inFlight) {
            c.flushCommands();
            if (!LettuceFutures.awaitAll(Duration.ofMinutes(5), inFlight.toArray(new RedisFuture[0]))) {
                throw new TargetFailure("Lettuce SADD batch did not complete within 5 minutes");
            }
            inFlight.clear();
        }

        @Override
        @SuppressWarnings("unchecked")
        void close(Object connection) {
            ((StatefulRedisConnection<byte[], byte[]>) connection).close();
        }
    };

    /**
     * Builds sets {@code from … to−1} of {@code d} fast when their import is not what is measured (the
     * set-algebra, flush and bitmap benchmarks' fixtures): variadic {@code SADD} of {@code chunk}
     * members per command, {@code depth} commands in flight on one Jedis pipeline.
     */
    static void fill(Jedis j, SetData d, int from, int to) {
        final int chunk = 1000;
        final int depth = 16;
        Pipeline p = j.pipelined();
        int pending = 0;
        for (int a = from; a < to; a++) {
            byte[] key = d.key(a);
            for (long i = 0; i < d.users(); i += chunk) {
                int n = (int) Math.min(chunk, d.users() - i);
                byte[][] members = new byte[n][];
                for (int k = 0; k < n; k++) {
                    members[k] = d.member(a, i + k);
                }
                p.sadd(key, members);
                if (++pending == depth) {
                    p.sync();
                    pending = 0;
                }
            }
        }
        p.sync();
    }

    abstract Object connect(RedisTarget t);

    abstract void loadSlice(Object connection, SetData d, int batch, long from, long to);

    abstract void close(Object connection);

    /** Open connections; {@link #load} uses them and {@link Connections#close()} closes them. */
    public Connections open(RedisTarget t, int connections) {
        List<Object> cs = new ArrayList<>();
        for (int i = 0; i < connections; i++) {
            cs.add(connect(t));
        }
        return new Connections(this, cs);
    }

    /** The open connections of one loader, plus the threads that drive them when there are several. */
    public static final class Connections implements AutoCloseable {
        private final SetLoader loader;
        private final List<Object> connections;
        private final ExecutorService pool;

        Connections(SetLoader loader, List<Object> connections) {
            this.loader = loader;
            this.connections = connections;
            this.pool = connections.size() > 1 ? Executors.newFixedThreadPool(connections.size(), r -> {
                Thread th = new Thread(r, "kensho-sadd");
                th.setDaemon(true);
                return th;
            }) : null;
        }

        /** Imports the whole data set; returns the number of SADD commands sent. */
        public long load(SetData d, int batch) {
            int n = connections.size();
            if (n == 1) {
                loader.loadSlice(connections.get(0), d, batch, 0, d.users());
                return d.records();
            }
            List<Future<?>> fs = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                long from = d.users() * k / n;
                long to = d.users() * (k + 1) / n;
                Object c = connections.get(k);
                fs.add(pool.submit(() -> loader.loadSlice(c, d, batch, from, to)));
            }
            for (Future<?> f : fs) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new TargetFailure("import interrupted");
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof RuntimeException re ? re : new TargetFailure(e.getCause().toString(), e.getCause());
                }
            }
            return d.records();
        }

        @Override
        public void close() {
            if (pool != null) {
                pool.shutdownNow();
            }
            connections.forEach(loader::close);
        }
    }
}
