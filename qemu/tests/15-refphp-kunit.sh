#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# refphp's KUnit suite: refphp_kunit.ko tests the parts of the driver that
# need no device (attention validation, the event thread's state machine,
# the slot choice, the fault= parser).  It uses refphp's symbols, so
# refphp.ko goes in first.  KUnit runs the suite when the module loads and
# keeps its KTAP in debugfs; this script prints that document as its own,
# so the suite's cases are counted one by one.

# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

results=/sys/kernel/debug/kunit/refphp/results

insmod $ko >&2 &&
	insmod /lib/modules/refphp_kunit.ko >&2

if [ -r $results ]; then
	cat $results
	grep -q '^ok 1 refphp$' $results
	status=$?
else
	echo "KTAP version 1"
	echo "1..1"
	echo "not ok 1 refphp # no results in $results"
	status=1
fi

rmmod refphp_kunit >&2
# unload waits for the driver's directory to go (its release is delayed,
# CONFIG_DEBUG_KOBJECT_RELEASE): the next script loads refphp again.
unload
exit $status
