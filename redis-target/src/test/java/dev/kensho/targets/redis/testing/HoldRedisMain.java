package dev.kensho.targets.redis.testing;

import dev.kensho.targets.redis.EmbeddedRedis;

import java.util.Map;

/** Child-JVM fixture: starts an embedded redis-server, prints its pid and folder, then waits to be killed. */
public final class HoldRedisMain {

    private HoldRedisMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        EmbeddedRedis r = EmbeddedRedis.start(Map.of());
        System.out.println("PID " + r.process().pid() + " LOG " + r.process().log());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // held until the test kills this JVM
    }
}
