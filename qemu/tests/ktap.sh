# SPDX-License-Identifier: GPL-2.0
#
# KTAP helpers for the guest test scripts (busybox ash), sourced as
# ". /tests/ktap.sh".  A script announces its plan, reports one line per
# case and ends with ktap_finish, whose exit status is what the runner
# (/init) turns into the script's own "ok"/"not ok" line:
#
#	. /tests/ktap.sh
#	ktap_plan 2
#	ktap_expect slot_exists test -d /sys/bus/pci/slots/refphp-5
#	ktap_expect_eq power_on "$(cat .../power)" 1
#	ktap_finish
#
# Case names are snake_case words; explanations go in "# " lines.

ktap_number=0
ktap_failures=0

# ktap_plan <number of cases>: the header, named after the script.
ktap_plan() {
	echo "KTAP version 1"
	echo "# Subtest: $(basename "$0" .sh)"
	echo "1..$1"
}

# ktap_diag <text>: a diagnostic line, shown with the results.
ktap_diag() {
	echo "# $*"
}

# ktap_ok <name>, ktap_not_ok <name>, ktap_skip <name> <reason>
ktap_ok() {
	ktap_number=$((ktap_number + 1))
	echo "ok $ktap_number $1"
}

ktap_not_ok() {
	ktap_number=$((ktap_number + 1))
	ktap_failures=$((ktap_failures + 1))
	echo "not ok $ktap_number $1"
}

ktap_skip() {
	ktap_number=$((ktap_number + 1))
	echo "ok $ktap_number $1 # SKIP $2"
}

# ktap_expect <name> <command...>: the case passes when the command does.
ktap_expect() {
	ktap_name=$1
	shift
	if "$@"; then
		ktap_ok "$ktap_name"
	else
		ktap_diag "$ktap_name: '$*' failed"
		ktap_not_ok "$ktap_name"
	fi
}

# ktap_expect_eq <name> <actual> <expected>
ktap_expect_eq() {
	if [ "$2" = "$3" ]; then
		ktap_ok "$1"
	else
		ktap_diag "$1: got '$2', expected '$3'"
		ktap_not_ok "$1"
	fi
}

# ktap_finish: exit status 0 when every case passed.
ktap_finish() {
	[ "$ktap_failures" -eq 0 ]
	exit
}
