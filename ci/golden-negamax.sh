#!/usr/bin/env bash
# Confirms every value of benches/data/golden.txt by plain negamax over the whole of each
# workload's tree (crates/testkit/examples/golden_negamax.rs, release mode), and records
# the values, positions and times, with the commit, compiler and machine, in
# benches/data/golden-negamax.txt; the golden test holds golden.txt to that record, so a
# value changed without this run fails CI. Not part of CI: the five largest trees take
# minutes (the record says how long). Run it when a workload or the trees' generator
# changes, and commit the record. Fails, leaving the record as it was, when negamax
# disagrees with golden.txt.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --package abbench-testkit --example golden_negamax
record=benches/data/golden-negamax.txt
fresh=$(mktemp)
trap 'rm -f "$fresh"' EXIT
commit=$(git rev-parse HEAD)
git diff --quiet HEAD -- . || commit="$commit with uncommitted changes"
{
  echo "# Plain negamax over every position of each benchmark workload, in release mode,"
  echo "# confirming the values of golden.txt: workload value positions seconds."
  echo "# command: bash ci/golden-negamax.sh"
  echo "# commit: $commit"
  echo "# compiler: $(rustc --version)"
  echo "# cpu: $(lscpu | sed -n 's/^Model name: *//p' | head -n 1), $(nproc) threads, one used"
  echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# load average at the start (1, 5, 15 min): $(cut -d ' ' -f 1-3 /proc/loadavg)"
  target/release/examples/golden_negamax
} >"$fresh"
mv "$fresh" "$record"
