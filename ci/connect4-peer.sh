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
# 2^21 slots). Times are of the search alone (the peer's reset is not timed). The peer
# runs three times, before, between and after abbench's searches, and each position's
# time is the median of its three; abbench's is the median of --repeat runs after a
# warm-up. Positions examined: the peer's node count, abbench's `nodes`. The scores must
# agree with each other and with the file.
#
# abbench runs CONNECT4_ALGOS (default f2-iter,pvs,mtdf) with their defaults, then mtdf
# with the first guess CONNECT4_GUESS (default 0, the centre of the game's value range,
# where the peer's bisection starts and mtdf's default guess on a game lies; empty: no
# such run), then that mtdf with path keys (--path-keys, --repeat 1): what the game's
# transpositions save. CONNECT4_ALGOS= (empty)
# leaves out the defaults' run and CONNECT4_PATH_KEYS=0 the path keys', for sets where
# they take hours (scored-early.txt: the defaults' f2-iter has no table).
#
# ABBENCH_BIN: an abbench binary to use instead of building target/release/abbench.
# Writes reports/connect4/peer-<date>-<host>-<positions file's name>.md and, beside it,
# the raw figures it was computed from: .peer.txt (moves, score, positions, the three
# times in ns) and .abbench.tsv (search, moves, value, positions, median ns, table
# probes and hits).
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${CONNECT4_ARCHIVE:-}
positions=${1:-crates/tree/data/connect4/scored-mid.txt}
algos=${CONNECT4_ALGOS-f2-iter,pvs,mtdf}
tt_mb=${CONNECT4_TT_MB:-80}
repeat=${CONNECT4_REPEAT:-3}
guess=${CONNECT4_GUESS-0}
path_keys=${CONNECT4_PATH_KEYS:-1}

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
name="peer-$stamp-$host-$(basename "$positions" .txt)"

peer() { "$work/peer-driver" < "$positions" > "$work/peer.$1.txt"; }
search() { "$abbench" run -q --model connect4 --positions "$positions" --tt-mb "$tt_mb" --json "$@"; }

peer 1
: > "$work/ours.jsonl"
if [[ -n $algos ]]; then
  search --algo "$algos" --repeat "$repeat" > "$work/ours.jsonl"
fi
peer 2
: > "$work/guess.jsonl"
: > "$work/path.jsonl"
if [[ -n $guess ]]; then
  search --algo mtdf --guess "$guess" --repeat "$repeat" > "$work/guess.jsonl"
  path_guess=(--guess "$guess")
else
  path_guess=()
fi
peer 3
# The same positions with path keys: what the transpositions save MTD(f).
if [[ $path_keys != 0 ]]; then
  search --algo mtdf "${path_guess[@]}" --path-keys --repeat 1 > "$work/path.jsonl"
fi

python3 - "$positions" "$work" "$out/$name" "$tt_mb" "$repeat" "$guess" "$(git rev-parse --short HEAD)" \
  "$(gzip -dc "$archive" | git get-tar-commit-id 2>/dev/null | cut -c1-7 || true)" <<'PY'
import json, platform, statistics, subprocess, sys
positions, work, base, tt_mb, repeat, guess, commit, peer_version = sys.argv[1:]
published = {}
for line in open(positions):
    f = line.split()
    if f and not f[0].startswith('#'):
        published[f[0]] = int(f[1]) if len(f) > 1 else None
# The peer: per position its score, positions examined and the median of its three times.
runs = [dict((l.split()[0], l.split()[1:]) for l in open(f"{work}/peer.{k}.txt")) for k in (1, 2, 3)]
peer = {}
for moves, (score, nodes, ns) in runs[0].items():
    times = [int(run[moves][2]) for run in runs]
    assert all(run[moves][:2] == [score, nodes] for run in runs), moves
    peer[moves] = (int(score), int(nodes), statistics.median(times), times)
def read(path, label=None):
    found = {}
    for line in open(path):
        r = json.loads(line)
        t = r.get('table') or {}
        name = label or r['algo']
        found.setdefault(name, {})[r['tree']['position']] = (
            r['value'], r['nodes'], r['wall_ns']['median'], t.get('probes', 0), t.get('hits', 0))
    return found
ours = read(f"{work}/ours.jsonl")
guessed = f"mtdf --guess {guess}"
if guess:
    ours.update(read(f"{work}/guess.jsonl", guessed))
