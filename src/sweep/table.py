"""The terminal's view of a sweep: a row per point as it finishes, and on a terminal a progress
line (done/total, failed, running, time left) rewritten in place below them."""
import sys


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
