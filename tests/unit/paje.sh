#!/usr/bin/env bash
# -trace / --trace=F: a Paje trace as SMPI's -trace writes it. A parser of our
# own checks the file: every event id used is defined and has its fields; the
# container types, state type and link type are SMPI's; one container
# "rank-K" per rank under the root; times never decrease; pushes and pops
# balance per container; the ring's states per rank carry the right call
# names (PMPI_Send, PMPI_Recv, ...) and links pair up by key from each sender
# to the next rank, starting in a send and ending in a receive; as many links
# as --stats counts messages (the ring, and pi's reduction); computation
# shows as "computing". A deadlocked run and a message never received still
# leave a complete file. pj_dump (Debian package pajeng), when installed,
# reads every trace and sees the same states and links. -trace's default
# file and tracing/filename as smpirun; an unwritable file is a one-line error.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

cat > check.py <<'PY'
# check.py TRACE NRANKS [ring LAPS] [links N] [computing]
# Validates a Paje trace and prints ok/FAIL lines; exit 1 on any FAIL.
import shlex, sys
path, nranks, args = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
ok = True
def check(what, cond, detail=""):
    global ok
    print(("ok: " if cond else "FAIL: ") + f"{path}: {what}" + ("" if cond or not detail else f" ({detail})"))
    ok = ok and bool(cond)

defs, cur, events = {}, None, []   # defs: id -> (event name, [field names])
for n, line in enumerate(open(path), 1):
    line = line.rstrip("\n")
    if line.startswith("%"):
        w = line[1:].split()
        if w and w[0] == "EventDef":
            cur = (w[2], w[1], [])
        elif w and w[0] == "EndEventDef":
            defs[cur[0]] = (cur[1], cur[2]); cur = None
        elif w:
            cur[2].append(w[0])
    elif line.strip() and not line.startswith("#"):
        f = shlex.split(line)
        events.append((n, f))
used = {f[0] for _, f in events}
check("every event id used is defined", used <= set(defs), sorted(used - set(defs)))
badf = [(n, f) for n, f in events if f[0] in defs and len(f) - 1 != len(defs[f[0]][1])]
check("every event has the fields its definition lists", not badf, badf[:1])
# decode: name -> dict of field -> value
ev = [(n, dict(zip(defs[f[0]][1], f[1:])), defs[f[0]][0]) for n, f in events if f[0] in defs]
times = [(n, float(e["Time"])) for n, e, k in ev if "Time" in e]
back = [(a, b) for a, b in zip(times, times[1:]) if b[1] < a[1]]
check("times never decrease", not back, back[:1])

ctypes = {e["Alias"]: e for n, e, k in ev if k == "PajeDefineContainerType"}
stypes = {e["Alias"]: e for n, e, k in ev if k == "PajeDefineStateType"}
ltypes = {e["Alias"]: e for n, e, k in ev if k == "PajeDefineLinkType"}
mpi = [a for a, e in ctypes.items() if e["Name"] == "MPI" and e["Type"] == "0"]
check("container type MPI under the root", len(mpi) == 1)
st = [a for a, e in stypes.items() if e["Name"] == "MPI_STATE" and e["Type"] in mpi]
check("state type MPI_STATE in MPI containers", len(st) == 1)
lt = [a for a, e in ltypes.items() if e["Name"] == "MPI_LINK" and e["Type"] == "0"
      and e["StartContainerType"] in mpi and e["EndContainerType"] in mpi]
check("link type MPI_LINK from MPI to MPI containers", len(lt) == 1)
conts = {e["Alias"]: e["Name"] for n, e, k in ev if k == "PajeCreateContainer" and e["Type"] in mpi and e["Container"] == "0"}
check(f"one container rank-K per rank under the root", sorted(conts.values()) == sorted(f"rank-{r}" for r in range(nranks)),
      sorted(conts.values()))
destroyed = [e["Name"] for n, e, k in ev if k == "PajeDestroyContainer"]
check("every rank container is destroyed once, at the end", sorted(destroyed) == sorted(conts)
      and all(k != "PajeDestroyContainer" or float(e["Time"]) == times[-1][1] for n, e, k in ev))
values = {e["Alias"]: e["Name"] for n, e, k in ev if k == "PajeDefineEntityValue" and e["Type"] in st}

