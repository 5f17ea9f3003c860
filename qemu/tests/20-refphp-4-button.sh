#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 4, attention button: writing 1 to debugfs refphp/refphp-5/button
# makes edu raise a real interrupt (its register 0x60).  The hard handler
# acks it and wakes the event thread, which toggles slot power: the same
# path a physical button takes in pciehp.  The interrupt count of refphp-5
# in /proc/interrupts shows that it went through the interrupt.  An
# interrupt of edu's that is not the button (raised through its registers
# with devmem) is acknowledged and leaves the slot alone.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

# interrupts: how often refphp-5's interrupt fired, summed over the CPUs.
interrupts() {
	awk '/ refphp-5$/ { for (i = 2; i <= NF; i++) if ($i ~ /^[0-9]+$/) n += $i; else break }
	     END { print n + 0 }' /proc/interrupts
}

# more_interrupts_than <n>
more_interrupts_than() {
	[ "$(interrupts)" -gt "$1" ]
}

# edu_register <offset> [<value>]: read or write a 32-bit register of edu.
edu_register() {
	bar0=$(($(head -n 1 /sys/bus/pci/devices/$edu/resource | cut -d' ' -f1)))
	devmem $((bar0 + $1)) 32 $2
}

ktap_plan 16

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

# Not the button: bit 0 of edu's status (its factorial engine's), raised
# through register 0x60.
dmesg -c >/dev/null
before_other=$(interrupts)
edu_register 0x60 1
ktap_expect other_interrupt_fired wait_for 10 more_interrupts_than "$before_other"
ktap_expect_eq other_interrupt_acked "$(edu_register 0x24)" 0x00000000
ktap_expect_eq other_interrupt_power_still_1 "$(cat $slot/power)" 1
ktap_expect other_interrupt_testdev_stays test -d $testdev
ktap_expect_eq other_interrupt_no_power_change "$(dmesg | grep -c 'slot refphp-5: power')" 0

unload
ktap_expect slot_gone_after_rmmod absent $slot
ktap_finish
