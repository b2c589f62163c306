#!/usr/bin/env bash
# A real application nobody here wrote: the HPC Challenge suite 1.5.0 (HPL,
# DGEMM, STREAM, PTRANS, RandomAccess, FFT, latency/bandwidth), fetched from
# Debian's archive (its upstream tarball; nothing of it is kept here), built
# with simcc through its own makefiles as a user would (the reference BLAS:
# Debian's libblas-dev), then run with simrun at 4 and 16 ranks; the same
# build with smpicc under smpirun. Prints each run's verdicts (HPCC's own
# "Success=1" and checks) and simulated time.
# Usage: bench/hpcc.sh [DIR]   (DIR: where to unpack and build; default a temp dir)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=${1:-$(mktemp -d)}
mkdir -p "$work" && cd "$work"
tarball=hpcc_1.5.0.orig.tar.gz
[ -f $tarball ] || curl -sfO "http://deb.debian.org/debian/pool/main/h/hpcc/$tarball" ||
  { echo "hpcc.sh: cannot fetch $tarball from deb.debian.org" >&2; exit 1; }
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
