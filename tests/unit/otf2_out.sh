#!/usr/bin/env bash
# OTF2 out: simrun --otf2=DIR writes an archive that otf2-print reads cleanly, whose event
# counts match --stats (messages each rank sent, calls of each MPI function) and the
# definitions' per-location counts, with each rank's host in the system tree; replaying it
# gives the on-line time (trace_all.sh does that for every test program), one-sided
# operations (request-based ones too), intercommunicators and distributed graphs included. What
# OTF2 has no record for is said in one line per kind; a run that deadlocks still leaves a readable
# archive; an existing archive and ti-compat are refused in one line.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
simcc="$top/wrappers/simcc" simrun="$top/wrappers/simrun" tool="$top/wrappers/simpi-trace"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fail=0
ok() { echo "ok: $1"; }
bad() { echo "FAIL: $1"; fail=1; }
simtime() { sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' "$1"; }
# otf2-print's complaints: the library's "[OTF2] ... error" lines, its own "==ERROR=="
clean() { otf2-print "$@" > print.out 2>&1 && ! grep -qE '^\[OTF2\]|==ERROR==' print.out; }
# archive NAME NP [OPTIONS...]: NAME.c built and run on NP ranks into arch_NAME (stderr: NAME.err)
archive() {
  local name=$1 np=$2
  shift 2
  "$simcc" "$name.c" -o "$name" || bad "build $name.c"
  "$simrun" -np "$np" "$@" --otf2="arch_$name" "./$name" > /dev/null 2> "$name.err" || bad "$name: $(cat "$name.err")"
}
# replays NAME WHAT: the replay of arch_NAME gives the simulated time of the run (NAME.err)
replays() {
  "$simrun" --replay="arch_$1/traces.otf2" > /dev/null 2> "$1.re"
  local on re
  on=$(simtime "$1.err") re=$(simtime "$1.re")
  [ -n "$on" ] && [ "$on" = "$re" ] && ok "$2: $re s, on-line $on s" || bad "$2: '$re' s, on-line '$on' s: $(head -3 "$1.re")"
}

cat > st.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  static double a[5000], b[5000];
  int r, n;
  MPI_Request q[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  for (int i = 0; i < 3; i++) {
    MPI_Irecv(b, 5000, MPI_DOUBLE, (r + n - 1) % n, i, MPI_COMM_WORLD, &q[0]);
    MPI_Isend(a, 5000, MPI_DOUBLE, (r + 1) % n, i, MPI_COMM_WORLD, &q[1]);
    MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  }
  if (r == 0)
    for (int k = 1; k < n; k++)
      MPI_Ssend(a, 10 * k, MPI_INT, k, 9, MPI_COMM_WORLD);
  else
    MPI_Recv(b, 100, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
C
archive st 4 --stats
clean arch_st/traces.otf2 && ok "otf2-print reads the archive" || bad "otf2-print: $(grep -E '^\[OTF2\]|==ERROR==' print.out | head -3)"
mv print.out st.print
# messages sent per rank (the statistics' table; the program has no collective, whose own
# messages the table counts too) = MpiSend + MpiIsend records per location
awk '$1 ~ /^[0-9]+$/ && NF == 7 { print $1, $6 }' st.err > stats_msgs
awk '$1 == "MPI_SEND" || $1 == "MPI_ISEND" { n[$2]++ } END { for (k in n) print k, n[k] }' st.print | sort -n > otf2_msgs
[ -s stats_msgs ] && cmp -s stats_msgs otf2_msgs && ok "messages per rank as --stats: $(tr '\n' ' ' < otf2_msgs)" ||
  bad "messages per rank: --stats $(tr '\n' ' ' < stats_msgs), OTF2 $(tr '\n' ' ' < otf2_msgs)"
# calls of each MPI function (the call sites' table, all ranks) = Enter records of its region
calls_match() { # ERR PRINT
  awk '$3 ~ /^MPI_/ && $2 ~ /^[0-9]+$/ && $4 ~ /:[0-9]+$/ { n[$3] += $2 } END { for (k in n) print k, n[k] }' "$1" | sort > stats_calls
  awk '$1 == "ENTER" { g = $0; sub(/.*Region: "/, "", g); sub(/".*/, "", g); if (g ~ /^MPI_/ && g != "MPI_Init") n[g]++ }
       END { for (k in n) print k, n[k] }' "$2" | sort > otf2_calls
  [ -s stats_calls ] && cmp -s stats_calls otf2_calls
}
calls_match st.err st.print && ok "calls per function as --stats: $(tr '\n' ' ' < otf2_calls)" ||
  bad "calls: --stats $(tr '\n' ' ' < stats_calls), OTF2 $(tr '\n' ' ' < otf2_calls)"
# the definitions' event counts per location = the records otf2-print shows
otf2-print -G arch_st/traces.otf2 > st.defs
awk '$1 == "LOCATION" { for (i = 1; i <= NF; i++) if ($i == "Events:") { e = $(i+1); sub(/,/, "", e); print $2, e } }' st.defs |
  sort -n > defs_events
awk '$1 ~ /^[A-Z_]+$/ && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/ { n[$2]++ } END { for (k in n) print k, n[k] }' st.print |
  sort -n > print_events
[ -s defs_events ] && cmp -s defs_events print_events && ok "events per location as defined: $(tr '\n' ' ' < print_events)" ||
  bad "events per location: definitions $(tr '\n' ' ' < defs_events), records $(tr '\n' ' ' < print_events)"
# the system tree: the platform, a node per host of a rank, a process per rank under it
n=$(grep -c '^SYSTEM_TREE_NODE .*Class: "host"' st.defs)
[ "$n" = 4 ] && grep -q '^LOCATION_GROUP .*"MPI Rank 3".*Parent: ".*host' st.defs && ok "system tree: 4 hosts, a process per rank" ||
  bad "system tree: $n host nodes: $(grep -E '^SYSTEM_TREE_NODE|^LOCATION_GROUP ' st.defs | head -6)"
replays st "replay of the archive"

# collectives and communicators: a collective's Begin/End (CREATE_HANDLE and DESTROY_HANDLE for a
# split and a free) per call, with its root and sizes; the split communicator with its members
cat > co.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  static int a[1000], b[1000];
  int r;
  MPI_Comm half;
  MPI_Request q;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &half);
  for (int i = 0; i < 2; i++) {
    MPI_Bcast(a, 1000, MPI_INT, 1, MPI_COMM_WORLD);
    MPI_Allreduce(a, b, 250, MPI_INT, MPI_SUM, half);
    MPI_Iallreduce(MPI_IN_PLACE, a, 10, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
  }
  MPI_Barrier(half);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
C
archive co 4 --stats
clean arch_co/traces.otf2 && ok "otf2-print reads the collectives' archive" || bad "otf2-print: $(grep -E '^\[OTF2\]|==ERROR==' print.out | head -3)"
mv print.out co.print
calls_match co.err co.print && ok "collectives: calls per function as --stats: $(tr '\n' ' ' < otf2_calls)" ||
  bad "collectives: calls: --stats $(tr '\n' ' ' < stats_calls), OTF2 $(tr '\n' ' ' < otf2_calls)"
count() { grep -c "$1" co.print; }
[ "$(count '^MPI_COLLECTIVE_BEGIN ')" = 28 ] && [ "$(count '^MPI_COLLECTIVE_END .*BCAST.*Root: 1.*Received: 4000')" = 8 ] &&
  [ "$(count '^MPI_COLLECTIVE_END .*CREATE_HANDLE')" = 4 ] && [ "$(count '^COMM_CREATE ')" = 4 ] &&
  [ "$(count '^COMM_DESTROY ')" = 4 ] && [ "$(count '^MPI_COLLECTIVE_END .*DESTROY_HANDLE')" = 4 ] &&
  [ "$(count '^NON_BLOCKING_COLLECTIVE_COMPLETE .*ALLREDUCE')" = 8 ] &&
  [ "$(count '^MPI_COLLECTIVE_END .*ALLREDUCE, Communicator: "communicator [23]".*Sent: 1000')" = 8 ] &&
  ok "collective and communicator records: 4 x (split, 2 bcast, 2 allreduce, barrier, free), 2 x 4 iallreduce" ||
  bad "collective records: $(grep -E '^MPI_COLL|^NON_BLOCKING|^COMM_' co.print | cut -c1-40 | sort | uniq -c)"
otf2-print -G arch_co/traces.otf2 > co.defs
grep -q '^COMM .*"communicator 2".*Parent: "MPI_COMM_WORLD"' co.defs && grep -qE '^GROUP .*COMM_GROUP.*2 Members: .*0.*2' co.defs &&
  ok "the split communicator's definition: its parent and members" || bad "communicator definitions: $(grep -E '^(COMM|GROUP) ' co.defs)"
replays co "collectives' replay"

# one-sided operations: RMA records (window creation and freeing, fences as group
# synchronisations, puts), each with its trace line, so that the replay gives the on-line time
cat > rma.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int r, x = 0, v = 1;
  MPI_Win w;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Win_create(&x, sizeof x, sizeof x, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
  MPI_Win_fence(0, w);
  MPI_Put(&v, 1, MPI_INT, (r + 1) % 2, 0, 1, MPI_INT, w);
  MPI_Win_fence(0, w);
  MPI_Win_free(&w);
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
  return 0;
}
C
archive rma 2
clean arch_rma/traces.otf2 && [ "$(grep -c '^RMA_WIN_CREATE ' print.out)" = 2 ] && [ "$(grep -c '^RMA_GROUP_SYNC ' print.out)" = 4 ] &&
  [ "$(grep -c '^RMA_PUT .*Remote: [01] .*Bytes: 4' print.out)" = 2 ] && [ "$(grep -c '^RMA_WIN_DESTROY ' print.out)" = 2 ] &&
  ! grep -q 'not in the OTF2' rma.err && ok "one-sided records: 2 windows, 4 fences, 2 puts" ||
  bad "one-sided: $(cat rma.err; grep '^RMA' print.out | cut -c1-30 | sort | uniq -c)"
replays rma "one-sided replay"

# a line OTF2 has no record for at all (a Cartesian topology): a ParameterString simpi::line
cat > cart.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int dims[1] = {0}, periods[1] = {1};
  MPI_Comm cart;
  MPI_Init(&argc, &argv);
  MPI_Dims_create(2, 1, dims);
  MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
  MPI_Comm_free(&cart);
  MPI_Finalize();
  return 0;
}
C
archive cart 2
clean arch_cart/traces.otf2 && [ "$(grep -c '^PARAMETER_STRING .*"simpi::line".*Value: "comm_cart [0-9]* 1 2 1"' print.out)" = 2 ] &&
  ! grep -q 'not in the OTF2' cart.err && ok "a topology line carried as a parameter" || bad "cart: $(cat cart.err; grep PARAM print.out)"
replays cart "topology replay"

# persistent collectives are carried whole too, numbered for their waits as nonblocking ones
cat > pers.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_Request q;
  MPI_Init(&argc, &argv);
  MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &q);
  for (int i = 0; i < 3; i++) {
    MPI_Start(&q);
    MPI_Wait(&q, MPI_STATUS_IGNORE);
  }
  MPI_Request_free(&q);
  MPI_Finalize();
  return 0;
}
C
archive pers 2
! grep -q 'not in the OTF2' pers.err && clean arch_pers/traces.otf2 && [ "$(grep -c '"coll_start' print.out)" = 6 ] ||
  bad "persistent: $(cat pers.err; grep PARAM print.out | head -3)"
replays pers "persistent collectives' replay"

# intercommunicators: an InterComm definition (its two sides' groups), made and freed as
# CREATE_HANDLE/DESTROY_HANDLE collectives with CommCreate/CommDestroy, the creation's and the
# merge's lines in simpi::line; messages on it name a rank of the remote group; its collectives
# carry their arguments (roots MPI_ROOT, MPI_PROC_NULL)
cat > inter.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int r, x[100] = {0};
  MPI_Comm half, inter, merged;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_split(MPI_COMM_WORLD, r % 2, r, &half);
  MPI_Intercomm_create(half, 0, MPI_COMM_WORLD, 1 - r % 2, 7, &inter);
  MPI_Barrier(inter);
  if (r == 0) /* world rank 0 sends to rank 1 of the odd side (world 3) */
    MPI_Send(x, 100, MPI_INT, 1, 3, inter);
  else if (r == 3)
    MPI_Recv(x, 100, MPI_INT, 0, 3, inter, MPI_STATUS_IGNORE);
  MPI_Bcast(x, 10, MPI_INT, r == 0 ? MPI_ROOT : r % 2 ? 0 : MPI_PROC_NULL, inter);
  MPI_Intercomm_merge(inter, r % 2, &merged);
  MPI_Allreduce(MPI_IN_PLACE, x, 10, MPI_INT, MPI_SUM, merged);
  MPI_Comm_free(&merged);
  MPI_Comm_free(&inter);
  MPI_Comm_free(&half);
  MPI_Finalize();
  return 0;
}
C
archive inter 4
otf2-print -G arch_inter/traces.otf2 > inter.defs
clean arch_inter/traces.otf2 && ! grep -q 'not in the OTF2' inter.err &&
  grep -qE '^INTER_COMM .*Group A: .*Group B: .*Common Communicator: "MPI_COMM_WORLD"' inter.defs &&
  [ "$(grep -c '^COMM_CREATE ' print.out)" = 12 ] && [ "$(grep -c '^COMM_DESTROY ' print.out)" = 12 ] &&
  [ "$(grep -c '^MPI_COLLECTIVE_END .*CREATE_HANDLE' print.out)" = 12 ] &&
  grep -qE '^MPI_SEND +0 .*Receiver: 1 .*Tag: 3, Length: 400' print.out &&
  grep -qE '^MPI_RECV +3 .*Sender: 0 .*Tag: 3, Length: 400' print.out &&
  [ "$(grep -c '^MPI_COLLECTIVE_END .*BCAST' print.out)" = 4 ] &&
  ok "intercommunicator: its definition, creation, merge and frees, messages to the remote group" ||
  bad "inter: $(cat inter.err; grep -E '^(INTER_COMM|COMM) ' inter.defs; grep -E '^(COMM_|MPI_SEND|MPI_RECV)' print.out | cut -c1-120 | head)"
