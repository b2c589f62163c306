#!/usr/bin/env bash
# simsweep over an OTF2 trace (Score-P's layout, written by otf2_scorep.c): --replay=TRACE.otf2
# with an --otf2-speed axis and a platform axis; each point's simulated time is simrun's own
# replay of the trace at that speed and platform, and faster target hosts shorten the run.
# --otf2-speed without an OTF2 trace is one line and status 2. Without OTF2's development
# files (pkg-config otf2) the test is skipped with a note, except under CI=true.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

if ! pkg-config --exists otf2; then
  [ "${CI:-}" = true ] && { echo "FAIL: OTF2 is not installed (libotf2-trace-dev)"; exit 1; }
  echo "note: OTF2 is not installed: test skipped"
  exit 0
fi
cc -O1 "$top/tests/unit/otf2_scorep.c" -o otf2_scorep $(pkg-config --cflags --libs otf2) || exit 1
./otf2_scorep pattern pattern || exit 1

"$top/wrappers/simsweep" -j 2 --replay=pattern/traces.otf2 --otf2-speed=0.5,1,4 --platform=cluster,laptop \
  -o otf2.html > otf2.out 2>&1 || bad "the sweep: status $? ($(tail -3 otf2.out))"
for p in cluster laptop; do
  for r in 0.5 1 4; do
    t=$("$top/wrappers/simrun" --replay=pattern/traces.otf2 --otf2-speed=$r --platform=$p 2>&1 |
      sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p')
    echo "$p $r $t" >> direct.txt
  done
done

python3 - "$top/tests/unit" <<'PY' || fail=1
import csv, sys
sys.path.insert(0, sys.argv[1])
from checks import check, done
rows = {(r["platform"], r["otf2-speed"]): r for r in csv.DictReader(open("otf2.csv"))}
check(f"6 points, all ok ({sorted(rows)})", len(rows) == 6 and all(r["status"] == "ok" for r in rows.values()))
for line in open("direct.txt"):
    p, s, t = line.split()
    got = rows.get((p, s), {}).get("simulated_s")
    check(f"{p} at --otf2-speed={s}: {got} s, as simrun's replay ({t} s)",
          got is not None and abs(float(got) - float(t)) <= 5e-7 and rows[(p, s)]["np"] == "4")
for p in ("cluster", "laptop"):
    t = [float(rows[(p, s)]["simulated_s"]) for s in ("0.5", "1", "4")]
    check(f"{p}: faster target hosts, shorter runs ({t})", t[0] > t[1] > t[2])
done()
PY

out=$("$top/wrappers/simsweep" --replay=pattern/traces.otf2 --otf2-speed=1,2 -np 2 ./otf2_scorep 2>&1)
[ $? = 2 ] && grep -q "without a program" <<< "$out" && ok "a program with --replay: $out" || bad "$out"
out=$("$top/wrappers/simsweep" --otf2-speed=1,2 -- ./otf2_scorep 2>&1)
[ $? = 2 ] && grep -q "give them with --replay=TRACE.otf2" <<< "$out" && ok "--otf2-speed without a trace: $out" ||
  bad "--otf2-speed without a trace: $out"
exit $fail
