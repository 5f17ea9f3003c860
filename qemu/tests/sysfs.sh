# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Helpers for guest test scripts that write sysfs files and wait for sysfs
# to change, sourced as ". /tests/sysfs.sh".  Hotplug is asynchronous: a
# device appears after an interrupt and a rescan, a directory goes when its
# last reference does.

# wait_for <seconds> <command...>: poll every 0.1 s until the command
# succeeds; fails when the time is up.
wait_for() {
	tries=$(($1 * 10))
	shift
	until "$@"; do
		tries=$((tries - 1))
		[ "$tries" -gt 0 ] || return 1
		sleep 0.1
	done
}

# absent <path>: nothing is at the path.
absent() {
	[ ! -e "$1" ]
}

# reads <file> <value>: the file reads the value (for wait_for, which
# runs it again on each try).
reads() {
	[ "$(cat "$1" 2>/dev/null)" = "$2" ]
}

# try_write <file> <value>: 'echo <value> > <file>'; prints nothing on
# success, else the error ("Invalid argument", ...).
try_write() {
	{ echo "$2" >"$1"; } 2>&1 | sed 's/^.*: //'
}
