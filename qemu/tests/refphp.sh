# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh disable=SC2034 # the variables are for the scripts
#
# refphp helpers for the guest test scripts (busybox ash), sourced as
# ". /tests/refphp.sh", after ". /tests/ktap.sh" in the scripts that report
# with ktap_*.  It names what the scripts look at and holds the steps they
# share; what one script alone needs stays in that script:
#
#	. /tests/ktap.sh
#	. /tests/refphp.sh
#	ktap_plan 2
#	ktap_expect insmod insmod $ko
#	unload
#	ktap_expect slot_gone_after_rmmod absent $slot
#	ktap_finish
#
# The machine (qemu/run.sh) has the edu controller at 00:04.0, which refphp
# binds, and a pci-testdev at 00:05.0, the card in the slot refphp-5 that
# refphp publishes for 00:05 by default.  A second edu at 00:08.0 is a
# second controller: refphp binds it too, with the empty slot refphp-9.

ko=/lib/modules/refphp.ko			# the module
edu=0000:00:04.0				# the controller refphp binds
slot=/sys/bus/pci/slots/refphp-5		# the slot's sysfs directory
debug=/sys/kernel/debug/refphp/refphp-5		# the slot's debugfs directory
testdev=/sys/bus/pci/devices/0000:00:05.0	# the card in the slot
drv=/sys/bus/pci/drivers/refphp			# the driver's sysfs directory
edu2=0000:00:08.0				# the second controller
slot2=/sys/bus/pci/slots/refphp-9		# its slot, empty

# shellcheck source=SCRIPTDIR/sysfs.sh
. /tests/sysfs.sh

# event_thread: the name of refphp's IRQ thread for the slot, if it runs.
event_thread() {
	cat /proc/[0-9]*/comm 2>/dev/null | grep -x 'irq/[0-9]*-refphp-5'
}

# published: the slot, its control files, its thread and its debugfs
# directory are there.
published() {
	[ -f $slot/power ] && [ -n "$(event_thread)" ] && [ -d $debug ]
}

# unbound: none of them is there, and edu is bound to no driver (after
# an unbind of edu, or a probe of edu that failed).
unbound() {
	absent $slot && [ -z "$(event_thread)" ] && absent $debug &&
		absent /sys/bus/pci/devices/$edu/driver
}

# nothing_left: unbound, and the second controller is unbound too, its
# slot gone (after rmmod).
nothing_left() {
	unbound && absent $slot2 && absent /sys/bus/pci/devices/$edu2/driver
}

# unload: rmmod refphp, then wait for its slot's and its driver's sysfs
# directories to go.  The guest kernel has CONFIG_DEBUG_KOBJECT_RELEASE: a
# kobject whose owner leaves it in sysfs until its release keeps its
# directory 1-4 s after the last put.  The driver's directory does, so an
# insmod at once would meet it.  The slot's does not any more: the series'
# "PCI: Unlink a slot when its last user destroys it" removes it at once
# (40-refphp-cycles.sh rebinds without waiting), so that wait is only a
# check.
unload() {
	rmmod refphp >&2
	unloaded
}

# unloaded: wait for the slots' and the driver's directories to go.
unloaded() {
	wait_for 10 absent "$slot" && wait_for 10 absent "$slot2" &&
		wait_for 10 absent "$drv"
}

# unload_in_use: unload while user space writes a control file.  The
# hotplug core holds a reference on the module for the length of each
# write (try_module_get() in pci_hotplug_core.c), and delete_module()
# fails with EAGAIN while one is held: try again every 20 ms, for up to
# 10 s, and tell how many times rmmod was refused.  Any other error fails.
unload_in_use() {
	refused=0
	until rmmod refphp 2>/tmp/rmmod.err; do
		grep -q 'Resource temporarily unavailable' /tmp/rmmod.err ||
			{ cat /tmp/rmmod.err >&2; return 1; }
		refused=$((refused + 1))
		[ $refused -lt 500 ] || return 1
		sleep 0.02
	done
	ktap_diag "rmmod refused $refused times while a write held the module"
	unloaded
}
