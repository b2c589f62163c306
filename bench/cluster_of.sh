#!/usr/bin/env bash
# Prints platforms/cluster.xml grown to N hosts as simrun's embedded default
# platform grows (without its storage servers): hosts node-0 .. node-(N-1),
# and beyond 64 hosts a backbone of 100 Gbit/s per 64 hosts. For smpirun runs
# that must simulate the same cluster as simrun without -platform.
# Usage: bench/cluster_of.sh N > FILE.xml
set -euo pipefail
n=$1
bb=$(awk -v n="$n" 'BEGIN { printf "%.17g", (n > 64 ? 100 * n / 64 : 100) }')
sed -e "s/radical=\"0-63\"/radical=\"0-$((n - 1))\"/" -e "s/bb_bw=\"100Gbps\"/bb_bw=\"${bb}Gbps\"/" \
  "$(dirname "$0")/../platforms/cluster.xml"
