#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The corners of the slot's life that a driver author expects to work:
# a slot with no card (slot= naming an empty device number), a slot name
# of one's own (name=), a button write of a page or more, two writers of
# "power" at once, powering on a slot that is on, and binding while the
# slot is off.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

empty=/sys/bus/pci/slots/refphp-7	# 00:07: nothing sits there
named=/sys/bus/pci/slots/kit-slot

ktap_plan 22

# An empty slot: probe succeeds, no adapter, no power, and a power-on
# finds no function to add.  slot= holds for both controllers: the one
# probed second (which one depends on the order of the bus's device list,
# which a remove and rescan changes) finds slot 7 owned by the other and
# fails with -EBUSY.
dmesg -c >/dev/null
ktap_expect empty_slot_insmod insmod $ko slot=7
ktap_expect_eq owned_slot_ebusy_message \
	"$(dmesg | grep -cF ': cannot initialize slot 00:07: -16, another hotplug driver owns it')" 1
ktap_expect_eq owned_slot_one_controller_bound \
	"$(ls -d /sys/bus/pci/devices/$edu/driver /sys/bus/pci/devices/$edu2/driver 2>/dev/null | wc -l)" 1
ktap_expect_eq empty_slot_address "$(cat $empty/address)" 0000:00:07
ktap_expect_eq empty_slot_adapter_0 "$(cat $empty/adapter)" 0
ktap_expect_eq empty_slot_power_0 "$(cat $empty/power)" 0
ktap_expect_eq empty_slot_power_on_enodev "$(try_write $empty/power 1)" "No such device"
ktap_expect_eq empty_slot_still_off "$(cat $empty/power)" 0
ktap_expect empty_slot_unloaded unload
ktap_expect empty_slot_gone absent $empty

# A name of one's own.
ktap_expect named_insmod insmod $ko name=kit-slot
# Both controllers' slots get the name; the PCI core makes the one
# registered second unique.
ktap_expect_eq named_slot_addresses \
	"$(cat $named/address $named-1/address | sort | paste -sd' ' -)" \
	"0000:00:05 0000:00:09"
ktap_expect named_unloaded unload
ktap_expect named_slot_gone absent $named

# A page or more to the button: refused, nothing pressed.  The parser
# looks at its first 34 bytes, ones: a number that does not fit.
insmod $ko
page=$(printf '%4096s' '' | tr ' ' 1)
ktap_expect_eq button_page_refused "$(try_write $debug/button "$page")" \
	"Numerical result out of range"

# Two writers at once, each asking for the same state several times:
# each write returns, and the slot ends in the state asked last.
ktap_expect_eq power_on_when_on "$(try_write $slot/power 1)" ""
( for i in 1 2 3 4 5; do echo 0 >$slot/power; done ) &
first=$!
( for i in 1 2 3 4 5; do echo 0 >$slot/power; done ) &
second=$!
wait $first $second
ktap_expect_eq two_writers_slot_off "$(cat $slot/power)" 0

# Bind while the slot is off: the slot starts unpowered, and powers on.
echo $edu >$drv/unbind
echo $edu >$drv/bind
ktap_expect_eq bound_while_off_power_0 "$(cat $slot/power)" 0
ktap_expect_eq bound_while_off_power_on "$(try_write $slot/power 1)" ""
ktap_expect card_back wait_for 10 test -d $testdev
ktap_expect unloaded unload
ktap_expect nothing_left nothing_left
ktap_finish
