"""The terminal's view of a sweep: a row per point as it finishes (held until its speedup is
known: a smaller rank count of its line finished), and on a terminal a progress line
(done/total, failed, running, time left) rewritten in place below them."""
import sys

from . import rows as rw


def num(v, fmt):
    return "-" if v is None else format(v, fmt)


class Table:
    def __init__(self, plan, out=sys.stdout, err=sys.stderr):
        self.out, self.err = out, err
        self.names = [n for n, _ in plan["axes"]]
        self.widths = [max([len(n)] + [len(p["values"][n]) for p in plan["points"]]) for n in self.names]
        self.header_done = False
        self.live = err.isatty()
        self.shown = ""
        self.held = []  # points that ran, shown once their line's smaller rank counts have

    def offer(self, plan, done, p):
        """the point ended (done: {name: (result, stats)}): prints its row, and the held rows that
        can now show their speedup, or holds it while a smaller rank count of its line runs"""
        self.held.append(p)
        ready = [q for q in self.held if not rw.awaits_base(plan, done, q)]
        if ready:
            rows = rw.build(plan, done)
            for q in ready:
                self.held.remove(q)
                self.row(rows[q["index"]], q["values"])

    def flush(self, plan, done):
        """prints the held rows as they are (the sweep stops)"""
        rows = rw.build(plan, done)
        for q in self.held:
            self.row(rows[q["index"]], q["values"])
        self.held = []

    def header(self):
        cells = [n.rjust(w) if n == "np" else n.ljust(w) for n, w in zip(self.names, self.widths)]
        return "  ".join(cells + ["status ", f"{'simulated (s)':>14}", f"{'speedup':>8}", f"{'efficiency':>10}",
                                  f"{'wall (s)':>9}"])

    def line(self, row, values):
        cells = [values[n].rjust(w) if n == "np" else values[n].ljust(w) for n, w in zip(self.names, self.widths)]
        text = "  ".join(cells + [f"{row['status']:<7}", f"{num(row['simulated_s'], '.6f'):>14}",
                                  f"{num(row['speedup'], '.3f'):>8}", f"{num(row['efficiency'], '.3f'):>10}",
                                  f"{num(row['wall_s'], '.2f'):>9}"])
        if row["status"] == "failed":
            text += "  " + (row["message"] or "")
        return text

    def row(self, row, values):
        """prints a finished point (the header before the first)"""
        self.clear()
        if not self.header_done:
            print(self.header(), file=self.out)
            self.header_done = True
        print(self.line(row, values), file=self.out, flush=True)
        self.redraw()

    def progress(self, done, total, failed, running, left):
        text = f"simsweep: {done}/{total} points done, {failed} failed, {running} running"
        if left is not None:
            text += f", about {duration(left)} left"
        if text != self.shown:
            self.shown = text
            self.redraw()

    def redraw(self):
        if self.live and self.shown:
            self.err.write("\r\033[K" + self.shown)
            self.err.flush()

    def clear(self):
        if self.live and self.shown:
            self.err.write("\r\033[K")
            self.err.flush()

    def done(self):
        self.clear()
        self.shown = ""


def duration(s):
    s = int(s + 0.5)
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s // 60 % 60:02d}m"
