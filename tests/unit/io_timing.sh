#!/usr/bin/env bash
# MPI-IO in simulated time (tests/unit/io_time.c), against the formulas of the storage model on a
# platform of 4 nodes and two storage servers (written here): one rank and one server, one rank
# striped over two servers, four ranks sharing one server's disk and two servers' disks, a
# collective write of an interleaved view faster than the same write made independently, and
# node-local disks (io/storage:local). With io/data:no the times are the same and no file is
# written.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/platform.xml" <<'XML'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1">
<zone id="world" routing="Full">
  <cluster id="c" prefix="node-" suffix="" radical="0-3" speed="1Gf" core="1" bw="1GBps" lat="10us"
           bb_bw="100GBps" bb_lat="0us" loopback_bw="100GBps" loopback_lat="0us" router_id="c-router"/>
  <zone id="s" routing="Full">
    <host id="oss-0" speed="1Gf"><prop id="simpi/storage" value="server"/>
      <disk id="d0" read_bw="200MBps" write_bw="100MBps"/></host>
    <host id="oss-1" speed="1Gf"><prop id="simpi/storage" value="server"/>
      <disk id="d1" read_bw="200MBps" write_bw="100MBps"/></host>
    <router id="s-router"/>
    <link id="l0" bandwidth="10GBps" latency="5us"/>
    <link id="l1" bandwidth="10GBps" latency="5us"/>
    <route src="oss-0" dst="s-router"><link_ctn id="l0"/></route>
    <route src="oss-1" dst="s-router"><link_ctn id="l1"/></route>
  </zone>
  <link id="up" bandwidth="100GBps" latency="0us"/>
  <zoneRoute src="c" dst="s" gw_src="c-router" gw_dst="s-router"><link_ctn id="up"/></zoneRoute>
</zone>
</platform>
XML
"$top/wrappers/simcc" "$top/tests/unit/io_time.c" -o "$work/iot" -lm
run() { (cd "$work" && "$top/wrappers/simrun" -q -platform platform.xml --cfg=network/model:CM02 \
  --cfg=smpi/simulate-computation:no "$@") ; }
run -np 1 ./iot > "$work/out"
run -np 4 ./iot >> "$work/out"
run -np 2 --cfg=io/storage:local --cfg=io/disk-write-bw:50e6 --cfg=io/disk-read-bw:80e6 ./iot local >> "$work/out"
cat "$work/out"
[ "$(grep -c ': ok' "$work/out")" = 9 ] && ! grep -q FAIL "$work/out" || exit 1
# io/data:no: the same times, no file
rm -f "$work"/io_time_*.dat
run -np 1 --cfg=io/data:no ./iot > "$work/nodata"
if ! diff <(head -3 "$work/out") "$work/nodata"; then echo "FAIL: io/data:no changes the times"; exit 1; fi
if ls "$work"/io_time_*.dat 2>/dev/null; then echo "FAIL: io/data:no wrote files"; exit 1; fi
echo "io/data:no: the same times, no file written: ok"
# --stats: the I/O time and bytes per rank and per file
run -np 1 --stats ./iot > /dev/null 2> "$work/stats"
grep -E '^  file io_time_one\.dat: 10000000 bytes read, 10000000 bytes written$' "$work/stats" &&
  grep -Eq '^  0 +0\.[0-9]+ +[0-9]+ +[0-9]+$' "$work/stats" || { echo "FAIL: --stats has no file I/O table"; cat "$work/stats"; exit 1; }
echo "--stats: I/O per rank and per file: ok"
