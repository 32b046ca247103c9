package dev.kensho.targets.redis.testing;

import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.servers.EmbeddedCluster;
import dev.kensho.targets.redis.servers.EmbeddedRedis;

import java.util.Map;
import java.util.stream.Collectors;

/** Child-JVM fixture: starts an embedded 3-master Redis Cluster, prints its nodes' pids, then waits to be killed. */
public final class HoldClusterMain {

    private HoldClusterMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        RedisCluster c = EmbeddedCluster.start(3, Map.of());
        System.out.println("PIDS " + c.servers().stream().map(s -> Long.toString(((EmbeddedRedis) s).process().pid()))
                .collect(Collectors.joining(",")));
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // held until the test kills this JVM
    }
}
