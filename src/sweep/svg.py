"""Inline SVG charts for the study page: lines against ranks, and horizontal stacked bars.
Every mark carries data-point (the point's folder name) and data-value, and a <title> tooltip."""
import math
from html import escape

PALETTE = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22",
           "#17becf"]
W, H = 480, 310
LEFT, RIGHT, TOP, BOTTOM = 72, 16, 34, 46


def fmt(v):
    """a tick's label: short, no trailing zeros"""
    if v == 0:
        return "0"
    a = abs(v)
    if a >= 1e5 or a < 1e-3:
        return f"{v:.0e}".replace("e-0", "e-").replace("e+0", "e")
    return f"{v:.6g}"


def nice_step(span, n=5):
    raw = span / n if span > 0 else 1
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


class Scale:
    """maps data to pixels over [a, b]; log scales by the data's own range"""

    def __init__(self, values, a, b, log=False, zero=False, ticks=None):
        vals = [v for v in values if v is not None and (v > 0 or not log)]
        self.log, self.a, self.b = log, a, b
        if not vals:
            vals = [1.0]
        lo, hi = min(vals), max(vals)
        if log:
            lo, hi = math.log10(lo), math.log10(hi)
            if hi - lo < 1e-9:
                lo, hi = lo - 0.5, hi + 0.5
            pad = (hi - lo) * 0.06
            self.lo, self.hi = lo - pad, hi + pad
        else:
            if zero:
                lo = min(lo, 0.0)
            if hi - lo < 1e-12 * max(abs(hi), 1e-300):
                hi = lo + (abs(lo) or 1.0)
            step = nice_step(hi - lo)
            self.lo = math.floor(lo / step) * step if not zero or lo < 0 else 0.0
            self.hi = math.ceil(hi / step) * step
            self.step = step
        self.given = ticks

    def __call__(self, v):
        x = math.log10(v) if self.log else v
        return self.a + (x - self.lo) / (self.hi - self.lo) * (self.b - self.a)

    def ticks(self):
        if self.given:
            return [t for t in self.given if self.lo <= (math.log10(t) if self.log else t) <= self.hi]
        if not self.log:
            n = int(round((self.hi - self.lo) / self.step))
            return [self.lo + i * self.step for i in range(n + 1)]
        out = []
        for e in range(math.floor(self.lo), math.ceil(self.hi) + 1):
            for m in ((1, 2, 5) if self.hi - self.lo < 3 else (1,)):
                t = m * 10.0 ** e
                if self.lo <= math.log10(t) <= self.hi:
                    out.append(t)
        return out


def frame(chart_id, title, xlabel, ylabel, x, y, height=H, left=LEFT, yticks=True):
    """the chart's <svg> opening, axes, grid and labels; left: the plot's left edge"""
    parts = [f'<svg id="{chart_id}" class="chart" xmlns="http://www.w3.org/2000/svg" width="{W}" height="{height}" '
             f'viewBox="0 0 {W} {height}" role="img" aria-label="{escape(title)}">',
             f'<text class="title" x="{W / 2}" y="18" text-anchor="middle">{escape(title)}</text>']
    for t in y.ticks() if yticks else []:
        py = y(t)
        parts.append(f'<line class="grid" x1="{left}" x2="{W - RIGHT}" y1="{py:.1f}" y2="{py:.1f}"/>'
                     f'<text class="tick" x="{left - 6}" y="{py + 4:.1f}" text-anchor="end">{fmt(t)}</text>')
    for t in x.ticks():
        px = x(t)
        parts.append(f'<line class="tickmark" x1="{px:.1f}" x2="{px:.1f}" y1="{height - BOTTOM}" '
                     f'y2="{height - BOTTOM + 5}"/><text class="tick" x="{px:.1f}" y="{height - BOTTOM + 18}" '
                     f'text-anchor="middle">{fmt(t)}</text>')
    parts.append(f'<line class="axis" x1="{left}" x2="{W - RIGHT}" y1="{height - BOTTOM}" y2="{height - BOTTOM}"/>'
                 f'<line class="axis" x1="{left}" x2="{left}" y1="{TOP}" y2="{height - BOTTOM}"/>'
                 f'<text class="label" x="{(left + W - RIGHT) / 2}" y="{height - 8}" text-anchor="middle">'
                 f'{escape(xlabel)}</text><text class="label" transform="translate(16 {(TOP + height - BOTTOM) / 2}) '
                 f'rotate(-90)" text-anchor="middle">{escape(ylabel)}</text>')
    return parts


