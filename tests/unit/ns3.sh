#!/usr/bin/env bash
# SimGrid's packet-level network (--cfg=network/model:ns-3: TCP over point-to-point links, through
# ns-3) carries messages of any size: simrun gives ns-3's TCP sockets buffers large enough (its
# defaults made SimGrid abort at 256 KiB, "total_bytes is not sent_bytes", under smpirun too).
# A 1 MiB ping-pong completes, slower than on the flow model (TCP's slow start), and a user's own
# NS_ATTRIBUTE_DEFAULT still wins (with the old buffers, the abort comes back).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$top/wrappers/simcc" -O2 "$top/samples/pingpong.c" -o "$work/pp" || exit 1
fail=0
if out=$("$top/wrappers/simrun" -np 2 --cfg=network/model:ns-3 "$work/pp" 1 1048576 2>&1); then
  ns3=$(sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p' <<< "$out")
  flow=$("$top/wrappers/simrun" -np 2 "$work/pp" 1 1048576 2>&1 | sed -n 's/^simpi: simulated time \([0-9.]*\) s.*/\1/p')
  if awk -v a="$ns3" -v b="$flow" 'BEGIN { exit !(a > b) }'; then
    echo "ok: 1 MiB ping-pong on ns-3: $ns3 s (flow model: $flow s)"
  else
    echo "FAIL: 1 MiB ping-pong on ns-3 took $ns3 s, the flow model $flow s"; fail=1
  fi
else
  echo "FAIL: 1 MiB ping-pong on ns-3 did not complete:"; grep -v '^  ' <<< "$out" | head -3; fail=1
fi
if NS_ATTRIBUTE_DEFAULT='ns3::TcpSocket::SndBufSize=131072' "$top/wrappers/simrun" -np 2 --cfg=network/model:ns-3 \
  "$work/pp" 1 1048576 >/dev/null 2>&1; then
  echo "FAIL: a user's own NS_ATTRIBUTE_DEFAULT was not used"; fail=1
else
  echo "ok: a user's own NS_ATTRIBUTE_DEFAULT is used"
fi
exit $fail
