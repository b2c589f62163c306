#!/usr/bin/env bash
# simsweep --slurm through a real Slurm: the test starts munged, slurmctld and slurmd (Debian's
# packages; dev.sh installs them) as a one-node cluster on localhost, on free ports, with every
# file in its own folder; a sweep with a point that deadlocks, submitted as a job array, gives
# the same CSV as the same sweep run here (every column but the wall time), and the same
# failure message; simsweep --collect of its folder writes that CSV again; the same command
# again submits nothing (every point is kept). Ctrl-C while simsweep waits leaves the job array
# running, and --collect reports it once it ended. Skipped (with a note) without the packages or
# without root (slurmd starts jobs as their user), except under CI=true.
# time limit: 300
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2> /dev/null; done
  for p in "${pids[@]}"; do wait "$p" 2> /dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' TERM INT
cd "$work" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
skip() {
  if [ "${CI:-}" = true ]; then echo "FAIL: $1"; exit 1; fi
  echo "note: $1: test skipped"
  exit 0
}

for c in munged mungekey slurmctld slurmd sbatch squeue sinfo; do
  command -v "$c" > /dev/null 2>&1 || [ -x "/usr/sbin/$c" ] ||
    skip "$c is not installed (apt-get install slurmctld slurmd slurm-client munge; dev.sh installs them)"
done
export PATH=$PATH:/usr/sbin
[ "$(id -u)" = 0 ] || skip "slurmd needs root to start jobs"

# munge, on its own socket and key
mkdir -m 700 munge
mungekey --create --keyfile="$work/munge/key" || skip "mungekey failed"
munged -F -f --socket="$work/munge/sock" --key-file="$work/munge/key" --log-file="$work/munge/log" \
  --pid-file="$work/munge/pid" --seed-file="$work/munge/seed" > munged.out 2>&1 &
pids+=($!)

read -r p1 p2 < <(python3 -c "
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(('127.0.0.1', 0))
print(*[x.getsockname()[1] for x in s])")
mkdir state spool
: > plugstack.conf
host=$(hostname -s)
cat > slurm.conf <<EOF
ClusterName=simsweep
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$p1
SlurmdPort=$p2
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$work/munge/sock
CredType=cred/munge
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/slurmctld.log
SlurmdLogFile=$work/slurmd.log
PlugStackConfig=$work/plugstack.conf
ProctrackType=proctrack/pgid
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
InactiveLimit=0
KillWait=5
NodeName=sweepnode NodeHostname=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=sweep Nodes=sweepnode Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$work/slurm.conf
for _ in $(seq 100); do [ -S munge/sock ] && break; sleep 0.1; done
slurmctld -D -i -f "$SLURM_CONF" > slurmctld.out 2>&1 &
pids+=($!)
slurmd -D -N sweepnode -f "$SLURM_CONF" > slurmd.out 2>&1 &
pids+=($!)
for _ in $(seq 300); do
  sinfo -h -o %T 2> /dev/null | grep -qx idle && break
  sleep 0.2
done
if sinfo -h -o %T 2> /dev/null | grep -qx idle; then
  ok "a one-node Slurm is up"
else
  echo "FAIL: Slurm did not come up: $(sinfo 2>&1 | tail -1)"
  tail -n 5 slurmctld.out slurmd.out munged.out 2>&1
  exit 1
fi

"$top/wrappers/simcc" -O2 "$top/tests/unit/sweep_work.c" -o sweep_work || exit 1
axes=(-np 1,2,3,4 --platform=cluster,torus-3d --cfg=smpi/simulate-computation:no)
"$top/wrappers/simsweep" -j 2 "${axes[@]}" -o here.html -- ./sweep_work 0.008 deadlock=3 > here.out 2>&1
"$top/wrappers/simsweep" --slurm --partition=sweep --time=10 "${axes[@]}" -o slurm.html \
  -- ./sweep_work 0.008 deadlock=3 > slurm.out 2>&1
rc=$?
cat slurm.out
[ $rc = 1 ] && ok "--slurm: status 1 (two points deadlock)" || bad "--slurm: status $rc"
grep -q "submitted 8 points as Slurm job array" slurm.out && ok "--slurm: one job array of 8 tasks" ||
  bad "--slurm: no job array submitted"
ls slurm.points/slurm/task-{0..7}.out > /dev/null && ok "--slurm: each task left its output" ||
  bad "--slurm: task outputs: $(ls slurm.points/slurm)"
"$top/wrappers/simsweep" --collect slurm.points -o collected.html > collect.out 2>&1
"$top/wrappers/simsweep" --slurm --partition=sweep --time=10 "${axes[@]}" -o slurm.html \
  -- ./sweep_work 0.008 deadlock=3 > again.out 2>&1
! grep -q submitted again.out && ok "the same command again submits nothing: every point is kept" ||
  bad "the same command again: $(cat again.out)"

# Ctrl-C while simsweep waits: the job array goes on in Slurm, --collect reports it later
"$top/wrappers/simsweep" --slurm -np 1,2 --cfg=smpi/simulate-computation:no -o held.html \
  -- ./sweep_work 0.008 hold=2 > held.out 2> held.err &
pid=$!
for _ in $(seq 1500); do
  grep -qs holding held.points/np2-*/stdout && break
  kill -0 $pid 2> /dev/null || break
  sleep 0.2
done
kill -INT $pid
wait $pid
rc=$?
grep -q "goes on in Slurm: simsweep --collect held.points reports it later" held.err && [ $rc = 130 ] &&
  ok "Ctrl-C while waiting: status 130, the job array goes on" || bad "Ctrl-C while waiting: status $rc, $(cat held.err)"
touch release
for _ in $(seq 1500); do
  [ -z "$(squeue -h 2> /dev/null)" ] && break
  sleep 0.2
done
"$top/wrappers/simsweep" --collect held.points > held2.out 2>&1
grep -q "2 points: 2 ran, 0 failed" held2.out && ok "--collect once the array ended: both points ran" ||
  bad "--collect after Ctrl-C: $(cat held2.out)"

python3 - "$top/tests/unit" <<'PY' || fail=1
import csv, sys
sys.path.insert(0, sys.argv[1])
from checks import check, done

def rows(name):
    """the CSV without the wall time (how long a point took to run, not a result)"""
    return [{k: v for k, v in r.items() if k != "wall_s"} for r in csv.DictReader(open(name + ".csv"))]

here, slurm, collected = rows("here"), rows("slurm"), rows("collected")
check(f"here: 8 points, the 2 at 3 ranks failed ({[r['status'] for r in here]})",
      len(here) == 8 and sorted(r["np"] for r in here if r["status"] == "failed") == ["3", "3"])
for a, b in zip(here, slurm):
    if a != b:
        check(f"{a['point']}: here {a} != Slurm {b}", False)
check("the Slurm run's CSV is the local run's (every number, status and message)", here == slurm)
check("simsweep --collect of the Slurm folder writes the same CSV", collected == slurm)
done()
PY
exit $fail
