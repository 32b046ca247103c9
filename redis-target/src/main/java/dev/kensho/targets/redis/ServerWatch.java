package dev.kensho.targets.redis;

import dev.kensho.common.cpu.Bottleneck;
import dev.kensho.common.cpu.ServerCommands;
import dev.kensho.common.cpu.ServerCpu;
import dev.kensho.targets.redis.info.RedisInfo;
import redis.clients.jedis.Jedis;

import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * What the CPU profiler reads of one Redis server, on a connection of its own: its CPU ({@code INFO cpu}, or the
 * embedded server's process, as the target's probe says) for the bottleneck verdict, and its time per command
 * ({@code INFO commandstats}) for {@code cpu.server.cmd.*}; registered while the target is open.
 */
final class ServerWatch {

    private final RedisTarget target;
    private ServerCpu.Registration cpu;
    private ServerCpu.Registration commands;
    private Jedis connection;

    ServerWatch(RedisTarget target) {
        this.target = target;
    }

    /** Counts the server in every iteration's figures until {@link #close()}; once. */
    synchronized void start(Supplier<ServerCpu.Probe> probe) {
        if (cpu == null) {
            cpu = ServerCpu.register(probe.get());
            commands = ServerCommands.register(this::commandMicros);
        }
    }

    /**
     * The probe that reads the server's CPU from {@code INFO cpu} on this watch's connection: a server of
     * {@code ioThreads} threads can use that many cores, no more than this machine's when it runs here.
     */
    ServerCpu.Probe infoProbe(int ioThreads) {
        boolean here = Set.of("127.0.0.1", "localhost", "::1", "[::1]").contains(target.host());
        return new ServerCpu.Probe(target.describe(), this::infoCpuNanos,
                here ? Bottleneck.serverLimit(ioThreads, Runtime.getRuntime().availableProcessors()) : Math.max(1, ioThreads),
                false, here, false);
    }

    /** used_cpu_user + used_cpu_sys in ns; -1 when it cannot be read now (the next reading reconnects). */
    synchronized long infoCpuNanos() {
        try {
            return Math.round(RedisInfo.of(connection(), "cpu").cpuSeconds() * 1e9);
        } catch (RuntimeException e) {
            drop();
            return -1;
        }
    }

    /** µs per command since the server started; empty when refused (a managed Redis) or gone. */
    private synchronized Map<String, Long> commandMicros() {
        try {
            return RedisInfo.of(connection(), "commandstats").usecPerCommand();
        } catch (RuntimeException e) {
            drop();
            return Map.of();
        }
    }

    private Jedis connection() {
        if (connection == null) {
            connection = target.jedis(RedisTarget.CONNECT_TIMEOUT);
        }
        return connection;
    }

    private void drop() {
        if (connection != null) {
            try {
                connection.close();
            } catch (RuntimeException ignored) {
                // broken already
            }
            connection = null;
        }
    }

    /** Stops counting; the final CPU reading is taken outside this object's lock, as the registry needs. */
    void close() {
        ServerCpu.Registration r;
        ServerCpu.Registration c;
        synchronized (this) {
            r = cpu;
            c = commands;
            cpu = null;
            commands = null;
        }
        if (c != null) {
            c.close();
        }
        if (r != null) {
            r.close();
        }
        synchronized (this) {
            drop();
        }
    }
}
