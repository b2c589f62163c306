"""The points of a study: every combination of the axes' values, each as simrun's arguments."""
import hashlib
import itertools
import json
import os
import re
import shutil

from .cli import Usage


def substitute(text, values):
    """{np}, {platform}, {KEY}... in text replaced by this point's values"""
    for name, v in values.items():
        text = text.replace("{" + name + "}", v)
    return text


def find_program(prog):
    """the program as simrun finds it (a bare name: here, then PATH), as an absolute path"""
    if "/" not in prog:
        found = prog if os.path.isfile(prog) else shutil.which(prog)
        if not found:
            raise Usage(f"program '{prog}' not found")
        prog = found
    if not os.path.isfile(prog):
        raise Usage(f"program '{prog}' not found")
    if not os.access(prog, os.X_OK):
        raise Usage(f"program '{prog}' is not executable")
    with open(prog, "rb") as f:
        if b"libsimpi" not in f.read():
            raise Usage(f"'{prog}' was not built with simcc (it does not use libsimpi); rebuild it with simcc")
    return os.path.abspath(prog)


def platform_file(name, platforms):
    if os.path.isfile(name):
        return os.path.abspath(name)
    shipped = os.path.join(platforms, name + ".xml")
    if os.path.isfile(shipped):
        return shipped
    names = sorted(f[:-4] for f in os.listdir(platforms) if f.endswith(".xml")) if os.path.isdir(platforms) else []
    raise Usage(f"platform '{name}' not found (a file, or one of: {', '.join(names) or 'none shipped'})")


def check(study, platforms):
    """refuses what would make every point fail the same way, in one line, before anything runs"""
    axes = dict(study.axes)
    otf2 = any(t.endswith(".otf2") for t in axes.get("replay", []))
    if not otf2 and ("otf2-speed" in axes or any(a.startswith("--otf2-speed=") for a in study.simrun_args)):
        raise Usage("--otf2-speed scales the computation of OTF2 traces: give them with --replay=TRACE.otf2")
    if study.program:
        study.program = find_program(study.program)
    for p in axes.get("platform", []):
        platform_file(p, platforms)
    if "replay" in axes:
        nps = axes.get("np", [])
        for trace in axes["replay"]:
            if "{np}" not in trace and len(nps) > 1:
                raise Usage(f"--replay={trace}: a trace replays at the rank count it was recorded at: name one "
                            "trace per rank count with {np} in it (e.g. --replay=ring{np}.txt), or give one -np")
            if "{np}" in trace and not nps:
                raise Usage(f"--replay={trace}: {{np}} needs -np LIST")
            for n in nps or [None]:
                path = trace.replace("{np}", n) if n else trace
                if not os.path.isfile(path):
                    raise Usage(f"trace '{path}' not found")
    if "--timeline" in study.outputs and not re.search(r"\.(html|json)$", study.outputs["--timeline"]):
        raise Usage(f"--timeline={study.outputs['--timeline']}: give a name ending in .html or .json")


def slug(values):
    parts = [("np" + v if k == "np" else os.path.basename(v) if k in ("platform", "replay") else v)
             for k, v in values.items()]
    text = re.sub(r"[^A-Za-z0-9._-]+", "_", "_".join(parts)).strip("_.")
    return text[:60] or "point"


def fingerprint(path):
    """what says a program or trace changed: its size and modification time"""
    st = os.stat(path)
    return f"{st.st_size}:{st.st_mtime_ns}"


def make_points(study, platforms):
    """[{index, name, values, argv, key}]: argv without the point's own output files"""
    names = [n for n, _ in study.axes]
    points = []
    for combo in itertools.product(*[vals for _, vals in study.axes]):
        values = dict(zip(names, combo))
        argv, stamp = [], ""
        for name, v in values.items():
            if name == "np":
                argv += ["-np", v]
            elif name == "platform":
                argv.append("--platform=" + platform_file(v, platforms))
            elif name == "host-speed":
                argv.append("--cfg=smpi/host-speed:" + v)
            elif name == "otf2-speed":
                argv.append("--otf2-speed=" + v)
            elif name == "replay":
                trace = os.path.abspath(substitute(v, values))
                argv.append("--replay=" + trace)
                stamp = fingerprint(trace)
            else:
                argv.append(f"--cfg={name}:{v}")
        argv += [substitute(a, values) for a in study.simrun_args]
        if study.program:
            argv += ["--", study.program] + [substitute(a, values) for a in study.args]
            stamp = fingerprint(study.program)
        base = json.dumps([argv, sorted(study.outputs)])
        digest = hashlib.sha1(base.encode()).hexdigest()
        points.append({"index": len(points), "name": f"{slug(values)}-{digest[:8]}", "values": values,
                       "argv": argv, "key": f"{digest}:{stamp}"})
    return points
