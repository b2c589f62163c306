#!/usr/bin/env bash
# Nothing recorded before a fault is lost: a crashing rank, MPI_Abort, an MPI
# error and a deadlock each leave a timeline that is valid JSON and trace
# files whose unfinished ranks end with a "# stopped: WHY" line; the replay
# of such a trace runs up to the fault and says why it stops there. The trace
# writer's own faults (a rank's chdir, no file descriptors left, the folder
# deleted) end in one line each.
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
# the trace writer's own faults (issue 26, item 2): a rank's chdir changes nothing (the files are
# written where the run began), a program that exhausts the file descriptors and a trace folder
# deleted during the run end in one line each, with a non-zero status and the program's output
cat > tracefaults.c <<'C'
#include <mpi.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv)
{
  int r, x = 0;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  if (!strcmp(argv[1], "chdir") && r == 1 && chdir("/"))
    return 2;
  if (!strcmp(argv[1], "fds") && r == 1)
    while (open("/dev/null", O_RDONLY) >= 0)
      ;
  for (int i = 0; i < 20000; i++) {
    MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    if (!strcmp(argv[1], "rmdir") && i == 100 && r == 0 && system("rm -rf tf.ti_files"))
      return 3;
  }
  if (r == 0)
    printf("done\n");
  MPI_Finalize();
  return 0;
}
C
"$top/wrappers/simcc" tracefaults.c -o tracefaults >/dev/null 2>&1 || { echo "FAIL: tracefaults does not build"; fail=1; }
rm -rf tf.ti tf.ti_files
"$top/wrappers/simrun" -np 3 --trace-ti=tf.ti ./tracefaults chdir >out 2>err
rc=$?
if [ $rc = 0 ] && [ "$(cat out)" = done ] && [ "$(ls tf.ti_files | wc -l)" = 3 ] && "$top/wrappers/simrun" --replay=tf.ti >/dev/null 2>&1; then
  echo "ok: a rank's chdir leaves the trace whole, where the run began"
else
  echo "FAIL: a rank's chdir: status $rc, $(head -2 err)"; fail=1
fi
for how in fds rmdir; do
  rm -rf tf.ti tf.ti_files
  "$top/wrappers/simrun" -np 3 --trace-ti=tf.ti ./tracefaults $how >out 2>err
  rc=$?
  lines=$(grep -c '^simpi: cannot write the trace file' err)
  if [ $rc != 0 ] && [ "$lines" = 1 ] && [ "$(cat out)" = done ] && ! grep -q "crash\|stack" err; then
    echo "ok: $how: one line, status $rc: $(grep '^simpi: cannot' err)"
  else
    echo "FAIL: $how: status $rc, $lines lines about the trace file: $(head -3 err)"; fail=1
  fi
done

exit $fail
