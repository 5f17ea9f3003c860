#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 4, attention button: writing 1 to debugfs refphp/refphp-5/button
# makes edu raise a real interrupt (its register 0x60).  The hard handler
# acks it and wakes the event thread, which toggles slot power: the same
# path a physical button takes in pciehp.  The interrupt count of refphp-5
# in /proc/interrupts shows that it went through the interrupt.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

# interrupts: how often refphp-5's interrupt fired, summed over the CPUs.
interrupts() {
	awk '/ refphp-5$/ { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) n += $i; else break }
	     END { print n + 0 }' /proc/interrupts
}

ktap_plan 11

ktap_expect insmod insmod $ko
before=$(interrupts)

echo 1 >$debug/button
ktap_expect first_press_removes_testdev wait_for 10 absent $testdev
# The work sets the power after the functions are gone: wait for it too.
ktap_expect first_press_power_0 wait_for 10 reads $slot/power 0
after_first=$(interrupts)
ktap_diag "interrupts of refphp-5: $before before, $after_first after the first press"
ktap_expect first_press_interrupt test "$after_first" -gt "$before"

echo 1 >$debug/button
ktap_expect second_press_adds_testdev wait_for 10 test -d $testdev
ktap_expect second_press_power_1 wait_for 10 reads $slot/power 1
after_second=$(interrupts)
ktap_diag "interrupts of refphp-5: $after_second after the second press"
ktap_expect second_press_interrupt test "$after_second" -gt "$after_first"

# Only "1" is a press.
ktap_expect_eq button_refuses_2 "$(try_write $debug/button 2)" "Invalid argument"
ktap_expect_eq no_press_no_interrupt "$(interrupts)" "$after_second"
ktap_expect_eq power_still_1 "$(cat $slot/power)" 1

unload
ktap_expect slot_gone_after_rmmod absent $slot
ktap_finish
