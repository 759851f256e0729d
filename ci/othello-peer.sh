#!/usr/bin/env bash
# Othello endgames beside a peer run on the same positions, on the same machine, one
# thread each: Egaroucid for Console by Takuto Yamana (https://github.com/Nyanyan/Egaroucid,
# GPL-3.0), a strong public Othello engine whose endgame solver plays the FFO test suite.
# Nothing of the peer is in this repository, nor how to build it: the script runs a
# binary that the user built from the peer's sources, as its README says.
#
#   OTHELLO_PEER=/path/Egaroucid_for_Console.out ci/othello-peer.sh [POSITIONS_FILE]
#
# Without OTHELLO_PEER the script says "skipped" and exits 0, so CI can run it
# unconditionally.
#
# POSITIONS_FILE: FFO lines, a board, its side to move and every move's exact score, best
# first (default crates/tree/data/othello/fforum-40-59.obf). OTHELLO_LINES picks the
# positions by their line numbers, FIRST-LAST or one number (default 1-10: FFO #40-#49 in
# the default file; empty: every line). Each position is solved exactly, from an empty
# table, once by each: the peer first, then abbench. The scores must agree with each other
# and with the file's best score.
#
# The peer is run with its own FFO test's options, one thread and no opening book:
#   Egaroucid_for_Console.out -l 60 -nobook -thread 1 -hash LEVEL -solve POSITIONS
# Level 60 solves every position exactly; it clears its table before each position. Its
# time is its own figure, the time of its search in whole milliseconds. Its positions
# examined are its node count: every stage of its search (selective pre-searches, then
# the exact one), each position with an empty square, a pass as one more, but not the
# positions after the last move. abbench's count every position, those leaves too.
#
# Tables: abbench `--tt-mb OTHELLO_TT_MB` (default 64: 2^21 slots of 32 bytes); the peer
# gets as many entries, `-hash` the same power of two (21: 2^21 entries of 24 bytes,
# 48 MiB). abbench runs OTHELLO_ALGOS (default mtdf), one run each, no warm-up, each search
# with a fresh table generation; its time is the wall time of the search.
#
# The peer reads its evaluation function from OTHELLO_EVAL (default: resources/eval.egev2
# beside the binary). The page names the file and its digest; a file of zeros (the
# peer then still solves exactly, its move ordering and pre-searches without an
# evaluation) is named in bold, for it examines more positions than with its own.
#
# ABBENCH_BIN: an abbench binary to use instead of building target/release/abbench.
# Writes reports/othello/peer-<date>-<host>-<positions file's name>-<lines>.md and, beside
# it, the raw figures: .peer.tsv (line, board, score, move, depth, positions, ms) and
# .abbench.tsv (search, line, board, value, positions, leaves, ns, table probes and hits).
set -euo pipefail
cd "$(dirname "$0")/.."

peer_bin=${OTHELLO_PEER:-}
positions=${1:-crates/tree/data/othello/fforum-40-59.obf}
lines=${OTHELLO_LINES-1-10}
algos=${OTHELLO_ALGOS:-mtdf}
tt_mb=${OTHELLO_TT_MB:-64}
eval_file=${OTHELLO_EVAL:-}

if [[ -z $peer_bin || ! -x $peer_bin ]]; then
  echo "skipped: Egaroucid, no binary (set OTHELLO_PEER to Egaroucid_for_Console.out, built from https://github.com/Nyanyan/Egaroucid as its README says)"
  exit 0
