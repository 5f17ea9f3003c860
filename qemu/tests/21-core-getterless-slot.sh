#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The hotplug core with a slot whose driver can switch power and the
# attention indicator but not read them back (qemu/test-modules/
# getterless_slot.c).  The core still creates "power" and "attention";
# reading them has no value to show and must fail with EOPNOTSUPP, where
# 6.12 returned success and printed an uninitialised byte of its stack.
# Writing them still reaches the driver.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/sysfs.sh
. /tests/sysfs.sh

slot=/sys/bus/pci/slots/getterless

# read_error <file>: the error of reading the file ("Operation not
# supported", ...), or "read <what it read>" when the read succeeded.
read_error() {
	if value=$(cat "$1" 2>/tmp/read-error); then
		echo "read $value"
	else
		sed 's/^.*: //' /tmp/read-error
	fi
}

ktap_plan 9

ktap_expect loaded insmod /lib/modules/test/getterless_slot.ko
ktap_expect power_file_exists test -f $slot/power
ktap_expect attention_file_exists test -f $slot/attention
ktap_expect_eq power_read_refused "$(read_error $slot/power)" \
	"Operation not supported"
ktap_expect_eq attention_read_refused "$(read_error $slot/attention)" \
	"Operation not supported"
# The setters are there, and reached: the driver refuses 2.
ktap_expect_eq attention_write_reaches_driver "$(try_write $slot/attention 1)" ""
ktap_expect_eq attention_driver_refuses_2 "$(try_write $slot/attention 2)" \
	"Invalid argument"
ktap_expect unloaded rmmod getterless_slot
ktap_expect slot_gone absent $slot
ktap_finish
