#!/usr/bin/env bash
# Mutation testing of the kernels with cargo-mutants (https://mutants.rs): each mutant
# is a small change to the code (an operator swapped, a branch removed, a function
# body replaced) that the tests of its package must fail. A periodic job, not part of
# .ci/run: the search crate alone has about 850 mutants, about a minute each on a
# 2-core machine (reports/mutants/README.md has the measured figures).
#
#   bash ci/mutants.sh [-j JOBS] [FILE...]
#
# FILE: source files to mutate (default: the search crate, the parallel crate's split
# point and node table). Needs `cargo install cargo-mutants --locked`.
#
# Fails (exit 1) when a mutant survives that reports/mutants/equivalent.txt does not
# explain, or when no mutant was tested; exit 2 when cargo-mutants is missing. The
# outcome of every mutant is kept in target/mutants/mutants.out/ (missed.txt,
# caught.txt, timeout.txt, unviable.txt, and a log per mutant).
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=1
if [ "${1:-}" = "-j" ]; then
  jobs=$2
  shift 2
fi
if ! cargo mutants --version >/dev/null 2>&1; then
  echo "ci/mutants.sh: cargo-mutants is not installed (cargo install cargo-mutants --locked)" >&2
  exit 2
fi
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  files=(crates/search/src/*.rs crates/parallel/src/split_point.rs crates/parallel/src/table/mod.rs)
fi
args=()
for f in "${files[@]}"; do args+=(--file "$f"); done
out=target/mutants
mkdir -p "$out"
# cargo-mutants exits 2 when mutants were missed and 3 on timeouts: judged below.
cargo mutants --jobs "$jobs" --output "$out" "${args[@]}" || true
result=$out/mutants.out
tested=$(cat "$result"/caught.txt "$result"/missed.txt "$result"/timeout.txt 2>/dev/null | wc -l)
if [ "$tested" -eq 0 ]; then
  echo "ci/mutants.sh: no mutant was tested (see $result/debug.log)" >&2
  exit 1
fi
# A missed mutant is explained when equivalent.txt lists it, line and column included.
unexplained=0
while IFS= read -r mutant; do
  if ! grep -qxF "$mutant" <(grep -v '^#' reports/mutants/equivalent.txt | sed -E 's/ +# .*$//'); then
    echo "missed, unexplained: $mutant"
    unexplained=$((unexplained + 1))
  fi
done <"$result/missed.txt"
echo "mutants: $tested tested: $(wc -l <"$result/caught.txt") caught, $(wc -l <"$result/missed.txt") missed ($unexplained unexplained), $(wc -l <"$result/timeout.txt") timed out; $(wc -l <"$result/unviable.txt") unviable"
[ "$unexplained" -eq 0 ]