fi
[[ -f $positions ]] || { echo "error: no positions file $positions" >&2; exit 2; }
[[ $tt_mb =~ ^[1-9][0-9]*$ ]] || { echo "error: OTHELLO_TT_MB must be a whole number of MiB" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The positions: the file's lines less blank and # lines, numbered from 1, those asked for.
first=1 last=0
if [[ $lines =~ ^([0-9]+)-([0-9]+)$ ]]; then
  first=${BASH_REMATCH[1]} last=${BASH_REMATCH[2]}
elif [[ $lines =~ ^[0-9]+$ ]]; then
  first=$lines last=$lines
elif [[ -n $lines ]]; then
  echo "error: OTHELLO_LINES must be FIRST-LAST or one line number" >&2; exit 2
fi
grep -Ev '^[[:space:]]*(#|$)' "$positions" | awk -v a="$first" -v b="$last" \
  'NR >= a && (b == 0 || NR <= b) { print NR "\t" $0 }' > "$work/numbered.tsv" || true
[[ -s $work/numbered.tsv ]] || { echo "error: no positions on lines ${lines:-all} of $positions" >&2; exit 2; }
cut -f2- "$work/numbered.tsv" > "$work/positions.obf"
# The peer reads the 64 squares and the side to move, whitespace ignored.
awk '{ print $1, substr($2, 1, 1) }' "$work/positions.obf" > "$work/boards.txt"

eval_file=${eval_file:-$(dirname "$peer_bin")/resources/eval.egev2}
[[ -f $eval_file && -s $eval_file ]] || { echo "error: no evaluation file $eval_file: set OTHELLO_EVAL to the peer's eval.egev2" >&2; exit 2; }

# The peer's table: as many entries as abbench's 32-byte slots, the largest power of two
# that fits in OTHELLO_TT_MB MiB.
hash_level=0
while (( (2 << hash_level) * 32 <= tt_mb * 1048576 )); do hash_level=$((hash_level + 1)); done
peer_args=(-l 60 -nobook -thread 1 -hash "$hash_level" -eval "$eval_file")
"$peer_bin" -v > "$work/peer-version.txt" 2>&1 || true
# Its set-up alone, with its log: the table it allocates and whether its evaluation loads.
"$peer_bin" "${peer_args[@]}" -noise -solve /dev/null > /dev/null 2> "$work/peer-init.txt" || true
grep -q '^initialized' "$work/peer-init.txt" || { cat "$work/peer-init.txt" >&2; echo "error: Egaroucid did not start" >&2; exit 2; }

abbench=${ABBENCH_BIN:-}
if [[ -z $abbench ]]; then
  cargo build --release --quiet -p abbench
  abbench=target/release/abbench
fi
host=$(hostname -s 2>/dev/null || echo host)
stamp=$(date -u +%Y-%m-%d)
out=reports/othello
mkdir -p "$out"
name="peer-$stamp-$host-$(basename "$positions" .obf)-lines-$(head -n 1 "$work/numbered.tsv" | cut -f1)-$(tail -n 1 "$work/numbered.tsv" | cut -f1)"

"$peer_bin" "${peer_args[@]}" -solve "$work/boards.txt" > "$work/peer.txt" 2> "$work/peer-stderr.txt"
"$abbench" run -q --model othello --positions "$work/positions.obf" --algo "$algos" --baseline f2-iter \
  --repeat 1 --warmup 0 --force --tt-mb "$tt_mb" --json > "$work/ours.jsonl"

# abbench's own word on its build (commit, target features), else this checkout's commit.
"$abbench" --version > "$work/abbench-version.txt" 2>/dev/null || git rev-parse --short HEAD > "$work/abbench-version.txt"
python3 - "$positions" "$work" "$out/$name" "$tt_mb" "$hash_level" "$eval_file" <<'PY'
import hashlib, json, os, platform, re, struct, subprocess, sys
positions, work, base, tt_mb, hash_level, eval_file = sys.argv[1:]
built = open(f"{work}/abbench-version.txt").read()
c = re.search(r"^commit: ([0-9a-f]{7})[0-9a-f]*(.*)$", built, re.M)
commit = (c.group(1) + c.group(2)) if c else (built.split() or ["unknown"])[0]
tf = re.search(r"^target features: (.*)$", built, re.M)
if tf:
    commit += f", target features {tf.group(1).strip()}"
def cpu():
    try:
        for line in open('/proc/cpuinfo'):
            if line.startswith('model name'):
                return line.split(':', 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or 'unknown'
nproc = subprocess.run(['nproc'], capture_output=True, text=True).stdout.strip()
# The positions: line number, board with side to move, empty squares, the file's best score.
pos = []
for row in open(f"{work}/numbered.tsv"):
    number, text = row.rstrip('\n').split('\t', 1)
    f = text.split()
    board = f"{f[0]} {f[1][0]}"
    best = re.search(r'[A-H][1-8]:([+-]?\d+)', text)
    pos.append((int(number), board, f[0].count('-'), int(best.group(1)) if best else None))
m = re.match(r'fforum-(\d+)-\d+\.obf$', os.path.basename(positions))
def label(number):
    return f"#{int(m.group(1)) + number - 1}" if m else f"line {number}"
# The peer: one row per position, in order; depth "E@100%" is an exact search of E empties.
rows = []
for line in open(f"{work}/peer.txt"):
    cells = [c.strip() for c in line.strip().strip('|').split('|')]
    if len(cells) == 7 and re.match(r'\d+@', cells[1]) or (len(cells) == 7 and cells[2] == 'ps'):
        rows.append(cells)
if len(rows) != len(pos):
    sys.exit(f"Egaroucid gave {len(rows)} results for {len(pos)} positions:\n" + open(f"{work}/peer.txt").read()
             + open(f"{work}/peer-stderr.txt").read())
def ms(t):
    h, mi, s = t.split(':')
    return round((int(h) * 3600 + int(mi) * 60 + float(s)) * 1000)
peer = {}
wrong = []
for (number, board, empties, best), (level, depth, move, score, t, nodes, _) in zip(pos, rows):
    if depth != f"{empties}@100%":
        wrong.append(f"{label(number)}: Egaroucid searched {depth}, not {empties}@100% (exact)")
        continue
    peer[board] = (int(score), move, depth, int(nodes), ms(t))
ours = {}
for line in open(f"{work}/ours.jsonl"):
    r = json.loads(line)
    if r.get('kind') != 'search':
        continue
    t = r.get('table') or {}
    ours.setdefault(r['algo'], {})[r['tree']['position']] = (
        r['value'], r['nodes'], r.get('leaves', 0), r['wall_ns']['median'], t.get('probes', 0), t.get('hits', 0),
        t.get('bytes'))
for number, board, _, best in pos:
    if board in peer and best is not None and peer[board][0] != best:
        wrong.append(f"{label(number)}: Egaroucid {peer[board][0]}, the file {best}")
    for algo, found in ours.items():
        if board not in found:
            wrong.append(f"{label(number)}: no result from abbench {algo}")
        elif board in peer and found[board][0] != peer[board][0]:
            wrong.append(f"{label(number)}: abbench {algo} {found[board][0]}, Egaroucid {peer[board][0]}")
if not ours:
    wrong.append("no result from abbench")
if wrong:
    sys.exit("scores disagree or are missing: " + "; ".join(wrong))
with open(f"{base}.peer.tsv", "w") as f:
    f.write("line\tboard\tscore\tmove\tdepth\tpositions\tms\n")
    for number, board, *_ in pos:
        f.write("\t".join(map(str, (number, board) + peer[board])) + "\n")
with open(f"{base}.abbench.tsv", "w") as f:
    f.write("search\tline\tboard\tvalue\tpositions\tleaves\tns\ttable_probes\ttable_hits\n")
    for algo, found in ours.items():
        for number, board, *_ in pos:
            f.write("\t".join(map(str, (algo, number, board) + found[board][:6])) + "\n")

version = open(f"{work}/peer-version.txt").read().splitlines()
version = version[0].strip() if version else "Egaroucid for Console"
init = open(f"{work}/peer-init.txt").read()
h = re.search(r"hash resized to level (\d+) elements (\d+) size ([\d.]+) MB", init)
peer_table = (f"2^{h.group(1)} entries, {float(h.group(3)):g} MiB ({float(h.group(3)) * 2**20 / int(h.group(2)):g} bytes each)"
              if h else f"`-hash {hash_level}`")
data = open(eval_file, 'rb').read()
digest = hashlib.sha256(data).hexdigest()[:12]
# An .egev2 file: a count of 16-bit words, then the words; a word of 4096 or more is a run of zeros.
words = struct.unpack_from(f"<{(len(data) - 4) // 2}h", data, 4) if len(data) >= 6 else (0,)
if all(w >= 4096 for w in words):
    evaluation = (f"**an evaluation of zeros** (`{os.path.basename(eval_file)}`): the peer still solves exactly, "
                  "but its move ordering and pre-searches run without its evaluation function (its endgame move-ordering "
                  "table is used), so it examines more positions than with its own evaluation.")
else:
    evaluation = f"`{os.path.basename(eval_file)}` ({len(data):,} bytes, sha256 {digest}…)."
bytes_ = sorted({r[6] for f in ours.values() for r in f.values() if r[6]})
ours_table = ", ".join(f"{b // 32:,} slots of 32 bytes ({b / 2**20:g} MiB)" for b in bytes_) or f"`--tt-mb {tt_mb}`"
first, last = pos[0][0], pos[-1][0]
def per_second(nodes, seconds):
    return f"{nodes / seconds:,.0f}" if seconds > 0 else "-"
def ratio(a, b):
    return f"{a / b:.2f}×" if b > 0 else "-"
lines = [
    "# Othello: abbench beside Egaroucid",
    "",
    f"Positions: `{positions}` lines {first}-{last} ({label(first)}-{label(last)}, {len(pos)} positions, "
    f"{min(p[2] for p in pos)}-{max(p[2] for p in pos)} empty squares), every score equal to the file's best and between the two.",
    f"Machine: {cpu()}, {nproc} logical CPUs, one thread each; abbench: commit {commit}.",
    f"Peer: {version}, run as `Egaroucid_for_Console.out -l 60 -nobook -thread 1 -hash {hash_level} -eval EVAL -solve POSITIONS`.",
    f"Evaluation: {evaluation}",
    f"Tables: the peer's {peer_table}, cleared before each position; abbench `--tt-mb {tt_mb}`: {ours_table}, "
    "a fresh generation for each search.",
    "Times: the peer's own figure, its search in whole milliseconds; abbench's wall time of the search. One run each, "
    "no warm-up, the peer's first.",
    "Positions examined: the peer's node count, every stage of its search (selective pre-searches, then the exact one), "
    "each position with an empty square and a pass as one more, not the positions after the last move; "
    "abbench's `nodes`, every position, those leaves too (its `leaves` in the .abbench.tsv).",
    "",
]
for algo, found in ours.items():
    lines += [
        f"## abbench {algo}",
        "",
        "| position | empties | score | seconds (Egaroucid / abbench) | positions examined (Egaroucid / abbench) "
        "| positions per second (Egaroucid / abbench) | time abbench / Egaroucid |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    tp = to = np_ = no = 0
    for number, board, empties, best in pos:
        p, o = peer[board], found[board]
        ps, os_ = p[4] / 1e3, o[3] / 1e9
        tp += ps; to += os_; np_ += p[3]; no += o[1]
        lines.append(f"| {label(number)} | {empties} | {best:+d} | {ps:.3f} / {os_:.3f} | {p[3]:,} / {o[1]:,} "
                     f"| {per_second(p[3], ps)} / {per_second(o[1], os_)} | {ratio(os_, ps)} |")
    lines.append(f"| all {len(pos)} | - | - | {tp:.3f} / {to:.3f} | {np_:,} / {no:,} "
                 f"| {per_second(np_, tp)} / {per_second(no, to)} | {ratio(to, tp)} |")
    lines.append("")
open(f"{base}.md", 'w').write("\n".join(lines))
print("\n".join(lines))
PY
