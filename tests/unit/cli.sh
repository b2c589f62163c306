#!/usr/bin/env bash
# simrun and simcc on the command line: bad input gives one clear line and a
# non-zero status; -map, --help, -show, multi-file builds and privatization.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
# expect STATUS REGEX CMD...: the command's status is STATUS ("nz" = non-zero)
# and its stderr+stdout matches REGEX
expect() {
  local want="$1" re="$2"
  shift 2
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if { [ "$want" = nz ] && [ $rc = 0 ]; } || { [ "$want" != nz ] && [ $rc != "$want" ]; } ||
     ! grep -qE -- "$re" <<< "$out"; then
    echo "FAIL: $* -> status $rc, output:"
    head -5 <<< "$out"
    fail=1
  else
    echo "ok: $*"
  fi
}
cd "$work"
cat > hello.c <<'C'
#include <mpi.h>
#include <stdio.h>
int rank_in_global = -1;
static int rank_in_static = -1;
int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_in_global);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_in_static);
  MPI_Barrier(MPI_COMM_WORLD);
  int r;
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  printf("rank %d sees %d %d\n", r, rank_in_global, rank_in_static);
  MPI_Finalize();
  return 0;
}
C
printf 'int helper(int x) { return 2 * x; }\n' > helper.c
printf '#include <mpi.h>\n#include <stdio.h>\nint helper(int);\nint main(int c, char **v) { MPI_Init(&c, &v); printf("%%d\\n", helper(21)); MPI_Finalize(); return 0; }\n' > main.c
"$simcc" hello.c -o hello || fail=1
"$simcc" -c helper.c && "$simcc" -c main.c && "$simcc" main.o helper.o -o multi || fail=1
gcc -x c - -o native <<< 'int main(void) { return 0; }'
printf 'node-0\nnode-1\n' > hosts2
printf 'node-0:2\nnode-3\n' > hosts_slots
printf 'node-0\nnope\n' > hosts_bad
printf '<?xml version="1.0"?>\n<platform version="4.1"><zone id="z" routing="Full">\n</platform>\n' > broken.xml
cluster="$top/platforms/cluster.xml"

expect 0 '^42$' "$simrun" -q ./multi
expect 0 'simcc.*-lsimpi|gcc .*-lsimpi' "$simcc" -show hello.c -o hello
expect 0 'Usage: simcc' "$simcc" --help
# programs bind at start-up, so their GOT is read-only and not among the globals copied per switch
expect 0 'BIND_NOW' readelf -d ./hello
expect 0 'BIND_NOW' readelf -d "$top/src/.libs/simpi-replay"
expect 0 'node-0 \.\. node-\(N-1\)' "$simrun" --help
expect 0 'simrun \(simpi\)' "$simrun" --version
expect 0 'simulated time [0-9.]+ s, wall time [0-9.]+ s, 4 ranks' "$simrun" -np 4 ./hello
expect 0 '\[rank 2\] -> node-2' "$simrun" -np 4 -map ./hello
expect 0 '\[rank 2\] -> node-3' "$simrun" -np 3 -map -platform "$cluster" -hostfile hosts_slots ./hello
expect 0 '\[rank 1\] -> node-1' "$simrun" -np 2 -map --platform=cluster -hostfile hosts2 ./hello
expect nz "unknown option '--bogus'" "$simrun" -np 2 --bogus ./hello
expect nz "positive integer, not '0'" "$simrun" -np 0 ./hello
expect nz "platform file 'missing.xml' not found" "$simrun" -platform missing.xml ./hello
expect nz "cannot set up the simulation: Parse error at broken.xml" "$simrun" -platform broken.xml ./hello
expect nz "lists 2 host slots but -np is 4" "$simrun" -np 4 -platform "$cluster" -hostfile hosts2 ./hello
expect nz "line 2: the platform has no host 'nope'" "$simrun" -np 2 -platform "$cluster" -hostfile hosts_bad ./hello
expect nz "hostfile 'missing' not found" "$simrun" -np 2 -hostfile missing ./hello
expect nz "was not built with simcc" "$simrun" -np 2 ./native
expect nz "program './absent' not found" "$simrun" -np 2 ./absent
expect nz "unknown configuration key 'network/modle'" "$simrun" -np 2 --cfg=network/modle:SMPI ./hello
expect nz "bad value 'fast' for --cfg=smpi/host-speed" "$simrun" -np 2 --cfg=smpi/host-speed:fast ./hello
expect nz "expected --cfg=KEY:VALUE" "$simrun" -np 2 --cfg=nocolon ./hello
# privatization: each rank keeps its own globals; without it they are shared
out=$("$simrun" -q -np 4 ./hello | sort)
[ "$out" = "$(printf 'rank 0 sees 0 0\nrank 1 sees 1 1\nrank 2 sees 2 2\nrank 3 sees 3 3')" ] &&
  echo "ok: privatized globals" || { echo "FAIL: privatized globals: $out"; fail=1; }
out=$("$simrun" -q -np 4 --no-privatize ./hello | cut -d" " -f3- | sort -u | wc -l)
[ "$out" = 1 ] && echo "ok: --no-privatize shares globals" || { echo "FAIL: --no-privatize: $out"; fail=1; }
# host-speed auto: measured once, cached per machine, reused
export XDG_CACHE_HOME="$work/cache"
expect 0 'simulated time' "$simrun" -np 2 --cfg=smpi/host-speed:auto ./hello
if [ -s "$work/cache/simpi/host-speed" ] && [ "$(wc -l < "$work/cache/simpi/host-speed")" = 1 ]; then
  "$simrun" -q -np 2 --cfg=smpi/host-speed:auto ./hello >/dev/null
  [ "$(wc -l < "$work/cache/simpi/host-speed")" = 1 ] && echo "ok: host speed cached" ||
    { echo "FAIL: host speed measured twice"; fail=1; }
else
  echo "FAIL: no host speed cache"
  fail=1
fi
expect 0 'timing: .* running the program' "$simrun" -np 2 --cfg=smpi/display-timing:yes ./hello
# --compare: one run per platform, then a table of simulated times
out=$("$simrun" -np 2 --compare cluster "$cluster" --cfg=smpi/simulate-computation:no ./hello 2>&1 >/dev/null)
if grep -q '^platform  *simulated (s)  *wall (s)$' <<< "$out" && grep -Eq '^cluster +0\.[0-9]+ ' <<< "$out" &&
   [ "$(grep -Ec 'cluster(\.xml)? +0\.' <<< "$out")" = 2 ]; then
  echo "ok: --compare"
else
  echo "FAIL: --compare: $out"; fail=1
fi
expect nz "needs platform names" "$simrun" -np 2 --compare ./hello
# each platform's run writes its own files
"$simrun" -q -np 2 --timeline=cmp.json --trace-ti=cmp.ti --compare cluster torus-3d ./hello >/dev/null 2>&1
if [ -s cmp.cluster.json ] && [ -s cmp.torus-3d.json ] && [ -s cmp.cluster.ti ] && [ -d cmp.torus-3d.ti_files ] &&
   [ ! -e cmp.json ]; then
  echo "ok: --compare writes one file per platform"
else
  echo "FAIL: --compare files: $(ls cmp*)"; fail=1
fi
# run without simrun: one rank, no final line
expect 0 '^rank 0 sees 0 0$' ./hello
exit $fail
