package dev.kensho.redis.kv.load;

import dev.kensho.targets.redis.RedisCluster;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.async.RedisAdvancedClusterAsyncCommands;
import io.lettuce.core.codec.ByteArrayCodec;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code clients} Lettuce cluster connections on the cluster's shared {@code RedisClusterClient}, each a
 * closed loop with one request in flight driven by async callbacks on Lettuce's event loop, as
 * {@link LettuceLoad} does for one server. A cluster connection routes each command to the master of its
 * key's slot over a connection of its own to that master (opened here, at trial setup, for every master),
 * and follows {@code MOVED}/{@code ASK}.
 */
public final class LettuceClusterLoad implements LoadGenerator {

    private final List<StatefulRedisClusterConnection<byte[], byte[]>> connections = new ArrayList<>();

    public LettuceClusterLoad(RedisCluster target, int clients) {
        try {
            for (int i = 0; i < clients; i++) {
                StatefulRedisClusterConnection<byte[], byte[]> c = target.lettuceCluster().connect(ByteArrayCodec.INSTANCE);
                connections.add(c);
                for (RedisCluster.Node n : target.masters()) {
                    c.getConnection(n.id()); // the node connections exist before the first round
                }
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    @Override
    public int parties(boolean openLoop) {
        return connections.size();
    }

    @Override
    public int connections() {
        return connections.size();
    }

    @Override
    public void start(Round round) {
        for (StatefulRedisClusterConnection<byte[], byte[]> c : connections) {
            new Driver(c.async(), round).next();
        }
    }

    @Override
    public void close() {
        for (StatefulRedisClusterConnection<byte[], byte[]> c : connections) {
            c.closeAsync();
        }
        connections.clear();
    }

    /** The closed loop of one cluster connection for one round. */
    private static final class Driver {
        private final RedisAdvancedClusterAsyncCommands<byte[], byte[]> async;
        private final Round round;
        private final Workload w;

        Driver(RedisAdvancedClusterAsyncCommands<byte[], byte[]> async, Round round) {
            this.async = async;
            this.round = round;
            this.w = round.workload;
        }

        void next() {
            if (round.claim(1) < 0) {
                round.finished();
                return;
            }
            int index = w.nextIndex();
            long sent = System.nanoTime();
            if (w.nextIsGet()) {
                boolean written = w.written(index);
                async.get(w.key(index)).whenComplete((v, e) -> {
                    round.timings.replied(sent, sent, System.nanoTime());
                    if (e == null) {
                        w.checkGet(index, v, written);
                    } else {
                        round.fail(e);
                    }
                    next();
                });
            } else {
                async.set(w.key(index), w.value(index)).whenComplete((v, e) -> {
                    round.timings.replied(sent, sent, System.nanoTime());
                    if (e == null) {
                        w.countSet(index, "OK".equals(v));
                    } else {
                        round.fail(e);
                    }
                    next();
                });
            }
        }
    }
}