# states: a stack per container; (rank, name, t0, t1)
stack = {c: [] for c in conts}
states, underflow, unknown = [], [], []
for n, e, k in ev:
    if k in ("PajePushState", "PajePopState"):
        c = e["Container"]
        if c not in conts or e["Type"] not in st:
            unknown.append(n); continue
        if k == "PajePushState":
            stack[c].append((values.get(e["Value"], e["Value"]), float(e["Time"])))
        elif not stack[c]:
            underflow.append(n)
        else:
            name, t0 = stack[c].pop()
            states.append((int(conts[c][5:]), name, t0, float(e["Time"])))
check("states are pushed and popped on rank containers with MPI_STATE", not unknown, unknown[:3])
check("no pop without a push", not underflow, underflow[:3])
check("pushes and pops balance per container", all(not s for s in stack.values()),
      {conts[c]: s for c, s in stack.items() if s})
check("every state value is defined", all(name in values.values() for _, name, _, _ in states))

# links: paired by key, each key once
starts, ends, dup = {}, {}, []
for n, e, k in ev:
    if k in ("PajeStartLink", "PajeEndLink"):
        d = starts if k == "PajeStartLink" else ends
        if e["Key"] in d:
            dup.append(e["Key"])
        d[e["Key"]] = e
check("link keys are unique", not dup, dup[:3])
check("every link that starts ends, and no other", set(starts) == set(ends),
      sorted(set(starts) ^ set(ends))[:3])
check("links are MPI_LINK in the root", all(e["Type"] in lt and e["Container"] == "0" for e in list(starts.values()) + list(ends.values())))
check("links end no earlier than they start",
      all(float(ends[k]["Time"]) >= float(starts[k]["Time"]) for k in starts if k in ends))
print(f"{path}: {len(states)} states, {len(starts)} links")

def during(rank, name, t):
    return any(r == rank and s == name and t0 <= t <= t1 for r, s, t0, t1 in states)
while args:
    a = args.pop(0)
    if a == "links":
        want = int(args.pop(0))
        check(f"{want} links (the messages --stats counts)", len(starts) == want, len(starts))
    elif a == "computing":
        comp = [s for s in states if s[1] == "computing"]
        check("computation as computing states on every rank", {r for r, *_ in comp} == set(range(nranks))
              and sum(t1 - t0 for *_, t0, t1 in comp) > 0)
    elif a == "ring":
        laps = int(args.pop(0))
        for r in range(nranks):
            mine = [s for s in states if s[0] == r]
            names = [s[1] for s in mine if s[1] != "computing"]
            count = lambda x: sum(1 for s in names if s == x)
            check(f"rank {r}: PMPI_Init first, PMPI_Finalize last, {laps} PMPI_Send and PMPI_Recv",
                  names[0] == "PMPI_Init" and names[-1] == "PMPI_Finalize"
                  and count("PMPI_Send") == laps and count("PMPI_Recv") == laps, names)
            flat = sorted(mine, key=lambda s: (s[2], s[3]))
            check(f"rank {r}: states do not overlap (no nesting)",
                  all(a[3] <= b[2] for a, b in zip(flat, flat[1:])))
        inv = {a: int(n[5:]) for a, n in conts.items()}
        check("each link goes from a rank to the next one",
              all(inv[starts[k]["StartContainer"]] == (inv[ends[k]["EndContainer"]] - 1) % nranks
                  for k in starts if k in ends))
        check("each link starts in a PMPI_Send of its sender and ends in a PMPI_Recv of its receiver",
              all(during(inv[starts[k]["StartContainer"]], "PMPI_Send", float(starts[k]["Time"]))
                  and during(inv[ends[k]["EndContainer"]], "PMPI_Recv", float(ends[k]["Time"])) for k in starts if k in ends))
sys.exit(0 if ok else 1)
PY

# pj_dump, when installed: reads the trace (exit 0, nothing on stderr) and
# counts the states and links check.py counted. Its window must end after the
# trace: by default it ends at the last event, and pj_dump 1.3.6 then leaves
# out some entities that end there (with SMPI's traces too).
pj() { # trace states links
  command -v pj_dump >/dev/null || return 0
  local out
  if ! out=$(pj_dump --end=1e9 "$1" 2>pj.err) || [ -s pj.err ]; then
    bad "pj_dump $1: $(head -c 300 pj.err)"
    return
  fi
  local s l
  s=$(grep -c '^State,' <<< "$out") l=$(grep -c '^Link,' <<< "$out")
  [ "$s" = "$2" ] && [ "$l" = "$3" ] && ok "pj_dump $1: $s states, $l links" ||
    bad "pj_dump $1: $s states, $l links; expected $2 and $3"
}
counts() { sed -n 's/^.*: \([0-9]*\) states, \([0-9]*\) links$/\1 \2/p' "$1"; }
msgs() { awk '$1 ~ /^[0-9]+$/ && NF == 7 { n += $6 } END { print n + 0 }' "$1"; }

