#!/usr/bin/env bash
# Every criterion bench once in test mode, its assertions on: each search it times is
# checked against benches/data/golden.txt (value, positions, leaves) and its best move
# against the root moves' own values, each replay of the tree references against the
# positions and leaf values the trace saw, each materialised arena against its implicit
# model. `cargo test` runs a criterion bench's functions once each, untimed; it builds
# with the release profile the other gates use. (The instructions bench is
# ci/instructions.sh's.)
#
# Fails, too, unless every bench function ran: a bench renamed or emptied would
# otherwise pass having checked nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
# At least: kernels 49, trees 15, peer 12, parallel 18 (three per algorithm at 1 thread
# when six were listed; a new algorithm and more cores add more). 118 ran with seven.
expected=94
log=$(mktemp)
trap 'rm -f "$log"' EXIT
cargo test --release -p abbench-benches \
  --bench kernels --bench trees --bench parallel --bench peer 2>&1 | tee "$log"
ran=$(grep -c '^Success' "$log" || true)
if [ "$ran" -lt "$expected" ]; then
  echo "ci/benches.sh: $ran bench functions ran, expected at least $expected" >&2
  exit 1
fi