replays inter "intercommunicators' replay"
# the lines read back (otf2-print does not show attributes): rank 3's, communicators as the archive names them
"$tool" otf2-to-ti arch_inter/traces.otf2 inter.ti 2> /dev/null
got=$(grep -E 'intercomm|send|recv|bcast|comm_free' inter.ti_files/simpi_rank-4.txt | tr '\n' '|')
want='3 intercomm_create ([0-9]+) 0 -1 0 7 ([0-9]+)\|3 recv 0 3 400 6 comm=\2\|3 bcast 10 0 1 comm=\2\|'
want+='3 intercomm_merge \2 1 ([0-9]+)\|3 comm_free \3\|3 comm_free \2\|3 comm_free \1\|'
grep -qxE "$want" <<< "$got" &&
  ok "an intercommunicator's lines read back" || bad "rank 3's lines: $got"

# distributed graphs (a CREATE_HANDLE collective with the line in simpi::line) and
# request-based one-sided operations: an RmaPut/RmaGet whose matching id is the request's
# number, completed by an RmaOpCompleteNonBlocking of that id at the wait
cat > rq.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int r, n, x[64] = {0}, y[64], nb, one = 1;
  MPI_Comm g;
  MPI_Win w;
  MPI_Request q[2];
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Comm_size(MPI_COMM_WORLD, &n);
  nb = (r + 1) % n;
  MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &r, &one, &nb, &one, MPI_INFO_NULL, 0, &g);
  MPI_Neighbor_allgather(&r, 1, MPI_INT, y, 1, MPI_INT, g);
  MPI_Win_create(x, sizeof x, sizeof *x, MPI_INFO_NULL, MPI_COMM_WORLD, &w);
  MPI_Win_lock_all(0, w);
  MPI_Rput(y, 64, MPI_INT, nb, 0, 64, MPI_INT, w, &q[0]);
  MPI_Rget(y, 16, MPI_INT, nb, 0, 16, MPI_INT, w, &q[1]);
  MPI_Waitall(2, q, MPI_STATUSES_IGNORE);
  MPI_Win_unlock_all(w);
  MPI_Win_free(&w);
  MPI_Comm_free(&g);
  MPI_Finalize();
  return 0;
}
C
archive rq 3
clean arch_rq/traces.otf2 && ! grep -q 'not in the OTF2' rq.err &&
  [ "$(grep -c '^MPI_COLLECTIVE_END .*CREATE_HANDLE' print.out)" = 3 ] && [ "$(grep -c '^COMM_CREATE ' print.out)" = 3 ] &&
  [ "$(grep -c '^RMA_PUT .*Bytes: 256, Matching: [1-9]' print.out)" = 3 ] &&
  [ "$(grep -c '^RMA_GET .*Bytes: 64, Matching: [1-9]' print.out)" = 3 ] &&
  [ "$(grep -c '^RMA_OP_COMPLETE_NON_BLOCKING ' print.out)" = 6 ] &&
  ok "distributed graph and request-based one-sided records" ||
  bad "rq: $(cat rq.err; grep -E '^(RMA|MPI_COLLECTIVE_END)' print.out | cut -c1-150 | head)"