for s in ring pi deadlock; do "$simcc" -g -O2 "$top/samples/$s.c" -o $s || bad "build $s"; done
command -v pj_dump >/dev/null || echo "note: pj_dump not installed (Debian package pajeng): its checks are skipped"

# the ring: 4 ranks, 3 laps, SMPI's spelling
"$simrun" -np 4 -trace --cfg=tracing/filename:ring.trace --stats ./ring 3 >/dev/null 2>ring.err || { cat ring.err; exit 1; }
n=$(msgs ring.err)
[ "$n" = 12 ] || bad "--stats counts $n messages in the ring, not 12"
python3 check.py ring.trace 4 ring 3 links "$n" > ring.out || fail=1
cat ring.out
pj ring.trace $(counts ring.out)

# pi: computation and a reduction, whose messages are links too
"$simrun" -np 8 --trace=pi.trace --stats ./pi 2000000 >/dev/null 2>pi.err || { cat pi.err; exit 1; }
n=$(msgs pi.err)
[ "$n" -gt 0 ] || bad "--stats counts no messages for pi"
python3 check.py pi.trace 8 links "$n" computing > pi.out || fail=1
cat pi.out
pj pi.trace $(counts pi.out)
grep -q ' PMPI_Reduce ' pi.trace && ok "pi: PMPI_Reduce is a state" || bad "pi: no PMPI_Reduce state"

# a deadlock: the blocked calls and their messages end where the run stops
"$simrun" -np 3 --trace=dl.trace ./deadlock >/dev/null 2>&1 && bad "the deadlock sample did not fail"
python3 check.py dl.trace 3 > dl.out || fail=1
cat dl.out
pj dl.trace $(counts dl.out)
[ "$(grep -c ' PMPI_Ssend ' dl.trace)" = 1 ] && [ "$(grep -c '^15 ' dl.trace)" = 3 ] &&
  ok "deadlock: PMPI_Ssend states and the 3 messages in flight" || bad "deadlock: $(grep -v '^%' dl.trace | tail -5)"

# a message never received: its link ends at the receiver when the run ends
cat > unrecv.c <<'EOF'
#include <mpi.h>
int main(int argc, char **argv)
{
  int rank, x = 1;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0)
    MPI_Send(&x, 1, MPI_INT, 1, 7, MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
EOF
"$simcc" unrecv.c -o unrecv || bad "build unrecv"
"$simrun" -np 2 -q --trace=un.trace ./unrecv 2>/dev/null || bad "unrecv failed"
python3 check.py un.trace 2 links 1 > un.out || fail=1
cat un.out
pj un.trace $(counts un.out)

# -trace without tracing/filename writes smpi_simgrid.trace, as smpirun does
mkdir d && (cd d && "$simrun" -np 2 -q -trace ../ring 1 >/dev/null 2>&1) && [ -s d/smpi_simgrid.trace ] &&
  ok "-trace writes smpi_simgrid.trace by default" || bad "-trace: no smpi_simgrid.trace"

out=$("$simrun" -np 2 --trace=no/such/dir/x.trace ./ring 1 2>&1)
rc=$?
if [ $rc -ne 0 ] && [ "$(grep -c . <<< "$out")" = 1 ] && grep -q "cannot write the trace file 'no/such/dir/x.trace'" <<< "$out"; then
  ok "an unwritable trace file is a one-line error"
else
  bad "unwritable trace file: rc $rc: $out"
fi
out=$("$simrun" -np 2 -trace -trace-ti --cfg=tracing/filename:same ./ring 1 2>&1)
rc=$?
[ $rc -ne 0 ] && grep -q "both write 'same'" <<< "$out" && ok "-trace and -trace-ti into one file is refused" ||
  bad "-trace -trace-ti into one file: rc $rc: $out"
"$simrun" --help | grep -q -- '--trace=PATH' && ok "--help documents --trace=PATH" || bad "--help lacks --trace=PATH"
exit $fail
