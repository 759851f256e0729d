#!/usr/bin/env bash
# Parallel search under stress: all six parallel searches (root-split, ybwc, jamboree,
# abdada, lazy-smp, null-window) at 2, 3, 4, 8 and 16 threads (on a
# 2-core machine, mostly oversubscribed) with split height 1, on small trees of every
# model, many full of ties; each search checked against serial F2. Fails (exit 1) on the
# first mismatch or failed search, printing the command that reproduces it.
#
#   bash ci/stress.sh [N]    N: searches in total (default 700, under ten seconds here)
#
# A long run for a change to the parallel code: bash ci/stress.sh 10000
set -euo pipefail
cd "$(dirname "$0")/.."
cargo run --release --quiet -p abbench -- verify --stress "${1:-700}"
