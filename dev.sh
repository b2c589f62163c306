#!/usr/bin/env bash
# dev.sh: the two commands of the README.
#   ./dev.sh demo    install what is missing, build, run the ring sample on 64 ranks
#   ./dev.sh test    install what is missing, build with -Werror, run the whole test suite
#                    (unit tests, MPI programs under simrun, the same under MPICH, smpirun timings)
set -euo pipefail
cd "$(dirname "$0")"

packages=(build-essential binutils autoconf automake libtool pkg-config libsimgrid-dev
          uthash-dev zlib1g-dev libotf2-trace-dev otf2-tools gfortran cmake mpich libmpich-dev bsdutils python3 chromium
          slurmctld slurmd slurm-client munge)

install_missing() {
  local missing=()
  for p in "${packages[@]}"; do
    dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "dev.sh: installing ${missing[*]}"
    local sudo=
    [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}

build() {
  [ -x configure ] || autoreconf -fi >/dev/null
  if [ ! -f Makefile ] || ! grep -q -- "$1" config.status 2>/dev/null; then
    ./configure -q $1
  fi
  make -s -j"$(nproc)" >/dev/null
}

case "${1:-}" in
  demo)
    install_missing
    build --disable-werror
    mkdir -p build
    wrappers/simcc -O2 samples/ring.c -o build/ring
    echo "simrun -np 64 build/ring 1000"
    wrappers/simrun -np 64 build/ring 1000
    ;;
  test)
    shift
    install_missing
    build --enable-werror
    make -s -j"$(nproc)" check TESTS= >/dev/null   # builds the unit test programs
    exec tests/run --mpich "$@"
    ;;
  *)
    echo "usage: ./dev.sh demo | test [test filters]" >&2
    exit 2
    ;;
esac
