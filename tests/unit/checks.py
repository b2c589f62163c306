"""For the Python parts of the unit tests: check(what, cond) prints "ok: what" or "FAIL: what"
and remembers a failure; passed() says whether every check so far passed; done() ends the
script, with status 1 if one failed. A test's script finds this file with
sys.path.insert(0, "TOP/tests/unit")."""
import sys

failed = 0


def check(what, cond):
    global failed
    print(("ok: " if cond else "FAIL: ") + what)
    failed += not cond
    return cond


def passed():
    return failed == 0


def done():
    sys.exit(1 if failed else 0)
