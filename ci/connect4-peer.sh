#!/usr/bin/env bash
# Connect Four beside two peers, each built here from a source archive and run on the same
# positions, on the same machine, as abbench's serial searches: Pascal Pons's solver
# (https://github.com/PascalPons/connect4, AGPL-3.0), which scores positions strongly, and
# John Tromp's Fhourstones (https://github.com/qu1j0t3/fhourstones, his code as he
# distributes it; no commercial use), which solves them weakly. Nothing of either peer is
# kept in this repository: the script only unpacks, builds and runs them.
#
#   CONNECT4_ARCHIVE=/path/connect4.tar.gz FHOURSTONES_ARCHIVE=/path/fhourstones.tar.gz \
#     ci/connect4-peer.sh [POSITIONS_FILE]
#
# An archive is any .tar.gz of the repository's top level (GitHub's "Download ZIP"
# repacked, `git archive --format=tar.gz HEAD` of a clone, or GitHub's
# archive/refs/heads/master.tar.gz). Without a peer's archive the script says "skipped"
# for that peer and runs the other; without both it exits 0, so CI can run it
# unconditionally.
#
# Pons's solver (CONNECT4_ARCHIVE). POSITIONS_FILE: "moves score" lines (default
# crates/tree/data/connect4/scored-mid.txt; blank and # lines skipped). Each position is
# solved from an empty table by both: the peer's `Solver::reset()` before each `solve()`,
# its opening book not loaded, abbench's searches with a fresh table generation. The
# peer's table has 2^24 entries of 5 bytes (80 MiB); abbench's gets --tt-mb CONNECT4_TT_MB
# (default 80; its 32-byte slots: 64 MiB, 2^21 slots). Times are of the search alone (the
# peer's reset is not timed). The peer runs three times, before, between and after
# abbench's searches, and each position's time is the median of its three; abbench's is
# the median of CONNECT4_REPEAT (default 3) runs after a warm-up. Positions examined: the
# peer's node count, abbench's `nodes`. The scores must agree with each other and with the
# file.
#
# abbench runs CONNECT4_ALGOS (default f2-iter,pvs,mtdf) with their defaults, then mtdf
# with the first guess CONNECT4_GUESS (default 0, the centre of the game's value range,
# where the peer's bisection starts and mtdf's default guess on a game lies; empty: no
# such run), then that mtdf with path keys (--path-keys, --repeat 1): what the game's
# transpositions save. CONNECT4_ALGOS= (empty)
# leaves out the defaults' run and CONNECT4_PATH_KEYS=0 the path keys', for sets where
# they take hours (scored-early.txt: the defaults' f2-iter has no table).
#
# Fhourstones (FHOURSTONES_ARCHIVE), built by its Makefile (cc -O3). Its positions: its
# `inputs` file's (three 8-ply positions), or FHOURSTONES_INPUTS, a file in its notation
# (per line the columns 1-7 played from the empty board, first player first: abbench's
# notation too; other characters ignored, blank lines skipped). Each is solved once, from
# an empty table, by Fhourstones and by abbench `mtdf --weak --tt-mb FHOURSTONES_TT_MB`
# (default 64, the nearest to Fhourstones' 8,306,069 entries of 8 bytes, 63.4 MiB), one
# run. abbench holds its value to the sign of Pons's strong score of the position where
# CONNECT4_ARCHIVE is given; else f2-iter checks it, for minutes a position. The outcome
# (win, draw or loss for the side to move: the sign of abbench's value) must agree. Fhourstones' time is its own figure: user CPU time of the
# search in milliseconds.
#
# CONNECT4_EMPTY=1 adds the empty board: Pons's solver scores it once, strongly (about 8
# minutes on a 2-vCPU VM), after the three runs above, then abbench's mtdf, one run held
# to the peer's score; and Fhourstones and abbench solve it weakly (about 3 minutes for
# Fhourstones). Default 0: the script's usual run stays short. abbench's searches beside
# Fhourstones and on the empty board run once (--warmup 0), as the peers do.
#
# ABBENCH_BIN: an abbench binary to use instead of building target/release/abbench.
# Writes reports/connect4/peer-<date>-<host>-<positions file's name>.md (without Pons's
# solver: peer-<date>-<host>-fhourstones.md) and, beside it, the raw figures it was
# computed from: .peer.txt (moves, score, positions, the three times in ns), .abbench.tsv
# (search, moves, value, positions, median ns, table probes and hits), with
# CONNECT4_EMPTY=1 .empty.txt (Pons's empty board: -, score, positions, ns) and, with
# Fhourstones, .fhourstones.tsv (solver, moves, outcome, positions, ns).
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${CONNECT4_ARCHIVE:-}
fh_archive=${FHOURSTONES_ARCHIVE:-}
positions=${1:-crates/tree/data/connect4/scored-mid.txt}
algos=${CONNECT4_ALGOS-f2-iter,pvs,mtdf}
tt_mb=${CONNECT4_TT_MB:-80}
repeat=${CONNECT4_REPEAT:-3}
guess=${CONNECT4_GUESS-0}
path_keys=${CONNECT4_PATH_KEYS:-1}
empty=${CONNECT4_EMPTY:-0}
fh_inputs=${FHOURSTONES_INPUTS:-}
fh_tt_mb=${FHOURSTONES_TT_MB:-64}

