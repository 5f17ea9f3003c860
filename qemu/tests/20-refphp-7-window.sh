#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 7, the publication window.  With oneshot=1, pci_hp_register()
# publishes the control files before the event thread can exist (its name
# is the slot's); publish_delay_ms=4000 holds that window open.  A "power"
# write inside it finds no thread: refphp refuses it with EAGAIN and
# counts it in debugfs refphp/refphp-5/early_requests.  With the split API
# (the default), the same delay sits between the thread's start and
# pci_hp_add(): the slot directory exists but has no "power" file yet, so
# the write cannot reach the driver at all: sysfs refuses to create the
# file (EACCES), and the driver changes no power.  On the way out of
# oneshot mode, a writer busy during rmmod sees each of its writes end,
# with success, an error, or no file.  rmmod itself has to find the
# writer between two writes: the core holds a reference on refphp's
# module for the length of each write, and delete_module() fails with
# EAGAIN while it is held.  Once unloading has begun the core's
# try_module_get() fails, and the writes get ENODEV without reaching
# refphp; remove()'s own refusals (ENODEV, EAGAIN) are for an unbind,
# which the module reference does not hold off (43-refphp-remove-race).

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

# thread_runs: refphp's event thread exists.
thread_runs() {
	[ -n "$(event_thread)" ]
}

ktap_plan 20

# Oneshot: the window is between pci_hp_register() and the thread.
insmod $ko oneshot=1 publish_delay_ms=4000 &
loader=$!
ktap_expect oneshot_power_file_appears wait_for 20 test -e $slot/power
ktap_expect oneshot_no_thread_yet test -z "$(event_thread)"
ktap_expect_eq oneshot_early_write_eagain "$(try_write $slot/power 0)" "Resource temporarily unavailable"
ktap_expect oneshot_testdev_untouched test -d $testdev
wait $loader
ktap_expect_eq oneshot_insmod_done $? 0
ktap_expect oneshot_thread_runs thread_runs
ktap_expect_eq oneshot_early_requests_counted "$(cat $debug/early_requests)" 1
ktap_expect_eq oneshot_request_after_window "$(try_write $slot/power 1)" ""

# writer: ask for power off and on for ever, one line per write's result
# ("ok" for success), with a pause between writes for rmmod to find.
writer() {
	while :; do
		result=$(try_write $slot/power 0)
		echo "${result:-ok}"
		sleep 0.1
		result=$(try_write $slot/power 1)
		echo "${result:-ok}"
		sleep 0.1
	done >/tmp/teardown-writes
}
writer &
writing=$!
sleep 2
ktap_expect oneshot_unloaded unload_in_use
kill $writing
wait $writing 2>/dev/null
ktap_diag "writes during the oneshot teardown: $(sort /tmp/teardown-writes | uniq -c | sed 's/^ *//' | paste -sd, -)"
ktap_expect oneshot_writes_before_unload_succeeded grep -qx ok /tmp/teardown-writes
ktap_expect oneshot_writes_after_unload_refused grep -qvx ok /tmp/teardown-writes
ktap_expect_eq oneshot_teardown_writes_all_ended_cleanly \
	"$(grep -cvxE 'ok|No such device|Resource temporarily unavailable|nonexistent directory|No such file or directory' /tmp/teardown-writes)" 0
# The writer may have left the slot off, the card removed: a rescan of
# the bus brings the card back for the split case.
echo 1 >/sys/bus/pci/rescan
ktap_expect oneshot_card_back_after_rescan wait_for 10 test -d $testdev

# Split: the window is between the thread's start and pci_hp_add().
dmesg -c >/dev/null
insmod $ko publish_delay_ms=4000 &
loader=$!
ktap_expect split_thread_runs wait_for 20 thread_runs
if [ -e $slot/power ]; then
	ktap_diag "the window closed before the test looked (slow guest?)"
fi
ktap_expect split_directory_without_power_file sh -c "test -d $slot && test ! -e $slot/power"
ktap_expect_eq split_early_write_finds_no_file "$(try_write $slot/power 0)" "Permission denied"
wait $loader
ktap_expect_eq split_insmod_done $? 0
ktap_expect_eq split_no_power_change "$(dmesg | grep -c 'slot refphp-5: power')" 0
ktap_expect split_testdev_untouched test -d $testdev
ktap_expect split_unloaded unload
ktap_finish
