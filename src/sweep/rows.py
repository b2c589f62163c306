"""The study's numbers: one row per point from its result and its statistics, with speedup and
parallel efficiency against the smallest rank count of its line (the points that differ only in
-np) that ran; none while a smaller one has not run. Times are simulated seconds; computation,
communication, waiting and file I/O are per rank, the mean over ranks (communication: MPI time
that was neither waiting for a partner nor in MPI_File calls); messages and bytes are totals."""
import os

from . import point as pt

NUMBERS = ["simulated_s", "speedup", "efficiency", "wall_s", "compute_s", "communication_s", "waiting_s", "io_s",
           "msgs", "bytes", "io_read", "io_written", "critical_path_s", "critical_path_compute_s",
           "critical_path_share"]


def columns(plan):
    return (["point", "np"] + [n for n, _ in plan["axes"] if n != "np"] + ["status", "exit"] + NUMBERS
            + ["message"])


def load(plan, dir):
    """{point name: (result, stats)} of the points that have a result"""
    done = {}
    for p in plan["points"]:
        r = pt.result(dir, p)
        if r:
            done[p["name"]] = (r, pt.load_json(os.path.join(pt.folder(dir, p), "stats.json")))
    return done


def series(plan, p):
    """the line a point is on: its values on the axes other than np"""
    return tuple((n, p["values"][n]) for n, _ in plan["axes"] if n != "np")


def awaits_base(plan, done, p):
    """a point that ran while a smaller rank count of its line has not: its speedup is not known yet"""
    if p["name"] not in done or done[p["name"]][0]["status"] != "ok" or "np" not in p["values"]:
        return False
    k, n = series(plan, p), int(p["values"]["np"])
    return any(q["name"] not in done and int(q["values"]["np"]) < n and series(plan, q) == k for q in plan["points"])


def label(key):
    return ", ".join(f"{n}={v}" for n, v in key) or "all points"


def base_row(plan, p, done):
    row = {c: None for c in columns(plan)}
    row["point"] = p["name"]
    row.update({n: v for n, v in p["values"].items() if n != "np"})
    row["np"] = int(p["values"]["np"]) if "np" in p["values"] else None
    if p["name"] not in done:
        row["status"] = "not run"
        return row
    r, st = done[p["name"]]
    row.update(status=r["status"], exit=r["exit"], wall_s=r["wall_s"], message=r.get("message"))
    if st and row["np"] is None:
        row["np"] = st["ranks"]
    if r["status"] != "ok" or not st:
        return row
    mean, cp, t = st["mean"], st["critical_path"], st["simulated_time"]
    mpi = mean["p2p"] + mean["collective"] + mean["other"]
    io = mean.get("io", 0.0)
    row.update(simulated_s=t, compute_s=mean["compute"], communication_s=max(mpi - mean["waiting"] - io, 0.0),
               waiting_s=mean["waiting"], io_s=io, msgs=st["total"]["msgs"], bytes=st["total"]["bytes"],
               io_read=st["total"].get("io_read", 0), io_written=st["total"].get("io_written", 0),
               critical_path_s=cp["length"], critical_path_compute_s=cp["computation"],
               critical_path_share=cp["length"] / t if t > 0 else None)
    return row


def build(plan, done):
    """the rows of every point of the plan, in its order"""
    rows = [base_row(plan, p, done) for p in plan["points"]]
    weak = plan["scaling"] == "weak"
    lines, unknown, nps = {}, {}, {}
    for p in plan["points"]:
        nps.setdefault(series(plan, p), set()).add(p["values"].get("np"))
    for p, row in zip(plan["points"], rows):
        if row["simulated_s"] is not None and row["np"]:
            lines.setdefault(series(plan, p), []).append(row)
        elif row["status"] == "not run" and "np" in p["values"]:
            k = series(plan, p)
            unknown[k] = min(unknown.get(k, row["np"]), row["np"])
    for k, members in lines.items():
        base = min(members, key=lambda r: r["np"])
        if len(nps[k]) < 2 or unknown.get(k, base["np"]) < base["np"]:
            continue  # one rank count, or a smaller one has not run (yet): no reference
        for row in members:
            if not row["simulated_s"] or not base["simulated_s"]:
                continue
            ratio = base["simulated_s"] / row["simulated_s"]
            grow = row["np"] / base["np"]
            # strong: the same problem, ideal speedup = grow; weak: a problem grown with ranks,
            # ideal time constant (efficiency 1) and scaled speedup = efficiency x grow
            row["speedup"] = ratio * grow if weak else ratio
            row["efficiency"] = ratio if weak else ratio / grow
    for row in rows:
        for k in NUMBERS:
            if isinstance(row[k], float):
                row[k] = float(f"{row[k]:.9g}")
    return rows