path = read(f"{work}/path.jsonl", "path-keys").get("path-keys", {})
wrong = [m for m, (s, *_) in peer.items() if published.get(m) not in (None, s)]
for algo, found in list(ours.items()) + [("path-keys", path)]:
    wrong += [f"{algo} {m}" for m, (v, *_) in found.items() if v != peer[m][0]]
if wrong:
    sys.exit("scores disagree: " + ", ".join(wrong[:10]))
with open(f"{base}.peer.txt", "w") as f:
    for m, (s, k, _, times) in peer.items():
        f.write(f"{m} {s} {k} {' '.join(map(str, times))}\n")
with open(f"{base}.abbench.tsv", "w") as f:
    f.write("search\tmoves\tvalue\tpositions\tmedian_ns\ttable_probes\ttable_hits\n")
    for algo, found in list(ours.items()) + [("mtdf path-keys", path)]:
        for m, row in found.items():
            f.write("\t".join(map(str, (algo, m) + row)) + "\n")
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
    ns = sum(r[2] for r in found.values())
    nodes = sum(r[1] for r in found.values())
    return name, ns / n / 1e6, nodes / n, nodes / (ns / 1e9)
def hit_rate(found):
    probes = sum(r[3] for r in found.values())
    return 100 * sum(r[4] for r in found.values()) / max(1, probes)
rows = [row(f"peer (Pons, commit {peer_version or 'unknown'}, g++ -O3)", peer)]
rows += [row(f"abbench {a}", f) for a, f in ours.items()]
fastest = min(rows[1:], key=lambda r: r[1])
defaults = min((r for r in rows[1:] if "--guess" not in r[0]), key=lambda r: r[1], default=fastest)
spread = [max(t) / min(t) for *_, t in peer.values() if min(t) > 0]
lines = [
    "# Connect Four: abbench beside Pascal Pons's solver",
    "",
    f"Positions: `{positions}` ({len(peer)} positions, every score equal to the file's and between the two).",
    f"Machine: {cpu()}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} logical CPUs, one thread each; abbench commit {commit}.",
    f"Tables: the peer's 2^24 entries × 5 bytes (80 MiB); abbench `--tt-mb {tt_mb}`. Each position solved from an empty table;",
    f"time of the search alone (abbench: median of {repeat} runs after a warm-up; the peer: median of 3 runs, one before,",
    f"one between and one after abbench's searches; its slowest run of a position was {statistics.median(spread):.2f}× its fastest at the median position).",
    "",
    "| solver | mean time per position (ms) | mean positions examined | positions per second | table hit rate |",
    "| --- | ---: | ---: | ---: | ---: |",
]
rates = {f"abbench {a}": hit_rate(f) for a, f in ours.items() if any(r[3] for r in f.values())}
lines += [f"| {n} | {t:.3f} | {k:,.0f} | {p:,.0f} | {f'{rates[n]:.1f}%' if n in rates else '-'} |" for n, t, k, p in rows]
lines += [
    "",
    f"abbench's fastest serial search here, {fastest[0][len('abbench '):]}: {fastest[1] / rows[0][1]:.2f}× the peer's mean time per position"
    + (f"; with every search's defaults, {defaults[0][len('abbench '):]}: {defaults[1] / rows[0][1]:.2f}×." if defaults is not fastest else "."),
    "",
]
keyed = ours.get(guessed if guess else "mtdf", {})
if path and keyed:
    n = len(path)
    k_nodes = sum(keyed[m][1] for m in path) / n
    p_nodes = sum(r[1] for r in path.values()) / n
    lines += [
        "## Transpositions",
        "",
        f"MTD(f) ({guessed if guess else 'mtdf'}) on the same {n} positions with path keys (`--path-keys`, as if the game had none): "
        f"{p_nodes:,.0f} positions per position against {k_nodes:,.0f} with position keys — "
        f"position keys save {100 * (1 - k_nodes / p_nodes):.1f}% of the positions examined "
        f"(mean time {sum(r[2] for r in path.values()) / n / 1e6:.3f} ms against "
        f"{sum(keyed[m][2] for m in path) / n / 1e6:.3f} ms; table hit rate, hits over probes of all positions, "
        f"{hit_rate(path):.1f}% with path keys against {hit_rate(keyed):.1f}% with position keys).",
        "",
    ]
open(f"{base}.md", 'w').write("\n".join(lines))
print("\n".join(lines))
PY
