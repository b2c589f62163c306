#!/usr/bin/env bash
# Simulated times of collectives against SimGrid's smpirun, for algorithms that exist in both
# with the same message pattern: on platforms/cluster.xml at 8 and 16 ranks, each collective
# at 8 B, 64 KiB and 1 MiB must take the same time within 1% (skipped without smpirun). The one
# known difference: below n elements SMPI's lr hands the call to its default allreduce and
# simpi's ring to rdb (Open MPI's choice), which is reported but not failed.
# simpi name = SMPI name, except barrier dissemination = ompi_bruck, allreduce rab = rab_rdb,
# reduce linear / gather linear / scatter linear = ompi_basic_linear,
# gather binomial = ompi_binomial, bcast pipeline = ompi_pipeline,
# gather linear_sync = ompi_linear_sync, allgather neighborexchange = ompi_neighborexchange,
# reduce in_order_binary = ompi_in_order_binary, reduce pipeline = ompi_pipeline,
# allreduce redbcast_linear = redbcast, alltoall linear_nb = basic_linear, scatter linear_nb =
# ompi_linear_nb, allgather spreading_simple = spreading_simple; SMPI names no reduce or gather
# like linear_nb, so its default stands for them.
set -euo pipefail
. "$(dirname "$0")/against_smpirun.bash"
build_both "$top/tests/unit/coll_time.c" ct
for i in $(seq 0 15); do echo "node-$i"; done > "$work/hosts"
# simpi algorithm : SMPI algorithm, per collective (measured in this order), for each run;
# a run's collectives are measured one after the other, so a known difference goes last
runs=(
  "barrier=dissemination:ompi_bruck bcast=binomial_tree:binomial_tree allreduce=rdb:rdb reduce=binomial:binomial alltoall=pair:pair allgather=ring:ring gather=binomial:ompi_binomial scatter=linear:ompi_basic_linear"
  "barrier=recursive_doubling:ompi_recursivedoubling bcast=scatter_LR_allgather:scatter_LR_allgather allreduce=rab:rab_rdb reduce=linear:ompi_basic_linear alltoall=bruck:bruck allgather=rdb:rdb gather=linear:ompi_basic_linear scatter=linear:ompi_basic_linear"
  "barrier=tree:ompi_tree bcast=scatter_rdb_allgather:scatter_rdb_allgather reduce=in_order_binary:ompi_in_order_binary alltoall=basic_linear:basic_linear allgather=bruck:bruck gather=linear_sync:ompi_linear_sync scatter=linear:ompi_basic_linear allreduce=ring:lr"
  "barrier=linear:ompi_basic_linear bcast=pipeline:ompi_pipeline allreduce=rdb:rdb reduce=pipeline:ompi_pipeline alltoall=ring:ring allgather=neighborexchange:ompi_neighborexchange gather=binomial:ompi_binomial scatter=linear:ompi_basic_linear"
  "barrier=linear:ompi_basic_linear bcast=binomial_tree:binomial_tree allreduce=redbcast_linear:redbcast reduce=linear_nb:default alltoall=linear_nb:basic_linear allgather=spreading_simple:spreading_simple gather=linear_nb:default scatter=linear_nb:ompi_linear_nb"
)
fail=0
for np in 8 16; do
  for run in "${runs[@]}"; do
    mine=() theirs=() order=()
    for kv in $run; do
      coll=${kv%%=*} algs=${kv#*=}
      mine+=("--cfg=smpi/$coll:${algs%%:*}")
      theirs+=("--cfg=smpi/$coll:${algs#*:}")
      order+=("$coll")
    done
    args=(-np "$np" -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
    "$top/wrappers/simrun" -q "${args[@]}" "${mine[@]}" "$work/ct" 8,65536,1048576 "${order[@]}" > "$work/simpi.txt"
    smpirun "${args[@]}" "${theirs[@]}" --log=root.thres:error "$work/ct_smpi" 8,65536,1048576 "${order[@]}" > "$work/smpi.txt" \
      2>/dev/null
    while read -r coll size a; do
      b=$(awk -v c="$coll" -v s="$size" '$1 == c && $2 == s {print $3}' "$work/smpi.txt")
      algs=$(tr ' ' '\n' <<< "$run" | awk -F= -v c="$coll" '$1 == c {print $2}')
      [ -n "$algs" ] || continue
      verdict=$(awk -v a="$a" -v b="$b" 'BEGIN{ if (b == "") { print "FAIL"; exit } d=(a-b)/b; if (d<0) d=-d; print (d <= 0.01) ? "ok" : "FAIL"}')
      # SMPI's lr gives small vectors (count < n) to its default allreduce, simpi's ring to rdb
      if [ "$verdict" = FAIL ] && [ "$algs" = ring:lr ] && [ "$size" = 8 ]; then verdict="differs (known)"; fi
      printf '%-3s %-10s %-45s %8s B: simpi %12.3f us, smpirun %12.3f us: %s\n' "$np" "$coll" "$algs" "$size" "$a" "${b:-0}" "$verdict"
      [ "$verdict" = FAIL ] && fail=1
    done < "$work/simpi.txt"
  done
done
exit $fail
