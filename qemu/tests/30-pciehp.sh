#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The real thing beside the reference: in-tree pciehp runs the same slot
# lifecycle as refphp on a native PCIe hotplug slot (the pcie-root-port at
# 00:06.0, slot 1).  The host adds a pci-testdev into it through the QEMU
# monitor, then removes it again: QEMU presses the slot's attention button
# and pciehp powers the slot off 5 s later, as on real hardware.  The slot
# goes through the states refphp's slot does: power and adapter 0 while
# empty, 1 once pciehp has enumerated the card, 0 again after removal.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/sysfs.sh
. /tests/sysfs.sh

slot=/sys/bus/pci/slots/1
card=/sys/bus/pci/devices/0000:01:00.0

# host <monitor command>: ask the host to run it on the QEMU monitor.
host() {
	echo "kit-host: $*" >/dev/console
}

# slot_state: "power=<p> adapter=<a>" of the slot.
slot_state() {
	echo "power=$(cat $slot/power) adapter=$(cat $slot/adapter)"
}

# pciehp_log: pciehp's own messages about the slot, as KTAP diagnostics.
pciehp_log() {
	dmesg | sed -n 's/^\[[ 0-9.]*\] /# /; /pciehp: Slot(1)/p'
}

ktap_plan 7

ktap_expect_eq empty_slot "$(slot_state)" "power=0 adapter=0"
ktap_expect no_card_before absent $card

host device_add pci-testdev,bus=rp1,id=hotplugged
ktap_expect card_enumerated_by_pciehp wait_for 30 test -d $card
ktap_expect_eq slot_on_after_add "$(slot_state)" "power=1 adapter=1"
pciehp_log

host device_del hotplugged
ktap_expect card_removed_by_pciehp wait_for 30 absent $card
ktap_expect slot_off_after_removal wait_for 10 reads $slot/power 0
# QEMU takes the card out once pciehp has powered the slot off.
ktap_expect slot_empty_after_removal wait_for 10 reads $slot/adapter 0
pciehp_log | tail -n 3

ktap_finish
