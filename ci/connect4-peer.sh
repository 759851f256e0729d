#!/usr/bin/env bash
# Connect Four beside a peer: Pascal Pons's solver (https://github.com/PascalPons/connect4,
# AGPL-3.0), built here from a source archive and run on the same positions, on the same
# machine, as abbench's serial searches. Nothing of the peer is kept in this repository:
# the script only unpacks, builds and runs it.
#
#   CONNECT4_ARCHIVE=/path/connect4.tar.gz ci/connect4-peer.sh [POSITIONS_FILE]
#
# The archive: any .tar.gz of the repository's top level (GitHub's "Download ZIP" repacked,
# `git archive --format=tar.gz HEAD` of a clone, or
# https://github.com/PascalPons/connect4/archive/refs/heads/master.tar.gz). Without it the
# script says "skipped" and exits 0, so CI can run it unconditionally.
#
# POSITIONS_FILE: "moves score" lines (default crates/tree/data/connect4/scored-mid.txt).
# Each position is solved from an empty table by both: the peer's `Solver::reset()` before
# each `solve()`, abbench's searches with a fresh table generation. The peer's table has
# 2^24 entries of 5 bytes (80 MiB); abbench's gets --tt-mb 80 (its 32-byte slots: 64 MiB,
# 2^21 slots). Times are of the search alone (the peer's reset is not timed; abbench's
# median of --repeat runs after a warm-up). Positions examined: the peer's node count,
# abbench's `nodes`. The scores must agree with each other and with the file.
#
# ABBENCH_BIN: an abbench binary to use instead of building target/release/abbench.
# Writes reports/connect4/peer-<date>-<host>.md and the raw outputs beside it.
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${CONNECT4_ARCHIVE:-}
positions=${1:-crates/tree/data/connect4/scored-mid.txt}
algos=${CONNECT4_ALGOS:-f2-iter,pvs,mtdf}
tt_mb=${CONNECT4_TT_MB:-80}
repeat=${CONNECT4_REPEAT:-3}

if [[ -z $archive || ! -f $archive ]]; then
  echo "skipped: no peer source archive (set CONNECT4_ARCHIVE to a .tar.gz of https://github.com/PascalPons/connect4, e.g. https://github.com/PascalPons/connect4/archive/refs/heads/master.tar.gz)"
  exit 0
fi
command -v g++ >/dev/null || { echo "skipped: no g++ to build the peer"; exit 0; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/peer"
tar -xzf "$archive" -C "$work/peer"
src=$(dirname "$(find "$work/peer" -name Solver.cpp | head -n 1)")
[[ -f $src/Solver.cpp ]] || { echo "error: no Solver.cpp in $archive" >&2; exit 2; }

# Our driver: per line, the position's score, the peer's node count and the nanoseconds
# of solve() alone, from an empty table.
cat > "$work/driver.cpp" <<'CPP'
#include "Solver.hpp"
#include <chrono>
#include <iostream>
#include <sstream>
using namespace GameSolver::Connect4;
int main() {
  Solver solver;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream fields(line);
    std::string moves;
    if (!(fields >> moves)) continue;
    Position P;
    if (P.play(moves) != moves.size()) { std::cerr << "invalid: " << moves << "\n"; return 2; }
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(P, false);
    auto end = std::chrono::steady_clock::now();
    std::cout << moves << " " << score << " " << solver.getNodeCount() << " "
              << std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count() << "\n";
  }
}
CPP
g++ --std=c++11 -O3 -DNDEBUG -I"$src" -o "$work/peer-driver" "$work/driver.cpp" "$src/Solver.cpp"

abbench=${ABBENCH_BIN:-}
if [[ -z $abbench ]]; then
  cargo build --release --quiet -p abbench
  abbench=target/release/abbench
fi
host=$(hostname -s 2>/dev/null || echo host)
stamp=$(date -u +%Y-%m-%d)
out=reports/connect4
mkdir -p "$out"
name="peer-$stamp-$host"

"$work/peer-driver" < "$positions" > "$out/$name.peer.txt"
"$abbench" run --model connect4 --positions "$positions" --algo "$algos" \
  --tt-mb "$tt_mb" --repeat "$repeat" --json > "$out/$name.abbench.jsonl"
