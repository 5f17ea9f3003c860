#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make bench': measure, on this machine, what a developer waits for.
# Figures are printed, never asserted.
#
#   bench.sh <build dir>
#
# Warm figures use the normal build dir.  The cold ones use a scratch build
# dir with ccache disabled: extracting the tree and building the kernel
# (~10 min), then the rest of a cold 'make check'.  BENCH_COLD=0 skips them.

set -eu

build=$1
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"

now() {
	date +%s.%N
}

# seconds_since <start>
seconds_since() {
	echo "$(now) $1" | awk '{ printf "%.1f", $1 - $2 }'
}

figure() {
	printf '%-60s %8s s\n' "$1" "$2"
}

log=$build/bench.log
mkdir -p "$build"
: >"$log"

echo "== bringing the normal build up to date (not measured)"
make -s kernel modules initramfs >>"$log" 2>&1

echo "== measuring (details in $log)"
start=$(now)
make -s check >>"$log" 2>&1 || echo "(make check failed: see $log)"
figure "warm 'make check' (nothing changed)" "$(seconds_since "$start")"

driver=reference-driver/refphp.c
touch "$driver"
start=$(now)
make -s modules initramfs >>"$log" 2>&1
figure "touch $driver: rebuild module and initramfs" "$(seconds_since "$start")"
touch "$driver"
start=$(now)
make -s check TESTS='20-refphp-1-*' >>"$log" 2>&1 ||
	echo "(make check failed: see $log)"
figure "touch $driver: rebuild, static checks, boot, bind test" \
	"$(seconds_since "$start")"

# Boot to the first KTAP line: poll the guest's KTAP log while it boots.
guest=$build/bench-guest
start=$(now)
qemu/run.sh --mode check --tests '10-*' "$build/linux-source-6.12/arch/x86/boot/bzImage" \
	"$build/initramfs.cpio" "$guest" >>"$log" 2>&1 &
qemu=$!
first=
while kill -0 "$qemu" 2>/dev/null; do
	if [ -z "$first" ] && [ -s "$guest/ktap.log" ]; then
		first=$(seconds_since "$start")
	fi
	sleep 0.05
done
wait "$qemu" || echo "(the bench boot failed: see $log)"
figure "QEMU start to first KTAP line (TCG)" "${first:-none}"

[ "${BENCH_COLD:-1}" = 0 ] && exit 0

# A cold 'make check' in three timed parts, in a scratch build dir.
scratch=$build/bench-cold
rm -rf "$scratch"
cold=$(now)
start=$cold
CCACHE_DISABLE=1 make -s BUILD="$scratch" tree >>"$log" 2>&1
figure "cold: extract the tarball and commit the tree" "$(seconds_since "$start")"
start=$(now)
CCACHE_DISABLE=1 make -s BUILD="$scratch" kernel >>"$log" 2>&1
figure "cold: configure and build the kernel (ccache off)" "$(seconds_since "$start")"
start=$(now)
CCACHE_DISABLE=1 make -s BUILD="$scratch" check >>"$log" 2>&1 ||
	echo "(cold make check failed: see $log)"
figure "cold: the rest of 'make check'" "$(seconds_since "$start")"
figure "cold 'make check' in all (ccache off)" "$(seconds_since "$cold")"
rm -rf "$scratch"
