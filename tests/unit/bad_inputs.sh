#!/usr/bin/env bash
# Bad input never reaches the user as SimGrid's backtraces or exceptions: a
# platform with no host, a platform without a route between two ranks'
# hosts, an unknown --cfg key, hostfiles with absurd slot counts or unknown
# hosts past the slots needed, configuration values SimGrid would crash on
# (stack and guard sizes) or that make nonsense (a host speed of 0, an
# overhead that is not piecewise), a bad time limit, a run too large for the
# machine's memory, output files on a full disk (/dev/full). Each is one line
# of simpi's naming the file or key, and a non-zero exit status.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
"$top/wrappers/simcc" "$top/samples/ring.c" -o ring || exit 1
fail=0
# expect WHAT REGEX simrun-arguments...: non-zero status, one simpi line matching, no SimGrid noise
expect() {
  local what=$1 re=$2
  shift 2
  "$top/wrappers/simrun" "$@" >out 2>err
  local rc=$?
  if [ "$rc" = 0 ]; then
    echo "FAIL: $what: exit status 0"; fail=1
  elif ! grep -Eq -- "$re" err; then
    echo "FAIL: $what: no line matching '$re' in:"; head -5 err; fail=1
  elif grep -Eq 'Backtrace|CRITICAL|xbt|Uncaught|terminate called' err; then
    echo "FAIL: $what: SimGrid's output leaks through:"; head -5 err; fail=1
  else
    echo "ok: $what: $(head -1 err)"
  fi
}
cat > nohost.xml <<'X'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full"></zone></platform>
X
cat > noroute.xml <<'X'
<?xml version='1.0'?>
<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">
<platform version="4.1"><zone id="z" routing="Full">
  <host id="a" speed="1Gf"/><host id="b" speed="1Gf"/>
</zone></platform>
X
expect "platform without hosts" "^simpi: the platform file 'nohost.xml' defines no host$" -np 2 -platform nohost.xml ./ring 1
expect "platform without a route" "^simpi: the platform file 'noroute.xml' has no route from host a to host b \(ranks 0 and 1\)$" \
  -np 2 -platform noroute.xml ./ring 1
# values SimGrid fails on deep inside a run, or takes silently (issue 26, item 6)
platform_with() { # FILE SPEED BW LAT: a 4-host cluster with those values
  printf '%s\n' "<?xml version='1.0'?>" '<!DOCTYPE platform SYSTEM "https://simgrid.org/simgrid.dtd">' \
    '<platform version="4.1">' "  <cluster id=\"c\" prefix=\"node-\" suffix=\"\" radical=\"0-3\" speed=\"$2\"" \
    "           bw=\"$3\" lat=\"$4\" bb_bw=\"100Gbps\" bb_lat=\"1us\"/>" '</platform>' > "$1"
}
platform_with speed0.xml 0 10Gbps 10us
expect "a host speed of 0" "^simpi: platform file 'speed0.xml' line 4: <cluster id=\"c\">: speed=\"0\" is not a speed above 0" \
  -np 2 -platform speed0.xml ./ring 1
platform_with bw0.xml 1Gf 0Gbps 10us
expect "a bandwidth of 0" "^simpi: platform file 'bw0.xml' line 5: .*bw=\"0Gbps\" is not a bandwidth above 0" \
  -np 2 -platform bw0.xml ./ring 1
platform_with neglat.xml 1Gf 10Gbps -5us
expect "a negative latency" "^simpi: platform file 'neglat.xml' line 5: .*lat=\"-5us\" is not a latency of 0 or more" \
  -np 2 -platform neglat.xml ./ring 1
expect "unknown configuration key" "^simpi: unknown configuration key 'foo/bar'" -np 2 --cfg=foo/bar:3 ./ring 1
printf 'node-0:99999999999\n' > absurd
expect "absurd slot count" "hostfile 'absurd' line 1: bad slot count '99999999999'" -np 2 -hostfile absurd ./ring 1
printf 'node-0\nnode-1\nnowhere\n' > extra
expect "unknown host past the slots needed" "hostfile 'extra' line 3: the platform has no host 'nowhere'" \
  -np 2 -hostfile extra ./ring 1
# configuration values that SimGrid would crash on, or that would make nonsense (issue 26, item 7)
expect "a piecewise overhead that is not one" "^simpi: bad value 'garbage' for --cfg=smpi/os: expected SIZE:OFFSET:FACTOR" \
  -np 2 --cfg=smpi/os:garbage ./ring 1
expect "a host speed of 0" "^simpi: --cfg=smpi/host-speed:0: .* must be above 0" -np 2 --cfg=smpi/host-speed:0 ./ring 1
expect "a negative stack size" "^simpi: bad value '-1' for --cfg=contexts/stack-size: expected a number of KiB, at least 16" \
  -np 2 --cfg=contexts/stack-size:-1 ./ring 1
expect "a stack of 1 KiB" "^simpi: bad value '1' for --cfg=contexts/stack-size" -np 2 --cfg=contexts/stack-size:1 ./ring 1
expect "a negative guard size" "^simpi: bad value '-1' for --cfg=contexts/guard-size" -np 2 --cfg=contexts/guard-size:-1 ./ring 1
expect "bad wall-time limit" "^simpi: --timeout=abc: expected a positive number of seconds" -np 2 --timeout=abc ./ring 1
expect "bad simulated-time limit" "^simpi: --time-limit=-1: expected a positive number of seconds" -np 2 --time-limit=-1 ./ring 1
expect "a run too large for the memory" "^simpi: 10000000 ranks need about [0-9.]+ GB .* available: run fewer ranks" \
  -np 10000000 ./ring 1
expect "the largest -np" "^simpi: 2147483647 ranks need about [0-9.]+ GB .* available: run fewer ranks" -np 2147483647 ./ring 1
expect "-np written 1e8" "^simpi: 100000000 ranks need about [0-9.]+ GB" -np 1e8 ./ring 1
expect "-np beyond an int" "^simpi: -np 3000000000: simpi runs at most 2147483647 ranks" -np 3e9 ./ring 1
expect "-np that is not a whole number" "^simrun: -np must be a positive integer, not '1.5'" -np 1.5 ./ring 1
# a full disk: the timeline, the Paje trace, the time-independent trace, the program's output
ln -s /dev/full full.json
expect "timeline on a full disk" "^simpi: cannot write the timeline 'full.json': No space left on device" \
  -np 2 --timeline=full.json ./ring 1
expect "Paje trace on a full disk" "^simpi: cannot write the Paje trace '/dev/full': No space left on device" \
  -np 2 --trace=/dev/full ./ring 1
mkdir full.ti_files && ln -s /dev/full full.ti_files/simpi_rank-1.txt && ln -s /dev/full full.ti_files/simpi_rank-2.txt
expect "trace files on a full disk" "^simpi: cannot write the trace file 'full.ti_files/simpi_rank-1.txt': No space" \
  -np 2 --trace-ti=full.ti ./ring 1
"$top/wrappers/simrun" -np 2 ./ring 1 >/dev/full 2>err
rc=$?
if [ "$rc" = 0 ] || ! grep -q "cannot write the program's output 'stdout': No space left on device" err; then
  echo "FAIL: stdout on a full disk: status $rc: $(head -2 err)"; fail=1
else
  echo "ok: stdout on a full disk: $(grep cannot err)"
fi
exit $fail
