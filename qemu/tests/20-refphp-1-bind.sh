#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 1, bind: after insmod, refphp has bound the edu controller at 00:04
# and published slot refphp-5 for 00:05, where the pci-testdev sits: the
# slot's directory with its control files, and the event thread named
# after the slot, irq/<n>-refphp-5.  It has bound the second edu at 00:08
# as well, with the empty slot refphp-9: two controllers at once, each
# with its own slot and thread, and rmmod unbinds both.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

ktap_plan 19

ktap_expect insmod insmod $ko
ktap_expect edu_bound_to_refphp test "$(basename "$(readlink /sys/bus/pci/devices/$edu/driver)")" = refphp
ktap_expect slot_directory test -d $slot
ktap_expect_eq address "$(cat $slot/address)" 0000:00:05
ktap_expect_eq power "$(cat $slot/power)" 1
ktap_expect_eq adapter "$(cat $slot/adapter)" 1
ktap_expect_eq attention "$(cat $slot/attention)" 0
ktap_expect_eq module_link "$(basename "$(readlink $slot/module)")" refphp
# No .hardware_test: the core creates no "test" file.
ktap_expect no_test_file absent $slot/test

# The IRQ's name is the slot's: the thread is irq/<n>-refphp-5, where <n>
# is the interrupt that /proc/interrupts lists as refphp-5.
irq=$(sed -n 's/^ *\([0-9]*\):.* refphp-5$/\1/p' /proc/interrupts)
ktap_diag "interrupt of refphp-5: $irq"
ktap_expect_eq event_thread "$(event_thread)" "irq/$irq-refphp-5"
ktap_expect button_in_debugfs test -f $debug/button

ktap_expect second_edu_bound_to_refphp test "$(basename "$(readlink /sys/bus/pci/devices/$edu2/driver)")" = refphp
ktap_expect_eq second_address "$(cat $slot2/address)" 0000:00:09
ktap_expect_eq second_adapter_empty "$(cat $slot2/adapter)" 0
ktap_expect_eq second_power_off "$(cat $slot2/power)" 0
ktap_expect_eq second_thread "$(cat /proc/[0-9]*/comm | grep -c -x 'irq/[0-9]*-refphp-9')" 1
ktap_expect first_slot_untouched test "$(cat $slot/power)" = 1

unload
ktap_expect slot_gone_after_rmmod absent $slot
ktap_expect both_unbound nothing_left
ktap_finish
