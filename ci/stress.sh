#!/usr/bin/env bash
# Parallel search under stress: every parallel search (`abbench algorithms --parallel`)
# at 2, 3, 4, 8 and 16 threads (on a
# 2-core machine, mostly oversubscribed) with split height 1, on small trees of every
# model, many full of ties; each search checked against serial F2. Fails (exit 1) on the
# first mismatch or failed search, printing the command that reproduces it; fails too
# unless the summary says every search asked for was made and none disagreed (a run
# that checked nothing is not a pass). The mismatch path itself is tested with a tree
# that answers wrongly on worker threads (crates/cli/src/commands/verify.rs).
# Each search has a 60 s watchdog (`--time-limit`; they take milliseconds): a search
# that stops making progress fails the gate (exit 1) instead of hanging CI.
#
#   bash ci/stress.sh [N]    N: searches in total (default 700, under ten seconds here)
#
# A long run for a change to the parallel code: bash ci/stress.sh 10000
set -euo pipefail
cd "$(dirname "$0")/.."
searches=${1:-700}
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo run --release --quiet -p abbench -- verify --stress "$searches" --time-limit 60 | tee "$log"
if ! grep -qx "searches    $searches" "$log" || ! grep -qx "mismatches  0" "$log"; then
  echo "ci/stress.sh: the summary does not show $searches searches and 0 mismatches" >&2
  exit 1
fi
