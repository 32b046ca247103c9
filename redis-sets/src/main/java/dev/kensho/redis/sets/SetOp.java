package dev.kensho.redis.sets;

import dev.kensho.redis.sets.data.SetLayout;

/**
 * The write-up's three questions over two attribute sets A (set 0) and B (set 1) of a {@link SetData},
 * with the answer {@link SetLayout} predicts for any overlap, the id range the answer holds (ids are
 * dense indices: A = [0, n), B = [n − s, 2n − s)), and the bitmap operation answering the same question.
 */
public enum SetOp {

    /** A∩B: who has both attributes. Bitmaps: {@code BITOP AND}. */
    SINTER("AND") {
        @Override
        public long expected(SetLayout l) {
            return l.intersection();
        }

        @Override
        long firstId(SetLayout l) {
            return l.start(1);
        }
    },

    /** A∪B: who has either. Bitmaps: {@code BITOP OR}. */
    SUNION("OR") {
        @Override
        public long expected(SetLayout l) {
            return l.union();
        }

        @Override
        long firstId(SetLayout l) {
            return 0;
        }
    },

    /** A−B: who has A but not B. Bitmaps: {@code BITOP NOT} of B, then {@code AND} (Redis 7.0 has no ANDNOT). */
    SDIFF("ANDNOT") {
        @Override
        public long expected(SetLayout l) {
            return l.difference();
        }

        @Override
        long firstId(SetLayout l) {
            return 0;
        }
    };

    private final String bitop;

    SetOp(String bitop) {
        this.bitop = bitop;
    }

    /** |result| for two neighbouring sets of layout {@code l}. */
    public abstract long expected(SetLayout l);

    /** First id index of the result; the result is the {@link #expected} ids from there. */
    abstract long firstId(SetLayout l);

    /** Name of the bitmap operation that answers the same question. */
    public String bitop() {
        return bitop;
    }

    /** Order-independent digest of the members the result must hold (see {@link MemberDigest}). */
    long expectedDigest(SetData d) {
        MemberDigest m = new MemberDigest();
        byte[] buf = new byte[d.ids().length()];
        long first = firstId(d.layout());
        for (long id = first; id < first + expected(d.layout()); id++) {
            d.ids().write(id, buf, 0);
            m.onValue(buf);
        }
        return m.digest();
    }
}
