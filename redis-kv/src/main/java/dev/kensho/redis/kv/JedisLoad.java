package dev.kensho.redis.kv;

import dev.kensho.common.Settings;
import dev.kensho.common.targets.redis.RedisTarget;
import redis.clients.jedis.Connection;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Protocol;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@code clients} blocking Jedis connections driven by {@code threads} driver threads (default: one per
 * core, {@value #THREADS_PROPERTY}), each owning {@code clients / threads} connections. A driver
 * walks its connections round-robin: read the replies of connection i (blocking), send its next batch,
 * move on. Every connection therefore keeps one batch in flight except for the moment between its
 * reply and its next request, as with redis-benchmark's single event loop — without 800 platform
 * threads contending for two cores (Java 17 has no virtual threads). The cost: a driver blocked on a
 * slow reply of connection i leaves the already-arrived replies of i+1… waiting, which shows up in
 * their latency, as it would in any single-threaded event loop.
 *
 * <p>{@code -D}{@value #THREADS_PROPERTY}{@code =800} gives the classic thread-per-connection Jedis
 * usage, for comparison (expect the client to become the bottleneck on 2 cores).
 */
final class JedisLoad implements LoadGenerator {

    public static final String THREADS_PROPERTY = "kensho.kv.jedisThreads";

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
    private final int depth;

    JedisLoad(RedisTarget target, int clients, int depth, int threads) {
        this.depth = depth;
        int t = Math.min(threads, clients);
        for (int i = 0; i < t; i++) {
            groups.add(new ArrayList<>());
        }
        try {
            for (int i = 0; i < clients; i++) {
                Jedis j = target.jedis();
                jedis.add(j);
                groups.get(i % t).add(j.getConnection());
            }
        } catch (RuntimeException e) {
            jedis.forEach(Jedis::close);
            throw e;
        }
        drivers = Executors.newFixedThreadPool(t, r -> {
            Thread th = new Thread(r, "kensho-jedis-driver");
            th.setDaemon(true);
            return th;
        });
    }

    /** Driver threads: {@value #THREADS_PROPERTY}, else one per available core. */
    static int threads(int clients) {
        String v = Settings.get(THREADS_PROPERTY);
        int t = v == null ? Runtime.getRuntime().availableProcessors()
                : (int) Settings.range(THREADS_PROPERTY, v, 1, 10_000);
        return Math.max(1, Math.min(t, clients));
    }

    static void validate() {
        String v = Settings.get(THREADS_PROPERTY);
        if (v != null) {
            Settings.range(THREADS_PROPERTY, v, 1, 10_000);
        }
    }

    int threads() {
        return groups.size();
    }

    @Override
    public int parties() {
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

    private void drive(List<Connection> conns, Round round) {
        Workload w = round.workload;
        int m = conns.size();
        int[] inFlight = new int[m];
        int[][] index = new int[m][depth];
        boolean[][] isGet = new boolean[m][depth];
        long[] sentAt = new long[m];
        try {
            int active = 0;
            for (int c = 0; c < m; c++) {
                if (send(conns.get(c), round, c, inFlight, index, isGet, sentAt)) {
                    active++;
                }
            }
            while (active > 0) {
                for (int c = 0; c < m; c++) {
                    if (inFlight[c] == 0) {
                        continue;
                    }
                    Connection conn = conns.get(c);
                    for (int k = 0; k < inFlight[c]; k++) {
                        Object reply = conn.getOne();
                        round.latencies.record(System.nanoTime() - sentAt[c]);
                        if (isGet[c][k]) {
                            w.checkGet(index[c][k], (byte[]) reply);
                        } else {
                            w.countSet();
                        }
                    }
                    if (!send(conn, round, c, inFlight, index, isGet, sentAt)) {
                        active--;
                    }
                }
            }
        } catch (Throwable e) {
            round.fail(e);
            // a connection with unread replies is out of step with its requests: unusable from now on
            for (int c = 0; c < m; c++) {
                if (inFlight[c] > 0) {
                    conns.get(c).setBroken();
                }
            }
        } finally {
            round.finished();
        }
    }

    private boolean send(Connection conn, Round round, int c, int[] inFlight, int[][] index, boolean[][] isGet,
                         long[] sentAt) throws Throwable {
        int n = round.claim(depth);
        inFlight[c] = n;
        if (n == 0) {
            return false;
        }
        Workload w = round.workload;
        sentAt[c] = System.nanoTime();
        for (int k = 0; k < n; k++) {
            int i = w.nextIndex();
            index[c][k] = i;
            boolean get = w.nextIsGet();
            isGet[c][k] = get;
            if (get) {
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
