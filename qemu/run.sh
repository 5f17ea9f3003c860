#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Boot the guest in QEMU (TCG, no KVM) and wait for it to power off.
#
#   run.sh [--mode check|demo|bench|shell] [--tests <glob>[,<glob>...]]
#          [--modules out-of-tree|in-tree] [--append <kernel parameters>]
#          [--cpus 1|2] [--timeout <seconds, 0: none>]
#          <bzImage> <initramfs> <output dir>
#
# Without --timeout (or GUEST_TIMEOUT in the environment) a check boot may
# take 300 s plus the time limits of the tests it runs, and any other
# boot 900 s: each test's own limit then fires first, and the host's
# only ends a guest that stopped answering altogether.
#
# The machine layout is fixed, and this is the one place that defines it:
#
#   00:04.0  QEMU "edu" device (1234:11e8): the reference driver's hotplug
#            controller, refphp binds to it
#   00:05.0  QEMU "pci-testdev" (1b36:0005): the device in the slot refphp
#            manages (slot 5 of bus 00)
#   00:08.0  a second "edu": a second refphp controller, whose slot 9 of
#            bus 00 is empty (two controllers bound at once, and one that
#            finds its slot= owned by the other)
#   00:06.0  "pcie-root-port" id rp1, chassis 1, slot 1: a native PCIe
#            hotplug slot driven by the in-tree pciehp; the host adds and
#            removes devices in it through the QEMU monitor socket
#            <output dir>/monitor.sock (HMP: device_add pci-testdev,bus=rp1)
#
# The guest asks the host for such a hotplug event by writing a line
# "kit-host: device_add <options>" or "kit-host: device_del <id>" to its
# console; the host passes exactly those two commands on to the monitor.
#
# ACPI hotplug of the root port is switched off so that pciehp, not
# acpiphp, owns its slot.  There is no network card and no VGA.
#
# One CPU by default: under TCG a second one makes the boot a second or two
# slower.  The reliability campaign (qemu/tests/4*) asks for two, so that
# its readers, writers and binds really run at the same time.
#
# Serial ports: ttyS0 carries the kernel console, always into
# <output dir>/console.log (in shell mode: the terminal).  ttyS1 carries
# the kit's own output into <output dir>/ktap.log: the tests' KTAP in
# check mode, the figures in bench mode; in demo mode it carries the
# narration onto the terminal.

set -eu

mode=check
tests='*'
modules=out-of-tree
extra=
cpus=1
timeout=${GUEST_TIMEOUT:-}
while [ $# -gt 3 ]; do
	case $1 in
	--mode)		mode=$2; shift 2 ;;
	--tests)	tests=$2; shift 2 ;;
	--modules)	modules=$2; shift 2 ;;
	--append)	extra="$extra $2"; shift 2 ;;
	--cpus)		cpus=$2; shift 2 ;;
	--timeout)	timeout=$2; shift 2 ;;
	*)		echo "run.sh: unknown option $1" >&2; exit 2 ;;
	esac
done
kernel=$1
initramfs=$2
out=$3

# tests_time_limits: the sum of the time limits of the tests the globs
# select, by the rules /init applies (kit.time-limit= among the appended
# parameters is the floor of every limit).
# shellcheck source=SCRIPTDIR/tests/selection.sh
. "$(dirname "$0")/tests/selection.sh"
tests_time_limits() {
	override=$(echo "$extra" | tr ' ' '\n' | sed -n 's/^kit\.time-limit=//p')
	total=0
	for name in $(selected_tests "$(dirname "$0")/tests" "$tests"); do
		limit=$(time_limit "$(dirname "$0")/tests/$name.sh" "$override")
		total=$((total + limit))
	done
	echo "$total"
}

if [ -z "$timeout" ]; then
	case $mode in
	check)	timeout=$((300 + $(tests_time_limits))) ;;
	*)	timeout=900 ;;
	esac
fi
case $cpus in
1|2)	;;
*)	echo "run.sh: --cpus must be 1 or 2, not $cpus" >&2; exit 2 ;;
esac

mkdir -p "$out"
console=$out/console.log
ktap=$out/ktap.log
monitor=$out/monitor.sock
rm -f "$console" "$ktap" "$monitor"

append="console=ttyS0 panic=-1 kit.mode=$mode kit.tests=$tests kit.modules=$modules$extra"
case $mode in
check | bench)
	serials="-serial file:$console -serial file:$ktap" ;;
demo)	serials="-serial file:$console -serial stdio" ;;
shell)	serials="-serial mon:stdio" ;;
*)	echo "run.sh: unknown mode $mode" >&2; exit 2 ;;
esac