pons=1
if [[ -z $archive || ! -f $archive ]]; then
  echo "skipped: Pons's solver, no source archive (set CONNECT4_ARCHIVE to a .tar.gz of https://github.com/PascalPons/connect4, e.g. https://github.com/PascalPons/connect4/archive/refs/heads/master.tar.gz)"
  pons=0
elif ! command -v g++ >/dev/null; then
  echo "skipped: Pons's solver, no g++ to build it"
  pons=0
fi
fhourstones=1
if [[ -z $fh_archive || ! -f $fh_archive ]]; then
  echo "skipped: Fhourstones, no source archive (set FHOURSTONES_ARCHIVE to a .tar.gz of https://github.com/qu1j0t3/fhourstones, e.g. https://github.com/qu1j0t3/fhourstones/archive/refs/heads/master.tar.gz)"
  fhourstones=0
elif ! command -v make >/dev/null || ! command -v cc >/dev/null; then
  echo "skipped: Fhourstones, no make and cc to build it"
  fhourstones=0
fi
(( pons || fhourstones )) || exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The commit a `git archive` tarball names in its header, if any.
archive_commit() { [[ -f $1 ]] || return 0; { gzip -dc "$1" | git get-tar-commit-id 2>/dev/null | cut -c1-7; } || true; }

if (( pons )); then
  mkdir "$work/peer"
  tar -xzf "$archive" -C "$work/peer"
  src=$(dirname "$(find "$work/peer" -name Solver.cpp | head -n 1)")
  [[ -f $src/Solver.cpp ]] || { echo "error: no Solver.cpp in $archive" >&2; exit 2; }
  # The driver reads a blank line as the empty board, so the file's blank lines go first.
  grep -Ev '^[[:space:]]*(#|$)' "$positions" > "$work/positions.txt" || true

  # Our driver: per line, the position's score, the peer's node count and the nanoseconds
  # of solve() alone, from an empty table. Its opening book is never loaded, so solve()
  # searches every position. A line without moves is the empty board, written as "-".
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
    fields >> moves;
    Position P;
    if (P.play(moves) != moves.size()) { std::cerr << "invalid: " << moves << "\n"; return 2; }
    solver.reset();
    auto start = std::chrono::steady_clock::now();
    int score = solver.solve(P, false);
    auto end = std::chrono::steady_clock::now();
    std::cout << (moves.empty() ? "-" : moves) << " " << score << " " << solver.getNodeCount() << " "
              << std::chrono::duration_cast<std::chrono::nanoseconds>(end - start).count() << "\n";
  }
}
CPP
  g++ --std=c++11 -O3 -DNDEBUG -I"$src" -o "$work/peer-driver" "$work/driver.cpp" "$src/Solver.cpp"
