package dev.kensho.redis.kv.load;

import dev.kensho.targets.redis.RedisCluster;
import redis.clients.jedis.JedisCluster;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * {@code clients} blocking Jedis threads on one {@link JedisCluster}, each a closed loop with one request in
 * flight, as users drive a cluster with Jedis: every command takes a pooled connection to the master of its
 * key's slot (up to {@code clients} connections per master), following {@code MOVED}/{@code ASK}. The pool's
 * checkout is part of what is measured, as it is part of every JedisCluster command. No pipelining: a
 * batch's keys would span slots ({@code ClusterPipeline} splits it per node, a different load shape).
 */
public final class JedisClusterLoad implements LoadGenerator {

    private final JedisCluster cluster;
    private final ExecutorService drivers;
    private final int clients;

    public JedisClusterLoad(RedisCluster target, int clients) {
        this.clients = clients;
        this.cluster = target.jedisCluster(clients);
        drivers = Executors.newFixedThreadPool(clients, r -> {
            Thread th = new Thread(null, r, "kensho-jedis-cluster-driver", 256 * 1024);
            th.setDaemon(true);
            return th;
        });
    }

    @Override
    public int parties(boolean openLoop) {
        return clients;
    }

    @Override
    public int connections() {
        return clients;
    }

    @Override
    public void start(Round round) {
        for (int i = 0; i < clients; i++) {
            try {
                drivers.execute(() -> drive(round));
            } catch (RejectedExecutionException e) {
                round.fail(e);
                round.finished();
            }
        }
    }

    private void drive(Round round) {
        Workload w = round.workload;
        try {
            while (round.claim(1) >= 0) {
                int i = w.nextIndex();
                long sent = System.nanoTime();
                if (w.nextIsGet()) {
                    boolean written = w.written(i);
                    byte[] v = cluster.get(w.key(i));
                    round.timings.replied(sent, sent, System.nanoTime());
                    w.checkGet(i, v, written);
                } else {
                    String ok = cluster.set(w.key(i), w.value(i));
                    round.timings.replied(sent, sent, System.nanoTime());
                    w.countSet(i, "OK".equals(ok));
                }
            }
        } catch (Throwable e) {
            round.fail(e);
        } finally {
            round.finished();
        }
    }

    @Override
    public void close() {
        drivers.shutdownNow();
        cluster.close();
    }
}
