#!/usr/bin/env python3
"""floor.py OUT IN [IN...]: the time-independent trace OUT, with IN's events (the first IN)
and before each event of a rank the least computation that rank did before that event (after
the event before it) over all the times it did so, in every IN (traces of one program at one
size, on-line runs or an extrapolation).

For simextrap's tests on measured computation (tests/unit/extrap_measured.bash): a loaded
machine only ever slows a burst (a whole run by up to 1.5x for seconds, or one rank in every
iteration of one run by up to 2.5x), while the least of a rank's bursts of one kind, over its
iterations and runs, stays within about 1% from run to run. Comparing the floors of an
extrapolated trace and of on-line runs compares computations, not the machine's load.
Prints each rank's total computation in OUT, one a line in rank order, on stdout."""
import os
import sys


def files(index):
    """The rank files an index lists, as paths from here."""
    top = os.path.dirname(index)
    with open(index) as f:
        return [p if os.path.isabs(p) or os.path.exists(p) else os.path.join(top, p)
                for p in (line.strip() for line in f) if p]


def contexts(path):
    """A rank's events (its lines but compute), each with its context (the event before,
    the event) and the computation before it."""
    out, prev, acc = [], "", 0.0
    with open(path) as f:
        for line in f:
            w = line.split()
            if len(w) < 2:
                continue
            if w[1] == "compute":
                acc += float(w[2])
                continue
            event = " ".join(w[1:])
            out.append((line, (prev, event), acc))
            prev, acc = event, 0.0
    return out


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: floor.py OUT IN [IN...]")
    dst, ins = sys.argv[1], sys.argv[2:]
    lists = [files(i) for i in ins]
    if any(len(l) != len(lists[0]) for l in lists):
        sys.exit("floor.py: the traces have different numbers of ranks")
    os.makedirs(dst + "_files", exist_ok=True)
    names = []
    for k, path in enumerate(lists[0]):
        events = contexts(path)
        least = {}
        for l in lists:
            for _, key, c in (events if l is lists[0] else contexts(l[k])):
                least[key] = min(least.get(key, c), c)
        name = os.path.join(dst + "_files", os.path.basename(path))
        names.append(name)
        rank = events[0][0].split()[0] if events else str(k)
        total = 0.0
        with open(name, "w") as o:
            for line, key, _ in events:
                if least[key] > 0:
                    o.write(f"{rank} compute {least[key]:.17g}\n")
                    total += least[key]
                o.write(line)
        print(f"{total:.17g}")
    with open(dst, "w") as o:
        o.writelines(n + "\n" for n in names)


main()
