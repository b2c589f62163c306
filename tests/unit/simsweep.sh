#!/usr/bin/env bash
# simsweep on this machine: a strong-scaling and a weak-scaling sweep, a platform axis with a
# --cfg axis, a --host-speed axis (smpi_execute's time scales with it), a replay sweep over
# traces recorded at two rank counts; each CSV number is checked against simrun's own output
# (the point's kept stderr, and the same run made directly with simrun), speedup and
# efficiency against their definitions, and the JSON against the CSV. A point that deadlocks
# and one that reaches --timeout are reported failed with simpi's message and the others go
# on. Bad input is one line and a non-zero status.
# time limit: 400
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
sweep() { "$top/wrappers/simsweep" -j 2 "$@"; }
nosim=--cfg=smpi/simulate-computation:no

"$top/wrappers/simcc" -O2 "$top/tests/unit/sweep_work.c" -o sweep_work || exit 1

"$top/wrappers/simsweep" --help > help.txt
if grep -q -- '--slurm' help.txt && grep -q -- '--host-speed=LIST' help.txt &&
   "$top/wrappers/simsweep" --version | grep -q simpi; then
  ok "simsweep --help and --version"
else
  bad "simsweep --help or --version"
fi

sweep -np 1,2,4 $nosim -o strong.html -- ./sweep_work 0.008 > strong.out 2>&1 || bad "strong sweep: status $?"
sweep -np 1,2,4 $nosim -o weak.html -- ./sweep_work 0.00{np} > weak.out 2>&1 || bad "weak sweep: status $?"
sweep -np 4 --platform=cluster,torus-3d --cfg=smpi/allreduce:rdb,redbcast_linear $nosim -o axes.html \
  -- ./sweep_work 0.008 > axes.out 2>&1 || bad "platform and cfg sweep: status $?"
sweep -np 2 --host-speed=1Gf,2Gf $nosim -o speed.html -- ./sweep_work 0.008 > speed.out 2>&1 ||
  bad "host-speed sweep: status $?"
for n in 2 4; do
  "$top/wrappers/simrun" -q -np $n $nosim --trace-ti=tr$n.txt ./sweep_work 0.008 || bad "recording at $n ranks"
done
sweep --replay='tr{np}.txt' -np 2,4 --platform=cluster,laptop -o replay.html > replay.out 2>&1 ||
  bad "replay sweep: status $?"
sweep -np 1,2,3,5 --timeout=3 $nosim -o failing.html -- ./sweep_work 0.008 deadlock=3 hang=5 > failing.out 2>&1
rc=$?
[ $rc = 1 ] && ok "a sweep with failed points ends with status 1" || bad "a sweep with failed points: status $rc"
cat strong.out

# direct.txt: "KEY SIMULATED MSGS CRITICAL" of the same runs made with simrun itself
direct() {
  local key=$1 out
  shift
  out=$("$top/wrappers/simrun" --stats "$@" 2>&1 >/dev/null)
  echo "$key $(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' <<< "$out") \
$(awk '/^  [0-9]+ / { m += $6 } END { print m + 0 }' <<< "$out") \
$(sed -n 's/^simpi: critical path \([0-9.]*\) s .*/\1/p' <<< "$out")" >> direct.txt
}
for n in 1 2 4; do
  direct strong/$n -np $n $nosim ./sweep_work 0.008
  direct weak/$n -np $n $nosim ./sweep_work 0.00$n
done
for p in cluster torus-3d; do
  for a in rdb redbcast_linear; do
    direct axes/$p/$a -np 4 --platform=$p --cfg=smpi/allreduce:$a $nosim ./sweep_work 0.008
  done
done
for h in 1Gf 2Gf; do
  direct speed/$h -np 2 --cfg=smpi/host-speed:$h $nosim ./sweep_work 0.008
done
for p in cluster laptop; do
  for n in 2 4; do
    direct replay/$p/$n --replay=tr$n.txt --platform=$p
  done
done

python3 - "$top/tests/unit" <<'PY' || fail=1
import csv, json, os, re, sys
sys.path.insert(0, sys.argv[1])
from checks import check, done

def rows(name):
    return list(csv.DictReader(open(name + ".csv")))

def close(a, b, tol=5e-7):
    return a is not None and b is not None and abs(float(a) - float(b)) <= tol

direct = {}
for line in open("direct.txt"):
    k, *v = line.split()
    direct[k] = v

def against_simrun(name, key_of):
    """every ok row: simulated time, messages and critical path as simrun printed them, both in the
    point's own stderr and in the same run made directly"""
    for r in rows(name):
        folder = os.path.join(name + ".points", r["point"])
        err = open(os.path.join(folder, "stderr")).read()
        m = re.search(r"^simpi: simulated time ([0-9.]+) s", err, re.M)
        check(f"{name} {r['point']}: simulated {r['simulated_s']} = its own final line ({m and m.group(1)})",
              m is not None and close(r["simulated_s"], m.group(1)))
        t, msgs, cp = direct[key_of(r)]
        check(f"{name} {key_of(r)}: simulated, messages, critical path {r['simulated_s']}, {r['msgs']}, "
              f"{r['critical_path_s']} = simrun's {t}, {msgs}, {cp}",
              close(r["simulated_s"], t) and int(r["msgs"]) == int(msgs) and close(r["critical_path_s"], cp))