# The same positions with path keys: what the transpositions save MTD(f).
"$abbench" run --model connect4 --positions "$positions" --algo mtdf --path-keys \
  --tt-mb "$tt_mb" --repeat 1 --json > "$out/$name.path-keys.jsonl"

python3 - "$positions" "$out/$name.peer.txt" "$out/$name.abbench.jsonl" "$out/$name.md" "$out/$name.path-keys.jsonl" \
  "$tt_mb" "$repeat" "$(git rev-parse --short HEAD)" "$(gzip -dc "$archive" | git get-tar-commit-id 2>/dev/null | cut -c1-7 || true)" <<'PY'
import json, platform, subprocess, sys
positions, peer_file, ours_file, report, path_file, tt_mb, repeat, commit, peer_version = sys.argv[1:]
published = {}
for line in open(positions):
    f = line.split()
    if f and not f[0].startswith('#'):
        published[f[0]] = int(f[1]) if len(f) > 1 else None
peer = {}
for line in open(peer_file):
    moves, score, nodes, ns = line.split()
    peer[moves] = (int(score), int(nodes), int(ns))
ours = {}
for line in open(ours_file):
    r = json.loads(line)
    ours.setdefault(r['algo'], {})[r['tree']['position']] = (r['value'], r['nodes'], r['wall_ns']['median'])
wrong = [m for m, (s, _, _) in peer.items() if published.get(m) not in (None, s)]
for algo, found in ours.items():
    wrong += [f"{algo} {m}" for m, (v, _, _) in found.items() if v != peer[m][0]]
if wrong:
    sys.exit("scores disagree: " + ", ".join(wrong[:10]))
def cpu():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown'
def row(name, found):
    n = len(found)
    ns = sum(t for _, _, t in found.values())
    nodes = sum(k for _, k, _ in found.values())
    return name, ns / n / 1e6, nodes / n, nodes / (ns / 1e9)
rows = [row(f"peer (Pons, commit {peer_version or 'unknown'}, g++ -O3)", peer)]
rows += [row(f"abbench {a}", f) for a, f in ours.items()]
fastest = min(rows[1:], key=lambda r: r[1])
lines = [
    f"# Connect Four: abbench beside Pascal Pons's solver",
    "",
    f"Positions: `{positions}` ({len(peer)} positions, every score equal to the file's and between the two).",
    f"Machine: {cpu()}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} logical CPUs, one thread each; abbench commit {commit}.",
    f"Tables: the peer's 2^24 entries × 5 bytes (80 MiB); abbench `--tt-mb {tt_mb}`. Each position solved from an empty table;",
    f"time of the search alone (abbench: median of {repeat} runs after a warm-up; the peer: one run).",
    "",
    "| solver | mean time per position (ms) | mean positions examined | positions per second |",
    "| --- | ---: | ---: | ---: |",
]
lines += [f"| {n} | {t:.3f} | {k:,.0f} | {p:,.0f} |" for n, t, k, p in rows]
lines += ["", f"abbench's fastest serial search here, {fastest[0].split()[1]}: {fastest[1] / rows[0][1]:.2f}× the peer's mean time per position.", ""]
path = {}
for line in open(path_file):
    r = json.loads(line)
    path[r['tree']['position']] = (r['value'], r['nodes'], r['wall_ns']['median'], r.get('table') or {})
mtdf = ours.get('mtdf', {})
if path and mtdf:
    keyed = sum(mtdf[m][1] for m in path)
    pathed = sum(k for _, k, _, _ in path.values())
    hits_p = sum(t.get('hits', 0) for *_, t in path.values()) / max(1, sum(t.get('probes', 0) for *_, t in path.values()))
    lines += [
        "## Transpositions",
        "",
        f"MTD(f) on the same {len(path)} positions with path keys (`--path-keys`, as if the game had none): "
        f"{pathed / len(path):,.0f} positions per position against {keyed / len(path):,.0f} with position keys — "
        f"position keys save {100 * (1 - keyed / pathed):.1f}% of the positions examined "
        f"(mean time {sum(t for _, _, t, _ in path.values()) / len(path) / 1e6:.3f} ms against "
        f"{sum(mtdf[m][2] for m in path) / len(path) / 1e6:.3f} ms; table hit rate with path keys {100 * hits_p:.1f}%).",
        "",
    ]
open(report, 'w').write("\n".join(lines))
print("\n".join(lines))
PY
