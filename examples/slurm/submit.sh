#!/usr/bin/env bash
# A sweep too big for one machine, run as a Slurm array job: one task per shard
# (`abbench sweep --shard K/N`), then a merge job that starts once every task has
# succeeded (`--dependency=afterok`) and joins the shards into one run folder.
#
#   bash examples/slurm/submit.sh SUITE SHARDS OUT [THREADS]
#
# SUITE: quick, default or a suite file; SHARDS: how many array tasks; OUT: a folder on
# storage every node sees (shards go in OUT/shard-K, the merged run in OUT/merged);
# THREADS: the thread counts, e.g. 1,2,4,8 (give them: a suite's default depends on
# the machine, and shards of different thread counts are different runs that merge
# refuses). ABBENCH names the binary (default: abbench on the PATH); extra sbatch
# options (partition, account, time) go in SBATCH_OPTIONS. Prints the two job ids.
#
# Each task should have its node's cores to itself for the timings to mean anything:
# ask for whole nodes (SBATCH_OPTIONS=--exclusive) or as many CPUs as the most threads.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
suite="${1:?usage: submit.sh SUITE SHARDS OUT [THREADS]}"
shards="${2:?usage: submit.sh SUITE SHARDS OUT [THREADS]}"
out="${3:?usage: submit.sh SUITE SHARDS OUT [THREADS]}"
threads="${4:-}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
export ABBENCH="${ABBENCH:-abbench}" SUITE="$suite" SHARDS="$shards" OUT="$out" THREADS="$threads"
# shellcheck disable=SC2086 # SBATCH_OPTIONS is a list of words
array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="1-$shards" --job-name=abbench-shard \
  --output="$out/slurm-shard-%a.out" --export=ALL "$here/shard.sbatch")
array="${array%%;*}"
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_OPTIONS:-} --dependency="afterok:$array" \
  --kill-on-invalid-dep=yes --job-name=abbench-merge --output="$out/slurm-merge.out" \
  --export=ALL "$here/merge.sbatch")
merge="${merge%%;*}"
echo "array job $array ($shards shards), merge job $merge: $out/merged"
