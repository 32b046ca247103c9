#!/usr/bin/env bash
# Runs a command as on a fresh machine: with a PATH that lacks the optional tools a developer or CI may
# have installed (redis-tools, memtier_benchmark, perf, a browser, a Docker client).
#   .ci/bare-path.sh ./mvnw -B verify
# Override the hidden names with HIDE="name1 name2 …".
set -eu
HIDE=${HIDE:-"redis-cli redis-server redis-benchmark redis-check-aof redis-check-rdb memtier_benchmark perf chromium chromium-browser google-chrome docker dockerd"}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
IFS=: read -ra parts <<< "$PATH"
for p in "${parts[@]}"; do
  [ -d "$p" ] || continue
  for f in "$p"/*; do
    n=${f##*/}
    [ -x "$f" ] && [ ! -d "$f" ] || continue
    [ -e "$dir/$n" ] && continue
    case " $HIDE " in *" $n "*) continue;; esac
    ln -s "$f" "$dir/$n"
  done
done
echo "bare-path: hidden from PATH: $HIDE" >&2
PATH="$dir" "$@"
