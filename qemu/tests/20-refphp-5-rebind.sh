#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 5, unbind, bind, rmmod: every teardown (remove(): pci_hp_del(),
# free_irq(), pci_hp_destroy()) takes the slot directory, the event thread
# and the debugfs directory away, every bind (probe()) brings them back.
# The pci-testdev in the slot stays throughout.  Then the same with the
# button pressed as fast as a shell can while edu is unbound and bound
# again: debugfs_remove() and free_irq() meet presses in flight, and each
# unbind must still end with nothing left, each bind publish the slot.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

ktap_plan 15

ktap_expect insmod insmod $ko
ktap_expect published_after_insmod published

for round in 1 2; do
	echo $edu >$drv/unbind
	ktap_expect "gone_after_unbind_$round" wait_for 10 unbound
	echo $edu >$drv/bind
	ktap_expect "published_after_bind_$round" published
	ktap_expect_eq "power_after_bind_$round" "$(cat $slot/power)" 1
done

# presser: press the button for ever; a press may find no file.
presser() {
	while :; do echo 1 >$debug/button; done 2>/dev/null
}

dmesg -c >/dev/null
presser &
pressing=$!
unbinds_left_something=0
binds_unpublished=0
for round in 1 2 3 4 5 6 7 8 9 10; do
	echo $edu >$drv/unbind
	unbound || unbinds_left_something=$((unbinds_left_something + 1))
	echo $edu >$drv/bind
	published || binds_unpublished=$((binds_unpublished + 1))
done
kill $pressing
wait $pressing 2>/dev/null
presses=$(dmesg | grep -c 'slot refphp-5: power')
ktap_diag "presses that changed power while racing unbind: $presses"
ktap_expect_eq presses_every_unbind_left_nothing $unbinds_left_something 0
ktap_expect_eq presses_every_bind_published $binds_unpublished 0
ktap_expect presses_reached_the_driver test "$presses" -gt 0
# The presses may have left the slot off.
echo 1 >$slot/power
ktap_expect presses_card_back wait_for 10 test -d $testdev

unload
ktap_expect gone_after_rmmod nothing_left
ktap_expect driver_gone_after_rmmod absent $drv
ktap_expect testdev_stayed test -d $testdev
ktap_finish
