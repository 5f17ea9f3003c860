#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: fail each allocation that the ACPI interpreter makes while
# refphp's probe enables the controller, in turn.  pci_enable_device()
# routes the device's interrupt through acpi_pci_irq_enable(), which
# evaluates the _PRT method of the PCI root bridge; the interpreter
# allocates some hundred objects to do so.  failslab's stacktrace filter
# keeps the failures to the allocations with acpi_pci_irq_enable() in
# their stack (at most 32 frames down), and /proc/self/fail-nth makes the
# n-th of them fail: n = 1, 2, ... 100, then every 20th, until one n finds
# nothing left to fail.  (The first ones are those of the method's
# execution, each a different error path; the many after them are the
# update states of the reference count walks, one for each entry of the
# package _PRT returns.)
#
# Whatever fails, the bind either fails cleanly or works, the unbind
# (which evaluates _PRT again, in acpi_pci_irq_disable()) works, and the
# last bind, with nothing left to fail, publishes the slot.  A use-after-free or
# a WARN in the interpreter fails the boot's verdict by the console log,
# and kmemleak must find nothing at the end.  Before the series' ACPICA
# fix, failing allocation 62 left the package that _PRT returns with one
# reference too few, and the unbind read it after it was freed (KASAN in
# acpi_ns_get_attached_object()).
#
# kit-time-limit: 600

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh
# shellcheck source=SCRIPTDIR/kmemleak.sh
. /tests/kmemleak.sh

EVERY_ONE=100		# the first allocations are failed one by one,
STRIDE=20		# the later ones (the same walk, entry after entry) one in 20
MAX_ALLOCATIONS=5000	# more than the interpreter makes here
failslab=/sys/kernel/debug/failslab

# bind_failing <n>: bind edu with the n-th filtered allocation failing;
# prints what fail-nth has left: 0 when the n-th allocation was failed,
# <n> when the bind made fewer than n.
bind_failing() {
	sh -c "echo $1 >/proc/self/fail-nth
		echo $edu >$drv/bind 2>/dev/null
		read -r left </proc/self/fail-nth
		echo \$left"
}

# limit_failures_to_acpi_irq_routing: the stacktrace filter, on the
# address range of acpi_pci_irq_enable().
limit_failures_to_acpi_irq_routing() {
	# /proc/kallsyms in address order: the function, then the next symbol.
	# shellcheck disable=SC2046 # two addresses
	set -- $(sort /proc/kallsyms | grep -A1 ' acpi_pci_irq_enable$' | cut -d' ' -f1)
	echo "0x$1" >$failslab/require-start
	echo "0x$2" >$failslab/require-end
	echo 32 >$failslab/stacktrace-depth
	echo N >$failslab/ignore-gfp-wait
	echo 0 >$failslab/verbose
}

ktap_plan 5

insmod $ko && wait_for 10 test -f $slot/power
echo $edu >$drv/unbind
wait_for 10 unbound
limit_failures_to_acpi_irq_routing
problems=0
trials=0
n=0
while [ $n -lt $MAX_ALLOCATIONS ]; do
	if [ $n -lt $EVERY_ONE ]; then
		n=$((n + 1))
	else
		n=$((n + STRIDE))
	fi
	left=$(bind_failing $n)
	if [ "$left" != 0 ]; then
		# Nothing left to fail: a normal bind, which must work.
		published || {
			ktap_diag "the bind with no failure left failed"
			problems=$((problems + 1))
		}
		break
	fi
	trials=$((trials + 1))
	# The unbind evaluates _PRT again: what the failure broke shows here.
	echo $edu >$drv/unbind 2>/dev/null
	wait_for 10 unbound || {
		ktap_diag "allocation $n failed, the unbind left something"
		problems=$((problems + 1))
	}
done
echo 0 >$failslab/stacktrace-depth
ktap_diag "campaign: allocation failures injected in the ACPI interrupt routing: $trials (of $n allocations)"
ktap_expect_eq no_problems $problems 0
ktap_expect sweep_ended test $trials -gt 1 -a $n -lt $MAX_ALLOCATIONS
ktap_expect normal_bind_afterwards published
unload
ktap_expect unloaded nothing_left

leaks=$(find_leaks)
ktap_expect_eq kmemleak_found_nothing "$leaks" ""
ktap_finish
