"""STUDY.csv and STUDY.json: every number of the study, for scripts and notebooks."""
import csv
import json
import os

from .rows import columns


def cell(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return format(v, ".9g")
    return str(v)


def replace(path, write):
    """writes path through a temporary file, so that a reader never sees half of it"""
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as fh:
        write(fh)
    os.replace(tmp, path)


def write_csv(path, plan, rows):
    cols = columns(plan)

    def write(fh):
        w = csv.writer(fh)
        w.writerow(cols)
        for r in rows:
            w.writerow([cell(r[c]) for c in cols])
    replace(path, write)


def write_json(path, plan, rows, points_dir):
    data = {"command": plan["command"], "program": plan["program"], "scaling": plan["scaling"],
            "axes": dict(plan["axes"]), "points_dir": os.path.abspath(points_dir),
            "columns": columns(plan), "points": rows}
    replace(path, lambda fh: (json.dump(data, fh, indent=1), fh.write("\n")))
