#!/usr/bin/env bash
# Real applications nobody here wrote, their upstream tarballs fetched from
# Debian's archive (nothing of them is kept here), built with simpi's
# wrappers through their own build systems as a user would:
#  - the HPC Challenge suite 1.5.0 (HPL, DGEMM, STREAM, PTRANS, RandomAccess,
#    FFT, latency/bandwidth) through its makefiles with Debian's reference
#    BLAS, run at 4 and 16 ranks; the same build with smpicc under smpirun.
#    Prints HPCC's own verdicts ("Success=1" and checks) and simulated time.
#  - hypre 2.26.0 through ./configure (CC=simcc CXX=simcxx), its ij driver
#    (BoomerAMG-preconditioned PCG on a 3-D Laplacian, 4 ranks) and struct
#    driver (8 ranks), with SMPI's polling model and with cheap polls, and
#    the same build with MPICH's wrappers under mpirun. Prints iterations and
#    final residual norms and the simulated time, and whether MPICH's agree.
# Usage: bench/real_apps.sh [DIR]   (DIR: where to unpack and build; default a temp dir)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work" && cd "$work"
tarball=hpcc_1.5.0.orig.tar.gz
fetch() { # fetch FILE DIR: from Debian's pool
  [ -f "$1" ] || curl -sfO "http://deb.debian.org/debian/pool/main/$2/$1" ||
    { echo "real_apps.sh: cannot fetch $1 from deb.debian.org" >&2; exit 1; }
}
fetch $tarball h/hpcc
dpkg -s libblas-dev >/dev/null 2>&1 || apt-get install -y libblas-dev >/dev/null

# build NAME CC: unpack into NAME/, build with CC through hpl/Make.NAME
build() {
  rm -rf "$1" && mkdir "$1" && tar xzf $tarball -C "$1"
  local d="$1/hpcc-1.5.0"
  sed -e 's|^MPdir .*|MPdir =|' -e 's|^MPinc .*|MPinc =|' -e 's|^MPlib .*|MPlib =|' -e 's|^LAdir .*|LAdir =|' \
    -e 's|^LAlib .*|LAlib = -lblas|' -e "s|^CC  .*|CC = $2|" -e "s|^LINKER .*|LINKER = $2|" \
    -e 's|-fomit-frame-pointer -O3 -funroll-loops -W -Wall|-O2|' "$d/hpl/setup/Make.Linux_PII_FBLAS" > "$d/hpl/Make.$1"
  make -C "$d" arch="$1" >"$1.build.log" 2>&1 || { echo "$1: the build failed (see $work/$1.build.log)"; return 1; }
}

# input P Q: HPCC's sample input with N=400, NB=40 and a P x Q grid
input() {
  sed -e 's/^1000         Ns/400          Ns/' -e 's/^80           NBs/40           NBs/' \
    -e "s/^2            Ps/$1            Ps/" -e "s/^2            Qs/$2            Qs/" "$work/simpi/hpcc-1.5.0/_hpccinf.txt"
}

# run NAME NP P Q LAUNCHER...: one run in its own directory, then its verdicts
run() {
  local name=$1 np=$2 p=$3 q=$4
  shift 4
  local d="$work/run-$name-$np"
  rm -rf "$d" && mkdir "$d" && input "$p" "$q" > "$d/hpccinf.txt"
  (cd "$d" && "$@" -np "$np" "$work/$name/hpcc-1.5.0/hpcc" >out 2>err) && rc=0 || rc=$?
  local ok checks
  ok=$(grep -c '^Success=1' "$d/hpccoutf.txt" 2>/dev/null || true)
  checks=$(grep -ciE 'passed|validates|error 0' "$d/hpccoutf.txt" 2>/dev/null || true)
  printf '%-8s %4d ranks: exit %d, Success=1 lines %s, checks passed %s; %s\n' "$name" "$np" "$rc" "${ok:-0}" \
    "${checks:-0}" "$( (grep -h 'simulated time' "$d/err" || grep -v INFO "$d/err" | grep -m1 -iE 'critical|error') | cut -c1-110)"
}

build simpi "$top/wrappers/simcc"
run simpi 4 2 2 "$top/wrappers/simrun"
run simpi 16 4 4 "$top/wrappers/simrun"
if command -v smpicc >/dev/null; then
  build smpi smpicc && run smpi 4 2 2 smpirun -platform "$top/platforms/cluster.xml" --cfg=smpi/host-speed:1Gf
fi

# hypre: configure and build the library and two test drivers, with simpi's
# wrappers (hypre/) and with MPICH's (hypre-mpich/, when mpicc is there)
fetch hypre_2.26.0.orig.tar.gz h/hypre
# build_hypre DIR CC CXX
build_hypre() {
  rm -rf "$1" && mkdir "$1" && tar xzf hypre_2.26.0.orig.tar.gz -C "$1"
  (cd "$1/hypre-2.26.0/src" && CC="$2" CXX="$3" ./configure --disable-fortran && make -j2 && make -C test ij struct) \
    >"$1.build.log" 2>&1 || { echo "hypre: the build in $1 failed (see $work/$1.build.log)"; exit 1; }
}
build_hypre hypre "$top/wrappers/simcc" "$top/wrappers/simcxx"
have_mpich=0
command -v mpicc >/dev/null && command -v mpicxx >/dev/null && build_hypre hypre-mpich mpicc mpicxx && have_mpich=1
cheap=(--cfg=smpi/grow-injected-times:no --cfg=smpi/test:1e-7 --cfg=smpi/iprobe:1e-7)
# hypre NAME NP ARGS...: one driver run, SMPI's polling model then cheap polls
hypre() {
  local name=$1 np=$2
  shift 2
  for how in smpi cheap; do
    local cfg=()
    [ $how = cheap ] && cfg=("${cheap[@]}")
    (cd hypre/hypre-2.26.0/src/test && "$top/wrappers/simrun" -np "$np" "${cfg[@]}" ./"$name" "$@" \
      >"$work/$name.$how.out" 2>"$work/$name.$how.err") && rc=0 || rc=$?
    printf '%-8s %4d ranks, %-5s polls: exit %d, %s, %s; %s\n' "hypre $name" "$np" "$how" "$rc" \
      "$(grep -m1 '^Iterations' "$work/$name.$how.out" | tr -s ' ')" \
      "$(grep -m1 'Final Relative Residual Norm' "$work/$name.$how.out" | tr -s ' ')" \
      "$(grep -h 'simulated time' "$work/$name.$how.err" | cut -c8-40)"
  done
  if [ $have_mpich = 1 ]; then # the same driver under MPICH: the same iterations and residual
    (cd hypre-mpich/hypre-2.26.0/src/test && mpirun -np "$np" ./"$name" "$@" >"$work/$name.mpich.out" 2>&1) || true
    if diff <(grep -E '^Iterations|Final Relative' "$work/$name.mpich.out") \
      <(grep -E '^Iterations|Final Relative' "$work/$name.smpi.out") >/dev/null; then
      echo "hypre $name: the same iterations and residual under MPICH"
    else
      echo "hypre $name: MPICH's iterations or residual differ:"; grep -E '^Iterations|Final Relative' "$work/$name.mpich.out"
    fi
  fi
}
hypre ij 4 -n 20 20 20 -P 2 2 1 -solver 1
hypre struct 8 -n 10 10 10 -P 2 2 2 -solver 1
