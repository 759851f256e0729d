#!/usr/bin/env bash
# The fuzz targets (fuzz/, a workspace of its own) built on stable and each run once
# over its seed corpus: the committed files of its format, each given to the target as
# libFuzzer gives an input (`-runs=0`: every seed once, no mutation). This keeps the
# targets compiling against the readers they fuzz and their invariants true on real
# files; the fuzzing itself, minutes per target, is run by hand (fuzz/README.md). A
# seed that fails is kept in fuzz/artifacts/TARGET/ and replayed by giving its file to
# the target.
set -euo pipefail
cd "$(dirname "$0")/.."
corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
mkdir -p "$corpus/tree_reader" "$corpus/suite_toml" "$corpus/results_jsonl"
git ls-files -z '*.tree' | xargs -0 -I{} cp {} "$corpus/tree_reader/"
cp crates/measure/suites/*.toml "$corpus/suite_toml/"
# Whole results files, and each line of one on its own.
i=0
for file in ci/baselines/quick.jsonl crates/results/tests/data/runs/*/results.jsonl; do
  i=$((i + 1))
  cp "$file" "$corpus/results_jsonl/file-$i.jsonl"
done
split -l 1 ci/baselines/quick.jsonl "$corpus/results_jsonl/line-"
cargo build --manifest-path fuzz/Cargo.toml --bins
for target in tree_reader suite_toml results_jsonl; do
  seeds=$(find "$corpus/$target" -type f | wc -l)
  [ "$seeds" -gt 0 ] || { echo "ci/fuzz.sh: no seeds for $target" >&2; exit 1; }
  echo "fuzz: $target over $seeds seeds"
  # A seed that fails is kept where cargo fuzz keeps its crashes, for replay.
  mkdir -p "fuzz/artifacts/$target"
  "fuzz/target/debug/$target" -runs=0 -artifact_prefix="fuzz/artifacts/$target/" \
    "$corpus/$target"
done
