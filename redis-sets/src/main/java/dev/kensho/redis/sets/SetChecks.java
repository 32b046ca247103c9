package dev.kensho.redis.sets;

import redis.clients.jedis.Jedis;

/**
 * Answer checks shared by the set benchmarks: a failed check throws, which fails the JMH run — a
 * benchmark with a wrong answer has no score.
 */
final class SetChecks {

    private static final int SAMPLES = 64;

    private SetChecks() {
    }

    /** Every set holds exactly {@code users} members, and sampled members are the generated ones. */
    static void requireImported(Jedis j, SetData d) {
        for (int a = 0; a < d.attributes(); a++) {
            requireImported(j, d, a);
        }
    }

    /** Set {@code a} of {@code d} holds exactly {@code users} members, sampled ones the generated ones ({@code j}: its node). */
    static void requireImported(Jedis j, SetData d, int a) {
        long card = j.scard(d.key(a));
        if (card != d.users()) {
            throw new IllegalStateException("answer check failed: SCARD " + d.keyString(a) + " = " + card
                    + ", expected " + d.users());
        }
        for (int s = 0; s < Math.min(SAMPLES, d.users()); s++) {
            long i = d.users() * s / Math.min(SAMPLES, d.users());
            if (!j.sismember(d.key(a), d.member(a, i))) {
                throw new IllegalStateException("answer check failed: member " + i + " of " + d.keyString(a) + " is missing");
            }
        }
    }

    /** A result cardinality equals the expected one. */
    static void requireCount(String what, long actual, long expected) {
        if (actual != expected) {
            throw new IllegalStateException("answer check failed: " + what + " = " + actual + ", expected " + expected);
        }
    }
}
