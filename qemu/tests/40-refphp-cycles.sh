#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: bind and unbind the controller over and over, at once,
# while other processes read every slot attribute and write power and
# attention as fast as they can.  Writes race with unbind: a write that
# got into a control file before pci_hp_del() is served by the event
# thread, because remove() frees the IRQ only after pci_hp_del() has
# waited for it; a write after it finds no file.  Nothing may crash, leak,
# warn or leave a slot or a thread behind (the harness fails the run on
# any sanitizer report in the console log).  The number of cycles comes
# from kit.cycles= on the kernel command line (make check: 200, make
# stress: 1000).

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
		for value in 0 1 2; do
			echo $value >$slot/attention
		done 2>/dev/null
		echo 0 >$slot/power 2>/dev/null
		echo 1 >$slot/power 2>/dev/null
	done
}

ktap_plan 6

ktap_expect insmod insmod $ko
hammer_reads &
readers=$!
hammer_writes &
writers=$!

failed_binds=0
cycle=0
while [ $cycle -lt "$cycles" ]; do
	cycle=$((cycle + 1))
	echo $edu >$drv/unbind
	echo $edu >$drv/bind
	[ -f $slot/power ] || failed_binds=$((failed_binds + 1))
done
kill $readers $writers
wait 2>/dev/null

ktap_diag "campaign: bind/unbind cycles under load: $cycle"
ktap_expect_eq every_bind_published_the_slot $failed_binds 0
ktap_expect_eq one_slot_directory "$(ls -d /sys/bus/pci/slots/refphp-* | wc -l)" 1
ktap_expect_eq one_event_thread "$(event_thread | wc -l)" 1
# The load may have left the slot off: switch it on for the next tests.
echo 1 >$slot/power
ktap_expect card_back_in_slot wait_for 10 test -d $testdev

unload
ktap_expect nothing_left nothing_left
ktap_finish
