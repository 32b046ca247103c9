#!/usr/bin/env python3
"""Is a ratio's 99.9% interval wide enough to hold what a rerun measures? (docs/method.md, "One spread per method")

For two run folders of one commit (an A/A pair), every benchmark method whose cases ran two forks or more, and
every ordered pair of its cases (k1 / k2): does the other run's ratio fall inside this run's interval? Two
intervals, as the report builds them (report.RatioInterval):
  pooled    - Student t on the log ratio, each side's variance the log fork-mean spread pooled over the
              method's cases (common.export.ForkSpread) over its forks; in a run of interleaved rounds
              (kensho.rounds, the HBase matrix's default) the spread left when each case's and each round's
              mean is taken out of the log fork means (ForkSpread.ofRounds), (cases - 1)(rounds - 1) df;
  bootstrap - percentile bootstrap, forks drawn with replacement then iterations within each drawn fork,
              20,000 resamples (each unordered pair once, both directions).
A valid 99.9% interval of the true ratio still misses a rerun's value now and then: the rerun has its own noise.
With equal noise the two runs' log ratios differ by sqrt(2) times one run's standard error; the interval's half-width
is t(0.9995, d) times that error estimated with d degrees of freedom, so (rerun - this) / (this run's error) is
sqrt(2) T, T Student's t at d df, and a valid interval misses with probability 2 P(T > t(0.9995, d) / sqrt(2)):
0.7% at 8 df, 1.0% at 11-12, 1.4% at 24, 1.6% at 36, 2.0% as d grows (miss_rate below); a percentile bootstrap,
whose ends are a normal's, about 2.0%. Each line prints the misses a valid interval would give beside the count.
The checks of one method share cases, so the count scatters far more than a binomial's around it; misses far above
it say the interval is too narrow.

Needs python3 with numpy and scipy. Usage: fork-spread-check.py <run folder> <run folder>
"""
import glob, itertools, json, math, sys

import numpy as np
from scipy import stats

RESAMPLES = 20_000
ROUNDS = {}  # benchmark -> its run's interleaved rounds (0: consecutive forks)


def load(run):
    """(benchmark, params) -> its forks' iterations; each benchmark's rounds go to ROUNDS."""
    out = {}
    for f in glob.glob(run + '/jmh/*.json'):
        try:
            arr = json.load(open(f))
        except ValueError:
            continue  # a class still running
        for b in arr:
            raw = b['primaryMetric'].get('rawData') or []
            out[(b['benchmark'], tuple(sorted(b.get('params', {}).items())))] = [np.array(x, float) for x in raw if x]
            ROUNDS[b['benchmark']] = b.get('kenshoRounds', 0)
    return out


def blocked(cases, rounds):
    """Spread of log fork means with case and round means taken out (every case: one fork per round)."""
    y = np.log(np.array([[f.mean() for f in forks] for forks in cases if len(forks) == rounds]))
    res = y - y.mean(axis=1, keepdims=True) - y.mean(axis=0, keepdims=True) + y.mean()
    df = (y.shape[0] - 1) * (rounds - 1)
    return (math.sqrt((res ** 2).sum() / df), df) if df else (None, 0)


def spread(cases):
    ss, df = 0.0, 0
    for forks in cases:
        m = [f.mean() for f in forks if f.mean() > 0]
        if len(m) >= 2:
            logs = np.log(m)
            ss += ((logs - logs.mean()) ** 2).sum()
            df += len(logs) - 1
    return (math.sqrt(ss / df), df) if df else (None, 0)


def resampled_means(forks, rng):
    total = np.zeros(RESAMPLES)
    n = sum(len(f) for f in forks)
    for _ in range(len(forks)):
        pick = rng.integers(len(forks), size=RESAMPLES) if len(forks) > 1 else np.zeros(RESAMPLES, int)
        for k, f in enumerate(forks):
            sel = pick == k
            if sel.any():
                total[sel] += f[rng.integers(len(f), size=(sel.sum(), len(f)))].sum(axis=1)
    return total / n


def bootstrap(num, den, rng):
    r = resampled_means(num, rng) / resampled_means(den, rng)
    return np.quantile(r, 0.0005), np.quantile(r, 0.9995)


def miss_rate(df):
    """How often a valid t-interval at df degrees of freedom misses an independent rerun's value."""
    return 2 * stats.t.sf(stats.t.ppf(0.9995, df) / math.sqrt(2), df)


def mean(forks):
    return np.concatenate(forks).mean()


def main(a, b):
    runs = (load(a), load(b))
    rng = np.random.default_rng(29)
    for bench in sorted({k[0] for k in runs[0]}):
        keys = sorted(k for k in runs[0] if k[0] == bench and k in runs[1])
        rounds = ROUNDS.get(bench, 0)
        spreads = [blocked([run[k] for k in keys], rounds) if rounds >= 2 else spread([run[k] for k in keys])
                   for run in runs]
        if not spreads[0][1] or not spreads[1][1]:
            continue
        pooled_miss = boot_miss = n_pooled = n_boot = 0
        pooled_expected = 0.0
        for k1, k2 in itertools.permutations(keys, 2):
            for this, other, (s, df) in ((runs[0], runs[1], spreads[0]), (runs[1], runs[0], spreads[1])):
                r = mean(this[k1]) / mean(this[k2])
                seen = mean(other[k1]) / mean(other[k2])
                h = stats.t.ppf(0.9995, df) * s * math.sqrt(1 / len(this[k1]) + 1 / len(this[k2]))
                pooled_miss += not (r * math.exp(-h) <= seen <= r * math.exp(h))
                pooled_expected += miss_rate(df)
                n_pooled += 1
                if k1 < k2:
                    lo, hi = bootstrap(this[k1], this[k2], rng)
                    boot_miss += not (lo <= seen <= hi)
                    n_boot += 1
        name = '.'.join(bench.split('.')[-2:])
        print(f"{name}: {len(keys)} cases, pooled df {spreads[0][1]} / {spreads[1][1]}; the other run's ratio outside"
              f" this run's interval: pooled {pooled_miss} of {n_pooled} (a valid interval: {pooled_expected:.1f}),"
              f" bootstrap {boot_miss} of {n_boot} (a valid one: {n_boot * 2 * stats.norm.sf(stats.norm.ppf(0.9995) / math.sqrt(2)):.1f})")


if __name__ == '__main__':
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
