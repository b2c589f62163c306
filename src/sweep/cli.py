"""simsweep's command line: the sweep's own options, the axes, and what goes to simrun."""
import os
import re
import sys

USAGE = """\
Usage: simsweep [sweep options] [simrun options] [--] program [arguments]
       simsweep [sweep options] [simrun options] --replay=TRACE
       simsweep --collect DIR [-o STUDY.html]

Runs a grid of simulations, each point an ordinary simrun run, and reports them:
a table as points finish (with a progress line on a terminal), then STUDY.html
(one self-contained page: simulated time, speedup and parallel efficiency
against ranks, where the time goes, messages, the critical path, the table),
STUDY.csv and STUDY.json with every number.

Axes (a comma-separated list makes an axis; the grid is every combination):
  -np LIST               rank counts, e.g. -np 1,2,4,8,16,32,64 (also -n, --np=LIST);
                         {np} in the program's arguments or in --replay's TRACE becomes
                         each of them (weak scaling: -- ./app {np}000)
  --platform=LIST        platforms: names of shipped ones or .xml files (also -platform LIST)
  --cfg=KEY:V1,V2,...    any configuration key simrun takes, e.g.
                         --cfg=smpi/bcast:binomial_tree,scatter_LR_allgather
  --host-speed=LIST      the same as --cfg=smpi/host-speed:LIST: the flop/s a measured second
                         of computation is worth (2Gf doubles the simulated computation;
                         0.5Gf is hosts twice as fast)
  --replay=TRACE,...     replay time-independent traces (or OTF2 traces, TRACE.otf2) instead
                         of running a program (-np is the trace's, or give -np LIST and {np}
                         in TRACE)
  --otf2-speed=LIST      for OTF2 traces: how many times faster the target hosts are than the
                         traced ones (simrun --otf2-speed), e.g. --otf2-speed=0.5,1,2,4
  Other axes' values can appear in the arguments too: {platform}, {host-speed}, {KEY}.

Sweep options:
  -o STUDY.html          the report (default sweep.html); STUDY.csv and STUDY.json beside it
  --dir=DIR              where each point keeps its command, stdout, stderr, statistics
                         (simrun --stats=FILE.json) and timeline; default STUDY.points beside
                         the report. Points already finished there are not run again: the
                         same command after Ctrl-C resumes
  --fresh                run every point again
  --own-dir              run each point in its own folder (DIR/POINT) instead of here, so
                         that files the program writes do not collide between points that
                         run at once; relative paths in its arguments then start there
  -j N                   points run at once on this machine (default: the number of cores)
  --scaling=strong|weak  speedup and efficiency against the smallest rank count of each
                         line: strong (same problem) or weak (problem grows with ranks);
                         default weak when {np} is in the arguments, strong otherwise
  --slurm                submit the points as a Slurm job array, one point per task (sbatch),
                         wait for the tasks to end, then report; the program, simpi and DIR
                         must be on a file system the nodes share
  --partition=P          sbatch --partition
  --time=T               sbatch --time (the time limit of each task)
  --sbatch=OPTIONS       more sbatch options, split on blanks,
                         e.g. --sbatch='--account=a --qos=q'
  --collect DIR          report the points kept in DIR (a --slurm run's, later, or any sweep's)
  --help, --version

Every other option goes to simrun for every point: --timeout=S and --time-limit=S
(a point that reaches them fails, the others go on), -hostfile, --no-privatize,
--cfg=KEY:VALUE with one value, --timeline=NAME.html (each point writes its own,
linked from the page), --trace-ti=NAME, --trace=NAME. A point that fails
(deadlock, error, time limit) is reported with its message. Ctrl-C stops the
running points, keeps the finished ones and writes the report of those."""

# simrun options followed by a value in the next argument
VALUED = {"-np", "-n", "-platform", "--platform", "-hostfile", "-machinefile", "--hostfile", "--cfg",
          "-timeout", "--timeout", "-time-limit", "--time-limit", "-replay", "--replay"}
