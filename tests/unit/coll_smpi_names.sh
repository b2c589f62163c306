#!/usr/bin/env bash
# SMPI's names of simpi's collective algorithms (simrun --help-coll, "SMPI's name:"): each is
# accepted by --cfg=smpi/COLL:NAME and gives smpirun's simulated time with the same option, on
# platforms/cluster.xml at 8 ranks, 4 KiB and 64 KiB (to 1e-6; sizes where the known
# differences of src/coll/select.c's table do not show). A selector's name for one collective
# applies that selector's rules to it; an SMPI name simpi does not implement is refused, saying
# so. (Results with these names: tests/mpi/coll_smpi_names.c.) Times need smpirun: without
# it, only the refusals and the selector are checked.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simrun=${SIMRUN:-$top/wrappers/simrun}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"${SIMCC:-$top/wrappers/simcc}" -O2 "$top/tests/unit/coll_time.c" -o "$work/ct"
for i in $(seq 0 7); do echo "node-$i"; done > "$work/hosts"
args=(-np 8 -platform "$top/platforms/cluster.xml" -hostfile "$work/hosts" --cfg=smpi/simulate-computation:no)
fail=0

# "round coll name" for every alias: the k-th alias of a collective goes to round k
"$simrun" --help-coll > "$work/help.txt"
awk '/^Selectors/ { exit }
  /^[a-z_]+ \(smpi\// { coll = $1; next }
  /SMPI.s name/ { sub(/.*SMPI.s name: */, ""); n = split($0, a, /, */)
                  for (i = 1; i <= n; i++) print ++k[coll], coll, a[i] }' "$work/help.txt" > "$work/aliases"
[ "$(wc -l < "$work/aliases")" -ge 27 ] || { echo "FAIL: only $(wc -l < "$work/aliases") aliases listed"; exit 1; }

if command -v smpirun >/dev/null && command -v smpicc >/dev/null; then
  smpicc -O2 "$top/tests/unit/coll_time.c" -o "$work/ct_smpi" 2>/dev/null
  for round in $(cut -d' ' -f1 "$work/aliases" | sort -un); do
    cfg=() colls=()
    while read -r r coll name; do
      [ "$r" = "$round" ] || continue
      cfg+=("--cfg=smpi/$coll:$name")
      colls+=("$coll")
    done < "$work/aliases"
    "$simrun" -q "${args[@]}" --cfg=smpi/coll-selector:smpi "${cfg[@]}" "$work/ct" 4096,65536 "${colls[@]}" \
      > "$work/simpi.txt"
    smpirun "${args[@]}" "${cfg[@]}" --log=root.thres:error "$work/ct_smpi" 4096,65536 "${colls[@]}" \
      > "$work/smpi.txt" 2>/dev/null
    while read -r coll size a; do
      b=$(awk -v c="$coll" -v s="$size" '$1 == c && $2 == s {print $3}' "$work/smpi.txt")
      name=$(printf '%s\n' "${cfg[@]}" | sed -n "s|^--cfg=smpi/$coll:||p")
      verdict=$(awk -v a="$a" -v b="${b:-0}" 'BEGIN { d = b ? (a - b) / b : 1; if (d < 0) d = -d
                                                      print (d <= 1e-6) ? "ok" : "FAIL" }')
      printf '%-15s %-28s %6s B: simpi %12.3f us, smpirun %12.3f us: %s\n' "$coll" "$name" "$size" "$a" "${b:-0}" \
        "$verdict"
      [ "$verdict" = ok ] || fail=1
    done < "$work/simpi.txt"
  done
else
  echo "smpirun not installed: times not compared"
fi

# a selector's name for one collective: that selector's rules for it, the others unchanged
"$simrun" -q "${args[@]}" --cfg=smpi/coll-selector:ompi "$work/ct" 4096,1048576 bcast allreduce > "$work/ompi.txt"
"$simrun" -q "${args[@]}" "$work/ct" 4096,1048576 bcast allreduce > "$work/mpich.txt"
"$simrun" -q "${args[@]}" --cfg=smpi/bcast:ompi "$work/ct" 4096,1048576 bcast allreduce > "$work/mixed.txt"
{ grep '^bcast' "$work/ompi.txt"; grep '^allreduce' "$work/mpich.txt"; } | cmp -s - "$work/mixed.txt" ||
  { echo "FAIL: --cfg=smpi/bcast:ompi"; cat "$work/ompi.txt" "$work/mpich.txt" "$work/mixed.txt"; fail=1; }
cmp -s "$work/ompi.txt" "$work/mpich.txt" && { echo "FAIL: ompi and mpich selectors agree here"; fail=1; }

# refusals: an SMPI algorithm simpi lacks, and a name nobody has
for bad in "allreduce:smp_rsag:simpi does not implement SMPI's allreduce algorithm 'smp_rsag'" \
           "bcast:NTSB:simpi does not implement SMPI's bcast algorithm 'NTSB'" \
           "alltoall:automatic:simpi does not implement SMPI's alltoall algorithm 'automatic'" \
           "reduce:no_such:unknown reduce algorithm 'no_such'"; do
  opt=${bad%%:*}:$(cut -d: -f2 <<< "$bad") msg=${bad#*:*:}
  if "$simrun" -q -np 2 "--cfg=smpi/$opt" "$work/ct" 8 barrier > "$work/out.txt" 2>&1; then
    echo "FAIL: --cfg=smpi/$opt accepted"; fail=1
  elif ! grep -qF "$msg" "$work/out.txt"; then
    echo "FAIL: --cfg=smpi/$opt: wanted '$msg', got:"; cat "$work/out.txt"; fail=1
  fi
done
exit $fail
