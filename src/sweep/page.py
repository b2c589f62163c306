"""STUDY.html: one self-contained page (inline SVG and CSS, no script, no network) with the
study's plots and its table; each point links to its folder's files and its timeline."""
import os
import shlex
from html import escape

from . import point as pt
from . import svg
from .rows import label, series

STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 16px 24px; color: #222; background: #fff; }
h1 { font-size: 20px; margin: 0 0 4px; } h2 { font-size: 16px; margin: 22px 0 6px; }
pre { background: #f4f4f4; padding: 6px 8px; white-space: pre-wrap; word-break: break-all; margin: 4px 0; }
.charts { display: flex; flex-wrap: wrap; gap: 10px 18px; align-items: flex-start; }
.chart text { font: 11px system-ui, sans-serif; fill: #333; } .chart .title { font-size: 13px; font-weight: 600; }
.chart .grid { stroke: #e4e4e4; } .chart .axis, .chart .tickmark { stroke: #555; }
.chart .series { fill: none; stroke-width: 2; } .chart .ideal { fill: none; stroke: #999; stroke-dasharray: 5 4; }
.legend span { display: inline-block; margin-right: 16px; } .legend i { display: inline-block; width: 12px;
  height: 12px; margin-right: 5px; vertical-align: -1px; }
table { border-collapse: collapse; font-size: 12px; } th, td { border: 1px solid #ddd; padding: 2px 6px; }
th { background: #f0f0f0; } td { white-space: nowrap; } td.n { text-align: right; font-variant-numeric: tabular-nums; }
tr.failed td { background: #fdecea; } tr.notrun td { color: #999; } .msg { color: #b00020; }
"""

PARTS = [("computation", "#9e9e9e"), ("communication", "#1f77b4"), ("waiting", "#ff7f0e"), ("file I/O", "#8c564b")]
IO_SHOWN = [("io_s", "file I/O (s)", ".6f"), ("io_read", "bytes read", ".0f"), ("io_written", "bytes written", ".0f")]
PATH_PARTS = [("critical path: computation", "#555555"), ("critical path: transfers", "#17becf"),
              ("off the critical path", "#e0e0e0")]

# table columns after the axes: (column, heading, format)
SHOWN = [("status", "status", None), ("simulated_s", "simulated (s)", ".6f"), ("speedup", "speedup", ".3f"),
         ("efficiency", "efficiency", ".3f"), ("compute_s", "computation (s)", ".6f"),
         ("communication_s", "communication (s)", ".6f"), ("waiting_s", "waiting (s)", ".6f"),
         ("msgs", "messages", "d"), ("bytes", "bytes", ".0f"), ("critical_path_s", "critical path (s)", ".6f"),
         ("critical_path_share", "path / run", ".3f"), ("wall_s", "wall (s)", ".2f")]


def point_label(plan, p):
    return ", ".join(f"{n}={v}" if n != "np" else f"np={v}" for n, v in p["values"].items()) or p["name"]


def legend(colours):
    return '<div class="legend">' + "".join(
        f'<span><i style="background:{c}"></i>{escape(l)}</span>' for l, c in colours) + "</div>"


def scaling_charts(plan, rows):
    """time, speedup and efficiency against ranks, a line per combination of the other axes"""
    keys = []
    for p in plan["points"]:
        k = series(plan, p)
        if k not in keys:
            keys.append(k)
    colour = {k: svg.PALETTE[i % len(svg.PALETTE)] for i, k in enumerate(keys)}
    ok = [(p, r) for p, r in zip(plan["points"], rows) if r["simulated_s"] is not None]
    nps = sorted({r["np"] for _, r in ok})
    logx = len(nps) > 1 and nps[0] > 0 and nps[-1] / nps[0] >= 4
    times = [r["simulated_s"] for _, r in ok if r["simulated_s"] > 0]
    logy = plan["scaling"] == "strong" and len(times) > 1 and max(times) / min(times) >= 10

    def lines_of(col, fmt):
        out = []
        for k in keys:
            pts = sorted((r["np"], r[col], p["name"], f"{point_label(plan, p)}: {format(r[col], fmt)}")
                         for p, r in ok if series(plan, p) == k and r[col] is not None)
            out.append((label(k), colour[k], pts))
        return out
    base = nps[0] if nps else 1
    ideal = [(n, n / base) for n in nps]
    charts = [svg.lines("plot-time", "Simulated time", "ranks", "seconds", lines_of("simulated_s", ".6f"),
                        logx=logx, logy=logy),
              svg.lines("plot-speedup", f"Speedup ({plan['scaling']} scaling; dashed: ideal)", "ranks",
                        f"against {base} rank{'s' if base > 1 else ''}", lines_of("speedup", ".3f"), logx=logx,
                        ideal=ideal),
              svg.lines("plot-efficiency", "Parallel efficiency (dashed: ideal)", "ranks", "efficiency",
                        lines_of("efficiency", ".3f"), logx=logx, ideal=[(n, 1.0) for n in nps])]
    return legend([(label(k), colour[k]) for k in keys]) if len(keys) > 1 else "", charts


def bar_charts(plan, rows, dir, html_dir):
    ok = [(p, r) for p, r in zip(plan["points"], rows) if r["simulated_s"] is not None]
    lab = [point_label(plan, p) for p, _ in ok]
    width = min(230, 40 + 6 * max([len(l) for l in lab] + [10]))
    charts = []
    if len({r["np"] for _, r in ok}) <= 1:
        charts.append(svg.bars("plot-time", "Simulated time", "seconds",
                               [(l, p["name"], [r["simulated_s"]], "") for l, (p, r) in zip(lab, ok)],
                               [("simulated time", svg.PALETTE[0])], width))
    parts = PARTS if any(r["io_s"] for _, r in ok) else PARTS[:3]
    charts.append(svg.bars("plot-breakdown", "Where the time goes (mean per rank)", "seconds",
                           [(l, p["name"], [r["compute_s"], r["communication_s"], r["waiting_s"], r["io_s"]],
                             f"simulated time {r['simulated_s']:.6f} s") for l, (p, r) in zip(lab, ok)],
                           parts, width))
    charts.append(svg.bars("plot-messages", "Messages sent (all ranks)", "messages",
                           [(l, p["name"], [r["msgs"]], f"{r['bytes']:.0f} bytes") for l, (p, r) in zip(lab, ok)],
                           [("messages", "#2ca02c")], width))
    charts.append(svg.bars("plot-bytes", "Bytes sent (all ranks)", "bytes",
                           [(l, p["name"], [r["bytes"]], f"{r['msgs']} messages") for l, (p, r) in zip(lab, ok)],
                           [("bytes", "#9467bd")], width))
    path = []
    for l, (p, r) in zip(lab, ok):
        t = r["simulated_s"] or 0.0
        comp = r["critical_path_compute_s"] / t if t > 0 else 0.0
        share = r["critical_path_share"] or 0.0
        comp = min(comp, share)
        path.append((l, p["name"], [comp, share - comp, max(1.0 - share, 0.0)],
                     f"the critical path is {share:.1%} of the run"))
    charts.append(svg.bars("plot-critical", "The critical path's share of the run", "share of the simulated time",
                           path, PATH_PARTS, width, top=1.0))
    return legend(parts) + legend(PATH_PARTS), charts


def cell(row, col, fmt):
    v = row[col]
    if v is None:
        return f'<td class="n" data-col="{col}"></td>'
    text = format(v, fmt) if fmt else str(v)
    cls = ' class="n"' if fmt else ""
    return f'<td{cls} data-col="{col}">{escape(text)}</td>'


def table(plan, rows, dir, html_dir):
    shown = SHOWN[:7] + IO_SHOWN + SHOWN[7:] if any(r["io_s"] for r in rows) else SHOWN
    axes = [n for n, _ in plan["axes"]]
    axes = ["np"] + [a for a in axes if a != "np"]
    head = "".join(f"<th>{escape(h)}</th>" for h in ["point"] + axes + [h for _, h, _ in shown] + ["files"])
    body = []
    for p, r in zip(plan["points"], rows):
        rel = os.path.relpath(pt.folder(dir, p), html_dir)
        files = [(f, f) for f in ("cmd", "stdout", "stderr", "stats.json")]
        f = pt.folder(dir, p)
        files += [(n, n.split(".")[0]) for n in sorted(os.listdir(f)) if n.startswith("timeline.")] \
            if os.path.isdir(f) else []
        links = " ".join(f'<a href="{escape(rel + "/" + n)}">{escape(t)}</a>' for n, t in files
                         if os.path.exists(os.path.join(f, n)))
        cls = {"ok": "ok", "failed": "failed"}.get(r["status"], "notrun")
        cells = [f'<td data-col="point">{escape(p["name"])}</td>']
        cells += [f'<td data-col="{escape(a)}">{escape(str(r[a]) if r[a] is not None else "")}</td>' for a in axes]
        cells += [cell(r, c, fmt) for c, _, fmt in shown]
        cells.append(f"<td>{links}</td>")
        body.append(f'<tr class="{cls}" data-point="{escape(p["name"])}">' + "".join(cells) + "</tr>")
        if r["message"]:
            body.append(f'<tr class="{cls}"><td></td><td class="msg" colspan="{len(axes) + len(shown) + 1}">'
                        f'{escape(r["message"])}</td></tr>')
    return f'<table id="points"><thead><tr>{head}</tr></thead><tbody>\n' + "\n".join(body) + "\n</tbody></table>"


def write(path, plan, rows, dir):
    html_dir = os.path.dirname(os.path.abspath(path))
    n = len(rows)
    failed = sum(r["status"] == "failed" for r in rows)
    notrun = sum(r["status"] == "not run" for r in rows)
    what = os.path.basename(plan["program"]) if plan["program"] else "trace replay"
    nps = {r["np"] for r in rows if r["simulated_s"] is not None}
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>simsweep: {escape(what)}</title><style>{STYLE}</style></head>",
           f'<body data-points="{n}" data-failed="{failed}" data-notrun="{notrun}">',
           f"<h1>simsweep: {escape(what)}</h1>",
           f"<pre>{escape(shlex.join(plan['command']))}</pre>",
           f"<p>{n} point{'s' if n != 1 else ''}: {n - failed - notrun} ran, {failed} failed"
           f"{f', {notrun} not run' if notrun else ''}. Times are simulated seconds; "
           f"{plan['scaling']} scaling: speedup and efficiency against the smallest rank count of each line.</p>"]
    if len(nps) > 1:
        leg, charts = scaling_charts(plan, rows)
        out += ["<h2>Scaling</h2>", leg, '<div class="charts">'] + charts + ["</div>"]
    leg, charts = bar_charts(plan, rows, dir, html_dir)
    out += ["<h2>Where the time goes</h2>",
            "<p>Per point, the mean rank's simulated time in computation, in MPI calls moving data (communication) "
            "and in MPI calls waiting for a partner (a receive before its send, a rendezvous send before its "
            "receive), and in MPI_File calls when there are any (file I/O); the messages and bytes all ranks sent; the critical path (the longest chain of "
            "computation and message transfers) as a share of the run.</p>", leg, '<div class="charts">'] \
        + charts + ["</div>", "<h2>Points</h2>", table(plan, rows, dir, html_dir), "</body></html>"]
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        fh.write("\n".join(out) + "\n")
    os.replace(tmp, path)
