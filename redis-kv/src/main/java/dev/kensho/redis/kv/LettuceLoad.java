package dev.kensho.redis.kv;

import dev.kensho.common.targets.redis.RedisTarget;
import io.lettuce.core.RedisClient;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code clients} Lettuce connections on the target's shared client (its event loop has one thread per
 * core). Each connection is a closed loop: it sends a batch, and the callback of the batch's last reply
 * — running on the event-loop thread that read it — sends the next. No thread per connection exists,
 * so 800 connections cost 800 sockets, not 800 threads. With {@code pipeline > 1} auto-flush is off so a batch leaves
 * in one write, as redis-benchmark's {@code -P} does.
 */
final class LettuceLoad implements LoadGenerator {

    private final List<StatefulRedisConnection<byte[], byte[]>> connections = new ArrayList<>();
    private final int depth;

    LettuceLoad(RedisTarget target, int clients, int depth) {
        this.depth = depth;
        RedisClient client = target.lettuce();
        // Lettuce 6 arms a timer per command by default; a round has its own deadline (Round.TIMEOUT), so
        // per-command timers would only add client work to what is measured. This client is this trial's own.
        client.setOptions(client.getOptions().mutate()
                .timeoutOptions(TimeoutOptions.builder().timeoutCommands(false).build()).build());
        try {
            for (int i = 0; i < clients; i++) {
                StatefulRedisConnection<byte[], byte[]> c = client.connect(ByteArrayCodec.INSTANCE);
                // a pipeline batch leaves in one write; a single command is written and flushed at once
                // (Lettuce's buffered path costs an extra lock and queue per command)
                c.setAutoFlushCommands(depth == 1);
                connections.add(c);
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public int parties() {
        return connections.size();
    }

    @Override
    public int connections() {
        return connections.size();
    }

    @Override
    public void start(Round round) {
        for (StatefulRedisConnection<byte[], byte[]> c : connections) {
            new Driver(c, round, depth).next();
        }
    }

    @Override
    public void close() {
        for (StatefulRedisConnection<byte[], byte[]> c : connections) {
            c.closeAsync();
        }
        connections.clear();
    }

    /** The closed loop of one connection for one round. */
    private static final class Driver {
        private final StatefulRedisConnection<byte[], byte[]> connection;
        private final RedisAsyncCommands<byte[], byte[]> async;
        private final Round round;
        private final Workload w;
        private final int depth;
        private final AtomicInteger pending = new AtomicInteger();
        private long sentAt;

        Driver(StatefulRedisConnection<byte[], byte[]> connection, Round round, int depth) {
            this.connection = connection;
            this.async = connection.async();
            this.round = round;
            this.w = round.workload;
            this.depth = depth;
        }

        void next() {
            int n = round.claim(depth);
            if (n == 0) {
                round.finished();
                return;
            }
            pending.set(n);
            sentAt = System.nanoTime();
            for (int i = 0; i < n; i++) {
                int index = w.nextIndex();
                byte[] key = w.key(index);
                if (w.nextIsGet()) {
                    async.get(key).whenComplete((v, e) -> {
                        if (e == null) {
                            w.checkGet(index, v);
                        }
                        done(e);
                    });
                } else {
                    async.set(key, w.value(index)).whenComplete((v, e) -> {
                        if (e == null) {
                            w.countSet();
                        }
                        done(e);
                    });
                }
            }
            if (depth > 1) {
                connection.flushCommands();
            }
        }

        private void done(Throwable e) {
            round.latencies.record(System.nanoTime() - sentAt);
            if (e != null) {
                round.fail(e);
            }
            if (pending.decrementAndGet() == 0) {
                next(); // claims nothing once the round failed, so the party finishes
            }
        }
    }
}
