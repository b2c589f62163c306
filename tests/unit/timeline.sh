#!/usr/bin/env bash
# --timeline=RUN.json: valid Chrome trace-event JSON with one thread per rank;
# one arrow per message, from the sender to the receive that completes it;
# the ring's 3 sends and 3 receives per rank as spans carrying their source
# lines, peers and bytes (sorted by start, then length: zero-length calls share a start); the spans of a rank never overlap and end by the simulated time
# simrun reports; a deadlocked run still leaves valid JSON, with
# the calls the ranks are blocked in; a name that ends neither in .json nor in .html is a one-line error.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
"$top/wrappers/simcc" -g "$top/samples/ring.c" -o ring || exit 1
"$top/wrappers/simrun" -np 4 --timeline="$work/run.json" ./ring 3 >/dev/null 2>run.err || { cat run.err; exit 1; }
end=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' run.err)
send=$(grep -n 'MPI_Send' "$top/samples/ring.c" | cut -d: -f1 | tr '\n' ' ')
python3 - "$end" "$send" <<'PY' || fail=1
import json, sys
end, send_lines = float(sys.argv[1]), sys.argv[2].split()
d = json.load(open("run.json"))
spans = [e for e in d["traceEvents"] if e["ph"] == "X"]
names = {e["args"]["name"] for e in d["traceEvents"] if e.get("name") == "thread_name"}
ok = True
def check(what, cond):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond
check("one thread per rank", names == {"rank 0", "rank 1", "rank 2", "rank 3"})
for r in range(4):
    mine = sorted((e for e in spans if e["tid"] == r), key=lambda e: (e["ts"], e["dur"]))
    sends = [e for e in mine if e["name"] == "MPI_Send"]
    recvs = [e for e in mine if e["name"] == "MPI_Recv"]
    check(f"rank {r}: 3 sends, 3 receives", len(sends) == 3 and len(recvs) == 3)
    check(f"rank {r}: sends carry their line (ring.c:{' or '.join(send_lines)})",
          all(e["args"]["line"].split(" ")[0] in [f"ring.c:{l}" for l in send_lines] for e in sends))
    # times are printed to the nanosecond: start and length are each rounded
    bad = [(a, b) for a, b in zip(mine, mine[1:]) if a["ts"] + a["dur"] > b["ts"] + 2e-3]
    check(f"rank {r}: spans do not overlap" + (f" ({bad[0]})" if bad else ""), not bad)
    check(f"rank {r}: spans end by {end} s", all(e["ts"] + e["dur"] <= end * 1e6 + 1 for e in mine))
    check(f"rank {r}: receives take time", sum(e["dur"] for e in recvs) > 0)
    check(f"rank {r}: each send says it sent 1024 bytes to rank {(r + 1) % 4}",
          all(e["args"].get("to") == (r + 1) % 4 and e["args"].get("sent") == 1024 and "from" not in e["args"] for e in sends))
    check(f"rank {r}: each receive says it received 1024 bytes from rank {(r + 3) % 4}",
          all(e["args"].get("from") == (r + 3) % 4 and e["args"].get("received") == 1024 and "to" not in e["args"] for e in recvs))
# arrows: each message from rank k to rank k+1, ending inside one of the receiver's MPI_Recv
starts = {e["id"]: e for e in d["traceEvents"] if e["ph"] == "s"}
ends = {e["id"]: e for e in d["traceEvents"] if e["ph"] == "f"}
check("12 arrows, each with both ends", len(starts) == 12 and set(starts) == set(ends))
def in_recv(e):
    return any(x["tid"] == e["tid"] and x["name"] == "MPI_Recv" and x["ts"] - 2e-3 <= e["ts"] <= x["ts"] + x["dur"] + 2e-3
               for x in spans)
check("arrows go to the next rank, forward in time, into a receive",
      all(ends[i]["tid"] == (starts[i]["tid"] + 1) % 4 and ends[i]["ts"] > starts[i]["ts"] and in_recv(ends[i])
          for i in starts if i in ends))
sys.exit(0 if ok else 1)
PY
# a run that ends in the deadlock report still leaves valid JSON
"$top/wrappers/simcc" -g "$top/samples/deadlock.c" -o deadlock || exit 1
"$top/wrappers/simrun" -np 2 --timeline="$work/dl.json" ./deadlock >/dev/null 2>&1
# with each rank's blocked MPI_Ssend as a span up to the end, marked blocked
if python3 -c '
import json, sys
d = json.load(open("dl.json"))
b = {e["tid"] for e in d["traceEvents"] if e.get("args", {}).get("blocked") and e["name"] == "MPI_Ssend"}
sys.exit(b != {0, 1})' 2>/dev/null; then
  echo "ok: a deadlocked run leaves a valid timeline with the blocked calls"
else
  echo "FAIL: deadlocked run: $(tail -c 200 dl.json)"; fail=1
fi
cat > early_exit.c <<'C'
#include <mpi.h>
#include <stdlib.h>
int main(int argc, char **argv) { MPI_Init(&argc, &argv); MPI_Barrier(MPI_COMM_WORLD); exit(3); }
C
"$top/wrappers/simcc" early_exit.c -o early_exit
"$top/wrappers/simrun" -q -np 2 --timeline=exit.json ./early_exit 2>/dev/null
if python3 -c 'import json; json.load(open("exit.json"))' 2>/dev/null; then
  echo "ok: a run ended by exit() leaves a valid timeline"
else
  echo "FAIL: exit() run: $(tail -c 200 exit.json)"; fail=1
fi
out=$("$top/wrappers/simrun" -np 2 --timeline=run.txt ./ring 1 2>&1)
rc=$?
if [ $rc -ne 0 ] && [ "$(grep -c . <<< "$out")" = 1 ] && grep -q 'give a name ending in .json .* or .html' <<< "$out"; then
  echo "ok: a .txt name is refused in one line"
else
  echo "FAIL: .txt name: rc $rc: $out"; fail=1
fi
exit $fail
