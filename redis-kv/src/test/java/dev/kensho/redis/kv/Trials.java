package dev.kensho.redis.kv;

import dev.kensho.common.runfiles.Case;
import dev.kensho.redis.kv.load.KeyDistribution;
import dev.kensho.redis.kv.load.LoadGenerator;
import dev.kensho.redis.kv.trial.Start;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.info.RedisInfo;
import redis.clients.jedis.Jedis;

import java.util.Map;
import java.util.TreeMap;

/** Builds benchmark states the way JMH would, outside JMH, and reads the server's command counters. */
final class Trials {

    static final String BENCHMARK = KeyValueThroughputBenchmark.class.getName() + ".getSetMix";

    private Trials() {
    }

    static KeyValueThroughputBenchmark open(LoadGenerator.Client client, int clients, int ioThreads, double getRatio,
                                            int pipeline, int keyspace, Start start) {
        return open(client, clients, ioThreads, getRatio, pipeline, keyspace, start, "0");
    }

    static KeyValueThroughputBenchmark open(LoadGenerator.Client client, int clients, int ioThreads, double getRatio,
                                            int pipeline, int keyspace, Start start,
                                            String rate) {
        return open(new KeyValueThroughputBenchmark(), BENCHMARK, client, clients, ioThreads, getRatio, pipeline, keyspace,
                start, rate);
    }

    /** A closed-loop trial whose keys are drawn by {@code distribution} ({@link KeyDistribution}). */
    static KeyValueThroughputBenchmark open(LoadGenerator.Client client, int clients, double getRatio, int keyspace,
                                            Start start, String distribution) {
        KeyValueThroughputBenchmark b = new KeyValueThroughputBenchmark();
        b.distribution = distribution;
        Map<String, String> p = params(client, clients, 1, getRatio, 1, keyspace, start, "0");
        p.put("distribution", distribution);
        b.rate = "0";
        b.client = client;
        b.clients = clients;
        b.ioThreads = 1;
        b.getRatio = getRatio;
        b.pipeline = 1;
        b.keyspace = keyspace;
        b.start = start;
        ServerStarts.one(() -> b.open(new Case(BENCHMARK, p)));
        return b;
    }

    /** A point of the throughput–latency curve ({@link KeyValueThroughputLatencyBenchmark}). */
    static KeyValueThroughputLatencyBenchmark curvePoint(LoadGenerator.Client client, int clients, int keyspace, String rate) {
        KeyValueThroughputLatencyBenchmark b = new KeyValueThroughputLatencyBenchmark();
        b.client = client;
        b.clients = clients;
        b.ioThreads = 1;
        b.getRatio = 0.8;
        b.pipeline = 1;
        b.keyspace = keyspace;
        b.start = Start.PRELOADED;
        b.rate = rate;
        Case c = new Case(KeyValueThroughputLatencyBenchmark.class.getName() + ".getSetMix", params(client, clients, 1, 0.8,
                1, keyspace, b.start, rate));
        ServerStarts.one(() -> b.open(c));
        return b;
    }

    static Map<String, String> params(LoadGenerator.Client client, int clients, int ioThreads, double getRatio,
                                      int pipeline, int keyspace, Start start, String rate) {
        Map<String, String> p = new TreeMap<>();
        p.put("client", client.name());
        p.put("clients", Integer.toString(clients));
        p.put("ioThreads", Integer.toString(ioThreads));
        p.put("getRatio", Double.toString(getRatio));
        p.put("pipeline", Integer.toString(pipeline));
        p.put("keyspace", Integer.toString(keyspace));
        p.put("start", start.name());
        p.put("rate", rate);
        return p;
    }

    static KeyValueThroughputBenchmark open(KeyValueThroughputBenchmark b, String benchmark, LoadGenerator.Client client,
                                            int clients, int ioThreads, double getRatio, int pipeline, int keyspace,
                                            Start start, String rate) {
        b.rate = rate;
        b.client = client;
        b.clients = clients;
        b.ioThreads = ioThreads;
        b.getRatio = getRatio;
        b.pipeline = pipeline;
        b.keyspace = keyspace;
        b.start = start;
        Case c = new Case(benchmark, params(client, clients, ioThreads, getRatio, pipeline, keyspace, start, rate));
        ServerStarts.one(() -> b.open(c));
        return b;
    }

    /** {@code calls} of a command from INFO commandstats (0 if never called). */
    static long calls(RedisTarget t, String command) {
        try (Jedis j = t.jedis()) {
            return RedisInfo.of(j, "commandstats").calls(command);
        }
    }
}
