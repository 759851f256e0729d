#!/usr/bin/env bash
# The whole pipeline on the quick suite, then its results against the committed
# ci/baselines/quick.jsonl. Two tracks, kept apart by `compare --gate counts`:
#
# * gated (the script fails): the sweep itself failing, any result that does not agree
#   with serial F2, and any changed value or node count of a serial algorithm;
# * tracked (printed, never failing): wall times slower or faster than the baseline by
#   more than 50% with the runs' spreads apart. A shared 2-core CI machine is too noisy
#   to fail a build on time; read the table.
#
#   bash ci/smoke.sh [DIR]    DIR: the run folder to write (default: a new temporary one)
#
# After a change meant to alter the quick suite's counts or records, regenerate the
# baseline (with signature.txt) and commit it with the change:
#   cargo run --release -p abbench-measure --example baselines
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-$(mktemp -d)}"
abbench=(cargo run --release --quiet -p abbench --)
"${abbench[@]}" sweep --suite quick --out "$out"
"${abbench[@]}" compare ci/baselines/quick.jsonl "$out/results.jsonl" \
  --threshold 50 --gate counts
