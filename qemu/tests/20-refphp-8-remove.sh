#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Removal of the controller through sysfs: "echo 1 > remove" in edu's
# directory calls refphp_remove() from remove_store(), with
# pci_rescan_remove_lock held, and "echo 1 > /sys/bus/pci/rescan" brings
# edu back, and refphp binds to it again.  Three states of the slot when
# the controller goes: idle and powered, in the middle of button presses,
# and powered off.  Each time the removal must return, the slot and its
# thread go with edu, and after the rescan the slot is published again in
# the state the card is in.  (43-refphp-remove-race.sh removes it with a
# power request in flight, over and over.)

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

# remove_and_rescan <state>: take edu away and bring it back; three cases.
remove_and_rescan() {
	echo 1 >/sys/bus/pci/devices/$edu/remove &
	remover=$!
	ktap_expect "removal_returns_$1" wait_for 30 sh -c "! kill -0 $remover 2>/dev/null"
	ktap_expect "slot_and_thread_gone_$1" sh -c \
		"[ ! -e $slot ] && [ -z \"\$(cat /proc/[0-9]*/comm | grep -x 'irq/[0-9]*-refphp-5')\" ]"
	echo 1 >/sys/bus/pci/rescan
	ktap_expect "published_after_rescan_$1" wait_for 10 published
}

ktap_plan 16

ktap_expect insmod insmod $ko
ktap_expect published_at_start wait_for 10 published

remove_and_rescan idle
ktap_expect_eq power_1_after_idle_removal "$(cat $slot/power)" 1

# Presses in flight: each toggles power through the event thread, until
# the button goes with the controller.
( while echo 1 >$debug/button; do sleep 0.02; done ) 2>/dev/null &
presser=$!
sleep 0.1
remove_and_rescan pressing
wait $presser
# Whatever the presses left, the card answers and the rescan added it.
ktap_expect_eq power_1_after_pressing_removal "$(cat $slot/power)" 1

ktap_expect_eq power_off "$(try_write $slot/power 0)" ""
remove_and_rescan off
# The rescan scanned the whole bus: the card is back, and powered.
ktap_expect card_back_after_rescan wait_for 10 test -d $testdev

unload
ktap_expect nothing_left nothing_left
ktap_finish
