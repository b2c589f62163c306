"""Running a sweep's points on this machine, -j at a time. Ctrl-C (SIGINT, SIGTERM) stops the
running points cleanly (simrun writes what ran), keeps the finished ones and leaves the
interrupted ones without a result, so that the same command resumes; a second Ctrl-C kills."""
import math
import os
import signal
import time

from . import point as pt
from . import rows as rw


class Stop:
    """counts the stop signals; the first is passed on to the running points' process groups"""

    def __init__(self):
        self.count = 0
        self.groups = set()
        self.old = {s: signal.signal(s, self.handler) for s in (signal.SIGINT, signal.SIGTERM)}

    def handler(self, signum, frame):
        self.count += 1
        for g in list(self.groups):
            try:
                os.killpg(g, signal.SIGINT if self.count == 1 else signal.SIGKILL)
            except ProcessLookupError:
                pass

    def restore(self):
        for s, h in self.old.items():
            signal.signal(s, h)


def run(plan, dir, jobs, table, fresh):
    """runs the points without a kept result; returns (results, interrupted)"""
    done = rw.load(plan, dir) if not fresh else {}
    todo = [p for p in plan["points"] if p["name"] not in done]
    if done:
        print(f"simsweep: {len(done)} of {len(plan['points'])} points kept from an earlier run in {dir}"
              f"{' (--fresh runs them again)' if todo else ''}", file=table.out, flush=True)
        for p in plan["points"]:  # the kept points first
            if p["name"] in done:
                table.offer(plan, done, p)
    stop = Stop()
    running = {}
    walls = []
    failed = sum(1 for r, _ in done.values() if r["status"] != "ok")
    try:
        while True:
            while not stop.count and todo and len(running) < jobs:
                p = todo.pop(0)
                proc, t0 = pt.start(plan["simrun"], dir, p, plan["outputs"], plan["cwd"])
                running[proc.pid] = (p, proc, t0)
                stop.groups.add(proc.pid)
            if not running:
                break
            for pid, (p, proc, t0) in list(running.items()):
                rc = proc.poll()
                if rc is None:
                    continue
                del running[pid]
                stop.groups.discard(pid)
                rc = rc if rc >= 0 else 128 - rc
                if stop.count and rc != 0:
                    continue  # interrupted: no result, it runs again next time
                wall = time.monotonic() - t0
                walls.append(wall)
                r = pt.finish(dir, p, rc, wall)
                done[p["name"]] = (r, pt.load_json(os.path.join(pt.folder(dir, p), "stats.json")))
                failed += r["status"] != "ok"
                table.offer(plan, done, p)
            left = None
            if walls and not stop.count:
                rounds = math.ceil((len(todo) + len(running)) / jobs)
                left = sum(walls) / len(walls) * rounds
            table.progress(len(done), len(plan["points"]), failed, len(running), left)
            time.sleep(0.05)
    finally:
        stop.restore()
        table.flush(plan, done)
        table.done()
    return done, stop.count > 0 and len(done) < len(plan["points"])

