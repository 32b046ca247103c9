package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import dev.kensho.common.targets.Lease;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.commands.HashCommands;
import redis.clients.jedis.commands.KeyCommands;
import redis.clients.jedis.commands.ScriptingKeyCommands;
import redis.clients.jedis.commands.StringCommands;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * Which keys under the suite's prefix on an external Redis are the suite's own. Before its first write a
 * run looks under its prefix (on every master of a cluster, and under every shard prefix below it):
 * <ul>
 *   <li>nothing there: it takes the <b>lease</b> {@code <prefix>~kensho-lease} atomically ({@link PrefixLease}:
 *       of two runs claiming at once, one gets it and the other is refused; it expires {@value #LEASE_MS} ms after
 *       its holder stops renewing it), then writes its <b>run marker</b> {@code <prefix>~kensho-run} (a hash: run
 *       id, host, launcher pid);</li>
 *   <li>keys under a marker whose lease is gone (a kensho run that was killed): the suite's own leftovers,
 *       removed with a note;</li>
 *   <li>a lease that is alive ({@link Lease#alive}) and names another run: that run uses the prefix now — refused
 *       in one line;</li>
 *   <li>any other key: the user's. Refused in one line (how many, one example, the two ways on), nothing
 *       written — unless {@code -Dkensho.destructive=true}, which deletes them and says so.</li>
 * </ul>
 * At the end of the run the marker, the lease and anything the run left go; a server the suite started
 * itself needs none of this (it is flushed whole). Not covered: a run on a prefix and another on a prefix below it
 * (a shard's {@code kensho:1:} under {@code kensho:}) claiming at the same moment: each holds its own lease key.
 */
public final class KeyOwnership {

    public static final String MARKER_SUFFIX = "~kensho-run";
    public static final String LEASE_SUFFIX = "~kensho-lease";
    /** How long a lease outlives its last renewal; the holder renews it every third of that. */
    public static final long LEASE_MS = 15_000;

    private KeyOwnership() {
    }

    /** True for the suite's bookkeeping keys, which a trial's clean-up leaves to the run. */
    public static boolean bookkeeping(String key) {
        return key.endsWith(MARKER_SUFFIX) || key.endsWith(LEASE_SUFFIX);
    }

    /** What is under the prefix now. */
    record Finding(List<String> markers, long foreign, String example, long leftovers, String liveRun) {
    }

    /** Looks under the prefix without writing; refuses in one line what the run may not touch. */
    public static Finding inspect(RedisTarget t, String runId) {
        String prefix = t.keyPrefix();
        List<String> markers = new ArrayList<>();
        scan(t, prefix + "*" + MARKER_SUFFIX, markers::add);
        List<String> leases = new ArrayList<>();
        scan(t, prefix + "*" + LEASE_SUFFIX, leases::add);
        List<String> owned = new ArrayList<>();
        String live = null;
        try (Ops ops = Ops.of(t)) {
            for (String m : markers) {
                owned.add(m.substring(0, m.length() - MARKER_SUFFIX.length()));
            }
            // the lease, not the marker, says who holds a prefix: a run writes its marker only once it holds the lease
            for (String l : leases) {
                String held = ops.strings().get(l);
                if (live == null && Lease.alive(held) && !runId.equals(Lease.run(held))) {
                    live = held;
                }
            }
        }
        long[] counts = new long[2];
        String[] example = new String[1];
        Predicate<String> ours = k -> owned.stream().anyMatch(k::startsWith);
        scan(t, prefix + "*", k -> {
            if (bookkeeping(k)) {
                return; // markers and leases: counted as neither
            }
            if (ours.test(k)) {
                counts[1]++;
            } else {
                counts[0]++;
                if (example[0] == null) {
                    example[0] = k;
                }
            }
        });
        Finding f = new Finding(markers, counts[0], example[0], counts[1], live);
        if (live != null) {
            throw PrefixLease.inUse(t, live);
        }
        if (f.foreign > 0 && !Settings.destructiveAllowed()) {
            throw new BadInput(Setting.KEY_PREFIX.key() + "=" + prefix + " on " + t.describe() + " holds " + f.foreign
                    + " key(s) this suite did not create (e.g. " + f.example + "); nothing was written. Use another -D"
                    + Setting.KEY_PREFIX.key() + ", or -D" + Setting.DESTRUCTIVE.key() + "=true to delete them");
        }
        return f;
    }

    /**
     * Makes the prefix this run's: {@link #inspect} (refusing what it refuses, before writing anything), takes the
     * lease, removes the leftovers of killed runs and, with the opt-in, the keys found there, each with a line to
     * {@code note}; then writes the marker. Nothing is scanned when the marker already names {@code runId} (a fork
     * of the claiming run).
     */
    public static void claim(RedisTarget t, String runId, Consumer<String> note) {
        claimIfUnclaimed(t, runId, note);
    }

    /** True when the prefix's marker names {@code runId}: the run (its launcher) holds the prefix. */
    public static boolean markedFor(RedisTarget t, String runId) {
        try (Ops ops = Ops.of(t)) {
            return runId.equals(ops.hash().hget(t.keyPrefix() + MARKER_SUFFIX, "run"));
        }
    }

    /** {@link #claim}; true when this call wrote the marker (false: a server the suite started, or already this run's). */
    public static boolean claimIfUnclaimed(RedisTarget t, String runId, Consumer<String> note) {
        if (t.owned() || markedFor(t, runId)) {
            return false;
        }
        inspect(t, runId);
        PrefixLease.take(t, runId);
        try {
            cleanAndMark(t, runId, note);
        } catch (RuntimeException e) {
            PrefixLease.giveBack(t, runId);
            throw e;
        }
        return true;
    }

    /** Under this run's lease: what the prefix holds now goes (refused as {@link #inspect} refuses), then the marker. */
    private static void cleanAndMark(RedisTarget t, String runId, Consumer<String> note) {
        String lease = t.keyPrefix() + LEASE_SUFFIX;
        Finding f = inspect(t, runId);
        if (f.leftovers > 0 || f.foreign > 0) {
            long removed = deleteUnderPrefix(t, k -> !k.equals(lease));
            if (f.leftovers > 0) {
                note.accept("removed " + f.leftovers + " key(s) under " + t.keyPrefix() + " left by an earlier kensho run"
                        + " that ended without cleaning up (its marker had no live lease) on " + t.describe());
            }
            if (f.foreign > 0) {
                note.accept("deleted " + f.foreign + " key(s) under " + t.keyPrefix() + " that existed before this run"
                        + " (e.g. " + f.example + ") on " + t.describe() + ", as -D" + Setting.DESTRUCTIVE.key()
                        + "=true allows (" + removed + " removed in all)");
            }
        }
        try (Ops ops = Ops.of(t)) {
            ops.hash().hset(t.keyPrefix() + MARKER_SUFFIX, Map.of("run", runId, "host", Lease.host(),
                    "pid", Long.toString(ProcessHandle.current().pid()), "started", Instant.now().toString()));
        }
    }

    /** Renews this run's lease (the holder calls it every {@code LEASE_MS / 3}); never another run's. */
    public static void renew(RedisTarget t, String runId) {
        PrefixLease.renew(t, runId);
    }

    /** Drops this run's lease only (a run being stopped): the marker stays, so the next run removes what is left. */
    public static void dropLease(RedisTarget t, String runId) {
        PrefixLease.giveBack(t, runId);
    }

    /** The end of a run: removes what it left under the prefix, then its marker and lease. Returns the count left. */
    public static long release(RedisTarget t, String runId) {
        if (t.owned()) {
            return 0;
        }
        try (Ops ops = Ops.of(t)) {
            if (!runId.equals(ops.hash().hget(t.keyPrefix() + MARKER_SUFFIX, "run"))) {
                return 0; // not ours (never claimed, or taken over): leave it
            }
        }
        long left = deleteUnderPrefix(t, k -> !bookkeeping(k));
        try (Ops ops = Ops.of(t)) {
            ops.keys().unlink(t.keyPrefix() + MARKER_SUFFIX); // one key per command: a cluster may hold them in two slots
        }
        PrefixLease.giveBack(t, runId);
        return left;
    }

    /**
     * Unlinks every key under the prefix that {@code which} accepts, on every node (a cluster's masters), a scan page
     * at a time in one pipeline (one key per command: keys of different slots cannot share one); returns how many.
     */
    static long deleteUnderPrefix(RedisTarget t, Predicate<String> which) {
        long n = 0;
        for (RedisTarget node : nodes(t)) {
            try (Jedis j = node.jedis()) {
                ScanParams p = new ScanParams().match(t.keyPrefix() + "*").count(1000);
                String cursor = ScanParams.SCAN_POINTER_START;
                do {
                    ScanResult<String> r = j.scan(cursor, p);
                    List<String> keys = r.getResult().stream().filter(which).toList();
                    if (!keys.isEmpty()) {
                        Pipeline pl = j.pipelined();
                        keys.forEach(pl::unlink);
                        pl.sync();
                        n += keys.size();
                    }
                    cursor = r.getCursor();
                } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
            }
        }
        return n;
    }

    /** The suite's keys on a server it did not start: all under the prefix but the run's marker and lease. */
    static void deleteSuiteKeys(RedisTarget t) {
        deleteUnderPrefix(t, k -> !bookkeeping(k));
    }

    private static void scan(RedisTarget t, String pattern, Consumer<String> each) {
        for (RedisTarget node : nodes(t)) {
            try (Jedis j = node.jedis()) {
                scan(j, pattern, each);
            }
        }
    }

    private static void scan(Jedis j, String pattern, Consumer<String> each) {
        ScanParams p = new ScanParams().match(pattern).count(1000);
        String cursor = ScanParams.SCAN_POINTER_START;
        do {
            ScanResult<String> r = j.scan(cursor, p);
            List<String> keys = new ArrayList<>(r.getResult()); // a consumer may unlink while we page
            keys.forEach(each);
            cursor = r.getCursor();
        } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
    }

    private static List<RedisTarget> nodes(RedisTarget t) {
        return t instanceof RedisCluster c ? c.servers() : List.of(t);
    }

    /** Single-key commands on a node, or routed by slot on a cluster. */
    record Ops(Object client) implements AutoCloseable {
        static Ops of(RedisTarget t) {
            return new Ops(t instanceof RedisCluster c ? c.jedisCluster(1) : t.jedis(RedisTarget.CONNECT_TIMEOUT));
        }

        HashCommands hash() {
            return (HashCommands) client;
        }

        StringCommands strings() {
            return (StringCommands) client;
        }

        KeyCommands keys() {
            return (KeyCommands) client;
        }

        ScriptingKeyCommands scripts() {
            return (ScriptingKeyCommands) client;
        }

        @Override
        public void close() {
            if (client instanceof JedisCluster c) {
                c.close();
            } else {
                ((Jedis) client).close();
            }
        }
    }
}
