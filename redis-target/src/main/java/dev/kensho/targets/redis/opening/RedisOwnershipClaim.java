package dev.kensho.targets.redis.opening;

import dev.kensho.common.Setting;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.common.targets.Claims;
import dev.kensho.targets.redis.KeyOwnership;
import dev.kensho.targets.redis.RedisCluster;
import dev.kensho.targets.redis.RedisEndpoint;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.servers.ExternalRedis;

import java.nio.file.Path;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * {@link KeyOwnership} wired into a run: the launcher's preflight looks (read only) and registers a
 * {@link Claims.Claim}; every fork that opens the external target checks that the run's marker is there and
 * claims the prefix itself if not (an entry point that bypassed the launcher), renewing its lease until the target
 * closes and releasing it then.
 */
final class RedisOwnershipClaim implements Claims.Claim {

    private final RedisEndpoint.Address address;
    private final String prefix;
    /** The run this claim was taken for (for {@link #interrupted()}, which is not told). */
    private volatile String claimedFor;

    private RedisOwnershipClaim(RedisEndpoint.Address address, String prefix) {
        this.address = address;
        this.prefix = prefix;
    }

    /** The launcher's look before anything starts: refuses in one line, writes nothing, registers the claim. */
    static void preflight(ExternalRedis seed) {
        try (RedisTarget t = whole(seed)) {
            KeyOwnership.inspect(t, "(preflight)");
        }
        Claims.register(new RedisOwnershipClaim(seed.address(), seed.keyPrefix()));
    }

    /**
     * In a benchmark's JVM: the run's marker must be there, else this JVM claims the prefix until the target closes.
     * {@code address} is the server's as given (for a cluster, the seed's).
     */
    static void inFork(RedisTarget t, RedisEndpoint.Address address) {
        String runDir = Setting.RUN_DIR.get();
        String runId = runDir != null ? Path.of(runDir).getFileName().toString() : "adhoc-" + UUID.randomUUID();
        Consumer<String> note = line -> {
            System.err.println("kensho: " + line);
            if (runDir != null) {
                Recorder.note("safety", line);
            }
        };
        if (t.owned() || KeyOwnership.markedFor(t, runId)) {
            return;
        }
        t.releaseOnClose(Claims.hold(new RedisOwnershipClaim(address, t.keyPrefix()),
                runId, note));
    }

    /** The server behind the URI as a whole: every master of a cluster. */
    private static RedisTarget whole(ExternalRedis seed) {
        return RedisCluster.isCluster(seed)
                ? new RedisCluster(RedisTarget.Kind.EXTERNAL, RedisCluster.discover(seed, seed::at)) : seed;
    }

    private RedisTarget open() {
        return whole(new ExternalRedis(address));
    }

    @Override
    public String key() {
        return "redis " + address.uri() + " " + prefix;
    }

    @Override
    public void claim(String runId, Consumer<String> note) {
        try (RedisTarget t = open()) {
            KeyOwnership.claim(t, runId, note);
        }
        claimedFor = runId;
    }

    @Override
    public void renew(String runId) {
        try (RedisTarget t = open()) {
            KeyOwnership.renew(t, runId);
        }
    }

    @Override
    public String release(String runId) {
        try (RedisTarget t = open()) {
            long left = KeyOwnership.release(t, runId);
            return left == 0 ? null : "removed " + left + " key(s) under " + prefix + " that the run's benchmarks left on "
                    + t.describe();
        } catch (RuntimeException e) {
            return "could not remove the run's marker under " + prefix + " (" + e.getMessage() + "); the next run removes it";
        }
    }

    @Override
    public void interrupted() {
        String runId = claimedFor;
        if (runId == null) {
            return;
        }
        try (RedisTarget t = open()) {
            KeyOwnership.dropLease(t, runId);
        }
    }
}
