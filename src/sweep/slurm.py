"""The sweep as a Slurm job array: task K runs point K (simsweep --run-point DIR K) and leaves its
result in the point's folder, as a local run would; simsweep waits for the array to end, showing
points as their results appear, then reports. DIR/slurm/ holds the job script, the job's id
and each task's output (task-K.out)."""
import os
import shlex
import subprocess
import sys
import time

from . import point as pt
from . import rows as rw
from .local import Stop


def ranges(indices):
    """[0, 1, 2, 5, 7, 8] -> '0-2,5,7-8' (sbatch --array)"""
    out, start = [], None
    for i, k in enumerate(indices):
        if start is None:
            start = k
        if i + 1 == len(indices) or indices[i + 1] != k + 1:
            out.append(str(start) if start == k else f"{start}-{k}")
            start = None
    return ",".join(out)


def queued(job):
    """the job array's tasks still pending or running: [(task, state)]; [] once it left the queue"""
    try:
        q = subprocess.run(["squeue", "-h", "-j", job, "-r", "-o", "%K %t"], capture_output=True, text=True,
                           timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None  # cannot tell now
    if q.returncode != 0:
        return [] if "Invalid job id" in q.stderr else None
    return [tuple(l.split()) for l in q.stdout.splitlines() if l.strip()]


def job_of(dir):
    try:
        with open(os.path.join(dir, "slurm", "job")) as fh:
            return fh.read().strip() or None
    except OSError:
        return None


def settle(plan, dir):
    """once the job array has left the queue, a task that ended without its point's result (killed
    by Slurm, its node lost) makes the point failed, with the last line of the task's output"""
    job = job_of(dir)
    if not job or queued(job) != []:
        return
    for p in plan["points"]:
        out = os.path.join(dir, "slurm", f"task-{p['index']}.out")
        if pt.result(dir, p) or not os.path.exists(out):
            continue
        with open(out, errors="replace") as fh:
            last = ([l.strip() for l in fh if l.strip()] or ["no output"])[-1]
        os.makedirs(pt.folder(dir, p), exist_ok=True)
        pt.write_json(os.path.join(pt.folder(dir, p), "result.json"),
                      {"key": p["key"], "status": "failed", "exit": -1, "wall_s": None,
                       "message": f"the Slurm task ended without a result: {last[:300]} (see {out})"})


def submit(plan, dir, todo, sbatch_opts):
    """sbatch of the points todo as one job array: the job's id"""
    sdir = os.path.join(dir, "slurm")
    os.makedirs(sdir, exist_ok=True)
    script = os.path.join(sdir, "job.sh")
    with open(script, "w") as fh:
        fh.write("#!/bin/sh\n# simsweep's Slurm job: task K runs point K of the sweep kept in this folder's parent\n"
                 f"exec {shlex.quote(sys.executable)} {shlex.quote(plan['simsweep'])} --run-point "
                 f"{shlex.quote(os.path.abspath(dir))} \"$SLURM_ARRAY_TASK_ID\"\n")
    os.chmod(script, 0o755)
    cmd = ["sbatch", "--parsable", "--job-name=simsweep", f"--array={ranges([p['index'] for p in todo])}",
           f"--output={os.path.abspath(sdir)}/task-%a.out", f"--chdir={plan['cwd'] or os.path.abspath(dir)}"] + sbatch_opts + [script]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except OSError as e:
        raise RuntimeError(f"--slurm: cannot run sbatch ({e.strerror}): is Slurm installed here?")
    except subprocess.TimeoutExpired:
        raise RuntimeError("--slurm: sbatch did not answer in 120 s")
    if r.returncode != 0:
        why = (r.stderr.strip().splitlines() or [f"exit status {r.returncode}"])[-1]
        raise RuntimeError(f"--slurm: sbatch refused the job: {why}")
    job = r.stdout.strip().split(";")[0]
    with open(os.path.join(sdir, "job"), "w") as fh:
        fh.write(job + "\n")
    return job


def sweep(plan, dir, sbatch_opts, table, fresh):
    """submits the points without a result and waits for them; True if Ctrl-C ended the wait"""
    done = {} if fresh else rw.load(plan, dir)
    todo = [p for p in plan["points"] if p["name"] not in done]
    for p in plan["points"]:
        if p["name"] in done:
            table.offer(plan, done, p)
    if not todo:
        table.flush(plan, done)
        return False
    for p in todo:  # a result left from before is not this run's
        old = os.path.join(pt.folder(dir, p), "result.json")
        if os.path.exists(old):
            os.remove(old)
    try:
        job = submit(plan, dir, todo, sbatch_opts)
    except RuntimeError as e:
        print(f"simsweep: {e}", file=sys.stderr)
        sys.exit(1)
    print(f"simsweep: submitted {len(todo)} point{'s' if len(todo) != 1 else ''} as Slurm job array {job}",
          file=table.out, flush=True)
    stop = Stop()
    try:
        while not stop.count:
            q = queued(job)
            for p in todo:
                if p["name"] not in done:
                    r = pt.result(dir, p)
                    if r:
                        done[p["name"]] = (r, pt.load_json(os.path.join(pt.folder(dir, p), "stats.json")))
                        table.offer(plan, done, p)
            if q == [] or all(p["name"] in done for p in todo):
                break
            running = sum(1 for _, s in q or [] if s == "R")
            failed = sum(1 for r, _ in done.values() if r["status"] != "ok")
            table.progress(len(done), len(plan["points"]), failed, running, None)
            time.sleep(1)
    finally:
        stop.restore()
        if stop.count:
            table.flush(plan, done)
        table.done()
    if stop.count:
        print(f"simsweep: job array {job} goes on in Slurm: simsweep --collect {dir} reports it later "
              f"(scancel {job} stops it)", file=sys.stderr)
        return True
    settle(plan, dir)
    for p in todo:
        if p["name"] not in done and pt.result(dir, p):
            done[p["name"]] = (pt.result(dir, p), pt.load_json(os.path.join(pt.folder(dir, p), "stats.json")))
            table.offer(plan, done, p)
    table.flush(plan, done)
    table.done()
    return False
