#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: remove the controller through sysfs while a power request
# is in flight, then rescan, over and over.  remove_store() calls
# refphp_remove() with pci_rescan_remove_lock held; the request that a
# writer of "power" is waiting for needs that same lock to scan or remove
# the slot's functions.  A driver whose remove() waits for such a request
# (free_irq() waits for the event thread, pci_hp_del() for the writers
# inside the file) deadlocks here: the removal never returns, and the
# hung-task detector names the three tasks.  Each round ends with the
# controller back (rescan) and the slot published again; the test ends
# with the slot working.  The number of rounds comes from kit.rounds= on
# the kernel command line (make check: 40, make stress: 1000).
#
# kit-time-limit: 400

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

rounds=40
for word in $(cat /proc/cmdline); do
	case $word in kit.rounds=*) rounds=${word#kit.rounds=} ;; esac
done

# toggle_power: write 0 and 1 to the slot's power, waiting while there is
# no slot to write to, until killed.
toggle_power() {
	while :; do
		if [ -f $slot/power ]; then
			echo 0 >$slot/power
			echo 1 >$slot/power
		else
			sleep 0.01
		fi
	done 2>/dev/null
}

# gone <pid>: the process has exited.
gone() {
	! kill -0 "$1" 2>/dev/null
}

ktap_plan 9

ktap_expect insmod insmod $ko
ktap_expect published_at_start wait_for 10 published
echo 10 >/proc/sys/kernel/hung_task_timeout_secs
dmesg -c >/dev/null

toggle_power &
toggler=$!
round=0
hung=0
unpublished=0
while [ $round -lt "$rounds" ]; do
	round=$((round + 1))
	# Let a request get under way, then take the controller away.
	sleep 0.$((round % 4))
	echo 1 >/sys/bus/pci/devices/$edu/remove &
	remover=$!
	if ! wait_for 30 gone $remover; then
		hung=$round
		break
	fi
	echo 1 >/sys/bus/pci/rescan
	wait_for 10 published || unpublished=$((unpublished + 1))
done
kill $toggler
served=$(dmesg | grep -c 'slot refphp-5: power')
ktap_diag "campaign: removal race: $round of $rounds rounds, removal hung in round $hung (0: never)"
ktap_diag "campaign: removal race: power requests served by the driver: $served"
ktap_expect_eq removal_never_hung $hung 0
if [ $hung -ne 0 ]; then
	# The remover and the writer are stuck in the kernel, where no signal
	# reaches them: nothing more can be tried in this boot.
	ktap_finish
fi
wait $toggler 2>/dev/null
ktap_expect_eq every_round_ran $round "$rounds"
ktap_expect_eq republished_after_every_rescan $unpublished 0
ktap_expect requests_reached_the_driver test "$served" -gt 0
# The controller is back and its slot works.
ktap_expect_eq power_on_after_the_race "$(try_write $slot/power 1)" ""
ktap_expect card_in_slot wait_for 10 test -d $testdev
unload
ktap_expect nothing_left nothing_left
ktap_finish
