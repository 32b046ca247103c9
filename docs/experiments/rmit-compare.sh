#!/usr/bin/env bash
# Does randomised interleaving (RMIT, -Dkensho.rounds) narrow a claim's interval at the same measured time?
# One claim: redis-kv io-threads 2 vs 1 (KeyValueThroughputBenchmark.getSetMix, io_threads_gain), Lettuce,
# 100 clients, closed loop, preloaded 1M keys (the default scale's case). Two designs, same cases, same
# warm-up and measured time per case:
#   (a) today's: F forks per case, one case after another          -> run folder rmit-a-<stamp>
#   (b) rounds:  N = F rounds x 1 fork per case, shuffled per round -> run folder rmit-b-<stamp>
# Each fork: WI x WT s warm-up, I x T s measured; so each case gets F x I x T s measured in both designs.
# With PAIRS > 1 the two designs alternate (a b a b ...) so that a drift of the host over the hour does not
# favour one design. At the end it prints each run's io_threads_gain row (value, 99.9% interval, method)
# side by side: (a) bootstrap over forks, (b) paired rounds (F).
#
# Run from the repository root (the lead runs it; nothing else should run on the machine meanwhile):
#   docs/experiments/rmit-compare.sh                 # F=8: ~15 min per design on the 2-vCPU VM
#   F=12 PAIRS=2 docs/experiments/rmit-compare.sh    # more forks/rounds, two runs of each design
set -euo pipefail
F=${F:-8}          # forks per case (a) = rounds (b)
WI=${WI:-3}        # warm-up iterations per fork
WT=${WT:-3s}       # warm-up iteration time
I=${I:-5}          # measured iterations per fork
T=${T:-3s}         # measured iteration time
PAIRS=${PAIRS:-1}  # how many runs of each design, alternating
STAMP=${STAMP:-$(date -u +%Y%m%dT%H%M%S)}
CASES="-p client=LETTUCE -p clients=100 -p ioThreads=1,2 -p rate=0 -p start=PRELOADED -p keyspace=1000000"
TIMES="-wi $WI -w $WT -i $I -r $T"
RESULTS=${KENSHO_RESULTS:-target/kensho-runs}


run() { # run <runId> <extra -D...> <-f value>
  ./mvnw -B -ntp verify -Pbench -pl redis-kv -am -DskipTests -Dkensho.scale=default \
    -Dkensho.bench=KeyValueThroughputBenchmark -Dkensho.runId="$1" $2 \
    -Dkensho.args="$CASES $TIMES -f $3"
}

for k in $(seq 1 "$PAIRS"); do
  run "rmit-a-$STAMP-$k" "" "$F"
  run "rmit-b-$STAMP-$k" "-Dkensho.rounds=$F" 1
done

echo
echo "io_threads_gain (ioThreads=2 over 1), $F forks x $I x $T per case in both designs:"
printf '%-28s | %s\n' "run" "ratio | 99.9% interval and method | reading"
for k in $(seq 1 "$PAIRS"); do
  for d in a b; do
    id="rmit-$d-$STAMP-$k"
    row=$(grep -h "io_threads_gain" "$RESULTS/$id/report.md" | grep "client=LETTUCE" | head -1 | cut -d'|' -f5-7)
    printf '%-28s | %s\n' "$id" "${row:-(no row: see $RESULTS/$id/status.json)}"
  done
done