# forward_hotplug_requests: pass the guest's "kit-host:" requests from the
# console log to the QEMU monitor, until killed.  Once the guest says it
# is done, give its power-off 30 s: a task stuck in the kernel can keep
# the power-off waiting for ever (device_shutdown() takes each device's
# lock), and the guest's work is over anyway.
forward_hotplug_requests() {
	cr=$(printf '\r')
	tail -n +1 -F "$console" 2>/dev/null | while read -r line; do
		line=${line%"$cr"}
		case $line in
		"kit-host: device_add "* | "kit-host: device_del "*)
			echo "${line#kit-host: }" |
				socat - "UNIX-CONNECT:$monitor" >/dev/null ;;
		"kit: guest done")
			sleep 30
			echo quit | socat - "UNIX-CONNECT:$monitor" >/dev/null ;;
		esac
	done
}

# snapshot_cpus: shortly before the time limit, ask QEMU where each vCPU
# is.  A guest whose CPUs are all stuck in the kernel prints nothing more,
# not even a hung-task report; this is then the only evidence of where.
snapshot_cpus() {
	sleep $((timeout - 10))
	echo 'info registers -a' | socat - "UNIX-CONNECT:$monitor" \
		>"$out/cpu-state.log" 2>/dev/null
}

# where_cpus_were: one line per vCPU of the snapshot, its instruction
# pointer as a symbol of the kernel's System.map (no KASLR in the kit's
# config), and whether it was halted (idle).
where_cpus_were() {
	map=${kernel%/arch/x86/boot/bzImage}/System.map
	[ -s "$out/cpu-state.log" ] && [ -f "$map" ] || return 0
	tr -d '\r' <"$out/cpu-state.log" | sed -n 's/^RIP=\([0-9a-f]*\) .* HLT=\([01]\).*/\1 \2/p' |
	while read -r rip halted; do
		symbol=$(awk -v rip="$rip" '$1 <= rip { s = $3 } $1 > rip { exit } END { print s }' "$map")
		echo "  vCPU: $rip $symbol$( [ "$halted" = 1 ] && echo ' (halted)')"
	done
}

echo "  QEMU    $mode: console in $console (timeout ${timeout}s)"
: >"$console"
rm -f "$out/cpu-state.log"
forward_hotplug_requests 2>/dev/null &	# no "Terminated" when it is stopped
forwarder=$!
snapshot=
if [ "$timeout" -gt 20 ]; then
	snapshot_cpus &
	snapshot=$!
fi
set +e
# $serials is split on purpose: it holds two options.
# shellcheck disable=SC2086
timeout --foreground "$timeout" qemu-system-x86_64 \
	-M q35 -smp "$cpus" -m 1G -nographic -vga none -nic none -no-reboot \
	-global ICH9-LPC.acpi-pci-hotplug-with-bridge-support=off \
	-device edu,addr=04.0 \
	-device pci-testdev,addr=05.0 \
	-device pcie-root-port,id=rp1,chassis=1,slot=1,addr=06.0 \
	-device edu,addr=08.0 \
	-monitor "unix:$monitor,server=on,wait=off" \
	$serials \
	-kernel "$kernel" -initrd "$initramfs" -append "$append"
status=$?
set -e
# The forwarder may be gone already: none of this may fail the run.
pkill -P "$forwarder" 2>/dev/null || true	# tail and the loop
kill "$forwarder" 2>/dev/null || true
wait "$forwarder" 2>/dev/null || true
if [ -n "$snapshot" ]; then
	pkill -P "$snapshot" 2>/dev/null || true	# its sleep
	kill "$snapshot" 2>/dev/null || true
	wait "$snapshot" 2>/dev/null || true
fi

if [ $status -eq 124 ]; then
	echo "error: the guest did not power off within ${timeout}s; the last" \
	     "lines of $console:" >&2
	tail -n 30 "$console" >&2
	echo "where the vCPUs were 10 s before (QEMU's 'info registers -a'," \
	     "$out/cpu-state.log):" >&2
	where_cpus_were >&2
	exit 1
fi
if [ $status -ne 0 ]; then
	echo "error: QEMU exited with status $status; see $console" >&2
	exit 1
fi
if [ "$mode" != shell ] && ! grep -q '^kit: guest done' "$console"; then
	echo "error: the guest stopped before the end of its work (crash or" \
	     "panic?); the last lines of $console:" >&2
	tail -n 30 "$console" >&2
	exit 1
fi
