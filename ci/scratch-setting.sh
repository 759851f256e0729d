#!/usr/bin/env bash
# A new search setting is one line of the vocabulary's list and the code that reads it:
# this adds a scratch setting to a scratch copy of the tree, as a line in
# crates/vocab/src/setting.rs read by ybwc (its name in ybwc's line of
# crates/vocab/src/list.rs), and checks that without any other change it builds, shows
# in `--help`, is noted for an algorithm that does not read it, works as a suite key
# (a list of values sweeps it, and every record names its value), and passes the tests
# that check every setting. It fails if any other file had to change.
#
#   bash ci/scratch-setting.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
cd "$root"
# The working tree as git sees it (tracked and new files, nothing ignored).
git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C "$scratch"
cd "$scratch"

# The one line, after the last setting of the list (before the list's closing brace),
# reading its value with the cut wait's parser (1 ..= 1024).
awk '/^        }$/ && !done {
    print "            /// A scratch knob, 1 ..= 1024."
    print "            ScratchKnob = \"scratch-knob\" as scratch_knob: u32, value \"N\", parse cut_wait,"
    print "                default \"1\", heading Search, called \"\", read_by listed, simulated true, recorded true;"
    done = 1 } { print }' crates/vocab/src/setting.rs >setting.rs.new
mv setting.rs.new crates/vocab/src/setting.rs
grep -q '"scratch-knob"' crates/vocab/src/setting.rs
# ybwc reads it.
sed -i 's/Ybwc = "ybwc" => ybwc::Ybwc { reads: \[/Ybwc = "ybwc" => ybwc::Ybwc { reads: [ScratchKnob, /' crates/vocab/src/list.rs
grep -q 'reads: \[ScratchKnob' crates/vocab/src/list.rs

changed() {
    diff -rq --exclude=.git --exclude=target --exclude=setting.rs --exclude=list.rs \
        --exclude='abbench-output.schema.json' --exclude=run --exclude=suite.toml \
        "$root" "$scratch" 2>/dev/null | grep -v '^Only in '"$root" || true
}

export CARGO_TARGET_DIR="$root/target/scratch-setting"
# The schema is generated from the types, the settings' keys among them.
UPDATE_SCHEMA=1 cargo test -q -p abbench --bin abbench output_schema >/dev/null
grep -q '"scratch_knob"' schema/abbench-output.schema.json
cargo build -q --release -p abbench
bin="$CARGO_TARGET_DIR/release/abbench"
"$bin" run --help | grep -q -- '--scratch-knob <N>'
"$bin" run --help | grep -q 'ybwc: a scratch knob'
"$bin" run --model random --degree 3 --height 3 --algo f2 --scratch-knob 3 2>&1 >/dev/null \
    | grep -q 'note: --scratch-knob applies only to ybwc, which is not among the algorithms'
"$bin" run --model random --degree 3 --height 3 --algo ybwc --threads 2 --scratch-knob 9999 2>&1 >/dev/null \
    | grep -q '9999 is not in 1..=1024'
cat >suite.toml <<'TOML'
repeat = 1
warmup = 0
threads = [2]
algo = ["f2-iter", "ybwc"]
scratch-knob = [2, 5]
[[workload]]
model = "random"
degree = 3
height = 4
TOML
"$bin" sweep -q --suite suite.toml --out run >/dev/null
grep -q '"scratch_knob":2' run/results.jsonl
grep -q '"scratch_knob":5' run/results.jsonl
grep -q 'scratch-knob' run/report.md
rm -rf run suite.toml
# The tests that check every setting, and every algorithm with each.
cargo test -q -p abbench-vocab
cargo test -q -p abbench-search --lib settings
cargo test -q -p abbench --test cli -- settings_list ignored_options
extra=$(changed)
if [ -n "$extra" ]; then
    echo "scratch-setting: files beyond the line and the schema changed:" >&2
    echo "$extra" >&2
    exit 1
fi
echo "scratch-setting ok: one line built, showed in --help, was noted, swept a suite and passed the tests"
