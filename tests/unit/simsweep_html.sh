#!/usr/bin/env bash
# simsweep's page, opened in headless Chromium: it loads with no console error and is
# self-contained; its plots are there (time, speedup and efficiency against ranks with a line
# per platform, the computation / communication / waiting bars, messages, bytes, the critical
# path's share) and each mark carries its point's number from the CSV; the table's numbers are
# the CSV's, a failed point shows its message, each point links to its own timeline; the
# screenshot (tests/build/unit/simsweep_study.png) shows the lines' and bars' colours.
# Without Chromium the test is skipped (it passes with a note), except under CI=true.
# time limit: 300
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
shots=$top/tests/build/unit
mkdir -p "$shots"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1

. "$top/tests/unit/browser.sh"

"$top/wrappers/simcc" -O2 "$top/tests/unit/sweep_work.c" -o sweep_work || exit 1
"$top/wrappers/simsweep" -j 2 -np 1,2,3,4,8 --platform=cluster,torus-3d --cfg=smpi/simulate-computation:no \
  --timeline=run.html -o study.html -- ./sweep_work 0.008 deadlock=3 > sweep.out 2>&1
echo "simsweep: status $? (2 points deadlock)"

window=1100,1000 chrome study.dom --dump-dom "file://$work/study.html"
window=1100,1500 chrome shot.out --screenshot="$shots/simsweep_study.png" "file://$work/study.html"

python3 - "$shots" "$top/tests/unit" <<'PY'
import csv, os, re, sys
from html.parser import HTMLParser
sys.path.insert(0, sys.argv[2])
from png_pixels import share
from checks import check, done, passed

class Page(HTMLParser):
    """the page's SVG marks (per chart), table cells (per row) and links"""
    def __init__(self):
        super().__init__()
        self.svg, self.marks, self.lines, self.rows, self.links = None, {}, {}, [], []
        self.td = None
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg":
            self.svg = a.get("id")
            self.marks[self.svg] = []
            self.lines[self.svg] = 0
        elif tag in ("circle", "rect") and "data-point" in a:
            self.marks[self.svg].append(a)
        elif tag == "polyline" and a.get("class") == "series":
            self.lines[self.svg] += 1
        elif tag == "tr":
            self.rows.append({"point": a.get("data-point"), "cells": {}, "text": ""})
        elif tag == "td":
            self.td = a.get("data-col", "")
            if self.rows:
                self.rows[-1]["cells"][self.td] = ""
        elif tag == "a":
            self.links.append(a.get("href", ""))
    def handle_endtag(self, tag):
        if tag == "svg":
            self.svg = None
        elif tag == "td":
            self.td = None
    def handle_data(self, data):
        if self.rows and self.td is not None:
            self.rows[-1]["cells"][self.td] += data
        if self.rows:
            self.rows[-1]["text"] += data

html = open("study.html").read()
dom = open("study.dom").read()
check("Chromium loaded the page", "<table id=\"points\"" in dom)
errors = [l.strip() for f in ("study.dom.log", "shot.out.log") for l in open(f)
          if "Uncaught" in l or ("CONSOLE" in l and "ERROR" in l) or "Failed to load" in l]
check("no console error" + (f" ({errors[0]})" if errors else ""), not errors)
ext = re.findall(r"\bsrc\s*=|href=\"https?:|@import|url\(", html)
check("the page is self-contained" + (f" (found {ext[0]})" if ext else ""), not ext)

page = Page()
page.feed(dom)
rows = list(csv.DictReader(open("study.csv")))
good = [r for r in rows if r["status"] == "ok"]
failed = [r for r in rows if r["status"] == "failed"]
check(f"10 points: 8 ran, the 2 at 3 ranks failed ({len(good)}, {len(failed)})",
      len(rows) == 10 and len(good) == 8 and {r["np"] for r in failed} == {"3"})
by_point = {r["point"]: r for r in rows}
for chart in ["plot-time", "plot-speedup", "plot-efficiency", "plot-breakdown", "plot-messages", "plot-bytes",
              "plot-critical"]:
    check(f"{chart} is drawn ({len(page.marks.get(chart, []))} marks)", len(page.marks.get(chart, [])) > 0)
for chart, col in [("plot-time", "simulated_s"), ("plot-speedup", "speedup"), ("plot-efficiency", "efficiency")]:
    marks = page.marks.get(chart, [])
    same = all(float(m["data-value"]) == float(by_point[m["data-point"]][col]) for m in marks)
    check(f"{chart}: a mark per point that ran, a line per platform, each at the CSV's {col}",
          sorted(m["data-point"] for m in marks) == sorted(r["point"] for r in good) and same
          and page.lines[chart] == 2)
parts = {"computation": "compute_s", "communication": "communication_s", "waiting": "waiting_s"}
bars = page.marks.get("plot-breakdown", [])
check("plot-breakdown: each part of each bar is the CSV's computation, communication or waiting",
      all(float(m["data-value"]) == float(by_point[m["data-point"]][parts[m["data-part"]]]) for m in bars)
      and {m["data-point"] for m in bars} == {r["point"] for r in good})
check("plot-messages: each bar is the CSV's message count",
      all(float(m["data-value"]) == float(by_point[m["data-point"]]["msgs"]) for m in page.marks["plot-messages"]))
path = {}
for m in page.marks["plot-critical"]:
    path.setdefault(m["data-point"], 0.0)
    if m["data-part"] != "off the critical path":
        path[m["data-point"]] += float(m["data-value"])
check("plot-critical: the path's parts add up to the CSV's critical path share",
      all(abs(v - float(by_point[p]["critical_path_share"])) < 1e-9 for p, v in path.items()) and len(path) == 8)

fmt = {"simulated_s": ".6f", "speedup": ".3f", "efficiency": ".3f", "compute_s": ".6f", "communication_s": ".6f",
       "waiting_s": ".6f", "critical_path_s": ".6f"}
table = [r for r in page.rows if r["point"]]
check(f"the table has a row per point ({len(table)})", [r["point"] for r in table] == [r["point"] for r in rows])
for t in table:
    r = by_point[t["point"]]
    want = {c: format(float(r[c]), f) if r[c] else "" for c, f in fmt.items()}
    want["msgs"], want["status"], want["np"] = r["msgs"], r["status"], r["np"]
    got = {c: t["cells"].get(c, "?") for c in want}
    if got != want:
        check(f"table row {t['point']}: {got} != CSV {want}", False)
check("the table's numbers are the CSV's", passed())
msgs = [r["text"] for r in page.rows if not r["point"] and r["cells"]]  # not the heading
check("each failed point's message is under its row",
      len(msgs) == 2 and all("deadlock" in m for m in msgs))
for r in rows:
    link = f"study.points/{r['point']}/timeline.html"
    check(f"{r['point']} links to its timeline, which exists", link in page.links and os.path.exists(link))
for colour, what, least in [("#1f77b4", "the cluster line", 0.0005), ("#ff7f0e", "the torus-3d line", 0.0005),
                            ("#9e9e9e", "computation bars", 0.002)]:
    s = share(f"{sys.argv[1]}/simsweep_study.png", colour)
    check(f"screenshot: {what} in {colour} ({s:.2%} of the pixels)", s > least)
done()
PY
rc=$?
echo "screenshot: $shots/simsweep_study.png"
exit $rc