strong = rows("strong")
check("strong: 3 points, all ok", [r["status"] for r in strong] == ["ok"] * 3)
against_simrun("strong", lambda r: f"strong/{r['np']}")
t1 = float(strong[0]["simulated_s"])
for r in strong:
    n, t = int(r["np"]), float(r["simulated_s"])
    check(f"strong np={n}: speedup {r['speedup']} = T1/Tn, efficiency {r['efficiency']} = speedup/n",
          close(r["speedup"], t1 / t, 1e-6) and close(r["efficiency"], t1 / t / n, 1e-6))
    check(f"strong np={n}: computation {r['compute_s']} s per rank = 8 ms / {n}", close(r["compute_s"], 0.008 / n, 1e-9))
    check(f"strong np={n}: computation + communication + waiting <= simulated time",
          float(r["compute_s"]) + float(r["communication_s"]) + float(r["waiting_s"]) <= t + 1e-9)
shown = {int(t[0]): t[3] for t in (l.split() for l in open("strong.out")) if len(t) > 3 and t[1] == "ok"}
check(f"strong: the terminal's rows show every speedup, as the CSV has it ({shown})",
      shown == {int(r["np"]): format(float(r["speedup"]), ".3f") for r in strong})
js = json.load(open("strong.json"))
check("strong.json: strong scaling, the CSV's columns and numbers",
      js["scaling"] == "strong" and js["columns"] == list(strong[0].keys()) and all(
          close(p["simulated_s"], r["simulated_s"], 1e-12) and p["msgs"] == int(r["msgs"])
          for p, r in zip(js["points"], strong)))

weak = rows("weak")
against_simrun("weak", lambda r: f"weak/{r['np']}")
js = json.load(open("weak.json"))
check("weak: {np} in the arguments makes weak scaling", js["scaling"] == "weak")
cmd = open(os.path.join("weak.points", weak[2]["point"], "cmd")).read()
check("weak: the np=4 point ran ./sweep_work 0.004", "sweep_work 0.004" in cmd and "-np 4" in cmd)
t1 = float(weak[0]["simulated_s"])
for r in weak:
    n, t = int(r["np"]), float(r["simulated_s"])
    check(f"weak np={n}: efficiency {r['efficiency']} = T1/Tn, speedup {r['speedup']} = n T1/Tn",
          close(r["efficiency"], t1 / t, 1e-6) and close(r["speedup"], n * t1 / t, 1e-6))

axes = rows("axes")
check("platform x cfg: 4 points", sorted((r["platform"], r["smpi/allreduce"]) for r in axes) ==
      [("cluster", "rdb"), ("cluster", "redbcast_linear"), ("torus-3d", "rdb"), ("torus-3d", "redbcast_linear")])
against_simrun("axes", lambda r: f"axes/{r['platform']}/{r['smpi/allreduce']}")
check("platform x cfg: the four points do not all take the same time", len({r["simulated_s"] for r in axes}) > 2)
check("platform x cfg: no speedup with a single rank count", all(r["speedup"] == "" for r in axes))

speed = rows("speed")
c = {r["host-speed"]: float(r["compute_s"]) for r in speed}
cmd = open(os.path.join("speed.points", speed[1]["point"], "cmd")).read()
check("host-speed: the 2Gf point ran with --cfg=smpi/host-speed:2Gf", "--cfg=smpi/host-speed:2Gf" in cmd)
check(f"host-speed: 2Gf makes smpi_execute's 4 ms per rank twice as long ({c})",
      close(c.get("1Gf"), 0.004, 1e-9) and close(c.get("2Gf"), 0.008, 1e-9))
against_simrun("speed", lambda r: f"speed/{r['host-speed']}")

replay = rows("replay")
check("replay: 4 points, all ok", [r["status"] for r in replay] == ["ok"] * 4)
against_simrun("replay", lambda r: f"replay/{r['platform']}/{r['np']}")
cmd = open(os.path.join("replay.points", replay[-1]["point"], "cmd")).read()
check("replay: the np=4 point replays tr4.txt", "tr4.txt" in cmd and "--replay=" in cmd)
check("replay: a trace per rank count is strong scaling", json.load(open("replay.json"))["scaling"] == "strong")

failing = {int(r["np"]): r for r in rows("failing")}
check("failing: 1 and 2 ranks ran", failing[1]["status"] == "ok" and failing[2]["status"] == "ok")
check(f"failing: the deadlock at 3 ranks is reported ({failing[3]['message']})",
      failing[3]["status"] == "failed" and "deadlock" in failing[3]["message"] and failing[3]["simulated_s"] == "")
check(f"failing: the point that hangs at 5 ranks reached --timeout ({failing[5]['message']})",
      failing[5]["status"] == "failed" and "--timeout" in failing[5]["message"] and failing[5]["exit"] == "255")
out = open("failing.out").read()
check("failing: the table shows both messages and the summary counts them",
      "deadlock" in out and "--timeout" in out and "2 ran, 2 failed" in out)
done()
PY

# bad input: one line on stderr, a non-zero status, nothing run
bad_input() {
  local want=$1 out rc
  shift
  out=$("$top/wrappers/simsweep" "$@" 2>&1 >/dev/null)
  rc=$?
  if [ $rc -ne 0 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] && grep -q -- "$want" <<< "$out"; then
    ok "simsweep $*: $out"
  else
    bad "simsweep $*: status $rc, stderr: $out"
  fi
}
bad_input "unknown option '--bogus'" --bogus ./sweep_work
bad_input "program './missing' not found" -np 2 ./missing
bad_input "not a positive whole number" -np 0,2 ./sweep_work
bad_input "platform 'nowhere' not found" --platform=nowhere ./sweep_work
bad_input "no program given" -np 2,4
bad_input "not built with simcc" -np 2 /bin/true
bad_input "trace 'none.txt' not found" --replay=none.txt
bad_input "one trace per rank count" --replay=tr2.txt -np 2,4
bad_input "needs --slurm" --partition=x ./sweep_work
bad_input "no sweep there" --collect "$work/nowhere"
exit $fail
