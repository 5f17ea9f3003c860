#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: bind and unbind the controller over and over, at once,
# while other processes read every slot attribute and write power and
# attention as fast as they can.  Writes race with unbind: a write that
# got into a control file before remove() began is served by the event
# thread and the power work, or refused with ENODEV once remove() has
# begun (pci_hp_del() waits for it either way); a write after pci_hp_del()
# finds no file.  Every tenth cycle waits until the load has changed the
# slot's power once more, so that unbinds also meet power changes the
# driver is making, not only requests it refuses; the driver must have
# made some in each mode.  Nothing may crash, leak,
# warn or leave a slot or a thread behind (the harness fails the run on
# any sanitizer report in the console log).  Both modes: the split API,
# then oneshot=1 (pci_hp_register()).  The number of cycles in each comes
# from kit.cycles= on the kernel command line (make check: 200, make
# stress: 1000).
#
# kit-time-limit: 600

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

cycles=200
for word in $(cat /proc/cmdline); do
	case $word in kit.cycles=*) cycles=${word#kit.cycles=} ;; esac
done

# hammer_reads / hammer_writes: the user-space load, until killed.
hammer_reads() {
	while :; do
		cat $slot/address $slot/power $slot/adapter $slot/attention \
			>/dev/null 2>&1
	done
}

hammer_writes() {
	while :; do
		if ! [ -f $slot/power ]; then
			sleep 0.01	# unbound: wait for the next bind
			continue
		fi
		for value in 0 1 2; do
			echo $value >$slot/attention
		done
		echo 0 >$slot/power
		echo 1 >$slot/power
	done 2>/dev/null
}

# power_changes: how many power changes the driver has logged.
power_changes() {
	dmesg | grep -c 'slot refphp-5: power'
}

# power_changes_more_than <n>
power_changes_more_than() {
	[ "$(power_changes)" -gt "$1" ]
}

# cycles_in <mode> <insmod arguments...>: load refphp, run the cycles
# under load, check what they left; eight cases.
cycles_in() {
	mode=$1
	shift
	ktap_expect "${mode}_insmod" insmod $ko "$@"
	dmesg -c >/dev/null
	hammer_reads &
	readers=$!
	hammer_writes &
	writers=$!

	failed_binds=0
	cycle=0
	while [ $cycles_valid = yes ] && [ $cycle -lt "$cycles" ]; do
		cycle=$((cycle + 1))
		echo $edu >$drv/unbind
		echo $edu >$drv/bind
		[ -f $slot/power ] || failed_binds=$((failed_binds + 1))
		if [ $((cycle % 10)) -eq 0 ]; then
			wait_for 10 power_changes_more_than "$(power_changes)"
		fi
	done
	kill $readers $writers
	wait 2>/dev/null

	served=$(power_changes)
	ktap_diag "campaign: $mode: bind/unbind cycles under load: $cycle of $cycles"
	ktap_diag "campaign: $mode: power changes the driver made under them: $served"
	ktap_expect_eq "${mode}_every_cycle_ran" $cycle "$cycles"
	ktap_expect_eq "${mode}_every_bind_published_the_slot" $failed_binds 0
	ktap_expect "${mode}_load_reached_the_driver" test "$served" -gt 0
	ktap_expect_eq "${mode}_one_slot_directory" \
		"$(ls -d /sys/bus/pci/slots/refphp-5* | wc -l)" 1
	ktap_expect_eq "${mode}_one_event_thread" "$(event_thread | wc -l)" 1
	# The load may have left the slot off: switch it on again.
	echo 1 >$slot/power
	ktap_expect "${mode}_card_back_in_slot" wait_for 10 test -d $testdev
	unload
	ktap_expect "${mode}_nothing_left" nothing_left
}

ktap_plan 17

case $cycles in
'' | *[!0-9]* | 0) cycles_valid=no ;;
*) cycles_valid=yes ;;
esac
ktap_expect_eq cycles_is_a_positive_number $cycles_valid yes
cycles_in split
cycles_in oneshot oneshot=1
ktap_finish
