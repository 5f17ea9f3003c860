# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
#
# Fault injection for the campaign's failslab tests (busybox ash), sourced
# as ". /tests/failslab.sh" after refphp.sh: fail the n-th slab allocation
# of a bind, among those that failslab's stacktrace filter lets through
# (Documentation/fault-injection/fault-injection.rst).

failslab=/sys/kernel/debug/failslab

# failslab_filter <start> <end> <depth>: fail only allocations with an
# address in [<start>, <end>) among the <depth> innermost frames of their
# stack, sleeping or not, without a report of each.
failslab_filter() {
	echo "$1" >$failslab/require-start
	echo "$2" >$failslab/require-end
	echo "$3" >$failslab/stacktrace-depth
	echo N >$failslab/ignore-gfp-wait
	echo 0 >$failslab/verbose
}

# failslab_off: no stacktrace filter, so fail-nth of other tasks fails
# nothing filtered any more.
failslab_off() {
	echo 0 >$failslab/stacktrace-depth
}

# function_range <symbol>: the address of a kernel function and of the
# symbol after it in /proc/kallsyms, as two hexadecimal numbers.
function_range() {
	sort /proc/kallsyms | grep -A1 " $1\$" | cut -d' ' -f1 | sed 's/^/0x/'
}

# bind_failing <n>: bind edu with the n-th filtered allocation failing.
# Prints the bind's status and what fail-nth has left: "<status> 0" when
# the n-th allocation was failed (status 0: the bind succeeded anyway),
# "<status> <n>" when the bind met fewer than n allocations.
bind_failing() {
	# shellcheck disable=SC2154 # edu and drv: refphp.sh
	sh -c "echo $1 >/proc/self/fail-nth
		echo $edu >$drv/bind 2>/dev/null
		status=\$?
		read -r left </proc/self/fail-nth
		echo \$status \$left"
}
