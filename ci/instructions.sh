#!/usr/bin/env bash
# Instruction counts of the serial kernels (callgrind through gungraun) against the
# committed baseline in ci/baselines/gungraun: fails (exit 3) when any kernel bench
# executes more than 3% more instructions than the baseline recorded. Instruction counts
# do not depend on the machine's load, so this gate is deterministic where wall time is not.
# Fails, too, when a bench case has no committed baseline or the bench skipped itself
# (no valgrind): either would compare nothing and pass.
#
#   bash ci/instructions.sh          check against the baseline (CI)
#   bash ci/instructions.sh update   record a new baseline, after a change meant to alter
#                                    the counts; commit ci/baselines/gungraun with it
set -euo pipefail
cd "$(dirname "$0")/.."

runner_version=0.20.0 # must equal the gungraun version in Cargo.toml
if [ "$(gungraun-runner --version 2>/dev/null || true)" != "gungraun-runner $runner_version" ]; then
  cargo install gungraun-runner --version "$runner_version" --locked
fi

baseline="$PWD/ci/baselines/gungraun"
# The bench cases, FUNCTION.CASE, as gungraun names them: each `#[bench::CASE(…)]` of the
# `fn FUNCTION` that follows in benches/benches/instructions.rs.
bench_cases() {
  awk '/#\[bench::/ { match($0, /bench::[a-z0-9_]+/); c[n++] = substr($0, RSTART + 7, RLENGTH - 7) }
       /^fn [a-z0-9_]+\(/ { match($0, /fn [a-z0-9_]+/); f = substr($0, RSTART + 3, RLENGTH - 3)
                            for (i = 0; i < n; i++) print f "." c[i]; n = 0 }' \
    benches/benches/instructions.rs
}
bench=(cargo bench --package abbench-benches --bench instructions --)
case "${1:-check}" in
  update)
    rm -rf "$baseline"
    "${bench[@]}" --home="$baseline" --save-baseline=main
    # The comparison reads callgrind's output files; its logs are not needed.
    find "$baseline" -type f -name 'callgrind.*.log.*' -delete
    ;;
  check)
    # Every bench case must have its committed baseline: gungraun compares a case
    # without one with nothing, and passes.
    cases=$(bench_cases)
    [ -n "$cases" ] || { echo "ci/instructions.sh: no bench cases found" >&2; exit 1; }
    missing=()
    for case in $cases; do
      # The path gungraun 0.20 reads the baseline from (its bench module, `gungraun_bench`,
      # is part of it: a baseline at another path is compared with nothing, "N/A").
      file="$baseline/abbench-benches/instructions/gungraun_bench/serial_kernels/$case/callgrind.$case.out.base@main"
      [ -f "$file" ] || missing+=("$case")
    done
    if [ "${#missing[@]}" -gt 0 ]; then
      echo "ci/instructions.sh: no committed baseline for ${missing[*]}:" \
        "run 'bash ci/instructions.sh update' and commit ci/baselines/gungraun" >&2
      exit 1
    fi
    # Compare in a scratch copy so the check leaves the working tree untouched.
    scratch=$(mktemp -d)
    trap 'rm -rf "$scratch"' EXIT
    cp -r "$baseline/." "$scratch/"
    "${bench[@]}" --home="$scratch" --baseline=main --callgrind-limits='ir=3%' \
      | tee "$scratch/log"
    # Without valgrind the bench skips itself, in one line, and compares nothing.
    if grep -q '^instructions: skipped' "$scratch/log"; then
      echo "ci/instructions.sh: the bench was skipped, nothing compared" >&2
      exit 1
    fi
    # A case whose baseline gungraun did not find is shown against "N/A": nothing compared.
    if grep -q 'Instructions:.*|N/A' "$scratch/log"; then
      echo "ci/instructions.sh: a case was compared with no baseline (N/A)" >&2
      exit 1
    fi
    ;;
  *)
    echo "usage: bash ci/instructions.sh [check|update]" >&2
    exit 2
    ;;
esac
