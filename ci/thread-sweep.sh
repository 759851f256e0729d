#!/usr/bin/env bash
# Real-thread sweep of the parallel searches on a many-core machine, for a report under
# reports/: the machine's description, its calibrated cost profile, random d16 trees
# and Connect Four positions at every thread count, each parallel record beside the
# fastest serial search measured on the same tree in the same process.
#
#   ci/thread-sweep.sh BIN OUTDIR [THREADS]
#
# BIN is a release build of abbench (`cargo build --release -p abbench`), OUTDIR a
# folder for the files (created), THREADS the thread counts (default 1,2,4,8,16).
# Every step writes its file as it goes and has its own time limit (STEP_LIMIT seconds,
# default 150; twice that for the early-game sample), so a machine lent for a few
# minutes returns whatever finished; the searches' notes and the calibration's
# measurements go to log.txt. Nothing here is fetched. The Connect Four samples are
# crates/tree/data/connect4/sample-mid-hard20.txt, searched by the table-driven searches (the
# others search it as f2-iter does, with no table: about 30 times serial MTD(f)'s
# positions), and sample-early-hard19.txt, whose searches last ten times as long,
# searched by the null-window search beside serial MTD(f) (the fastest serial search
# there) and f2-iter, the reference.
set -uo pipefail

bin=${1:?usage: ci/thread-sweep.sh BIN OUTDIR [THREADS]}
out=${2:?usage: ci/thread-sweep.sh BIN OUTDIR [THREADS]}
threads=${3:-1,2,4,8,16}
limit=${STEP_LIMIT:-150}
root=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"

step() {
    local name=$1
    shift
    local start=$SECONDS
    echo "== $name: $* (load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "== $name: $*" >>"$out/log.txt"
    timeout "$limit" "$@" >"$out/$name" 2>>"$out/log.txt"
    local rc=$?
    echo "== $name: rc $rc, $((SECONDS - start)) s" | tee -a "$out/log.txt"
}

{
    lscpu
    echo
    echo "nproc: $(nproc)"
    echo "loadavg before: $(cat /proc/loadavg)"
    uname -a
    grep PRETTY_NAME /etc/os-release
} >"$out/lscpu.txt" 2>&1

step random-d16-h8.jsonl "$bin" run --model random --degree 16 --height 8 --seed 9741 \
    --trees 6 --algo parallel \
    --threads "$threads" --repeat 3 --json
step connect4-mid-hard20.jsonl "$bin" run -q --model connect4 \
    --positions "$root/crates/tree/data/connect4/sample-mid-hard20.txt" \
    --algo "$("$bin" algorithms --parallel --reads tt-mb)" \
    --threads "$threads" --tt-mb 80 --repeat 3 --json
# Its reference, f2-iter, searches the sample for about 16 s a run: twice the limit.
limit=$((2 * ${STEP_LIMIT:-150})) step connect4-early-hard19.jsonl "$bin" run -q --model connect4 \
    --positions "$root/crates/tree/data/connect4/sample-early-hard19.txt" \
    --algo mtdf,null-window --baseline f2-iter \
    --threads "$threads" --tt-mb 80 --repeat 3 --json
step calibration.json "$bin" calibrate
step random-d16-h9.jsonl "$bin" run --model random --degree 16 --height 9 --seed 9711 \
    --trees 1 --algo null-window,ybwc --threads "$threads" --repeat 2 --json
echo "loadavg after: $(cat /proc/loadavg)" >>"$out/lscpu.txt"
