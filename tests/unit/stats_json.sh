#!/usr/bin/env bash
# --stats=FILE.json: the statistics as JSON, the same numbers as the table --stats
# prints; the time a rank waits for its partner (a late sender, the late receiver of
# a rendezvous send) is counted exactly; a deadlocked run writes its partial numbers;
# a file that cannot be written is one line and a non-zero status before the run.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

cat > w.c <<'C'
#include <mpi.h>
#include <smpi/smpi.h>
static char big[1 << 20];
int main(int argc, char **argv)
{
  int rank, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  if (rank == 0) {
    smpi_execute(1e-3);                                        /* a late sender: rank 1 waits 1 ms */
    MPI_Send(&x, 1, MPI_INT, 1, 0, MPI_COMM_WORLD);
    MPI_Send(big, sizeof big, MPI_CHAR, 1, 1, MPI_COMM_WORLD); /* rendezvous, late receiver: 2 ms more */
  } else {
    MPI_Recv(&x, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    smpi_execute(2e-3);
    MPI_Recv(big, sizeof big, MPI_CHAR, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  MPI_Finalize();
  return 0;
}
C
cat > io.c <<'C'
#include <mpi.h>
static char buf[1 << 20];
int main(int argc, char **argv)
{
  int rank;
  MPI_File fh;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_File_open(MPI_COMM_WORLD, "out.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &fh);
  MPI_File_write_at(fh, (MPI_Offset)rank << 20, buf, rank == 3 ? sizeof buf : sizeof buf / 2, MPI_CHAR,
                    MPI_STATUS_IGNORE);
  if (rank == 0)
    MPI_File_read_at(fh, 0, buf, 1000, MPI_CHAR, MPI_STATUS_IGNORE);
  MPI_File_close(&fh);
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" w.c -o w || exit 1
"$top/wrappers/simcc" io.c -o io || exit 1
"$top/wrappers/simcc" "$top/samples/deadlock.c" -o deadlock || exit 1

if "$top/wrappers/simrun" --help | grep -q -- '--stats=FILE.json'; then
  ok "simrun --help names --stats=FILE.json"
else
  bad "simrun --help does not name --stats=FILE.json"
fi

"$top/wrappers/simrun" -np 2 --stats=w.json --cfg=smpi/simulate-computation:no ./w 2> w.err
"$top/wrappers/simrun" -np 4 --stats=dead.json ./deadlock 2> dead.err
"$top/wrappers/simrun" -np 4 --stats=io.json ./io 2> io.err
python3 - <<'PY' || fail=1
import json, re
ok = True
def check(what, cond):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond

d = json.load(open("w.json"))
text = open("w.err").read()
wait = [r["waiting"] for r in d["per_rank"]]
check(f"rank 1 waited 1 ms for its late sender ({wait[1]})", abs(wait[1] - 1e-3) < 1e-9)
# rank 0's rendezvous send waits from 1 ms until rank 1 posts its receive: the small
# message's arrival (about 42 us after 1 ms) plus 2 ms of computation
check(f"rank 0 waited about 2 ms for its late receiver ({wait[0]})", 2e-3 < wait[0] < 2.1e-3)
check("the waiting is part of the point-to-point time",
      all(r["waiting"] <= r["p2p"] + 1e-12 for r in d["per_rank"]))
# the table's rows and the JSON's, to the table's 6 decimals
rows = {m[0]: [float(x) for x in m[1:]] for m in re.findall(
    r"^  (\w+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9.]+) +([0-9]+) +([0-9]+)$", text, re.M)}
keys = ["compute", "p2p", "collective", "other", "msgs", "bytes"]
for label, js in [("0", d["per_rank"][0]), ("1", d["per_rank"][1]), ("mean", d["mean"]), ("max", d["max"])]:
    got = [js[k] for k in keys]
    check(f"row {label}: JSON {got} = table {rows.get(label)}",
          label in rows and all(abs(a - b) < 5e-7 for a, b in zip(got, rows[label])))
m = re.search(r"waiting for a partner \(min, mean, max\): ([0-9.]+) ([0-9.]+) ([0-9.]+)", text)
check("the table's waiting line has the JSON's min, mean and max",
      m is not None and all(abs(float(m.group(i + 1)) - d[k]["waiting"]) < 5e-7
                            for i, k in enumerate(["min", "mean", "max"])))
m = re.search(r"critical path ([0-9.]+) s of ([0-9.]+) s simulated: computation ([0-9.]+) s.*\((\d+) message", text)
cp = d["critical_path"]
check(f"critical path {cp} as printed", m is not None and abs(float(m.group(1)) - cp["length"]) < 5e-7
      and abs(float(m.group(2)) - d["simulated_time"]) < 5e-7 and abs(float(m.group(3)) - cp["computation"]) < 5e-7
      and int(m.group(4)) == cp["messages"] and cp["ranks"] == 2)
m = re.search(r"simulated time ([0-9.]+) s, wall", text)
check("the final line's simulated time is the JSON's", m is not None and abs(float(m.group(1)) - d["simulated_time"]) < 5e-7)
check("the call sites are there with their lines", any(s["call"] == "MPI_Recv" and s["site"].startswith("w.c:")
                                                       for s in d["sites"]))
check("a run that ends normally is not partial", d["partial"] is None and d["ranks"] == 2)
io, text = json.load(open("io.json")), open("io.err").read()
rows = {m[0]: [float(x) for x in m[1:]] for m in re.findall(r"^  (\d+) +([0-9.]+) +([0-9]+) +([0-9]+)$",
                                                              text.split("file I/O")[-1], re.M)}
got = {str(i): [r["io"], r["io_read"], r["io_written"]] for i, r in enumerate(io["per_rank"])}
check(f"MPI-IO per rank: JSON {got} = table {rows}", len(rows) == 4 and all(
    abs(got[k][0] - rows[k][0]) < 5e-7 and got[k][1:] == rows[k][1:] for k in rows))
check("MPI-IO: the mean, the largest and the total of the bytes written",
      io["mean"]["io_written"] == 5 * 2**19 / 4 and io["max"]["io_written"] == 2**20
      and io["total"]["io_written"] == 5 * 2**19 and io["total"]["io_read"] == 1000 and io["min"]["io_read"] == 0)
check("MPI-IO time is part of the other calls' time", all(r["io"] <= r["other"] + 1e-12 for r in io["per_rank"]))
dead = json.load(open("dead.json"))
check(f"a deadlocked run's JSON says partial ({dead['partial']!r})", dead["partial"] and "deadlock" in dead["partial"])
exit(0 if ok else 1)
PY

out=$("$top/wrappers/simrun" -np 2 --stats=/nonexistent-dir/x.json ./w 2>&1)
rc=$?
if [ $rc -ne 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && grep -q -- '--stats=/nonexistent-dir/x.json: cannot write' <<< "$out"; then
  ok "an unwritable --stats file: one line ($out), status $rc"
else
  bad "an unwritable --stats file: status $rc, output: $out"
fi
exit $fail
