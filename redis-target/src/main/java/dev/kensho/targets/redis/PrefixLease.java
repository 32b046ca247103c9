package dev.kensho.targets.redis;

import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.TargetFailure;
import dev.kensho.common.targets.Lease;
import redis.clients.jedis.params.SetParams;

import java.util.List;

/**
 * The lease key {@code <prefix>~kensho-lease} of {@link KeyOwnership}, changed only atomically: it is taken with
 * {@code SET NX PX} (or, when it names a local process that has ended, replaced by a compare-and-set script), renewed
 * and given back only while it still names its holder. So of two runs that claim one prefix at the same moment
 * exactly one gets it, and a holder that paused past its expiry never overwrites the run that took over.
 * Each script touches one key, so it runs on a Redis Cluster too.
 */
final class PrefixLease {

    /** KEYS[1] = lease; ARGV = expected, new value, ms: set only if it still holds the expected value. */
    private static final String REPLACE = "if redis.call('GET', KEYS[1]) == ARGV[1] then"
            + " redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3]) return 1 end return 0";
    /** ARGV = holder, ms: extend the holder's lease, or take it again if it lapsed and nobody took it. */
    private static final String RENEW = "local v = redis.call('GET', KEYS[1]) if v == false or v == ARGV[1] then"
            + " redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end return 0";
    /** ARGV = holder: delete only the holder's lease. */
    private static final String GIVE_BACK = "if redis.call('GET', KEYS[1]) == ARGV[1] then"
            + " return redis.call('DEL', KEYS[1]) end return 0";

    private PrefixLease() {
    }

    /**
     * Takes the prefix's lease for {@code runId} in this process, or refuses in one line when another live run holds it.
     */
    static void take(RedisTarget t, String runId) {
        String key = t.keyPrefix() + KeyOwnership.LEASE_SUFFIX;
        String mine = Lease.of(runId);
        for (int attempt = 0; attempt < 5; attempt++) {
            try (KeyOwnership.Ops ops = KeyOwnership.Ops.of(t)) {
                if ("OK".equals(ops.strings().set(key, mine, SetParams.setParams().nx().px(KeyOwnership.LEASE_MS)))) {
                    return;
                }
                String held = ops.strings().get(key);
                if (mine.equals(held)) {
                    return;
                }
                if (Lease.alive(held)) {
                    throw inUse(t, held);
                }
                // held == null: it expired since the SET; else a killed local run's: take it over if it is still that
                if (held != null && one(ops.scripts().eval(REPLACE, List.of(key),
                        List.of(held, mine, Long.toString(KeyOwnership.LEASE_MS))))) {
                    return;
                }
            }
        }
        throw new TargetFailure("could not take the lease " + key + " on " + t.describe() + ": it changed hands 5 times");
    }

    /** Renews this process's lease for {@code runId}; false when another run holds it now. */
    static boolean renew(RedisTarget t, String runId) {
        try (KeyOwnership.Ops ops = KeyOwnership.Ops.of(t)) {
            return one(ops.scripts().eval(RENEW, List.of(t.keyPrefix() + KeyOwnership.LEASE_SUFFIX),
                    List.of(Lease.of(runId), Long.toString(KeyOwnership.LEASE_MS))));
        }
    }

    /** Deletes this process's lease for {@code runId}, never another run's. */
    static void giveBack(RedisTarget t, String runId) {
        try (KeyOwnership.Ops ops = KeyOwnership.Ops.of(t)) {
            ops.scripts().eval(GIVE_BACK, List.of(t.keyPrefix() + KeyOwnership.LEASE_SUFFIX), List.of(Lease.of(runId)));
        }
    }

    /** The one-line refusal: another kensho run holds the prefix now. */
    static BadInput inUse(RedisTarget t, String lease) {
        return new BadInput(Setting.KEY_PREFIX.key() + "=" + t.keyPrefix() + " on " + t.describe() + " is in use by"
                + " another kensho run (" + Lease.who(lease) + "); nothing was written. Use another -D" + Setting.KEY_PREFIX.key());
    }

    private static boolean one(Object reply) {
        return reply instanceof Long n && n == 1L;
    }
}
