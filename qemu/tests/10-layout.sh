#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The machine the other tests rely on: the devices of the fixed layout
# (qemu/run.sh) are enumerated, the in-tree pciehp owns the root port's
# slot, and the debugging facilities the tests use are there.

. /tests/ktap.sh

# device_id <address>: "vendor:device" of a PCI function, or "absent".
device_id() {
	dir=/sys/bus/pci/devices/$1
	if [ -d "$dir" ]; then
		echo "$(cat "$dir/vendor"):$(cat "$dir/device")"
	else
		echo absent
	fi
}

# driver_of <address>: name of the bound driver, or "none".
driver_of() {
	link=/sys/bus/pci/devices/$1/driver
	if [ -e "$link" ]; then
		basename "$(readlink "$link")"
	else
		echo none
	fi
}

ktap_plan 10

ktap_expect_eq edu_controller_at_00_04 "$(device_id 0000:00:04.0)" 0x1234:0x11e8
ktap_expect_eq testdev_in_slot_00_05 "$(device_id 0000:00:05.0)" 0x1b36:0x0005
ktap_expect_eq root_port_at_00_06 "$(device_id 0000:00:06.0)" 0x1b36:0x000c
ktap_expect_eq second_edu_at_00_08 "$(device_id 0000:00:08.0)" 0x1234:0x11e8
ktap_expect_eq nothing_in_slot_00_09 "$(device_id 0000:00:09.0)" absent
ktap_expect_eq root_port_bound_to_pcieport "$(driver_of 0000:00:06.0)" pcieport

# pciehp names the slot after its physical slot number (slot=1).
slot=/sys/bus/pci/slots/1
ktap_expect_eq pciehp_slot_address "$(cat $slot/address 2>/dev/null)" 0000:01:00
# The control files appear only once the hotplug driver has published the
# slot with pci_hp_add().
ktap_expect pciehp_slot_published test -f $slot/power -a -f $slot/adapter

ktap_expect kmemleak_available test -w /sys/kernel/debug/kmemleak
ktap_expect kunit_debugfs_available test -d /sys/kernel/debug/kunit

ktap_finish
