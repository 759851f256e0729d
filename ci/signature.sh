#!/usr/bin/env bash
# The node-count signature of the serial searches (f0, f1, f2, f2-iter on fixed trees of
# every model) against ci/baselines/signature.txt. Counts do not depend on the
# machine or its load, so any difference is a change in what the kernels or the tree
# models examine: exit 1, naming every case that differs.
#
# After a change meant to alter the counts, regenerate the baseline and commit it with
# the change:
#   cargo run --release -p abbench -- signature > ci/baselines/signature.txt
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet -p abbench -- signature --check ci/baselines/signature.txt
