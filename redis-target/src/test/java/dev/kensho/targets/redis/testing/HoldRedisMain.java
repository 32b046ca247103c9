package dev.kensho.targets.redis.testing;

import dev.kensho.common.process.TempDirs;
import dev.kensho.targets.redis.servers.EmbeddedRedis;

import java.nio.file.Path;
import java.util.Map;

/**
 * Child-JVM fixture: starts an embedded redis-server, prints its pid and folder, then waits to be killed. With the
 * argument {@code refusing}, the server saves on shutdown into a data folder that is then deleted, so it refuses to
 * exit on SIGTERM (its log stays in its own folder).
 */
public final class HoldRedisMain {

    private HoldRedisMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        boolean refusing = args.length > 0 && args[0].equals("refusing");
        Path data = refusing ? TempDirs.create("kensho-test-data-") : null;
        EmbeddedRedis r = EmbeddedRedis.start(refusing ? Map.of("save", "\"3600 1\"", "dir", data.toString()) : Map.of());
        if (refusing) {
            TempDirs.delete(data);
        }
        System.out.println("PID " + r.process().pid() + " LOG " + r.process().log());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE); // held until the test kills this JVM
    }
}
