#!/usr/bin/env bash
# The split point's protocol under loom's model checker: every interleaving of the
# models in crates/parallel/src/ybwc/test.rs. Builds into its own target folder, since
# `--cfg loom` changes how the crate compiles.
set -euo pipefail
cd "$(dirname "$0")/.."
RUSTFLAGS="--cfg loom" CARGO_TARGET_DIR=target/loom \
  cargo test --package abbench-parallel --lib --release loom
