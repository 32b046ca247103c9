package dev.kensho.redis.kv.load;

import dev.kensho.common.Settings;
import dev.kensho.common.targets.Target;
import dev.kensho.redis.kv.settings.KvSettings;
import dev.kensho.targets.redis.RedisTarget;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@code clients} blocking Jedis connections, by default each driven by a thread of its own (the classic
 * Jedis usage): a thread sends its connection's batch, blocks for the replies, sends the next. Its
 * latency is then its own request's, never a wait for a shared driver.
 *
 * <p>Which threads ({@link Threads}): {@link LoadGenerator.Client#JEDIS} runs them as <em>virtual</em> threads where
 * the JVM has them (JDK 21+, {@link VirtualThreads}): a blocked read parks the virtual thread and frees its carrier,
 * so 100 connections cost 100 sockets and a few carrier threads, as an event-loop client's do, while each
 * connection keeps its own thread of control and one request in flight. The carriers are the cores left to the
 * client ({@link #coresLeft}; see {@link VirtualThreads} for why, and what it measured). On JDK 17 it falls back to platform threads
 * and records why ({@code jedis_virtual_threads} 0, {@code jvm_feature}); {@link LoadGenerator.Client#JEDIS_PLATFORM}
 * always uses platform threads, the earlier design: on 2 cores 100–800 kernel threads pay a context switch
 * per request, which shows as client CPU and throughput, not as a distortion of the percentiles. Jedis's own I/O
 * path takes no monitor ({@code Connection}, {@code RedisInputStream}, {@code RedisOutputStream}, {@code Protocol}
 * have no {@code synchronized}), so a virtual thread blocked in a read does not pin its carrier (JFR's
 * {@code jdk.VirtualThreadPinned} at threshold 0 on Java 25 saw two pins per JVM, both at the first read, waiting for
 * the JDK's {@code Poller} class to initialise). Reads are untimed ({@code soTimeout} 0): a timed read costs a timer per
 * read on a virtual thread and a {@code poll()} per read on a platform thread; the {@link Round}'s deadline bounds a
 * hung server instead.
 *
 * <p>{@code -D}{@link KvSettings#JEDIS_THREADS}{@code =n} with {@code n < clients} gives the earlier design:
 * {@code n} driver threads, each walking its {@code clients / n} connections round-robin (read connection
 * i's replies, send its next batch, move on) — fewer threads, but a reply that has arrived waits until its
 * driver reaches it, so the percentiles <em>include the driver's wait</em> (the benchmark records a note
 * and {@code jedis_threads} saying so).
 *
 * <p>Open loop (a {@link Round} with a rate): a thread claims the next due batch of the round, waits until
 * it is due, sends it and reads its replies; a batch whose time has passed while every thread was busy
 * leaves at once and its lag is recorded (the corrected latency counts from the due time).
 */
public final class JedisLoad implements LoadGenerator {

    /**
     * Jedis flushes its buffered output only before a read ({@code getOne}); a round-robin driver must
     * flush right after sending and read later, and {@code Connection.flush()} is protected.
     */
    private static final MethodHandle FLUSH;

    static {
        try {
            FLUSH = MethodHandles.privateLookupIn(Connection.class, MethodHandles.lookup())
                    .findVirtual(Connection.class, "flush", MethodType.methodType(void.class));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final List<Jedis> jedis = new ArrayList<>();
    private final List<List<Connection>> groups = new ArrayList<>();
    private final ExecutorService drivers;
    private final boolean virtual;
    private final int depth;

    /** The kind of driver threads a client asks for. */
    enum Threads {
        /** Virtual threads where the JVM has them (JDK 21+), else platform threads. */
        VIRTUAL_IF_AVAILABLE,
        /** Platform (kernel) threads, whatever the JVM. */
        PLATFORM
    }

    JedisLoad(RedisTarget target, int clients, int depth, int threads, Threads kind) {
        this.depth = depth;
        int t = Math.min(threads, clients);
        for (int i = 0; i < t; i++) {
            groups.add(new ArrayList<>());
        }
        try {
            for (int i = 0; i < clients; i++) {
                Jedis j = target.jedis();
                // untimed reads: a timed one parks through a timer per read on a virtual thread (memtier-a-0d98569: 17.2
                // µs of client CPU per request, 11.8 untimed in x-so0-0d98569) and costs a poll() per read on a platform
                // thread; a hung server is bounded by the round's own deadline (Round.TIMEOUT), close() ends a blocked read
                j.getConnection().setSoTimeout(0);
                jedis.add(j);
                groups.get(i % t).add(j.getConnection());
            }
        } catch (RuntimeException e) {
            jedis.forEach(Jedis::close);
            throw e;
        }
        Optional<ExecutorService> v = kind == Threads.VIRTUAL_IF_AVAILABLE
                ? VirtualThreads.perTask(coresLeft(target)) : Optional.empty();
        virtual = v.isPresent();
        drivers = v.orElseGet(() -> Executors.newFixedThreadPool(t, r -> {
            // small stacks: up to 800 of these threads, each a short send/receive loop
            Thread th = new Thread(null, r, "kensho-jedis-driver", 256 * 1024);
            th.setDaemon(true);
            return th;
        }));
    }

    /**
     * The cores left to the client, the carriers its virtual threads ask for: every core when the server is
     * elsewhere ({@code kensho.redis.uri}), else every core less the server's busy threads (its {@code io-threads},
     * read back), at least one — on 2 cores with io-threads 1, one carrier, as memtier_benchmark's one thread.
     */
    static int coresLeft(RedisTarget target) {
        int cores = Runtime.getRuntime().availableProcessors();
        if (target.kind() == Target.Kind.EXTERNAL) {
            return cores;
        }
        String io = target.readConfig(List.of("io-threads")).getOrDefault("io-threads", "1");
        return Math.max(1, cores - (io.matches("\\d+") ? Integer.parseInt(io) : 1));
    }

    /** Driver threads: {@link KvSettings#JEDIS_THREADS}, else one per connection. */
    public static int threads(int clients) {
        String v = KvSettings.JEDIS_THREADS.get();
        int t = v == null ? clients : (int) Settings.range(KvSettings.JEDIS_THREADS.key(), v, 1, 10_000);
        return Math.max(1, Math.min(t, clients));
    }

    public static void validate() {
        String v = KvSettings.JEDIS_THREADS.get();
        if (v != null) {
            Settings.range(KvSettings.JEDIS_THREADS.key(), v, 1, 10_000);
        }
    }

    public int threads() {
        return groups.size();
    }

    /** Whether the drivers are virtual threads. */
    public boolean virtual() {
        return virtual;
    }

    @Override
    public int parties(boolean openLoop) {
        return groups.size();
    }

    @Override
    public int connections() {
        return jedis.size();
    }

    @Override
    public void start(Round round) {
        for (List<Connection> g : groups) {
            try {
                drivers.execute(() -> drive(g, round));
            } catch (RejectedExecutionException e) {
                round.fail(e);
                round.finished();
            }
        }
    }

    /** Per-connection state of one driver: the batch in flight on each of its connections. */
    private final class Batches {
        final int[] inFlight;
        final int[][] index;
        final boolean[][] isGet;
        final boolean[][] writtenAtSend;
        final long[] due;
        final long[] sentAt;

        Batches(int m) {
            inFlight = new int[m];
            index = new int[m][depth];
            isGet = new boolean[m][depth];
            writtenAtSend = new boolean[m][depth];
            due = new long[m];
            sentAt = new long[m];
        }
    }

    private void drive(List<Connection> conns, Round round) {
        Workload w = round.workload;
        int m = conns.size();
        Batches b = new Batches(m);
        try {
            int active = 0;
            for (int c = 0; c < m; c++) {
                if (send(conns.get(c), round, c, b)) {
                    active++;
                }
            }
            while (active > 0) {
                for (int c = 0; c < m; c++) {
                    if (b.inFlight[c] == 0) {
                        continue;
                    }
                    Connection conn = conns.get(c);
                    for (int k = 0; k < b.inFlight[c]; k++) {
                        Object reply = conn.getOne();
                        round.timings.replied(b.due[c], b.sentAt[c], System.nanoTime());
                        if (b.isGet[c][k]) {
                            w.checkGet(b.index[c][k], (byte[]) reply, b.writtenAtSend[c][k]);
                        } else {
                            w.countSet(b.index[c][k], reply instanceof byte[] r && r.length == 2 && r[0] == 'O' && r[1] == 'K');
                        }
                    }
                    if (!send(conn, round, c, b)) {
                        active--;
                    }
                }
            }
        } catch (Throwable e) {
            round.fail(e);
            // a connection with unread replies is out of step with its requests: unusable from now on
            for (int c = 0; c < m; c++) {
                if (b.inFlight[c] > 0) {
                    conns.get(c).setBroken();
                }
            }
        } finally {
            round.finished();
        }
    }

    private boolean send(Connection conn, Round round, int c, Batches b) throws Throwable {
        long first = round.claim(depth);
        if (first < 0) {
            b.inFlight[c] = 0;
            return false;
        }
        int n = round.size(first, depth);
        b.inFlight[c] = n;
        Workload w = round.workload;
        b.due[c] = round.due(first);
        b.sentAt[c] = round.waitUntil(b.due[c]);
        round.timings.sent(b.due[c], b.sentAt[c], n);
        for (int k = 0; k < n; k++) {
            int i = w.nextIndex();
            b.index[c][k] = i;
            boolean get = w.nextIsGet();
            b.isGet[c][k] = get;
            if (get) {
                b.writtenAtSend[c][k] = w.written(i);
                conn.sendCommand(Protocol.Command.GET, w.key(i));
            } else {
                conn.sendCommand(Protocol.Command.SET, w.key(i), w.value(i));
            }
        }
        FLUSH.invokeExact(conn);
        return true;
    }

    @Override
    public void close() {
        drivers.shutdownNow();
        jedis.forEach(Jedis::close);
        jedis.clear();
    }
}
