#!/usr/bin/env bash
# The sharding examples run for real: the Slurm array job of examples/slurm/submit.sh on
# a one-node Slurm cluster started here, and the GNU parallel line of
# examples/gnu-parallel.sh, each on the quick suite in three shards, each merged run
# checked against an unsharded sweep: the same trees, algorithms, thread counts and
# values in the same order, and the same positions for every serial search (a parallel
# search's positions depend on its threads' timing).
#
#   bash ci/slurm.sh
#
# Needs root on Debian or Ubuntu: installs slurm-wlm, munge and parallel with apt-get
# when they are missing. The cluster is this machine alone (its host name as the node,
# 2 CPUs): munged, slurmctld and slurmd as root, with their key, sockets, state, spool
# and logs in a temporary folder and ports of their own; every daemon started here is
# stopped on the way out, whatever happens.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
started=$SECONDS

# Waits up to $1 seconds for the command after it to succeed.
wait_for() {
  local limit=$1
  shift
  local deadline=$((SECONDS + limit))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      return 1
    fi
    sleep 1
  done
}

# The searches of a run folder without their timings, one per line, in the file's order.
searches() {
  sed -nE '/"kind":"search"/{
    /"speedup":/{
      s/.*("tree":\{[^}]*\},"algo":"[^"]*","threads":[0-9]+,"value":-?[0-9]+).*/\1/p
      d
    }
    s/.*("tree":\{[^}]*\},"algo":"[^"]*","threads":[0-9]+,"value":-?[0-9]+,"best_move":[^,]*,"nodes":[0-9]+,"leaves":[0-9]+).*/\1/p
  }' "$1/results.jsonl"
}

# Fails unless run folder $2 holds the searches of run folder $1 and a report.
same_searches() {
  local expected actual
  expected=$(searches "$1")
  actual=$(searches "$2")
  if [ -z "$expected" ] || [ "$expected" != "$actual" ]; then
    echo "ci/slurm.sh: $2 does not hold the searches of $1:" >&2
    diff <(echo "$expected") <(echo "$actual") | head -20 >&2 || true
    return 1
  fi
  grep -q '^## Shards' "$2/report.md"
  echo "$2: the $(echo "$expected" | wc -l) searches of the unsharded run, with its report"
}

missing=()
for tool in slurmctld slurmd sbatch squeue sinfo scontrol; do
  if ! command -v "$tool" >/dev/null; then
    missing+=(slurm-wlm)
    break
  fi
done
command -v munged >/dev/null || missing+=(munge)
command -v parallel >/dev/null || missing+=(parallel)
if ((${#missing[@]} > 0)); then
  echo "ci/slurm.sh: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >/dev/null
fi

cargo build --release --quiet -p abbench
export ABBENCH="$root/target/release/abbench"

work=$(mktemp -d /tmp/abbench-slurm.XXXXXX)
chmod 700 "$work"
pids=()
stop() {
  local status=$?
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  for pid in "${pids[@]}"; do
    wait "$pid" 2>/dev/null || true
  done
  if ((status != 0)); then
    for log in "$work"/log/*.log "$work"/run/slurm-*.out; do
      [ -f "$log" ] && { echo "--- $log" >&2; tail -20 "$log" >&2; }
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap stop EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

echo "ci/slurm.sh: the unsharded quick suite, for reference"
"$ABBENCH" -q sweep --suite quick --out "$work/whole" >/dev/null

echo "ci/slurm.sh: the GNU parallel line of examples/gnu-parallel.sh"
(cd "$work" && OUT="$work/parallel" bash "$root/examples/gnu-parallel.sh" quick 3)
same_searches "$work/whole" "$work/parallel/merged"

echo "ci/slurm.sh: a one-node Slurm cluster in $work"
mkdir -p "$work"/{munge,state,spool,log,run}
chmod 700 "$work/munge"
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 600 "$work/munge/munge.key"
socket="$work/munge/munge.socket"
munged --foreground --force --socket="$socket" --key-file="$work/munge/munge.key" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log" >>"$work/log/munged.out.log" 2>&1 &
pids+=($!)
wait_for 20 test -S "$socket"

host=$(hostname -s)
# Ports of this cluster's own, away from a Slurm the machine may run already.
port=$((20000 + RANDOM % 20000))
export SLURM_CONF="$work/slurm.conf"
cat >"$SLURM_CONF" <<CONF
ClusterName=abbenchci
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$socket
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=ci Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
slurmctld -D -i -f "$SLURM_CONF" >>"$work/log/slurmctld.out.log" 2>&1 &
pids+=($!)
wait_for 30 scontrol ping
slurmd -D -N "$host" -f "$SLURM_CONF" >>"$work/log/slurmd.out.log" 2>&1 &
pids+=($!)
node_idle() { [ "$(sinfo -h -n "$host" -o %t)" = idle ]; }
wait_for 60 node_idle || {
  echo "ci/slurm.sh: the node is not idle: $(sinfo -h -N -o '%N %t %E')" >&2
  exit 1
}

echo "ci/slurm.sh: examples/slurm/submit.sh quick 3"
bash examples/slurm/submit.sh quick 3 "$work/run"
jobs_done() { [ -z "$(squeue -h -o %i)" ]; }
wait_for 600 jobs_done || {
  echo "ci/slurm.sh: the jobs did not end within 10 minutes" >&2
  squeue >&2
  exit 1
}
[ -f "$work/run/merged/report.md" ] || {
  echo "ci/slurm.sh: the merge job wrote no report" >&2
  exit 1
}
same_searches "$work/whole" "$work/run/merged"
echo "ci/slurm.sh: done in $((SECONDS - started)) s"
