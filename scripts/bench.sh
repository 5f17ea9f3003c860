#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make bench': measure, on this machine, what a developer waits for.
# Figures are printed, never asserted.
#
#   bench.sh <build dir>
#
# Warm figures use the normal build dir: 'make check' with and without
# the replayed series and docs checks, the developer's loop after touching
# the driver, the boot to the first KTAP line, and the lifecycle measured
# inside the guest (qemu/bench: bind+unbind and power off+on per second,
# split and oneshot).  The cold ones use a scratch build dir with ccache
# disabled: extracting the tree and building the kernel (~10 min), then the
# rest of a cold 'make check'.  BENCH_COLD=0 skips them.

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
	printf '%-66s %6s s\n' "$1" "$2"
}

log=$build/bench.log
mkdir -p "$build"
: >"$log"

echo "== bringing the normal build up to date (not measured)"
make -s kernel modules initramfs >>"$log" 2>&1

echo "== measuring (details in $log)"
start=$(now)
CHECK_CACHE=0 make -s check >>"$log" 2>&1 || echo "(make check failed: see $log)"
figure "warm 'make check', nothing changed, CHECK_CACHE=0" "$(seconds_since "$start")"
start=$(now)
make -s check >>"$log" 2>&1 || echo "(make check failed: see $log)"
figure "warm 'make check', nothing changed, series and docs replayed" \
	"$(seconds_since "$start")"

# after_touch <label> <make arguments...>: touch the driver, time make.
after_touch() {
	label=$1
	shift
	touch reference-driver/refphp.c
	start=$(now)
	make -s "$@" >>"$log" 2>&1 || echo "(make $* failed: see $log)"
	figure "touch refphp.c: $label" "$(seconds_since "$start")"
}
after_touch "rebuild module and initramfs" modules initramfs
after_touch "rebuild, boot, bind test (make boot)" boot TESTS='20-refphp-1-*'
after_touch "the same with the static checks (make check)" \
	check TESTS='20-refphp-1-*'

# Boot to the first KTAP line: poll the guest's KTAP log while it boots.
# first_ktap <cpus>
first_ktap() {
	guest=$build/bench-guest-$1cpu
	rm -f "$guest/ktap.log"		# not the one of the last boot
	start=$(now)
	qemu/run.sh --mode check --cpus "$1" --tests '10-*' \
		"$build/linux-source-6.12/arch/x86/boot/bzImage" \
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
	echo "${first:-none}"
}
figure "QEMU start to first KTAP line (TCG, 1 CPU: the tests)" "$(first_ktap 1)"
figure "QEMU start to first KTAP line (TCG, 2 CPUs: the campaign)" "$(first_ktap 2)"

# The lifecycle in the guest (qemu/bench): its own figures, per second.
echo "== lifecycle in the guest (debug kernel, TCG; details in qemu/bench)"
if qemu/run.sh --mode bench "$build/linux-source-6.12/arch/x86/boot/bzImage" \
	"$build/initramfs.cpio" "$build/bench-lifecycle" >>"$log" 2>&1; then
	sed -n 's/^bench: /  /p' "$build/bench-lifecycle/ktap.log"
else
	echo "(the lifecycle boot failed: see $log)"
fi

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
