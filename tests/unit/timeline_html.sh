#!/usr/bin/env bash
# --timeline=RUN.html, opened in headless Chromium: the page loads without a
# JavaScript error and counts as many spans, arrows and ranks as the JSON
# timeline of the same run (the 64-rank ring, the Jacobi sample on 16 ranks,
# a deadlocked run); it is self-contained (no URL, no external file); with
# more spans than pixels it merges them (fewer rectangles drawn than spans)
# and with more than 2000 messages in view it draws no arrow until zoomed in;
# its screenshots (tests/build/unit/timeline_*.png) show the families'
# colours; simrun --help names the option. Without Chromium the test is skipped (it passes with a note),
# except under CI=true, where it fails.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
shots=$top/tests/build/unit
mkdir -p "$shots"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

if "$top/wrappers/simrun" --help | grep -q -- '--timeline=RUN.html'; then
  echo "ok: simrun --help names --timeline=RUN.html"
else
  echo "FAIL: simrun --help does not name --timeline=RUN.html"; exit 1
fi

. "$top/tests/unit/browser.sh"

fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }

"$top/wrappers/simcc" -O2 "$top/samples/ring.c" -o ring || exit 1
"$top/wrappers/simcc" -O2 "$top/samples/jacobi2d.c" -o jacobi -lm || exit 1
"$top/wrappers/simcc" -g "$top/samples/deadlock.c" -o deadlock || exit 1

# run NAME NP PROG ARGS...: the same run twice, into NAME.json and NAME.html. Every
# computation burst becomes a span (no threshold), so both runs have the same events.
run() {
  local name=$1 np=$2 ext
  shift 2
  for ext in json html; do
    "$top/wrappers/simrun" -q -np "$np" --cfg=smpi/cpu-threshold:0 --timeline="$work/$name.$ext" "$@" \
      >/dev/null 2>"$name.$ext.err"
  done
}
run ring 64 ./ring 200
run jacobi 16 ./jacobi 256 30
run deadlock 2 ./deadlock

# What the page says about itself: the attributes of <body> after loading.
for name in ring jacobi deadlock; do
  chrome "$name.dom" --dump-dom "file://$work/$name.html"
done
chrome ring-zoom.dom --dump-dom "file://$work/ring.html#t=1000,1200"
chrome ring.shot --screenshot="$shots/timeline_ring.png" "file://$work/ring.html"
chrome jacobi.shot --screenshot="$shots/timeline_jacobi.png" "file://$work/jacobi.html#t=1000,2600"

python3 - "$shots" "$top/tests/unit" <<'PY' || fail=1
import json, re, sys
shots = sys.argv[1]
sys.path.insert(0, sys.argv[2])
from png_pixels import share
ok = True
def check(what, cond):
    global ok
    print(("ok: " if cond else "FAIL: ") + what)
    ok = ok and cond

def body(name):
    dom = open(name + ".dom").read()
    m = re.search(r"<body([^>]*)>", dom)
    return dict(re.findall(r'data-([a-z-]+)="([^"]*)"', m.group(1))) if m else {}

def counts(name):
    """spans, arrows (messages whose receive completed) and ranks of the JSON timeline"""
    ev = json.load(open(name + ".json"))["traceEvents"]
    starts = {e["id"] for e in ev if e["ph"] == "s"}
    ends = {e["id"] for e in ev if e["ph"] == "f"}
    return {"spans": sum(e["ph"] == "X" for e in ev), "arrows": len(starts & ends),
            "ranks": sum(e.get("name") == "thread_name" for e in ev)}

pages = {}
for name in ["ring", "jacobi", "deadlock"]:
    b = pages[name] = body(name)
    want = counts(name)
    check(f"{name}: the page loaded without a JavaScript error" + (f" ({b['error']})" if "error" in b else ""),
          "spans" in b and "error" not in b)
    uncaught = [l for l in open(name + ".dom.log") if "Uncaught" in l]
    check(f"{name}: no uncaught exception in Chromium's log" + (f" ({uncaught[0].strip()})" if uncaught else ""),
          not uncaught)
    got = {k: int(b.get(k, -1)) for k in want}
    check(f"{name}: the page counts the run's spans, arrows and ranks {want} (page: {got})", got == want)
    html = open(name + ".html").read()
    ext = re.findall(r"(?:src|href)\s*=|https?://|@import|url\(", html)
    check(f"{name}: the page is self-contained" + (f" (found {ext[0]})" if ext else ""), not ext)

ring = pages["ring"]
check(f"ring: 64 ranks, more spans than pixels: merged into fewer rectangles ({ring.get('drawn-rects')} "
      f"for {ring.get('spans')} spans)", 0 < int(ring.get("drawn-rects", 0)) < int(ring.get("spans", 0)))
check(f"ring: {ring.get('arrows')} messages in view: no arrow drawn", ring.get("drawn-arrows") == "0"
      and int(ring.get("arrows", 0)) > 2000)
zoom = body("ring-zoom")
check(f"ring zoomed on 1000..1200 us: its arrows are drawn ({zoom.get('drawn-arrows')})",
      0 < int(zoom.get("drawn-arrows", 0)) <= 2000 and "error" not in zoom)
check("deadlock: the page shows the two calls blocked at the deadlock", pages["deadlock"].get("blocked") == "2")

recv = share(f"{shots}/timeline_ring.png", "#7fb8e0")
check(f"ring screenshot: receives drawn in their colour ({recv:.0%} of the pixels)", recv > 0.2)
for fam, rgb in [("sendrecv", "#17becf"), ("reduce", "#2ca02c")]:
    s = share(f"{shots}/timeline_jacobi.png", rgb)
    check(f"jacobi screenshot: {fam} drawn in its colour ({s:.0%} of the pixels)", s > 0.02)
sys.exit(0 if ok else 1)
PY
echo "screenshots: $shots/timeline_ring.png $shots/timeline_jacobi.png"
exit $fail