# simrun options on their own
FLAGS = {"-map", "--map", "-q", "--quiet", "-stats", "--stats", "-trace", "--trace", "-trace-ti",
         "--trace-ti", "-no-privatize", "--no-privatize"}
# options that write a file: each point writes its own, in its folder, under this name
OUTPUTS = {"--timeline": "timeline", "--trace-ti": "trace", "--trace": "paje"}


class Usage(Exception):
    """A mistake on the command line: one line, then exit status 2."""


class Study:
    """What to run: the program (or traces), the axes and simrun's other options."""

    def __init__(self):
        self.program = None      # absolute path, None for a replay sweep
        self.args = []           # the program's arguments ({np}... not yet replaced)
        self.axes = []           # [(name, [values])] in the order given; "np" last when made
        self.simrun_args = []    # options for every point
        self.outputs = {}        # "--timeline" -> the name the user gave (its extension is kept)
        self.report = "sweep.html"
        self.report_given = False
        self.dir = None
        self.fresh = False
        self.own_dir = False     # --own-dir: each point runs in its folder
        self.jobs = None
        self.scaling = None
        self.slurm = False
        self.sbatch = []         # partition, time and extra sbatch options
        self.collect = None      # --collect DIR
        self.run_point = None    # (DIR, index): a Slurm task's point
        self.cwd = os.getcwd()


def split_list(text, what):
    values = [v.strip() for v in text.split(",")]
    if not text or any(not v for v in values):
        raise Usage(f"{what}: '{text}' is not a comma-separated list of values")
    if len(set(values)) != len(values):
        raise Usage(f"{what}: '{text}' lists a value twice")
    return values


def add_axis(study, name, values):
    if any(n == name for n, _ in study.axes):
        raise Usage(f"the axis {name} is given twice: put all its values in one comma-separated list")
    study.axes.append((name, values))


def take_value(argv, i, opt):
    """the value of option opt at argv[i] (--opt=V, or -opt V): (value, next index)"""
    a = argv[i]
    if "=" in a and a.startswith("--"):
        return a.split("=", 1)[1], i + 1
    if i + 1 >= len(argv):
        raise Usage(f"{opt} needs a value")
    return argv[i + 1], i + 2