fi

if (( fhourstones )); then
  mkdir "$work/fh"
  tar -xzf "$fh_archive" -C "$work/fh"
  fh_src=$(dirname "$(find "$work/fh" -name SearchGame.c | head -n 1)")
  [[ -f $fh_src/SearchGame.c ]] || { echo "error: no SearchGame.c in $fh_archive" >&2; exit 2; }
  # Its Makefile: cc -O3 -Wextra -Wall -o SearchGame SearchGame.c (which includes the rest).
  make -s -C "$fh_src" SearchGame > "$work/fh-build.log" 2>&1 || { cat "$work/fh-build.log" >&2; exit 2; }
  # SearchGame reads the digits 1-7 of a line as moves from the empty board and ignores
  # every other character; a blank line is the empty board, so blank lines go, and the
  # empty board comes back only when asked for.
  tr -cd '1-7\n' < "${fh_inputs:-$fh_src/inputs}" | grep -v '^$' > "$work/fh-inputs.txt" || true
  [[ $empty == 0 ]] || echo >> "$work/fh-inputs.txt"
  [[ -s $work/fh-inputs.txt ]] || { echo "error: no Fhourstones positions" >&2; exit 2; }
fi

abbench=${ABBENCH_BIN:-}
if [[ -z $abbench ]]; then
  cargo build --release --quiet -p abbench
  abbench=target/release/abbench
fi
host=$(hostname -s 2>/dev/null || echo host)
stamp=$(date -u +%Y-%m-%d)
out=reports/connect4
mkdir -p "$out"
if (( pons )); then
  name="peer-$stamp-$host-$(basename "$positions" .txt)"
else
  name="peer-$stamp-$host-fhourstones"
fi

peer() { "$work/peer-driver" < "$work/positions.txt" > "$work/peer.$1.txt"; }
search() { "$abbench" run -q --model connect4 --positions "$positions" --tt-mb "$tt_mb" --json "$@"; }

if (( pons )); then
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
  if [[ $empty != 0 ]]; then
    echo | "$work/peer-driver" > "$work/peer.empty.txt"
    # abbench's strong search of the empty board, held to the peer's score, one run as
    # the peer's.
    "$abbench" run -q --model connect4 --position "" --score "$(cut -d' ' -f2 "$work/peer.empty.txt")" \
      --algo mtdf --tt-mb "$tt_mb" --repeat 1 --warmup 0 --force --json > "$work/ours.empty.jsonl"
  fi
fi

if (( fhourstones )); then
  "$fh_src/SearchGame" < "$work/fh-inputs.txt" > "$work/fh.txt"
  # Pons's strong scores of the same positions, where his solver is here, are the
  # published scores abbench's searches are held to (by their sign): without one, abbench
  # checks them with f2-iter, which has no table and takes far longer than the search.
  : > "$work/fh-scores.txt"
  if (( pons )); then
    # The empty board's score is the one the peer gave above, not solved twice.
    { grep -v '^$' "$work/fh-inputs.txt" || true; } | "$work/peer-driver" > "$work/fh-scores.txt"
    [[ ! -f $work/peer.empty.txt ]] || cat "$work/peer.empty.txt" >> "$work/fh-scores.txt"
  fi
  : > "$work/fh-abbench.jsonl"
  while IFS= read -r moves; do
    score=$(awk -v m="${moves:--}" '$1 == m { print $2 }' "$work/fh-scores.txt")
    "$abbench" run -q --model connect4 --position "$moves" ${score:+--score "$score"} --weak \
      --algo mtdf --tt-mb "$fh_tt_mb" --repeat 1 --warmup 0 --force --json \
      < /dev/null >> "$work/fh-abbench.jsonl"
  done < "$work/fh-inputs.txt"
fi