def lines(chart_id, title, xlabel, ylabel, series, logx=False, logy=False, ideal=None, zero=True):
    """series: [(label, colour, [(x, y, point, tip)])]; ideal: [(x, y)] drawn dashed"""
    xs = sorted({p[0] for _, _, pts in series for p in pts})
    ys = [p[1] for _, _, pts in series for p in pts] + [y for _, y in ideal or []]
    x = Scale(xs, LEFT + 10, W - RIGHT - 10, log=logx, ticks=xs if len(xs) <= 12 else None)
    y = Scale(ys, H - BOTTOM, TOP, log=logy, zero=zero and not logy)
    parts = frame(chart_id, title, xlabel, ylabel, x, y)
    if ideal:
        pts = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b in ideal if not logy or b > 0)
        parts.append(f'<polyline class="ideal" points="{pts}"><title>ideal</title></polyline>')
    for label, colour, pts in series:
        pts = [p for p in pts if p[1] is not None and (p[1] > 0 or not logy)]
        if len(pts) > 1:
            path = " ".join(f"{x(a):.1f},{y(b):.1f}" for a, b, _, _ in pts)
            parts.append(f'<polyline class="series" stroke="{colour}" points="{path}" '
                         f'data-series="{escape(label)}"/>')
        for a, b, name, tip in pts:
            parts.append(f'<circle class="mark" cx="{x(a):.1f}" cy="{y(b):.1f}" r="4" fill="{colour}" '
                         f'data-point="{escape(name)}" data-value="{b!r}"><title>{escape(tip)}</title></circle>')
    parts.append("</svg>")
    return "\n".join(parts)


def bars(chart_id, title, xlabel, rows, parts_def, label_width=230, top=None):
    """horizontal stacked bars. rows: [(label, point, [values], tip)]; parts_def: [(name, colour)];
    top: the scale's end (default: the longest bar's)"""
    bar, gap = 16, 6
    height = TOP + len(rows) * (bar + gap) + BOTTOM
    totals = [sum(v for v in vals if v) for _, _, vals, _ in rows]
    x = Scale([top] if top else totals + [0.0], label_width, W - RIGHT - 10, zero=True)
    y = Scale([0.0, 1.0], height - BOTTOM, TOP)
    out = frame(chart_id, title, xlabel, "", x, y, height, left=label_width, yticks=False)
    for i, (label, name, vals, tip) in enumerate(rows):
        top = TOP + gap / 2 + i * (bar + gap)
        out.append(f'<text class="rowlabel" x="{label_width - 6}" y="{top + bar - 4:.1f}" text-anchor="end">'
                   f'{escape(label)}</text>')
        at = 0.0
        for (part, colour), v in zip(parts_def, vals):
            if not v:
                continue
            x0, x1 = x(at), x(at + v)
            out.append(f'<rect class="part" x="{x0:.2f}" y="{top:.1f}" width="{max(x1 - x0, 0.5):.2f}" '
                       f'height="{bar}" fill="{colour}" data-point="{escape(name)}" data-part="{escape(part)}" '
                       f'data-value="{v!r}"><title>{escape(label)}: {escape(part)} {fmt(v)}'
                       f'{" (" + escape(tip) + ")" if tip else ""}</title></rect>')
            at += v
    out.append("</svg>")
    return "\n".join(out)