def parse(argv):
    s = Study()
    i = 0
    while i < len(argv):
        a = argv[i]
        name = a.split("=", 1)[0] if a.startswith("--") else a
        if a == "--":
            i += 1
            break
        if not a.startswith("-") or a == "-":
            break
        if a in ("-h", "-help", "--help"):
            print(USAGE)
            sys.exit(0)
        if a in ("-version", "--version"):
            return "version"
        if name in ("-np", "-n", "--np"):
            v, i = take_value(argv, i, name)
            vals = split_list(v, "-np")
            for n in vals:
                if not re.fullmatch(r"[0-9]+", n) or int(n) < 1:
                    raise Usage(f"-np: '{n}' is not a positive whole number of ranks")
            add_axis(s, "np", [str(int(n)) for n in vals])
        elif name in ("-platform", "--platform"):
            v, i = take_value(argv, i, name)
            add_axis(s, "platform", split_list(v, "--platform"))
        elif name == "--cfg":
            v, i = take_value(argv, i, name)
            key, sep, val = v.partition(":")
            if not sep or not key:
                raise Usage(f"--cfg={v}: expected --cfg=KEY:VALUE or --cfg=KEY:V1,V2,...")
            if "," in val:
                add_axis(s, key, split_list(val, f"--cfg={key}"))
            else:
                s.simrun_args.append(f"--cfg={v}")
        elif name == "--host-speed":
            v, i = take_value(argv, i, name)
            add_axis(s, "host-speed", split_list(v, "--host-speed"))
        elif name == "--otf2-speed":
            v, i = take_value(argv, i, name)
            if "," in v:
                add_axis(s, "otf2-speed", split_list(v, "--otf2-speed"))
            else:
                s.simrun_args.append(f"--otf2-speed={v}")
        elif name in ("-replay", "--replay"):
            v, i = take_value(argv, i, name)
            add_axis(s, "replay", split_list(v, "--replay"))
        elif name in ("-o", "--output"):
            s.report, i = take_value(argv, i, name)
            s.report_given = True
        elif name == "--dir":
            s.dir, i = take_value(argv, i, name)
        elif a == "--fresh":
            s.fresh, i = True, i + 1
        elif a == "--own-dir":
            s.own_dir, i = True, i + 1
        elif name in ("-j", "--jobs") or re.fullmatch(r"-j[0-9]+", a):
            if re.fullmatch(r"-j[0-9]+", a):
                v, i = a[2:], i + 1
            else:
                v, i = take_value(argv, i, name)
            if not re.fullmatch(r"[0-9]+", v) or int(v) < 1:
                raise Usage(f"-j: '{v}' is not a positive number of points at a time")
            s.jobs = int(v)
        elif name == "--scaling":
            s.scaling, i = take_value(argv, i, name)
            if s.scaling not in ("strong", "weak"):
                raise Usage(f"--scaling={s.scaling}: expected strong or weak")
        elif a == "--slurm":
            s.slurm, i = True, i + 1
        elif name in ("--partition", "--time"):
            v, i = take_value(argv, i, name)
            s.sbatch.append(f"{name}={v}")
        elif name == "--sbatch":
            v, i = take_value(argv, i, name)
            s.sbatch += v.split()
        elif name == "--collect":
            s.collect, i = take_value(argv, i, name)
        elif a == "--run-point":  # a Slurm task: --run-point DIR INDEX
            if i + 2 >= len(argv):
                raise Usage("--run-point needs a folder and a point number")
            s.run_point = (argv[i + 1], argv[i + 2])
            i += 3
        elif name in OUTPUTS and "=" in a:
            v = a.split("=", 1)[1]
            if not v:
                raise Usage(f"{name}= needs a file name")
            s.outputs[name] = v
            i += 1
        elif a in ("-trace-ti", "--trace-ti"):
            s.outputs["--trace-ti"], i = "trace.txt", i + 1
        elif a in ("-trace", "--trace"):
            s.outputs["--trace"], i = "paje.trace", i + 1
        elif a in ("-stats", "--stats", "-q", "--quiet") or name == "--stats":
            i += 1  # every point has its statistics, and its final line, anyway
        elif name in ("-compare", "--compare"):
            raise Usage("--compare: give the platforms as an axis, --platform=P1,P2,...")
        elif name == "--help-coll":
            raise Usage("--help-coll is simrun's: simrun --help-coll")
        elif name in VALUED:
            v, i = take_value(argv, i, name)
            if name in ("-hostfile", "-machinefile", "--hostfile"):  # found from any point's folder
                v = os.path.abspath(v)
            s.simrun_args += [name, v] if a == name else [f"{name}={v}"]
        elif a in FLAGS:
            s.simrun_args.append(a)
            i += 1
        else:
            raise Usage(f"unknown option '{a}'")
    rest = argv[i:]
    if s.run_point or s.collect:
        return s
    replay = any(n == "replay" for n, _ in s.axes)
    if replay and rest:
        raise Usage(f"--replay runs traces without a program: drop '{' '.join(rest)}'")
    if not replay and not rest:
        raise Usage("no program given (simsweep -np 1,2,4 -- ./app ARGS, or --replay=TRACE)")
    if rest:
        s.program, s.args = rest[0], rest[1:]
    if s.sbatch and not s.slurm:
        raise Usage(f"{s.sbatch[0].split('=')[0]} is an sbatch option: it needs --slurm")
    # np varies fastest: each line of a plot is a run of consecutive points
    s.axes.sort(key=lambda ax: ax[0] == "np")
    return s
