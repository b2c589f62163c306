#!/usr/bin/env bash
# Nothing recorded before a fault is lost: a crashing rank, MPI_Abort, an MPI
# error and a deadlock each leave a timeline that is valid JSON and trace
# files whose unfinished ranks end with a "# stopped: WHY" line; the replay
# of such a trace runs up to the fault and says why it stops there.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
for prog in segv mpi_abort bad_rank deadlock; do
  "$top/wrappers/simcc" "$top/tests/errors/$prog.c" -o $prog >/dev/null 2>&1 || { echo "FAIL: $prog does not build"; fail=1; continue; }
  np=$(sed -n 's/^ \* np: //p' "$top/tests/errors/$prog.c" | head -1)
  "$top/wrappers/simrun" -np "${np:-2}" --timeline=$prog.json --trace-ti=$prog.ti ./$prog >out 2>err
  [ $? != 0 ] || { echo "FAIL: $prog: exit status 0"; fail=1; }
  python3 -c "import json; json.load(open('$prog.json'))" 2>/dev/null || { echo "FAIL: $prog: the timeline is not valid JSON"; fail=1; }
  files=$(ls $prog.ti_files/*.txt | wc -l)
  [ "$files" = "${np:-2}" ] || { echo "FAIL: $prog: $files trace files for ${np:-2} ranks"; fail=1; }
  for f in $prog.ti_files/*.txt; do # every rank's file ends finished or says why it stopped
    [ -s "$f" ] || { echo "FAIL: $prog: $f is empty"; fail=1; }
    last=$(tail -n 1 "$f")
    case "$last" in
      "# stopped: "* | *" finalize") ;;
      *) echo "FAIL: $prog: $f ends with '$last', not a stop or finalize"; fail=1 ;;
    esac
  done
  grep -q '^# stopped: ' $prog.ti_files/*.txt || { echo "FAIL: $prog: no trace file says why it stops"; fail=1; }
  "$top/wrappers/simrun" --replay=$prog.ti >/dev/null 2>rerr
  rc=$?
  want='the recorded run stopped here' # a deadlock's replay deadlocks there again
  [ $prog = deadlock ] && want="$want\\|^simpi: deadlock at"
  if [ $rc = 0 ] || ! grep -q "$want" rerr; then
    echo "FAIL: $prog: the replay does not stop where the run did:"; head -3 rerr; fail=1
  else
    echo "ok: $prog: $(grep -h '^# stopped' $prog.ti_files/*.txt | head -1); replay: $(head -1 rerr | cut -c1-100)"
  fi
done
exit $fail
