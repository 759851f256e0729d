#!/usr/bin/env bash
# A sweep split in shards run side by side on one machine with many cores by GNU
# parallel, then merged into one run folder.
#
#   bash examples/gnu-parallel.sh SUITE SHARDS [THREADS]
#
# OUT names the folder (default: sharded-run; shards in OUT/shard-K, the run in
# OUT/merged), ABBENCH the binary (default: abbench on the PATH), JOBS how many shards
# run at once (default: 1, so that no shard's timings share cores with another's; on a
# machine with C cores and T the most threads, C/T keeps them apart). Without
# THREADS the suite's thread counts are used.
set -euo pipefail
suite="${1:?usage: gnu-parallel.sh SUITE SHARDS [THREADS]}"
shards="${2:?usage: gnu-parallel.sh SUITE SHARDS [THREADS]}"
threads=()
if [ -n "${3:-}" ]; then threads=(--threads "$3"); fi
out="${OUT:-sharded-run}"
abbench="${ABBENCH:-abbench}"

# The line itself: one sweep per shard, JOBS at a time, the first failure stopping the rest.
parallel --will-cite --halt now,fail=1 --jobs "${JOBS:-1}" \
  "$abbench" -q sweep --suite "$suite" "${threads[@]}" --shard {}/"$shards" --out "$out"/shard-{} \
  ::: $(seq 1 "$shards") >/dev/null
"$abbench" merge "$out"/shard-* --out "$out"/merged
