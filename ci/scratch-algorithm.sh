#!/usr/bin/env bash
# A new parallel algorithm is its folder and one line: this adds a trivial one (the
# serial kernel on the calling worker) to a scratch copy of the tree, as a folder in
# crates/parallel/src and a line in crates/vocab/src/list.rs, regenerates the schema's
# enums, and runs the tests that list or check every algorithm. It fails if any other
# file had to change for them to pass.
#
#   bash ci/scratch-algorithm.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$root"
# The working tree as git sees it (tracked and new files, nothing ignored).
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$scratch"
cd "$scratch"

mkdir crates/parallel/src/scratch
cat >crates/parallel/src/scratch/mod.rs <<'RUST'
//! A trivial parallel algorithm: the serial kernel on the calling worker.

use crate::SearchOptions;
use crate::algorithm::{Found, Search};
use crate::context::Context;
use crate::executor::Executor;
use crate::probes::StopProbe;
use abbench_search::Aborted;
use abbench_tree::{GameTree, INFINITY, NEG_INFINITY};

pub(crate) struct Scratch;

impl Search for Scratch {
    type Settings = ();

    fn settings(_options: &SearchOptions, _workers: usize) {}

    fn search<T: GameTree, E: Executor>(
        ctx: &Context<'_, T, E>,
        _settings: &(),
    ) -> Result<Found, Aborted> {
        ctx.serial(ctx.tree.root(), NEG_INFINITY, INFINITY, &mut StopProbe { ctx })
            .map(Found::from)
    }

    fn offers_work<T: GameTree, E: Executor>(_ctx: &Context<'_, T, E>) -> bool {
        false
    }
}
RUST

# The one line, after the last algorithm of the list (before the list's closing brace).
line='            Scratch = "scratch" => scratch::Scratch { reads: [SplitHeight], table: false, serial_form: F2Iter };'
awk -v line="$line" '/^        }$/ && !done { print "            /// A trivial search."; print line; done = 1 } { print }' \
    crates/vocab/src/list.rs >list.rs.new
mv list.rs.new crates/vocab/src/list.rs
grep -q '"scratch"' crates/vocab/src/list.rs

changed() {
    diff -rq --exclude=.git --exclude=target --exclude=scratch --exclude=list.rs --exclude='abbench-output.schema.json' \
        "$root" "$scratch" 2>/dev/null | grep -v '^Only in '"$root" || true
}

export CARGO_TARGET_DIR="$root/target/scratch-algorithm"
# The schema's enums are generated from the list.
UPDATE_SCHEMA=1 cargo test -q -p abbench --bin abbench -- output_schema >/dev/null
grep -q '"scratch"' schema/abbench-output.schema.json
# The tests that list algorithms or check every one against serial F2.
cargo test -q -p abbench-vocab
cargo test -q -p abbench-results --lib
cargo test -q -p abbench-parallel --test parallel -- agreement
cargo test -q -p abbench --test cli -- algorithm_names
cargo run -q --release -p abbench -- algorithms --parallel | grep -q ',scratch$'
cargo run -q --release -p abbench -- verify --stress 300 | grep -qx 'mismatches  0'
extra=$(changed)
if [ -n "$extra" ]; then
    echo "scratch-algorithm: files beyond the folder, the line and the schema changed:" >&2
    echo "$extra" >&2
    exit 1
fi
echo "scratch-algorithm ok: a folder and one line built and passed the tests that list algorithms"
