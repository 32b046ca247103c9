package dev.kensho.redis.kv.trial;

import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import redis.clients.jedis.Jedis;

import java.util.ArrayList;
import java.util.List;

/**
 * What each shard (master) of a {@code ClusterThroughputBenchmark} trial did, read from the servers
 * themselves: GET + SET {@code calls} from {@code INFO commandstats} and {@code used_cpu_user + used_cpu_sys}
 * from {@code INFO cpu}, before and after every iteration, on one connection per node opened at trial start.
 * The deltas of the measurement iterations give each shard's requests/s and CPU (cores busy); the
 * spread between shards shows whether the slots spread the keys evenly.
 *
 * <p>Recorded per trial (means over the measurement iterations): {@code shard<i>_rps} and
 * {@code shard<i>_server_cpu} (i = 1 … shards, in slot order), {@code shard_rps_min|max},
 * {@code server_requests_rps} (all shards), {@code server_cpu} (cores, all shards).
 */
public final class ShardCounters implements AutoCloseable {

    private final List<RedisTarget> nodes;
    private final List<Jedis> connections = new ArrayList<>();
    private final double[] rps;
    private final double[] cpu;
    private long[] calls0;
    private double[] cpu0;
    private long t0;
    private int measured;

    public ShardCounters(List<RedisTarget> nodes) {
        this.nodes = List.copyOf(nodes);
        this.rps = new double[nodes.size()];
        this.cpu = new double[nodes.size()];
        try {
            for (RedisTarget n : nodes) {
                connections.add(n.jedis());
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
    }

    /** GET + SET calls each node has executed so far. */
    public long[] calls() {
        long[] c = new long[nodes.size()];
        for (int i = 0; i < c.length; i++) {
            RedisInfo s = RedisInfo.of(connections.get(i), "commandstats");
            c[i] = s.calls("get") + s.calls("set");
        }
        return c;
    }

    private double[] cpuSeconds() {
        double[] c = new double[nodes.size()];
        for (int i = 0; i < c.length; i++) {
            c[i] = RedisInfo.of(connections.get(i), "cpu").cpuSeconds();
        }
        return c;
    }

    /** Before an iteration. */
    public void start() {
        calls0 = calls();
        cpu0 = cpuSeconds();
        t0 = System.nanoTime();
    }

    /** After an iteration; a measurement iteration's per-shard rates are kept. */
    public void stop(boolean measurement) {
        double seconds = (System.nanoTime() - t0) / 1e9;
        long[] calls1 = calls();
        double[] cpu1 = cpuSeconds();
        if (!measurement || calls0 == null || seconds <= 0) {
            return;
        }
        for (int i = 0; i < rps.length; i++) {
            rps[i] += (calls1[i] - calls0[i]) / seconds;
            cpu[i] += (cpu1[i] - cpu0[i]) / seconds;
        }
        measured++;
    }

    /** Records the means over the measurement iterations (nothing if there were none). */
    public void record(Case c) {
        if (measured == 0) {
            return;
        }
        double total = 0;
        double cpuTotal = 0;
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int i = 0; i < rps.length; i++) {
            double r = rps[i] / measured;
            double u = cpu[i] / measured;
            Recorder.measurement(c.benchmark(), c.params(), "shard" + (i + 1) + "_rps", r, "requests/s");
            Recorder.measurement(c.benchmark(), c.params(), "shard" + (i + 1) + "_server_cpu", u, "cores");
            total += r;
            cpuTotal += u;
            min = Math.min(min, r);
            max = Math.max(max, r);
        }
        Recorder.measurement(c.benchmark(), c.params(), "server_requests_rps", total, "requests/s");
        Recorder.measurement(c.benchmark(), c.params(), "shard_rps_min", min, "requests/s");
        Recorder.measurement(c.benchmark(), c.params(), "shard_rps_max", max, "requests/s");
        Recorder.measurement(c.benchmark(), c.params(), "server_cpu", cpuTotal, "cores");
    }

    @Override
    public void close() {
        for (Jedis j : connections) {
            try {
                j.close();
            } catch (RuntimeException ignored) {
                // a server that died has closed it already
            }
        }
        connections.clear();
    }
}
