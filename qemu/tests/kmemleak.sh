# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# find_leaks, for /init, /demo and the guest test scripts (busybox ash),
# sourced as ". /tests/kmemleak.sh".
#
# kmemleak reports an unreferenced object only when it is older than its
# minimum age (5 s) and its checksum did not change since the previous
# scan.  A new object starts with a checksum that the first scan to see
# it always changes (mm/kmemleak.c), so one scan never reports anything
# allocated since the last one: wait past the age, then scan twice.

# find_leaks: print kmemleak's report (empty when it found nothing) and
# put it into the console log, for the verdict; fails when kmemleak is
# not there or has disabled itself.
find_leaks() {
	leaks_file=/sys/kernel/debug/kmemleak
	if ! [ -w $leaks_file ] || ! echo scan >$leaks_file 2>/dev/null; then
		echo "kit: kmemleak is not running: no leak can be found" >/dev/console
		return 1
	fi
	sleep 6
	echo scan >$leaks_file && echo scan >$leaks_file || return 1
	leaks_report=$(cat $leaks_file)
	[ -z "$leaks_report" ] || echo "$leaks_report" >/dev/console
	echo "$leaks_report"
}
