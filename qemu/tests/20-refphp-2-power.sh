#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 2, power: writing 0 to the slot's "power" stops and removes the
# pci-testdev at 00:05.0, writing 1 scans it again, assigns its BAR and
# adds it back.  Both go through the event thread, and the write returns
# once the thread is done, so no waiting is needed.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

ktap_plan 14

ktap_expect insmod insmod $ko
ktap_expect testdev_present test -d $testdev

ktap_expect_eq power_off_write "$(try_write $slot/power 0)" ""
ktap_expect testdev_removed absent $testdev
ktap_expect_eq power_reads_0 "$(cat $slot/power)" 0
# The card is still in the slot, only "unpowered": config space answers.
ktap_expect_eq adapter_still_1 "$(cat $slot/adapter)" 1
ktap_expect_eq power_off_again "$(try_write $slot/power 0)" ""

dmesg -c >/dev/null
ktap_expect_eq power_on_write "$(try_write $slot/power 1)" ""
ktap_expect testdev_back test -d $testdev
ktap_expect_eq testdev_is_pci_testdev "$(cat $testdev/vendor):$(cat $testdev/device)" 0x1b36:0x0005
# The power on assigned BAR 0 (pci_assign_unassigned_bus_resources()),
# and the device has it: the first line of "resource" is BAR 0's start,
# end and flags.
ktap_expect bar0_assigned_by_power_on sh -c \
	"dmesg | grep -q '0000:00:05.0: BAR 0 \[mem .*\]: assigned'"
bar0=$(head -n 1 $testdev/resource 2>/dev/null)
ktap_diag "BAR 0 after power on: $bar0"
ktap_expect testdev_has_bar0 test -n "$bar0" -a "${bar0%% *}" != 0x0000000000000000
ktap_expect_eq power_reads_1 "$(cat $slot/power)" 1

unload
ktap_expect slot_gone_after_rmmod absent $slot
ktap_finish
