#!/usr/bin/env bash
# The evidence behind `abbench ab` on this machine: false alarms of a build against
# itself, and the power to see a slowdown planted in a patched build, quiet and beside a
# CPU-heavy process. Writes every run's verdict and effect to OUT/runs.csv (and its whole
# JSON to OUT/ab-runs/), the planted slowdowns measured without `ab` to OUT/planted.csv,
# three sweeps compared pairwise to OUT/compare.txt, and a summary to OUT/summary.md.
#
#   bash ci/ab-evidence.sh [OUT]          (default OUT: target/ab-evidence/out)
#
# Settings, by environment: SAME_RUNS (40), POWER_RUNS (20), SPINS_LARGE (rounds of
# spinning per internal node for the larger slowdown, 1), SPINS_SMALL (the smaller, 0), CONDITIONS
# ("quiet loaded"), STEPS (which parts run: "planted sweeps ab"), MAX_TIME (ab's
# --max-time, 60), PAIRS (pairs of runs of the
# independent measurement, 20), SWEEP_GAP (seconds between the three sweeps, 60). Needs
# the Rust toolchain and python3.
#
# The slowed build is never an option of the shipped binary: this script copies the
# source into a work folder, patches every tree model's expansion of an internal node
# (`fn children`) to load a count and spin that many rounds first, and builds the copy
# into a target folder of its own. The count comes from ABBENCH_PLANTED_SPINS, read once
# (0 when unset): even with 0 the patch costs something (a load and a branch a node),
# which is a planted slowdown like any other, measured as the others are. The slowdown it plants is
# then measured apart from `ab`, before any `ab` run: quick sweeps (`--repeat 3`) of the
# two builds alternately, each pair's ratio weighted as `ab`'s overall test weighs its
# blocks (the mean over workloads of each workload's mean log ratio of fastest runs).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=${AB_WORK:-$root/target/ab-evidence}
out=${1:-$work/out}
same_runs=${SAME_RUNS:-40}
power_runs=${POWER_RUNS:-20}
spins_large=${SPINS_LARGE:-1}
spins_small=${SPINS_SMALL:-0}
conditions=${CONDITIONS:-quiet loaded}
max_time=${MAX_TIME:-60}
pairs=${PAIRS:-20}
steps=${STEPS:-planted sweeps ab}
mkdir -p "$work" "$out"

echo "ab-evidence: building the release binary" >&2
cargo build --release -p abbench >&2
cp target/release/abbench "$work/base"
# A second file of the same binary: the workers of a same-binary run are two executables.
cp target/release/abbench "$work/same"

echo "ab-evidence: building the planted copy in $work/src" >&2
rm -rf "$work/src"
mkdir -p "$work/src"
git ls-files -z --cached --others --exclude-standard \
  | tar --null -T - -cf - | tar -xf - -C "$work/src"
python3 - "$work/src" <<'PY'
import pathlib, re, sys
src = pathlib.Path(sys.argv[1]) / "crates/tree/src"
spin = '''
/// Planted by `ci/ab-evidence.sh`, never shipped: whenever an internal node is expanded,
/// one relaxed load and a branch, then `ABBENCH_PLANTED_SPINS` rounds of a dependent
/// chain (one rotate, one xor), the count read once from the environment (0 when unset).
#[inline(always)]
pub fn planted_spin() {
    let mut n = PLANTED_SPINS.load(std::sync::atomic::Ordering::Relaxed);
    if n == u64::MAX {
        n = planted_spins();
    }
    if n > 0 {
        let mut x = n;
        for i in 0..n {
            x = x.rotate_left(7) ^ i;
        }
        std::hint::black_box(x);
    }
}

static PLANTED_SPINS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(u64::MAX);

#[cold]
#[inline(never)]
fn planted_spins() -> u64 {
    let n = std::env::var("ABBENCH_PLANTED_SPINS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0u64)
        .min(u64::MAX - 1);
    PLANTED_SPINS.store(n, std::sync::atomic::Ordering::Relaxed);
    n
}
'''
lib = src / "lib.rs"
lib.write_text(lib.read_text() + spin)
# Every model's and layout's expansion of an internal node: once per internal position
# examined, whatever the algorithm.
pattern = re.compile(r"(fn children\(&self, _?node: \w+\)(?: -> [\w<>]+)? \{)(\}|\n)")
def spin_first(m):
    return m.group(1) + " crate::planted_spin(); " + m.group(2) if m.group(2) == "}" \
        else m.group(1) + "\n        crate::planted_spin();\n"
