#!/usr/bin/env bash
# Mutation testing of the kernels with cargo-mutants (https://mutants.rs): each mutant
# is a small change to the code (an operator swapped, a branch removed, a function
# body replaced) that the tests of its package must fail. A periodic job, not part of
# .ci/run: with two jobs on a 2-core machine, 798 of the search crate's 898 mutants took
# 110 minutes, the parallel crate's 165 took 10 to 16 with `--skip sim::`
# (reports/mutants/README.md has the measured figures).
#
#   bash ci/mutants.sh [-j JOBS] [--skip FILTER] [FILE...]
#
# FILE: source files to mutate (default: the search crate, the parallel crate's split
# point, node table and table timing). Needs `cargo install cargo-mutants --locked`.
# --skip leaves out the tests whose names contain FILTER (the parallel crate's simulator
# tests, `sim::`, are 70 of its 90 s): faster, and never kinder, since a test left out
# can only let a mutant survive, which the script then names.
#
# Fails (exit 1) when a mutant survives that ci/mutants/equivalent.txt does not
# explain, or when no mutant was tested; exit 2 when cargo-mutants is missing. The
# outcome of every mutant is kept in target/mutants/mutants.out/ (missed.txt,
# caught.txt, timeout.txt, unviable.txt, and a log per mutant).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=1
skip=()
while [ $# -gt 0 ]; do
  case "$1" in
  -j)
    jobs=$2
    shift 2
    ;;
  --skip)
    skip+=(--skip "$2")
    shift 2
    ;;
  *) break ;;
  esac
done
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "ci/mutants.sh: cargo-mutants is not installed (cargo install cargo-mutants --locked)" >&2
  exit 2
fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(crates/search/src/*.rs crates/parallel/src/split_point.rs crates/parallel/src/table/mod.rs
    crates/parallel/src/table/timing.rs)
fi
args=()
for f in "${files[@]}"; do args+=(--file "$f"); done
out=target/mutants
mkdir -p "$out"
# cargo-mutants exits 2 when mutants were missed and 3 on timeouts: judged below.
test_args=(--lib --tests)
if [ ${#skip[@]} -gt 0 ]; then test_args+=(-- "${skip[@]}"); fi
# The baseline's tests are timed alone, a mutant's beside JOBS-1 others on the same
# cores: its timeout is 2 x JOBS times the baseline (at least .cargo/mutants.toml's
# minimum). With two jobs here the parallel crate's slowest surviving mutant took 42 s
# against a 15 s baseline: a multiplier of 2 would have timed it out, and a timeout is
# not counted as a survivor.
cargo mutants --jobs "$jobs" --timeout-multiplier "$((2 * jobs))" --output "$out" \
  "${args[@]}" -- "${test_args[@]}" || true
result=$out/mutants.out
tested=$(cat "$result"/caught.txt "$result"/missed.txt "$result"/timeout.txt 2>/dev/null | wc -l)
if [ "$tested" -eq 0 ]; then
  echo "ci/mutants.sh: no mutant was tested (see $result/debug.log)" >&2
  exit 1
fi
# A missed mutant is explained when equivalent.txt lists it, line and column included.
unexplained=0
while IFS= read -r mutant; do
  if ! grep -qxF "$mutant" <(grep -v '^#' ci/mutants/equivalent.txt | sed -E 's/ +# .*$//'); then
    echo "missed, unexplained: $mutant"
    unexplained=$((unexplained + 1))
  fi
done <"$result/missed.txt"
echo "mutants: $tested tested: $(wc -l <"$result/caught.txt") caught, $(wc -l <"$result/missed.txt") missed ($unexplained unexplained), $(wc -l <"$result/timeout.txt") timed out; $(wc -l <"$result/unviable.txt") unviable"
[ "$unexplained" -eq 0 ]
