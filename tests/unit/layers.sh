#!/usr/bin/env bash
# Layers: includes run one way, down DESIGN.md's picture. A file under src/X
# may include headers of src/X and of the folders listed for X below, nothing
# else of src/; only src/kernel includes SimGrid (<simgrid/...>, <xbt...>).
# A folder missing from the table fails too: place it before using it.
# Usage: tests/unit/layers.sh [TOP] (default: this checkout); --self-test
# checks that the checker does find planted violations.
set -uo pipefail

# folder: the folders below it that it may include (fortran: the bindings over
# the C API; extrap: simextrap, a program of its own that reuses the TI reader;
# io: the MPI-IO engine, beside rma below the actions, whose collective access
# runs on the collectives' messages)
layers='
start:   mpi omp threads action io coll rma p2p compute core runtime kernel
fortran: mpi action io coll rma p2p compute core runtime kernel
extrap:  action
tracetool: action
mpi:     action io coll rma p2p compute core runtime kernel
omp:     threads compute runtime kernel
threads: compute runtime kernel
action:  io coll rma p2p compute core runtime kernel
io:      coll p2p core runtime kernel
coll:    p2p core runtime kernel
rma:     p2p core runtime kernel
p2p:     core runtime kernel
compute: runtime kernel
core:    runtime kernel
runtime: kernel
kernel:
'

# check TOP: prints one line per violation, returns 1 if there is any
check() {
  local top=$1 bad=0 f dir own inc target
  declare -A allowed=()
  while IFS=: read -r own below; do
    [ -n "$own" ] && allowed[$own]=" $own $below "
  done <<< "$layers"
  while IFS= read -r f; do
    own=${f#"$top"/src/}
    own=${own%%/*}
    if [ -z "${allowed[$own]+set}" ]; then
      echo "src/$own/ has no place in the layer table of tests/unit/layers.sh ($f)"
      bad=1
      continue
    fi
    dir=$(dirname "$f")
    while IFS= read -r inc; do
      case $inc in
      '<'*)
        if [ "$own" != kernel ] && [[ $inc =~ ^\<(simgrid|xbt) ]]; then
          echo "${f#"$top"/}: includes $inc: only src/kernel includes SimGrid"
          bad=1
        fi ;;
      *)
        target=$(realpath -m "$dir/${inc//\"/}")
        case $target in
        "$top"/src/*/*)
          target=${target#"$top"/src/}
          target=${target%%/*}
          if [[ ${allowed[$own]} != *" $target "* ]]; then
            echo "${f#"$top"/}: includes $inc: src/$target is above src/$own"
            bad=1
          fi ;;
        esac ;;
      esac
    done < <(sed -nE 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*([<"][^>"]*[>"]).*/\1/p' "$f")
  done < <(find "$top/src" -mindepth 2 -type f \( -name '*.c' -o -name '*.h' -o -name '*.cpp' \) | sort)
  return $bad
}

if [ "${1:-}" = --self-test ]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  mkdir -p "$work/src/core" "$work/src/mpi" "$work/src/p2p" "$work/src/kernel" "$work/src/newdir"
  printf '#include "../mpi/mpi_impl.h"\n#include "../runtime/runtime.h"\n' > "$work/src/core/up.c"
  printf '#include <simgrid/actor.h>\n' > "$work/src/p2p/sg.c"
  printf '#include <simgrid/actor.h>\n#include "kernel.h"\n' > "$work/src/kernel/ok.c"
  printf '#include "../core/comm.h"\n' > "$work/src/mpi/ok.c"
  printf '\n' > "$work/src/newdir/x.c"
  out=$(check "$work")
  want=('src/core/up.c: includes "../mpi/mpi_impl.h": src/mpi is above src/core'
        'src/p2p/sg.c: includes <simgrid/actor.h>: only src/kernel includes SimGrid'
        'src/newdir/ has no place in the layer table')
  for w in "${want[@]}"; do
    grep -qF "$w" <<< "$out" || { echo "self-test: the checker missed: $w"; echo "$out"; exit 1; }
  done
  [ "$(wc -l <<< "$out")" = 3 ] || { echo "self-test: unexpected findings:"; echo "$out"; exit 1; }
  echo "self-test: ok"
  exit 0
fi

top=${1:-$(cd "$(dirname "$0")/../.." && pwd)}
"$0" --self-test || exit 1
check "$top" && echo "layers: every include runs down the layers"