pons_version=$(archive_commit "$archive")
fh_version=$(archive_commit "$fh_archive")
python3 - "$positions" "$work" "$out/$name" "$tt_mb" "$repeat" "$guess" "$(git rev-parse --short HEAD)" \
  "$pons_version" "$fh_version" "$fh_tt_mb" "$fh_inputs" <<'PY'
import json, os, platform, re, statistics, subprocess, sys
(positions, work, base, tt_mb, repeat, guess, commit, peer_version,
 fh_version, fh_tt_mb, fh_inputs) = sys.argv[1:]
def cpu():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown'
machine = (f"Machine: {cpu()}, {subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()} "
           f"logical CPUs, one thread each; abbench commit {commit}.")
def pons_lines():
    """The strong comparison on POSITIONS_FILE: per solver its mean time and positions."""
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
        f"Positions: `{positions}` ({len(peer)} positions, every score equal to the file's and between the two).",
        machine,
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
    return lines
def sign(x):
    return (x > 0) - (x < 0)
def pons_empty():
    """Pons's strong score of the empty board: (score, positions, ns), or None if not run."""
    if not os.path.exists(f"{work}/peer.empty.txt"):
        return None
    _, score, nodes, ns = open(f"{work}/peer.empty.txt").read().split()
    with open(f"{base}.empty.txt", "w") as f:
        f.write(f"- {score} {nodes} {ns}\n")
    return int(score), int(nodes), int(ns)
def empty_lines(found):
    score, nodes, ns = found
    winner = {1: "the first player wins", 0: "a draw", -1: "the second player wins"}[sign(score)]
    ours = [json.loads(l) for l in open(f"{work}/ours.empty.jsonl") if '"kind":"search"' in l]
    if not ours or ours[0]['value'] != score or not ours[0]['verified']:
        sys.exit("abbench's strong search of the empty board did not give the peer's score")
    o = ours[0]
    o_ns = o['wall_ns']['median']
    return [
        "## The empty board",
        "",
        f"Each strongly, from an empty table, one run. Pons's solver, its opening book not loaded: score {score} ({winner}), "
        f"{nodes:,} positions examined in {ns / 1e9:.1f} s ({nodes / (ns / 1e9):,.0f} positions per second). "
        f"abbench mtdf `--tt-mb {tt_mb}`: score {o['value']}, {o['nodes']:,} positions in {o_ns / 1e9:.1f} s "
        f"({o['nodes'] / (o_ns / 1e9):,.0f} per second): {o_ns / ns:.2f}× the peer's time.",
        "",
    ]
