"""One point of a sweep: its folder, the simrun run that makes it, and what it left there.

A point's folder holds point.json (its axes' values, simrun's arguments, the key that says
whether a kept result is still this point's), cmd (the command, to rerun by hand), stdout,
stderr, stats.json (simrun --stats=FILE.json), its timeline if asked for, and result.json
once it ended (status, exit status, wall time, the message of a failure). A point without
result.json has not run, or was interrupted: it runs again."""
import json
import os
import shlex
import signal
import subprocess
import time

# simpi's lines that are reports, not the reason a run failed
NOT_A_REASON = ("simpi: statistics", "simpi: critical path", "simpi: call sites", "simpi: simulated time")


def folder(dir, point):
    return os.path.join(dir, point["name"])


def command(simrun, dir, point, outputs):
    """simrun's command line for the point: its own statistics and output files in its folder"""
    f = os.path.abspath(folder(dir, point))
    own = ["--stats=" + os.path.join(f, "stats.json")]
    for opt, name in sorted(outputs.items()):
        base = {"--timeline": "timeline", "--trace-ti": "trace", "--trace": "paje"}[opt]
        ext = os.path.splitext(name)[1]
        own.append(f"{opt}={os.path.join(f, base + ext)}")
    return [simrun] + own + point["argv"]


def load_json(path):
    try:
        with open(path) as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return None


def write_json(path, data):
    """written whole or not at all (a reader never sees half a file)"""
    tmp = path + ".tmp"
    with open(tmp, "w") as fh:
        json.dump(data, fh, indent=1)
        fh.write("\n")
    os.replace(tmp, path)


def result(dir, point):
    """the point's kept result, if it is this point's (same command, same program or trace)"""
    r = load_json(os.path.join(folder(dir, point), "result.json"))
    return r if r and r.get("key") == point["key"] else None


def start(simrun, dir, point, outputs, cwd, own_session=True):
    """starts the point's run in cwd (None: in its own folder): (process, start time)"""
    f = folder(dir, point)
    cwd = cwd or os.path.abspath(f)
    os.makedirs(f, exist_ok=True)
    for old in ("result.json", "stats.json"):
        if os.path.exists(os.path.join(f, old)):
            os.remove(os.path.join(f, old))
    cmd = command(simrun, dir, point, outputs)
    write_json(os.path.join(f, "point.json"), {k: point[k] for k in ("values", "argv", "key")})
    with open(os.path.join(f, "cmd"), "w") as fh:
        fh.write(f"cd {shlex.quote(cwd)} && {shlex.join(cmd)}\n")
    with open(os.path.join(f, "stdout"), "wb") as out, open(os.path.join(f, "stderr"), "wb") as err:
        proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err,
                                start_new_session=own_session)
    return proc, time.monotonic()


def reason(stderr_path, rc):
    """why a run failed, in one line: simpi's or simrun's first line that says so"""
    try:
        with open(stderr_path, errors="replace") as fh:
            lines = [l.strip() for l in fh]
    except OSError:
        lines = []
    said = [l for l in lines if l.startswith(("simpi: ", "simrun: ")) and not l.startswith(NOT_A_REASON)]
    firm = [l for l in said if not l.startswith("simpi: warning")]
    line = (firm or said or [f"exit status {rc}"])[0]
    if rc > 128:
        line += f" (status {rc}, signal {rc - 128})" if not firm else ""
    return line[:400]


def finish(dir, point, rc, wall):
    """writes the result of a run that ended by itself"""
    f = folder(dir, point)
    r = {"key": point["key"], "status": "ok" if rc == 0 else "failed", "exit": rc, "wall_s": round(wall, 3)}
    if rc != 0:
        r["message"] = reason(os.path.join(f, "stderr"), rc)
    write_json(os.path.join(f, "result.json"), r)
    return r


def run(simrun, dir, point, outputs, cwd):
    """runs the point to its end here (a Slurm task): a SIGTERM (the task's time limit, scancel)
    stops simrun, which writes what ran, and the point is failed with simpi's message"""
    proc, t0 = start(simrun, dir, point, outputs, cwd, own_session=False)
    signal.signal(signal.SIGTERM, lambda *_: None)  # simrun got it too: wait for it to stop
    signal.signal(signal.SIGINT, lambda *_: None)
    while True:
        try:
            rc = proc.wait()
            break
        except InterruptedError:
            continue
    rc = rc if rc >= 0 else 128 - rc
    return finish(dir, point, rc, time.monotonic() - t0)