replays rq "distributed graph and request-based one-sided replay"
"$tool" otf2-to-ti arch_rq/traces.otf2 rq.ti 2> /dev/null
got=$(grep -E '^1 (comm_dist_graph|put|get|wait) ' rq.ti_files/simpi_rank-2.txt | tr '\n' '|')
[ "$got" = "1 comm_dist_graph 0 3 1 1 1 2|1 put 1 2 0 64 1 req=1|1 get 1 2 0 16 1 req=2|1 wait 0 0 -1|1 wait 0 0 -2|" ] &&
  ok "distributed graph and request lines read back" || bad "rank 1's lines: $got"

# what simpi writes no OTF2 record for yet (file I/O): one line per kind
cat > io.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  MPI_File f;
  MPI_Init(&argc, &argv);
  MPI_File_open(MPI_COMM_WORLD, "io.dat", MPI_MODE_CREATE | MPI_MODE_RDWR, MPI_INFO_NULL, &f);
  MPI_File_close(&f);
  MPI_Finalize();
  return 0;
}
C
archive io 2
grep -q '^simpi: not in the OTF2 archive.*: 2 file_open$' io.err && grep -q '^simpi: not in the OTF2 archive.*: 2 file_close$' io.err &&
  clean arch_io/traces.otf2 && ok "no record for: $(grep 'not in the OTF2' io.err | sed 's/.*: //' | tr '\n' ',')" || bad "io: $(cat io.err)"

