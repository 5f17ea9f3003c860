# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Which test scripts a run selects and how long each may take, sourced by
# the guest's /init (as /tests/selection.sh) and by the host's qemu/run.sh,
# so that the host's timeout is the sum of the very limits /init applies.

# selected <name> <glob>[,<glob>...]: whether a test's name matches.
selected() {
	set -f
	old_ifs=$IFS
	IFS=,
	for glob in $2; do
		# shellcheck disable=SC2254 # the glob is the point
		case $1 in $glob) IFS=$old_ifs; set +f; return 0 ;; esac
	done
	IFS=$old_ifs
	set +f
	return 1
}

# selected_tests <dir> <glob>[,<glob>...]: the names of the test scripts
# (NN-*.sh) in <dir> that the globs select, one a line, in the order the
# guest runs them.
selected_tests() {
	for script in "$1"/[0-9]*.sh; do
		name=$(basename "$script" .sh)
		if selected "$name" "$2"; then
			echo "$name"
		fi
	done
}

# time_limit <script> [<floor>]: how long the script may run, in seconds:
# its own "# kit-time-limit: <seconds>" line, else 120, raised to <floor>
# if that is larger (kit.time-limit= on the kernel command line: 'make
# stress' runs more cycles, and the campaign's other tests keep their own).
time_limit() {
	limit=$(sed -n 's/^# kit-time-limit: \([0-9][0-9]*\)$/\1/p' "$1")
	limit=${limit:-120}
	if [ "${2:-0}" -gt "$limit" ]; then
		limit=$2
	fi
	echo "$limit"
}
