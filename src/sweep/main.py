"""simsweep's entry: reads the command line, lays out the study's files, runs its points here or
through Slurm, and writes the report. A mistake is one line and status 2."""
import os
import sys

from . import cli, files, grid, local, page, slurm
from . import point as pt
from . import rows as rw
from .table import Table


def fail(msg, status=2):
    print(f"simsweep: {msg}", file=sys.stderr)
    sys.exit(status)


def report_paths(report):
    html = report if report.endswith(".html") else report + ".html"
    base = html[:-5]
    return os.path.abspath(html), os.path.abspath(base + ".csv"), os.path.abspath(base + ".json")


def write_report(plan, dir, report):
    html, csv, js = report_paths(report)
    rows = rw.build(plan, rw.load(plan, dir))
    try:
        files.write_csv(csv, plan, rows)
        files.write_json(js, plan, rows, dir)
        page.write(html, plan, rows, dir)
    except OSError as e:
        fail(f"cannot write the report: {e}", 1)
    return rows, (html, csv, js)


def summary(rows, outputs):
    n = len(rows)
    failed = [r for r in rows if r["status"] == "failed"]
    notrun = sum(r["status"] == "not run" for r in rows)
    text = f"simsweep: {n} point{'s' if n != 1 else ''}: {n - len(failed) - notrun} ran, {len(failed)} failed"
    if notrun:
        text += f", {notrun} not run"
    print(text + "; wrote " + ", ".join(os.path.relpath(o) for o in outputs))
    return 1 if failed or notrun else 0


def new_plan(study, argv, paths):
    grid.check(study, paths["platforms"])
    points = grid.make_points(study, paths["platforms"])
    # the problem grows with the ranks when they are in the program's arguments (a trace per
    # rank count says nothing about the problem: strong unless told)
    scaling = study.scaling or ("weak" if any("{np}" in a for a in study.args) else "strong")
    html, _, _ = report_paths(study.report)
    return {"command": ["simsweep"] + argv, "program": study.program, "args": study.args,
            "axes": study.axes, "scaling": scaling, "outputs": study.outputs, "simrun": paths["simrun"], "simsweep": paths["self"],
            "cwd": None if study.own_dir else study.cwd, "report": html, "points": points}


def main(argv, paths):
    try:
        study = cli.parse(argv)
    except cli.Usage as e:
        fail(f"{e} (simsweep --help)")
    if study == "version":
        print(f"simsweep (simpi) {paths['version']}")
        return 0
    if study.run_point:  # a Slurm task
        d, k = study.run_point
        plan = pt.load_json(os.path.join(d, "plan.json"))
        if not plan or not k.isdigit() or int(k) >= len(plan["points"]):
            fail(f"--run-point {d} {k}: no such point")
        r = pt.run(plan["simrun"], d, plan["points"][int(k)], plan["outputs"], plan["cwd"])
        return 0 if r["status"] == "ok" else 1
    if study.collect:
        d = study.collect
        plan = pt.load_json(os.path.join(d, "plan.json"))
        if not plan:
            fail(f"--collect {d}: no sweep there (no plan.json)")
        slurm.settle(plan, d)
        rows, outs = write_report(plan, d, study.report if study.report_given else plan["report"])
        table = Table(plan)
        for p, r in zip(plan["points"], rows):
            table.row(r, p["values"])
        return summary(rows, outs)
    try:
        plan = new_plan(study, argv, paths)
    except cli.Usage as e:
        fail(f"{e}")
    html = study.report if study.report.endswith(".html") else study.report + ".html"
    d = study.dir or html[:-5] + ".points"
    try:
        os.makedirs(d, exist_ok=True)
        pt.write_json(os.path.join(d, "plan.json"), plan)
    except OSError as e:
        fail(f"--dir={d}: {e.strerror}", 1)
    table = Table(plan)
    if study.slurm:
        interrupted = slurm.sweep(plan, d, study.sbatch, table, study.fresh)
    else:
        jobs = study.jobs or len(os.sched_getaffinity(0))
        _, interrupted = local.run(plan, d, jobs, table, study.fresh)
    rows, outs = write_report(plan, d, study.report)
    status = summary(rows, outs)
    if interrupted:
        done = sum(r["status"] != "not run" for r in rows)
        print(f"simsweep: interrupted: {done} of {len(rows)} points done, kept in {d}; "
              "the same command resumes", file=sys.stderr)
        return 130
    return status