# Fhourstones' scores, for the side to move: LOSS 1, DRAW 3, WIN 5 (2 and 4, a bound, never
# come from the root's full window).
FH_OUTCOME = {1: -1, 3: 0, 5: 1}
WORD = {1: "win", 0: "draw", -1: "loss"}
def fhourstones_lines(empty):
    """The weak comparison: Fhourstones and abbench mtdf --weak, position by position."""
    text = open(f"{work}/fh.txt").read()
    version = re.search(r"^Fhourstones (\S+)", text, re.M).group(1)
    entries, entry_bytes = map(int, re.search(r"Using (\d+) transposition table entries of size (\d+)", text).groups())
    # (outcome, positions, seconds) by moves; its msec is 1 + the time, against a division by 0.
    peer = {}
    for m in re.finditer(r"Solving \d+-ply position after (\d*) \. \. \.\n(?:.*\n)*?"
                         r"score = (\d+) \(.\)  work = \d+\n(\d+) pos / (\d+) msec", text):
        moves, score, nodes, msec = m.groups()
        peer[moves] = (FH_OUTCOME[int(score)], int(nodes), (int(msec) - 1) / 1e3)
    ours, table_bytes = {}, set()
    for line in open(f"{work}/fh-abbench.jsonl"):
        r = json.loads(line)
        if r.get('kind') == 'search':
            ours[r['tree']['position']] = (sign(r['value']), r['nodes'], r['wall_ns']['median'] / 1e9)
            table_bytes.add((r.get('table') or {}).get('bytes'))
    inputs = [l.rstrip('\n') for l in open(f"{work}/fh-inputs.txt")]
    missing = [m or "empty board" for m in inputs if m not in peer or m not in ours]
    if missing:
        sys.exit("no result from Fhourstones or abbench for: " + ", ".join(missing))
    wrong = [m or "empty board" for m in inputs if peer[m][0] != ours[m][0]]
    if empty and "" in peer and sign(empty[0]) != peer[""][0]:
        wrong.append("empty board (Pons's score)")
    if wrong:
        sys.exit("outcomes disagree: " + ", ".join(wrong))
    with open(f"{base}.fhourstones.tsv", "w") as f:
        f.write("solver\tmoves\toutcome\tpositions\tns\n")
        for solver, found in (("fhourstones", peer), (f"abbench mtdf --weak --tt-mb {fh_tt_mb}", ours)):
            for m in inputs:
                outcome, nodes, seconds = found[m]
                f.write(f"{solver}\t{m or '-'}\t{outcome}\t{nodes}\t{round(seconds * 1e9)}\n")
    def rate(nodes, seconds):
        return f"{nodes / seconds:,.0f}" if seconds > 0 else "-"
    def ratio(ours_s, peer_s):
        return f"{ours_s / peer_s:.2f}×" if peer_s > 0 else "-"
    def cells(label, outcome, p, o):
        return (f"| {label} | {outcome} | {p[1]:,} / {o[1]:,} | {p[2]:.3f} / {o[2]:.3f} | "
                f"{rate(p[1], p[2])} / {rate(o[1], o[2])} | {ratio(o[2], p[2])} |")
    def total(found):
        return None, sum(found[m][1] for m in inputs), sum(found[m][2] for m in inputs)
    abbench_table = ", ".join(f"{b:,} bytes" for b in sorted(b for b in table_bytes if b)) or f"`--tt-mb {fh_tt_mb}`"
    given = len(inputs) - ("" in inputs)
    named = ((f"`{fh_inputs}`" if fh_inputs else "its inputs file") + f"'s {given} position{'s' * (given != 1)}"
             + (" and the empty board" if "" in inputs else ""))
    lines = [
        "## Fhourstones",
        "",
        f"John Tromp's Fhourstones {version} (C, commit {fh_version or 'unknown'}, built by its Makefile: `cc -O3`) solves weakly: win, draw or loss",
        f"for the side to move. Beside it abbench `mtdf --weak --tt-mb {fh_tt_mb}`, one run, on {named}.",
        f"Tables: Fhourstones' {entries:,} entries × {entry_bytes} bytes ({entries * entry_bytes:,} bytes, two positions an entry);",
        f"abbench's {abbench_table} (32-byte slots). Each position solved once, from an empty table. Seconds: Fhourstones'",
        "own figure, the user CPU time of its search in whole milliseconds; abbench's wall time of the search.",
        "",
        "| position | outcome (Fhourstones / abbench) | positions examined (Fhourstones / abbench) | seconds (Fhourstones / abbench) "
        "| positions per second (Fhourstones / abbench) | time abbench / Fhourstones |",
        "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    lines += [cells(f"`{m}`" if m else "empty board", f"{WORD[peer[m][0]]} / {WORD[ours[m][0]]}", peer[m], ours[m]) for m in inputs]
    lines += [cells(f"all {len(inputs)}", "-", total(peer), total(ours)), ""]
    return lines
pons = os.path.exists(f"{work}/peer.1.txt")
fhourstones = os.path.exists(f"{work}/fh.txt")
peers = (["Pascal Pons's solver"] if pons else []) + (["John Tromp's Fhourstones"] if fhourstones else [])
lines = [f"# Connect Four: abbench beside {' and '.join(peers)}", ""]
lines += pons_lines() if pons else [machine, ""]
empty = pons_empty()
if empty:
    lines += empty_lines(empty)
if fhourstones:
    lines += fhourstones_lines(empty)
open(f"{base}.md", 'w').write("\n".join(lines))
print("\n".join(lines))
PY
