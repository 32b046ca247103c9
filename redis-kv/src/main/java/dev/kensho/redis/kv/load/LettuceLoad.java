package dev.kensho.redis.kv.load;

import dev.kensho.targets.redis.RedisTarget;
import io.lettuce.core.RedisClient;
import io.lettuce.core.TimeoutOptions;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code clients} Lettuce connections on the target's shared client (its event loop has one thread per
 * core). Each connection is a closed loop: it sends a batch, and the callback of the batch's last reply
 * — running on the event-loop thread that read it — sends the next. No thread per connection exists,
 * so 800 connections cost 800 sockets, not 800 threads. With {@code pipeline > 1} auto-flush is off so a batch leaves
 * in one write, as redis-benchmark's {@code -P} does.
 *
 * <p>Open loop (a {@link Round} with a rate): one pacer thread per core claims the round's batches in order,
 * waits until each is due and sends it on an idle connection (see {@link Pacer}); replies are handled on
 * the event loop, and the callback of a batch's last reply sends the next batch at once on the same
 * connection if that batch is already due ({@link Round#claimDue}) — near the server's maximum most
 * requests leave that way, from the event loop as in the closed loop, without a hand-off from a pacer
 * thread to the event loop per command (with only the pacers sending, run reference-23dbf8b offered 84% of
 * the closed-loop maximum at 100 connections: the hand-offs used the client's CPU). A batch that finds no
 * idle connection, or a pacer that falls behind, sends late and the lag is recorded.
 */
public final class LettuceLoad implements LoadGenerator {

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

    /** Closed loop: every connection; open loop: the pacer threads. */
    @Override
    public int parties(boolean openLoop) {
        return openLoop ? pacers() : connections.size();
    }

    /** Pacer threads of an open-loop round (one per core, at most one per connection). */
    int pacers() {
        return Math.max(1, Math.min(connections.size(), Runtime.getRuntime().availableProcessors()));
    }

    @Override
    public int connections() {
        return connections.size();
    }

    @Override
    public void start(Round round) {
        if (round.openLoop()) {
            BlockingQueue<StatefulRedisConnection<byte[], byte[]>> idle = new ArrayBlockingQueue<>(connections.size());
            idle.addAll(connections);
            for (int p = 0; p < pacers(); p++) {
                Thread t = new Thread(new Pacer(round, idle)::run, "kensho-lettuce-pacer");
                t.setDaemon(true);
                t.start();
            }
            return;
        }
        for (StatefulRedisConnection<byte[], byte[]> c : connections) {
            new Driver(c, round, depth).next();
        }
    }

    /** Sends one batch on {@code c}; {@code done} runs on the event loop after each reply. */
    private static void send(RedisAsyncCommands<byte[], byte[]> async, StatefulRedisConnection<byte[], byte[]> c,
                             Workload w, int n, int depth, long due, long sent, Round round, Runnable done) {
        for (int i = 0; i < n; i++) {
            int index = w.nextIndex();
            byte[] key = w.key(index);
            if (w.nextIsGet()) {
                boolean written = w.written(index);
                async.get(key).whenComplete((v, e) -> {
                    round.timings.replied(due, sent, System.nanoTime());
                    if (e == null) {
                        w.checkGet(index, v, written);
                    } else {
                        round.fail(e);
                    }
                    done.run();
                });
            } else {
                async.set(key, w.value(index)).whenComplete((v, e) -> {
                    round.timings.replied(due, sent, System.nanoTime());
                    if (e == null) {
                        w.countSet(index, "OK".equals(v));
                    } else {
                        round.fail(e);
                    }
                    done.run();
                });
            }
        }
        if (depth > 1) {
            c.flushCommands();
        }
    }

    /**
     * One open-loop pacer: claims the round's batches in order, waits until each is due, takes an idle
     * connection (waiting for one if all have a batch in flight — that wait is part of the batch's lag,
     * not of its service time) and sends; the batch's last reply gives the connection back. So every
     * connection has at most one batch in flight, as in the closed loop and in {@link JedisLoad}.
     */
    private final class Pacer {
        private final Round round;
        private final BlockingQueue<StatefulRedisConnection<byte[], byte[]>> idle;
        private final AtomicInteger pending = new AtomicInteger(1); // 1 = still sending
        private final AtomicBoolean finished = new AtomicBoolean();

        Pacer(Round round, BlockingQueue<StatefulRedisConnection<byte[], byte[]>> idle) {
            this.round = round;
            this.idle = idle;
        }

        void run() {
            try {
                long first;
                while ((first = round.claim(depth)) >= 0) {
                    round.waitUntil(round.due(first));
                    StatefulRedisConnection<byte[], byte[]> c;
                    while ((c = idle.poll(100, TimeUnit.MILLISECONDS)) == null) {
                        if (round.failed()) {
                            return;
                        }
                    }
                    dispatch(c, first);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                round.fail(e);
            } catch (RuntimeException e) {
                round.fail(e);
            } finally {
                replied(); // the sending is over
            }
        }

        /**
         * Sends the batch starting at {@code first} on {@code conn}; its last reply sends the next due batch on
         * the same connection, or gives the connection back to the idle queue.
         */
        private void dispatch(StatefulRedisConnection<byte[], byte[]> conn, long first) {
            int n = round.size(first, depth);
            long due = round.due(first);
            long sent = System.nanoTime();
            round.timings.sent(due, sent, n);
            pending.addAndGet(n); // before any reply of this batch can count down
            AtomicInteger left = new AtomicInteger(n);
            send(conn.async(), conn, round.workload, n, depth, due, sent, round, () -> {
                if (left.decrementAndGet() == 0) {
                    long next = round.claimDue(depth, System.nanoTime());
                    if (next >= 0) {
                        dispatch(conn, next);
                    } else {
                        idle.add(conn);
                    }
                }
                replied();
            });
        }

        private void replied() {
            if (pending.decrementAndGet() == 0 && finished.compareAndSet(false, true)) {
                round.finished();
            }
        }
    }

    /**
     * Closes every connection and waits (up to 10 s) until they are closed: the server may be stopped next,
     * and a connection still closing then would be closed twice (Lettuce warns, in a JVM that runs on).
     */
    @Override
    public void close() {
        List<CompletableFuture<Void>> closing = new ArrayList<>();
        for (StatefulRedisConnection<byte[], byte[]> c : connections) {
            closing.add(c.closeAsync());
        }
        connections.clear();
        try {
            CompletableFuture.allOf(closing.toArray(CompletableFuture[]::new))
                    .get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException | TimeoutException e) {
            // closing is best effort: the server is stopped or forgotten next either way
        }
    }

    /** The closed loop of one connection for one round. */
    private static final class Driver {
        private final StatefulRedisConnection<byte[], byte[]> connection;
        private final RedisAsyncCommands<byte[], byte[]> async;
        private final Round round;
        private final Workload w;
        private final int depth;
        private final AtomicInteger pending = new AtomicInteger();

        Driver(StatefulRedisConnection<byte[], byte[]> connection, Round round, int depth) {
            this.connection = connection;
            this.async = connection.async();
            this.round = round;
            this.w = round.workload;
            this.depth = depth;
        }

        void next() {
            long first = round.claim(depth);
            if (first < 0) {
                round.finished();
                return;
            }
            int n = round.size(first, depth);
            pending.set(n);
            long sentAt = System.nanoTime();
            send(async, connection, w, n, depth, sentAt, sentAt, round, this::done);
        }

        private void done() {
            if (pending.decrementAndGet() == 0) {
                next(); // claims nothing once the round failed, so the party finishes
            }
        }
    }
}
