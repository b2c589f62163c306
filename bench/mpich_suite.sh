#!/usr/bin/env bash
# MPI coverage as a new user would measure it: builds the C test programs of an MPICH
# source tree's test/mpi (11 directories) with simcc, runs each as its testlist says under
# simrun, and counts a run as passed as the suite's own runtests does: it exits with 0 and prints
# "No Errors" (or "No errors"); for resultTest=TestStatus and TestErrFatal, it exits non-zero
# before its time limit. Each run gets MPIEXEC_TIMEOUT=its time limit, as runtests sets it.
# Nothing of the suite is copied here: the script reads the tree given as argument.
#
# usage: bench/mpich_suite.sh [options] MPICH/test/mpi
#   --smpi          also build with smpicc and run under smpirun (same runs, same verdicts)
#   --mpich         also build with mpicc/mpifort and run under MPICH's mpirun (the reference)
#   --fortran       the Fortran directories instead: every subdirectory of f77, f90 and f08
#                   that their testlists name (rma, io and spawn included), built with simfort
#                   (-fcray-pointer, as the suite's configure picks for gfortran), their C
#                   parts with simcc
#   --dirs "a b"    only these directories (default: the 11 below, or the Fortran ones)
#   --only REGEX    only the runs whose "dir/program np args" matches REGEX (grep -E)
#   --timeout S     wall-time limit per run when the testlist gives none (default 120)
#   --cap S         no run longer than S seconds, whatever its testlist says
#   -j N            runs in parallel (default 2)
#   --out DIR       work folder (default bench/build/mpich_suite); results in DIR/simpi/results.txt
#   --simpi TOP     measure the simpi built in TOP (default: this checkout)
# Prints one line per run (PASS/FAIL, the run, the cause, then "[cpu C s wall W s rss R MB]": the
# user+system CPU seconds of the launcher and all it waited for, by /usr/bin/time), then the
# pass rates.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dirs="pt2pt coll comm group datatype init attr errhan topo info rma"
smpi=no mpich=no fortran=no only= cap= deflimit=120 jobs=2 out=$top/bench/build/mpich_suite simpi=$top
while [ $# -gt 1 ]; do
  case $1 in
    --smpi) smpi=yes; shift ;;
    --mpich) mpich=yes; shift ;;
    --fortran) fortran=yes; shift ;;
    --dirs) dirs=$2; given_dirs=yes; shift 2 ;;
    --only) only=$2; shift 2 ;;
    --timeout) deflimit=$2; shift 2 ;;
    --cap) cap=$2; shift 2 ;;
    -j) jobs=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    --simpi) simpi=$(cd "$2" && pwd); shift 2 ;;
    *) echo "mpich_suite.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[ $# -eq 1 ] && [ -f "$1/util/mtest.c" ] || { sed -n '9,23p' "$0" >&2; exit 2; }
suite=$(cd "$1" && pwd)
# the Fortran directories, as the languages' testlists name them (configure's substitutions)
if [ $fortran = yes ] && [ -z "${given_dirs:-}" ]; then
  dirs=$(for l in f77 f90 f08; do
    sed -e 's/@rmadir@/rma/; s/@iodir@/io/; s/@spawndir@/spawn/' "$suite/$l/testlist.in" |
      grep -v '^@' | sed "s|^|$l/|"
  done)
fi
mkdir -p "$out"
out=$(cd "$out" && pwd)