# a run that deadlocks leaves an archive otf2-print reads (its calls end where the run stopped)
cat > dl.c <<'C'
#include <mpi.h>
int main(int argc, char **argv)
{
  int r, x;
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &r);
  MPI_Send(&r, 1, MPI_INT, 1 - r, 0, MPI_COMM_WORLD);
  MPI_Recv(&x, 1, MPI_INT, 1 - r, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Finalize();
  return 0;
}
C
"$simcc" dl.c -o dl || bad "build dl.c"
"$simrun" -np 2 --otf2=arch_dl ./dl > /dev/null 2> dl.err && bad "the deadlock ended with status 0"
grep -q deadlock dl.err && clean arch_dl/traces.otf2 && [ "$(grep -c '^LEAVE .*MPI_Recv' print.out)" = 2 ] &&
  ok "a deadlocked run's archive: readable, its blocked receives ended" || bad "deadlock: $(tail -3 dl.err; grep -E 'OTF2|ERROR' print.out | head -3)"

# refusals, one line each (simrun's usage errors add their "Try simrun --help" line)
"$simrun" -np 4 --otf2=arch_st ./st > /dev/null 2> again.err && bad "an existing archive was written over"
[ "$(grep -c . again.err)" = 1 ] && grep -q "holds an OTF2 archive already" again.err && ok "existing archive refused: $(cat again.err)" ||
  bad "existing archive: $(cat again.err)"
"$simrun" -np 2 --otf2=compat --cfg=tracing/ti-compat:yes ./st > /dev/null 2> compat.err && bad "ti-compat accepted"
head -1 compat.err | grep -q "^simrun: .*ti-compat" && ok "ti-compat refused: $(cat compat.err)" || bad "ti-compat: $(cat compat.err)"
exit $fail
