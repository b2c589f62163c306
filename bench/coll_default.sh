#!/usr/bin/env bash
# smpirun's default collective selection (no --cfg at all) against simrun's default (mpich)
# and simrun --cfg=smpi/coll-selector:smpi, every collective of tests/unit/coll_time.c on
# platforms/cluster.xml, 8 B to 1 MiB per rank (per pair for Alltoall(v,w), per block for
# Gather(v), Scatter(v), Allgather(v), per result block for Reduce_scatter(_block)).
# Prints a markdown table of simulated times (us) and the ratios to smpirun.
#
# With --identify, finds out instead which algorithm smpirun's default runs: for each
# collective and rank count, the forced SMPI algorithms (--cfg=smpi/COLL:ALGO on smpirun)
# and the forced simpi algorithms (under the smpi selector, so that the barrier before and
# the reduction of times after are the same as smpirun's) whose times equal smpirun's default
# at each size; a size where the answer changes starts a new group ("size:names"). A simpi
# algorithm that hands calls to its fallback here (rdb on 7 ranks...) is left out.
# usage: bench/coll_default.sh [NP...]              (default: 4 16)
#        bench/coll_default.sh --identify [NP...]   (default: 2 3 4 7 8 16 32; 14 minutes here)
# At 3 to 7 ranks with blocks of 512 KiB to 1 MiB, and above 64 ranks from 256 KiB, smpirun's
# default Alltoall aborts unless the rank count is a power of two: those sizes are left out.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
command -v smpirun >/dev/null || { echo "smpirun not installed" >&2; exit 1; }
identify=0
if [ "${1:-}" = --identify ]; then identify=1; shift; fi
nps=("$@")
if [ $# = 0 ]; then
  if [ $identify = 1 ]; then nps=(2 3 4 7 8 16 32); else nps=(4 16); fi
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/tests/unit/coll_time.c" -o "$work/ct"
smpicc -O2 "$top/tests/unit/coll_time.c" -o "$work/ct_smpi" 2>/dev/null
for i in $(seq 0 63); do echo "node-$i"; done > "$work/hosts"
colls="barrier bcast reduce allreduce gather gatherv scatter scatterv allgather allgatherv alltoall alltoallv
       alltoallw reduce_scatter reduce_scatter_block scan exscan"

# smpi NP OUT [cfg...] -- collectives : smpirun's times (empty output if it aborted)
smpi() {
  local np=$1 out=$2
  shift 2
  local cfg=()
  while [ "$1" != -- ]; do cfg+=("$1"); shift; done
  shift
  smpirun -np "$np" -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" \
    --cfg=smpi/simulate-computation:no "${cfg[@]}" --log=root.thres:critical "$work/ct_smpi" "$sizes" "$@" \
    > "$out" 2>/dev/null || : > "$out"
}
simpi() {
  local np=$1 out=$2
  shift 2
  local cfg=()
  while [ "$1" != -- ]; do cfg+=("$1"); shift; done
  shift
  "$top/wrappers/simrun" -q -np "$np" -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" \
    --cfg=smpi/simulate-computation:no "${cfg[@]}" "$work/ct" "$sizes" "$@" > "$out"
}

if [ $identify = 0 ]; then
  sizes=8,1024,65536,1048576
  echo "| ranks | collective | bytes | smpirun default (us) | simrun default, mpich (us) | simrun smpi (us) | mpich/smpirun | smpi/smpirun |"
  echo "|---|---|---|---|---|---|---|---|"
  for np in "${nps[@]}"; do
    # shellcheck disable=SC2086
    smpi "$np" "$work/s.txt" -- $colls
    # shellcheck disable=SC2086
    simpi "$np" "$work/m.txt" -- $colls
    # shellcheck disable=SC2086
    simpi "$np" "$work/x.txt" --cfg=smpi/coll-selector:smpi -- $colls
    awk -v np="$np" 'FILENAME == ARGV[1] { s[$1 " " $2] = $3; next }
                     FILENAME == ARGV[2] { m[$1 " " $2] = $3; next }
                     { k = $1 " " $2
                       printf "| %s | %s | %s | %.3f | %.3f | %.3f | %.4f | %.4f |\n", np, $1, $2, s[k], m[k], $3,
                              m[k] / s[k], $3 / s[k] }' "$work/s.txt" "$work/m.txt" "$work/x.txt"
  done
  exit 0
fi

# Candidates: SMPI's algorithms of each collective that smpirun accepts (--cfg=smpi/COLL:help
# lists them); gatherv, scatterv, alltoallw, reduce_scatter_block, scan and exscan have no choice
# in smpirun, so only simpi's algorithms are compared there.
smpi_algos() {
  case $1 in
    barrier) echo ompi_basic_linear ompi_two_procs ompi_tree ompi_bruck ompi_recursivedoubling ompi_doublering ;;
    bcast) echo binomial_tree flattree flattree_pipeline scatter_LR_allgather scatter_rdb_allgather ompi_pipeline \
      ompi_split_bintree NTSL NTSB ;;
    reduce) echo binomial flat_tree NTSL ompi_basic_linear ompi_binomial ompi_chain ompi_pipeline ompi_binary \
      ompi_in_order_binary mvapich2_knomial rab ;;
    allreduce) echo redbcast rdb lr rab_rdb rab1 ompi_ring_segmented smp_binomial ;;
    gather) echo ompi_basic_linear ompi_binomial ompi_linear_sync ;;
    scatter) echo ompi_basic_linear ompi_linear_nb ompi_binomial ;;
    allgather) echo spreading_simple ring bruck rdb loosely_lr pair ompi_neighborexchange ;;
    allgatherv) echo ring pair ompi_bruck ompi_neighborexchange mpich_rdb mpich_ring GB ;;
    alltoall) echo basic_linear bruck pair ring rdb ;;
    alltoallv) echo ompi_basic_linear bruck pair ring ;;
    reduce_scatter) echo ompi_basic_recursivehalving ompi_ring ompi_butterfly mpich_pair mpich_rdb mpich_noncomm ;;
  esac
}
simpi_algos() {
  "$top/wrappers/simrun" --help-coll |
    awk -v c="$1" '/^Selectors/ { exit } /^[a-z_]+ \(smpi/ { cur = $1; next } cur == c && /^  [a-zA-Z_]+ / { print $1 }'
}
# groups FILE-of-"name coll size time" DEFAULT-FILE: "size:name/name ..." at each change
groups() {
  awk 'FILENAME == ARGV[1] { d[$2] = $3; order[++n] = $2; next }
       { if ($3 in d && ($4 == d[$3] || (d[$3] - $4) ^ 2 <= (1e-9 * d[$3]) ^ 2)) hit[$3] = hit[$3] (hit[$3] == "" ? "" : "/") $1 }
       END { prev = ""
             for (i = 1; i <= n; i++) { s = order[i]; w = (s in hit) ? hit[s] : "none"
                                        if (w != prev) printf "%s%s:%s", (prev == "" ? "" : " "), s, w; prev = w }
             print "" }' "$1" "$2"
}
echo "| ranks | collective | SMPI algorithms with smpirun's default times (from bytes:) | simpi algorithms with the same times |"
echo "|---|---|---|---|"
for np in "${nps[@]}"; do
  # 4 MiB blocks above 16 ranks: GBs for reduce_scatter's full vectors (n of them at the root)
  sizes=8,64,512,2048,16384,65536,262144,1048576
  [ "$np" -gt 16 ] || sizes=$sizes,4194304
  # shellcheck disable=SC2086
  smpi "$np" "$work/default.txt" -- $colls
  for c in $colls; do
    grep "^$c " "$work/default.txt" > "$work/d.txt" || true
    [ -s "$work/d.txt" ] || { echo "| $np | $c | (smpirun aborted) | |"; continue; }
    : > "$work/hits_smpi.txt"
    for al in $(smpi_algos "$c"); do
      smpi "$np" "$work/a.txt" "--cfg=smpi/$c:$al" -- "$c"
      awk -v al="$al" -v c="$c" '$1 == c { print al, $1, $2, $3 }' "$work/a.txt" >> "$work/hits_smpi.txt"
    done
    : > "$work/hits_simpi.txt"
    for al in $(simpi_algos "$c"); do
      simpi "$np" "$work/a.txt" --cfg=smpi/coll-selector:smpi "--cfg=smpi/$c:$al" -- "$c" 2> "$work/err.txt"
      ! grep -q " needs " "$work/err.txt" || continue # it handed the calls to its fallback
      awk -v al="$al" -v c="$c" '$1 == c { print al, $1, $2, $3 }' "$work/a.txt" >> "$work/hits_simpi.txt"
    done
    a=$( [ -n "$(smpi_algos "$c")" ] && groups "$work/d.txt" "$work/hits_smpi.txt" || echo "(no choice in smpirun)")
    b=$(groups "$work/d.txt" "$work/hits_simpi.txt")
    echo "| $np | $c | $a | $b |"
  done
done