# The configuration header the suite's configure would write, for a C11 compiler on Linux
# with an MPI 4.0 library (both simpi and SMPI claim the same here).
write_conf() {
  local d=$1
  mkdir -p "$d/include/dtp"   # dtpools includes "../dtpoolsconf.h" from a search dir
  {
    for m in HAVE_STRING_H HAVE_STDLIB_H HAVE_UNISTD_H HAVE_STDARG_H HAVE_STDINT_H HAVE_INTTYPES_H \
             HAVE_SYS_TIME_H HAVE_SYS_RESOURCE_H HAVE_SYS_TYPES_H HAVE_SYS_STAT_H HAVE_GETRUSAGE \
             HAVE_USLEEP HAVE_STRDUP HAVE_LONG_DOUBLE HAVE_LONG_LONG HAVE_LONG_LONG_INT \
             HAVE_MPI_WIN_CREATE HAVE_FLOAT__COMPLEX HAVE_DOUBLE__COMPLEX HAVE_LONG_DOUBLE__COMPLEX \
             HAVE__BOOL HAVE_PTHREAD_H HAVE_MPI_INIT_THREAD STDC_HEADERS HAVE_LIMITS_H HAVE_MEMSET \
             HAVE_MPI_INTEGER16; do   # configure: "MPI_Datatype t = MPI_INTEGER16;" compiles
      echo "#define $m 1"
    done
    echo '#define SIZEOF_INT 4'
    echo '#define SIZEOF_LONG 8'
    echo '#define SIZEOF_LONG_LONG 8'
    echo '#define SIZEOF_VOID_P 8'
    echo '#define POINTERINT_t int64_t'
    echo '#define F77_NAME_LOWER_USCORE 1'   # gfortran's names (the Fortran directories' C parts)
    echo '#define THREAD_PACKAGE_NAME THREAD_PACKAGE_POSIX'
  } > "$d/include/mpitestconf.h"
  cp "$d/include/mpitestconf.h" "$d/include/dtpoolsconf.h"
}

# One line per program of a directory: NAME|SOURCES|CPPFLAGS|LIBS, from its Makefile.am
# (a program without its own rules is NAME.c alone).
programs_of() {
  sed -e ':a' -e '/\\$/N; s/\\\n//; ta' "$suite/$1/Makefile.am" | awk '
    /^[A-Za-z0-9_]+_(SOURCES|CPPFLAGS|LDADD)[ \t]*=/ {
      split($0, kv, "="); key = kv[1]; gsub(/[ \t]/, "", key)
      val = substr($0, index($0, "=") + 1)
      gsub(/\$\((AM_CPPFLAGS|LDADD)\)/, "", val); gsub(/\$\(LDADDDATA\)/, "@DTYPES@", val)
      n = key; sub(/_(SOURCES|CPPFLAGS|LDADD)$/, "", n); kind = substr(key, length(n) + 2)
      v[n, kind] = val; names[n] = 1 }
    END { for (n in names) printf "%s|%s|%s|%s\n", n, v[n, "SOURCES"], v[n, "CPPFLAGS"], v[n, "LDADD"] }'
}

