#!/usr/bin/env bash
# Instruction counts of the serial kernels (callgrind through gungraun) against the
# committed baseline in reports/baselines/gungraun: fails (exit 3) when any kernel bench
# executes more than 3% more instructions than the baseline recorded. Instruction counts
# do not depend on the machine's load, so this gate is deterministic where wall time is not.
#
#   bash ci/instructions.sh          check against the baseline (CI)
#   bash ci/instructions.sh update   record a new baseline, after a change meant to alter
#                                    the counts; commit reports/baselines/gungraun with it
set -euo pipefail
cd "$(dirname "$0")/.."

runner_version=0.20.0 # must equal the gungraun version in Cargo.toml
if [ "$(gungraun-runner --version 2>/dev/null || true)" != "gungraun-runner $runner_version" ]; then
  cargo install gungraun-runner --version "$runner_version" --locked
fi

baseline="$PWD/reports/baselines/gungraun"
bench=(cargo bench --package abbench-benches --bench instructions --)
case "${1:-check}" in
  update)
    rm -rf "$baseline"
    "${bench[@]}" --home="$baseline" --save-baseline=main
    # The comparison reads callgrind's output files; its logs are not needed.
    find "$baseline" -type f -name 'callgrind.*.log.*' -delete
    ;;
  check)
    # Compare in a scratch copy so the check leaves the working tree untouched.
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    cp -r "$baseline/." "$scratch/"
    "${bench[@]}" --home="$scratch" --baseline=main --callgrind-limits='ir=3%'
    ;;
  *)
    echo "usage: bash ci/instructions.sh [check|update]" >&2
    exit 2
    ;;
esac
