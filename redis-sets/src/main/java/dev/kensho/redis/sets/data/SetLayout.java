package dev.kensho.redis.sets.data;

import dev.kensho.common.BadInput;

/**
 * Which user ids each attribute set holds. Set {@code j} holds the {@code n} consecutive id indices
 * starting at {@code j·(n − s)}, where {@code s = round(overlap·n)} is the number of members two
 * neighbouring sets share. overlap 1 gives identical sets (the write-up's A=B), overlap 0 disjoint ones
 * (A≠B). The expected answers generalise the write-up's formulas:
 * |A∩B| = s, |A∪B| = 2n − s, |A−B| = n − s.
 */
public record SetLayout(long n, double overlap) {

    public SetLayout {
        if (n < 1) {
            throw BadInput.of("users", n, "an integer ≥ 1");
        }
        if (!(overlap >= 0 && overlap <= 1)) {
            throw BadInput.of("overlap", overlap, "a number in 0 … 1");
        }
    }

    public long shared() {
        return Math.round(overlap * n);
    }

    /** First id index of set {@code j}. */
    public long start(int j) {
        return j * (n - shared());
    }

    /** Number of distinct users over sets 0 … count−1. */
    public long distinctUsers(int count) {
        return start(count - 1) + n;
    }

    public long intersection() {
        return shared();
    }

    public long union() {
        return 2 * n - shared();
    }

    public long difference() {
        return n - shared();
    }
}