# build the suite's helpers and every program a run needs, with CC, into $1
build_all() {
  local b=$1 cc=$2 runs=$3
  write_conf "$b"
  mkdir -p "$b/util"
  local inc="-I$b/include -I$b/include/dtp -I$suite/include -I$suite/dtpools/include"
  local f
  for f in util/mtest.c util/mtest_common.c util/mtest_single.c util/dtypes.c dtpools/src/dtpools.c \
           dtpools/src/dtpools_misc.c dtpools/src/dtpools_init_verify.c dtpools/src/dtpools_desc.c \
           dtpools/src/dtpools_attr.c dtpools/src/dtpools_custom.c; do
    [ -f "$b/util/$(basename "$f" .c).o" ] ||
      $cc -O1 -w $inc -I"$suite/dtpools/src" -c "$suite/$f" -o "$b/util/$(basename "$f" .c).o" 2>>"$b/build.log"
  done
  rm -f "$b/util/libmtest.a"
  ar rcs "$b/util/libmtest.a" "$b"/util/mtest*.o "$b"/util/dtpools*.o 2>>"$b/build.log"
  # the Fortran helpers (mtest_f77.f, mtest_f90.f90, mtest_f08.f90), modules in util/
  local l
  if [ $fortran = yes ]; then
    for l in f77:f77.f f90:f90.f90 f08:f08.f90; do
      [ -f "$b/util/mtest_${l%%:*}.o" ] ||
        (cd "$b/util" && $FC $FFLAGS -J"$b/util" -c "$suite/util/mtest_${l#*:}" -o "mtest_${l%%:*}.o" 2>>"$b/build.log")
    done
  fi
  # the io directories' programs generated from a template, as their Makefiles do
  local d h
  for d in $dirs; do
    [ ! -f "$b/$d/gen-src-stamp" ] || continue
    h=$suite/$d
    if [ ! -f "$h/ioharness.tlt" ] && grep -q '^$(srcdir)/ioharness.tlt:' "$h/Makefile.am" 2>/dev/null; then
      # f90/io's template is not in the release: its Makefile makes it from f77/io's; run
      # the Makefile's own two rules, writing into the build folder instead of the source
      mkdir -p "$b/$d"
      awk '/^\$\(srcdir\)\/ioharness\.(defn|tlt):/ { on = 1; print; next } on && /^\t/ { print; next } { on = 0 }' \
        "$h/Makefile.am" | sed 's|$(srcdir)/ioharness|$(builddir)/ioharness|g' > "$b/$d/ioharness.mk"
      make -s -f "$b/$d/ioharness.mk" srcdir="$h" builddir="$b/$d" "$b/$d/ioharness.defn" \
        "$b/$d/ioharness.tlt" 2>>"$b/build.log"
      h=$b/$d
    fi
    [ -f "$h/ioharness.tlt" ] || continue
    mkdir -p "$b/$d"
    sed '1s|.*|#!/usr/bin/perl|' "$suite/maint/testmerge.in" > "$b/testmerge"
    (cd "$b/$d" && perl "$b/testmerge" -defn="$suite/maint/common.defn" "$h/ioharness.defn" \
       "$h/ioharness.tlt" && touch gen-src-stamp) 2>>"$b/build.log"
  done
  # distinct programs: DIR NAME
  awk '{print $1}' "$runs" | sort -u | while read -r p; do
    echo "$(dirname "$p") $(basename "$p")"
  done | xargs -P "$jobs" -n 2 bash -c '
    b=$0; dir=$1; name=$2
    [ -x "$b/$dir/$name" ] && exit 0
    mkdir -p "$b/$dir"
    line=$(grep "^$name|" "$b/$dir.programs")
    IFS="|" read -r _ srcs flags libs <<< "$line"
    case $dir in f77/*) ext=.f ;; f90/* | f08/*) ext=.f90 ;; *) ext=.c ;; esac
    [ -n "$srcs" ] || srcs=$name$ext
    libs=${libs//@DTYPES@/$b/util/dtypes.o}
    case $dir in
      f*/*) # a Fortran directory: its .h.in made as configure makes them (8-byte address and
            # offset kinds), C parts with CC, Fortran ones with FC and the language helper
        for h in "$SUITE/$dir"/*.h.in; do
          [ -f "$h" ] && sed -e "s/@F77_MPI_ADDRESS@/INTEGER*8/; s/@F77_MPI_OFFSET@/INTEGER*8/" "$h" \
            > "$b/$dir/$(basename "$h" .in)"
        done
        mkdir -p "$b/$dir/$name.mods"
        inc="-J$b/$dir/$name.mods -I$b/$dir/$name.mods -I$b/$dir -I$SUITE/$dir -I$b/$(dirname "$dir")/attr -I$SUITE/$(dirname "$dir")/attr -I$b/util"
        objs=() fort=no
        for s in $srcs; do
          o=$b/$dir/$name.${s%.*}.o src=$SUITE/$dir/$s
          # f08 copies some C parts from f90 and f77 at build time (BUILT_SOURCES)
          [ -f "$src" ] || src=$b/$dir/$s   # generated (io)
          for l in f90 f77; do [ -f "$src" ] || src=$SUITE/$l/${dir#*/}/$s; done
          case $s in
            *.c) $CC -O1 -w $INC $flags -c "$src" -o "$o" ;;
            *) fort=yes; (cd "$b/$dir" && $FC $FFLAGS $inc $flags -c "$src" -o "$o") ;;
          esac >> "$b/$dir/$name.build" 2>&1
          objs+=("$o")
        done
        if [ $fort = yes ]; then
          $FC $FFLAGS "${objs[@]}" "$b/util/mtest_${dir%%/*}.o" -o "$b/$dir/$name"
        else
          $CC -O1 "${objs[@]}" "$b/util/libmtest.a" -lm -o "$b/$dir/$name"
        fi >> "$b/$dir/$name.build" 2>&1 || echo "build failed: $dir/$name" >> "$b/build.log" ;;
      *)
        set -- ; for s in $srcs; do set -- "$@" "$SUITE/$dir/$s"; done
        $CC -O1 -w $INC $flags "$@" "$b/util/libmtest.a" $libs -lm -o "$b/$dir/$name" \
          > "$b/$dir/$name.build" 2>&1 || echo "build failed: $dir/$name" >> "$b/build.log" ;;
    esac
  ' "$b"
}