patched = 0
for path in list((src / "models").glob("*.rs")) + list((src / "arena").glob("*.rs")):
    text = path.read_text()
    new, n = pattern.subn(spin_first, text)
    if n:
        path.write_text(new)
        patched += n
if patched < 8:
    sys.exit(f"patched {patched} node expansions, expected 8: the models changed")
print(f"planted a spin in {patched} node expansions", file=sys.stderr)
PY
CARGO_TARGET_DIR="$work/target" cargo build --release -p abbench \
  --manifest-path "$work/src/Cargo.toml" >&2
cp "$work/target/release/abbench" "$work/planted"
lscpu > "$out/lscpu.txt" 2>/dev/null || true
"$work/base" --version > "$out/version.txt"

# The planted slowdowns, measured without ab: quick sweeps (`--repeat 3`) of BASE and the
# planted build alternately (the order swapping each pair), every sweep kept. A sweep
# takes 4 s and this machine's speed changes in spells of seconds, so the ratio of one
# pair's times scatters from 0.75 to 1.6; the fastest run of each search over all of a
# build's sweeps is what the machine allowed that build at its best, and the ratio of
# those is steady. The size is the mean over the suite's workloads of each workload's
# mean log ratio (the weights `ab`'s overall test gives them: a block per workload a
# round), its 95% interval from resampling the pairs.
measure_planted() {
  local spins=$1 label=$2 folder="$work/planted-$2"
  rm -rf "$folder"
  mkdir -p "$folder"
  for i in $(seq 1 "$pairs"); do
    local first=base second=planted
    if [ $((i % 2)) -eq 0 ]; then first=planted; second=base; fi
    for which in $first $second; do
      ABBENCH_PLANTED_SPINS=$spins "$work/$which" -q sweep --suite quick --repeat 3 \
        --out "$folder/$which-$i" > /dev/null
    done
  done
  python3 - "$folder" "$label" "$spins" <<'PY' >> "$out/planted.csv"
# The planted slowdown from every kept sweep: each search's fastest run over all of a
# build's sweeps (what the machine allowed at its best), the log ratio per search, the
# mean per workload, the mean over workloads (ab's overall weights); a 95% interval by
# resampling the pairs of sweeps.
import glob, json, math, random, sys
folder, label, spins = sys.argv[1:4]
def fastest(path):
    out = {}
    for line in open(path):
        r = json.loads(line)
        if r.get("kind") == "search":
            tree = dict(r["tree"])
            seed = tree.pop("seed", None)
            out[(json.dumps(tree, sort_keys=True), seed, r["algo"], r["threads"])] = r["wall_ns"]["min"]
    return out
pairs = sorted({int(p.split("-")[-1]) for p in glob.glob(f"{folder}/base-*")})
runs = {(w, i): fastest(f"{folder}/{w}-{i}/results.jsonl") for w in ("base", "planted") for i in pairs}
def median(v):
    v = sorted(v)
    return (v[(len(v) - 1) // 2] + v[len(v) // 2]) / 2
def size(sample):
    """The mean over workloads of their mean log ratios, and a robust twin: the median
    over workloads of their median log ratios (a few searches of this machine differ
    by 1.7x between processes whatever the build, and move the means)."""
    best = {}
    for w in ("base", "planted"):
        b = {}
        for i in sample:
            for k, v in runs[(w, i)].items():
                b[k] = min(v, b.get(k, v))
        best[w] = b
    by = {}
    for k, v in best["base"].items():
        if k in best["planted"]:
            by.setdefault(k[0], []).append(math.log(best["planted"][k] / v))
    means = [sum(v) / len(v) for v in by.values()]
    return sum(means) / len(means), median([median(v) for v in by.values()])
point = size(pairs)
rng = random.Random(1)
boot = [size([rng.choice(pairs) for _ in pairs]) for _ in range(400)]
cells = []
for j in (0, 1):
    b = sorted(x[j] for x in boot)
    lo, hi = b[int(0.025 * len(b))], b[int(0.975 * len(b)) - 1]
    cells += [f"{math.exp(point[j]):.5f}", f"{math.exp(lo):.5f}", f"{math.exp(hi):.5f}"]
print(",".join([label, spins, str(len(pairs))] + cells))
PY
  tail -1 "$out/planted.csv" >&2
}
if [[ " $steps " == *" planted "* ]]; then
  echo "size,spins,pairs,ratio,low,high,robust,robust_low,robust_high" > "$out/planted.csv"
  echo "ab-evidence: measuring the planted slowdowns apart from ab ($pairs pairs each)" >&2
  measure_planted "$spins_large" large
  measure_planted "$spins_small" small
fi

# compare on stored runs: three quick sweeps of one binary, SWEEP_GAP seconds apart, then
# each pair compared with the default gate.
sweep_gap=${SWEEP_GAP:-60}
if [[ " $steps " == *" sweeps "* ]]; then
  echo "ab-evidence: three quick sweeps $sweep_gap s apart, compared pairwise" >&2
  rm -rf "$work/sweep-1" "$work/sweep-2" "$work/sweep-3"
  for k in 1 2 3; do
    [ "$k" -gt 1 ] && sleep "$sweep_gap"
    "$work/base" -q sweep --suite quick --out "$work/sweep-$k" > /dev/null
  done
  : > "$out/compare.txt"
  for pair in "1 2" "2 3" "1 3"; do
    set -- $pair
    code=0
    "$work/base" -q compare "$work/sweep-$1" "$work/sweep-$2" > "$work/compare.md" || code=$?
    echo "sweep $1 -> sweep $2: exit $code; $(head -1 "$work/compare.md")" >> "$out/compare.txt"
    sed -n 3p "$work/compare.md" >> "$out/compare.txt"
  done
  cat "$out/compare.txt" >&2
fi

one_run() {
  local condition=$1 case=$2 spins=$3 i=$4 new=$5 code=0
  ABBENCH_PLANTED_SPINS=$spins "$work/base" -q ab "$work/base" "$work/$new" --json \
    --max-time "$max_time" > "$work/ab.json" || code=$?
  # Every run's whole outcome, to see which test decided.
  mkdir -p "$out/ab-runs"
  cp "$work/ab.json" "$out/ab-runs/$condition-$case-$i.json"
  python3 - "$work/ab.json" "$condition" "$case" "$spins" "$i" "$code" <<'PY' >> "$out/runs.csv"
import json, sys
path, condition, case, spins, i, code = sys.argv[1:]
try:
    o = json.load(open(path))
except Exception:
    print(f"{condition},{case},{spins},{i},{code},error,,,,,,,,,,")
    sys.exit()
e = o["overall"]["effect"] or {}
w = next((w for w in o["workloads"] if w["workload"] == "random d=8 h=8"), None)
we = (w or {}).get("effect") or {}
print(",".join(str(x) for x in [condition, case, spins, i, code, o["verdict"],
      round(o["elapsed_s"], 1), o["blocks"], o["epochs"], e.get("ratio", ""), e.get("low", ""),
      e.get("high", ""), we.get("ratio", ""), we.get("low", ""), we.get("high", ""),
      (w or {}).get("decision", "")]))
PY
  tail -1 "$out/runs.csv" >&2
}

hog_pid=
start_hog() {
  # A CPU-heavy neighbour: a release build of the planted copy, over and over, in a
  # target folder of its own (both cores, bursts of compiling and linking).
  (
    while :; do
      touch "$work/src/crates/tree/src/lib.rs"
      CARGO_TARGET_DIR="$work/hog-target" cargo build --release -q -p abbench \
        --manifest-path "$work/src/Cargo.toml" > /dev/null 2>&1 || true
    done
  ) &
  hog_pid=$!
  sleep 20
}
stop_hog() {
  if [ -n "$hog_pid" ]; then
    pkill -P "$hog_pid" 2>/dev/null || true
    kill "$hog_pid" 2>/dev/null || true
    wait "$hog_pid" 2>/dev/null || true
    pkill -f "$work/hog-target" 2>/dev/null || true
    hog_pid=
  fi
}
trap stop_hog EXIT

[[ " $steps " == *" ab "* ]] || conditions=
[ -n "$conditions" ] && echo "condition,case,spins,run,exit,verdict,elapsed_s,blocks,epochs,overall_ratio,overall_low,overall_high,random_ratio,random_low,random_high,random_decision" > "$out/runs.csv"
for condition in $conditions; do
  [ "$condition" = loaded ] && start_hog
  echo "ab-evidence: $condition: $same_runs same-binary runs, $power_runs runs of each planted size" >&2
  for i in $(seq 1 "$same_runs"); do one_run "$condition" same 0 "$i" same; done
  for i in $(seq 1 "$power_runs"); do one_run "$condition" large "$spins_large" "$i" planted; done
  for i in $(seq 1 "$power_runs"); do one_run "$condition" small "$spins_small" "$i" planted; done
  [ "$condition" = loaded ] && stop_hog
done

python3 - "$out" <<'PY' > "$out/summary.md"
import csv, statistics, sys, pathlib
out = pathlib.Path(sys.argv[1])
sizes = {}
print("# `abbench ab`: false alarms and power\n")
if (out / "planted.csv").exists():
    print("Planted slowdowns, measured apart from `ab` (quick sweeps of the two builds alternately; each search's fastest run over all of a build's sweeps, the log ratios averaged per workload and over workloads as `ab`'s overall test weighs them; the interval from resampling the pairs):\n")
    print("| size | spins per internal node | pairs | NEW/BASE, mean of workload means | 95% interval | NEW/BASE, median of workload medians | 95% interval |")
    print("| --- | ---: | ---: | ---: | --- | ---: | --- |")
    for r in csv.DictReader(open(out / "planted.csv")):
        sizes[r["size"]] = (float(r["ratio"]), float(r["robust"]))
        print(f"| {r['size']} | {r['spins']} | {r['pairs']} | {float(r['ratio']):.4f} | {float(r['low']):.4f}–{float(r['high']):.4f} | {float(r['robust']):.4f} | {float(r['robust_low']):.4f}–{float(r['robust_high']):.4f} |")
    print()
rows = list(csv.DictReader(open(out / "runs.csv"))) if (out / "runs.csv").exists() else []
if rows:
    print("| condition | case | runs | regression | no regression | undecided | wrong/error | median s | max s | median overall NEW/BASE | overall interval covers the planted size (mean; median) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for condition in dict.fromkeys(r["condition"] for r in rows):
    for case in ("same", "large", "small"):
        rs = [r for r in rows if r["condition"] == condition and r["case"] == case]
        if not rs:
            continue
        count = lambda v: sum(1 for r in rs if r["verdict"] == v)
        times = [float(r["elapsed_s"]) for r in rs if r["elapsed_s"]]
        truths = (1.0, 1.0) if case == "same" else sizes.get(case)
        cover = [r for r in rs if r["overall_low"] and truths]
        covered = [sum(1 for r in cover if float(r["overall_low"]) <= t <= float(r["overall_high"])) for t in (truths or (0, 0))]
        ratio = statistics.median(float(r["overall_ratio"]) for r in cover) if cover else float("nan")
        other = len(rs) - count("regression") - count("no_regression") - count("undecided")
        print(f"| {condition} | {case} | {len(rs)} | {count('regression')} | {count('no_regression')} | {count('undecided')} | {other} | {statistics.median(times):.1f} | {max(times):.1f} | {ratio:.4f} | {covered[0]}; {covered[1]} of {len(cover)} |")
PY
[ -f "$out/compare.txt" ] && {
  echo
  echo "Three quick sweeps of one binary, $sweep_gap s apart, each pair compared with the default gate (\`compare\`, threshold 10%):"
  echo
  sed 's/^/    /' "$out/compare.txt"
} >> "$out/summary.md"
# Every run's JSON in one compressed file, a line each, named by its run.
if [ -d "$out/ab-runs" ]; then
  python3 - "$out/ab-runs" <<'PY' | gzip -9 > "$out/ab-runs.jsonl.gz"
import json, pathlib, sys
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.json")):
    try:
        o = json.loads(path.read_text())
    except ValueError:
        continue
    print(json.dumps({"run": path.stem, **o}, separators=(",", ":")))
PY
fi
cat "$out/summary.md"
