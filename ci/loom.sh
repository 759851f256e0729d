#!/usr/bin/env bash
# The parallel crate's lock-free protocols under loom's model checker: every
# interleaving of the models in crates/parallel/src (the hand-out every algorithm shares
# in handout.rs, the split point in ybwc/test.rs, the node table in table/test.rs, the
# null-window search's cut chain in null_window/test.rs, the table search's finish in
# table_search.rs, ER's budget in kept.rs, the best-first search's back-up and
# threshold in best_first/loom_models.rs), each beside a
# deliberately broken variant it must catch. Builds into its own target folder, since
# `--cfg loom` changes how the crate compiles.
#
# Fails, too, when fewer models ran than are written: a model renamed out of the `loom`
# filter or compiled out would otherwise leave this gate green having checked nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
expected=24 # the loom_ tests in crates/parallel/src; raise it with each new one
log=$(mktemp)
trap 'rm -f "$log"' EXIT
RUSTFLAGS="--cfg loom" CARGO_TARGET_DIR=target/loom \
  cargo test --package abbench-parallel --lib --release loom 2>&1 | tee "$log"
ran=$(awk '/^test result: ok\./ { n += $4 } END { print n + 0 }' "$log")
if [ "$ran" -lt "$expected" ]; then
  echo "ci/loom.sh: $ran loom models ran, expected at least $expected" >&2
  exit 1
fi