# the runs: DIR/NAME NP KEY=VALUE... from each testlist (commented and large tests left out)
: > "$out/runs.txt"
for d in $dirs; do
  f=$suite/$d/testlist.in
  [ -f "$f" ] || f=$suite/$d/testlist
  # configure's choices for gfortran: Cray pointers and GETARG work
  sed -e 's/@ALLOCMEMF@/allocmemf 1/; s/@ALLOCMEMFC@/allocmemf90 1/; s/@F77SPAWNARGTEST@//; s/@F03SPAWNARGTEST@//' "$f" |
    awk -v d="$d" '!/^[ \t]*(#|@)/ && NF >= 2 { $1 = d "/" $1; print }' >> "$out/runs.txt"
done
if [ -n "$only" ]; then
  grep -E -- "$only" "$out/runs.txt" > "$out/runs.sel"; mv "$out/runs.sel" "$out/runs.txt"
fi

# run one line of runs.txt with LAUNCHER in build folder B; prints "VERDICT run | cause"
run_one() {
  local b=$1 launcher=$2 line=$3
  set -- $line
  local prog=$1 np=$2 limit=$deflimit result=NoErrors args=() envs=() kv
  shift 2
  for kv in "$@"; do
    case $kv in
      arg=*) args+=("${kv#arg=}") ;;
      env=*) envs+=("${kv#env=}") ;;
      timeLimit=*) limit=${kv#timeLimit=} ;;
      resultTest=TestStatus) result=Status ;;
      resultTest=TestErrFatal) result=ErrFatal ;;
    esac
  done
  [ -z "$cap" ] || [ "$limit" -le "$cap" ] || limit=$cap
  local tag=${line// /_}; tag=${tag//\//_}
  local o=$b/out/$tag
  mkdir -p "$b/out"
  if [ ! -x "$b/$prog" ]; then
    echo "FAIL $line | does not build: $(grep -m1 -E 'error|undefined' "$b/$prog.build" 2>/dev/null | sed 's/.*\(error\|undefined reference\)/\1/' | cut -c1-120)"
    return
  fi
  local rc
  # I/O runs in a folder of their own: their files have fixed names, and runs go in parallel
  local wd=$b/$(dirname "$prog")
  case $prog in */io/*) wd=$o.dir; rm -rf "$wd"; mkdir -p "$wd" ;; esac
  (cd "$wd" && ulimit -v 12000000 && env "${envs[@]}" MPITEST_TIMEOUT="$limit" \
     MPIEXEC_TIMEOUT="$limit" timeout -k 10 "$((limit + 20))" /usr/bin/time -f '%U %S %e %M' -o "$o.time" \
     $launcher -np "$np" "$b/$prog" "${args[@]}" > "$o.out" 2> "$o.err")
  rc=$?
  # a run killed by timeout has no times; /usr/bin/time's own "exited with status" line goes first
  local cost=$(tail -1 "$o.time" 2>/dev/null |
    awk 'NF == 4 { printf " [cpu %.2f s wall %.2f s rss %d MB]", $1 + $2, $3, $4 / 1024 }')
  local ok=no
  case $result in
    NoErrors) [ $rc = 0 ] && grep -q -E '^\s*No [Ee]rrors\s*$' "$o.out" && ok=yes ;;
    Status|ErrFatal) [ $rc != 0 ] && [ $rc != 124 ] && [ $rc != 137 ] && ok=yes ;;
  esac
  if [ $ok = yes ]; then echo "PASS $line$cost"; return; fi
  local why
  if [ $rc = 124 ] || [ $rc = 137 ] || { [ $rc = 255 ] && grep -q -i -E 'timeout|time limit' "$o.err"; }; then
    why="time limit ${limit}s"
  elif grep -q -E 'crashed with|the simulator crashed|Assertion|double free|corrupted|Failed to protect stack|std::bad_alloc' "$o.err"; then
    why="CRASH: $(grep -m1 -E 'crashed with|Assertion|double free|corrupted|Failed to protect|bad_alloc' "$o.err" | cut -c1-160)"
  else
    # the simulator's own report of an MPI error first, else the program's first complaint
    why="exit $rc: $( (grep -m1 -E '^simpi: (rank [0-9]+: |deadlock|error)' "$o.err" ||
      grep -h -v -E '^simpi: rank [0-9]+ (returned|exited)|^ *No Errors' "$o.err" "$o.out" | head -1) | cut -c1-160)"
  fi
  echo "FAIL $line | $why$cost"
}
export -f run_one
export deflimit cap

suite_run() {
  local label=$1 cc=$2 launcher=$3 b=$out/$1
  mkdir -p "$b"
  for d in $dirs; do mkdir -p "$b/$(dirname "$d")"; programs_of "$d" > "$b/$d.programs"; done
  export FC=$4 FFLAGS="-O1 -w -fcray-pointer -I$b/util" fortran
  export CC=$cc INC="-I$b/include -I$b/include/dtp -I$suite/include -I$suite/dtpools/include"
  build_all "$b" "$cc" "$out/runs.txt"
  tr '\n' '\0' < "$out/runs.txt" | xargs -0 -P "$jobs" -I{} bash -c 'run_one "$0" "$1" "$2"' "$b" "$launcher" {} \
    > "$b/results.unsorted"
  sort -k2,2 -k3,3n "$b/results.unsorted" > "$b/results.txt"
  local n p
  n=$(wc -l < "$b/results.txt"); p=$(grep -c '^PASS' "$b/results.txt")
  echo "$label: $p of $n runs pass ($(awk -v p="$p" -v n="$n" 'BEGIN { printf "%.1f", n ? 100 * p / n : 0 }')%)" \
    >> "$out/summary.txt"
}
export SUITE=$suite

: > "$out/summary.txt"
suite_run simpi "$simpi/wrappers/simcc" "$simpi/wrappers/simrun -q" "$simpi/wrappers/simfort"
if [ "$smpi" = yes ]; then
  for i in $(seq 0 63); do echo "node-$i"; done > "$out/hosts"
  suite_run smpi smpicc "smpirun -platform $top/platforms/cluster.xml -hostfile $out/hosts --log=root.thres:critical" \
    smpif90
fi
[ "$mpich" = yes ] && suite_run mpich mpicc mpirun mpifort
for l in simpi smpi mpich; do
  [ -f "$out/$l/results.txt" ] || continue
  echo "== $l"
  grep -v '^PASS' "$out/$l/results.txt"
  for d in $dirs; do
    n=$(grep -c " $d/" "$out/$l/results.txt"); p=$(grep -c "^PASS $d/" "$out/$l/results.txt")
    echo "  $d: $p / $n"
  done
done
cat "$out/summary.txt"
