#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: fail each allocation that the ACPI interpreter makes while
# refphp's probe enables the controller, in turn.  pci_enable_device()
# routes the device's interrupt through acpi_pci_irq_enable(), which
# evaluates the _PRT method of the PCI root bridge: 2120 slab allocations
# on the kit's machine.  failslab's stacktrace filter keeps the failures to
# the allocations with acpi_pci_irq_enable() among the 32 innermost frames
# of their stack, and /proc/self/fail-nth makes the n-th of them fail:
# n = 1, 2, ... 100, then every 20th, until one n finds nothing left to
# fail: 200 trials in 130 s with two CPUs, where failing each of the 2120
# at that rate would take some 23 minutes.  The first 100 include the
# 62nd, the one that found the bug below.
#
# Whatever fails, the bind either fails cleanly or works, the unbind
# (which evaluates _PRT again, in acpi_pci_irq_disable()) works, and the
# last bind, with nothing left to fail, publishes the slot.  A
# use-after-free or a WARN in the interpreter fails the boot's verdict by
# the console log, and kmemleak must find nothing at the end.  Before the
# series' ACPICA fix, failing allocation 62 left the package that _PRT
# returns with one reference too few, and the unbind read it after it was
# freed (KASAN in acpi_ns_get_attached_object()).
#
# kit-time-limit: 600

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh
# shellcheck source=SCRIPTDIR/kmemleak.sh
. /tests/kmemleak.sh
# shellcheck source=SCRIPTDIR/failslab.sh
. /tests/failslab.sh

EVERY_ONE=100		# the first allocations are failed one by one,
STRIDE=20		# the later ones one in 20
MAX_ALLOCATIONS=5000	# more than twice what the interpreter makes here

ktap_plan 5

insmod $ko && wait_for 10 test -f $slot/power
echo $edu >$drv/unbind
wait_for 10 unbound
# shellcheck disable=SC2046 # two addresses
failslab_filter $(function_range acpi_pci_irq_enable) 32
problems=0
trials=0
n=0
while [ $n -lt $MAX_ALLOCATIONS ]; do
	if [ $n -lt $EVERY_ONE ]; then
		n=$((n + 1))
	else
		n=$((n + STRIDE))
	fi
	# shellcheck disable=SC2046 # two fields
	set -- $(bind_failing $n)
	if [ "$2" != 0 ]; then
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
failslab_off
ktap_diag "campaign: allocation failures injected in the ACPI interrupt routing: $trials (of $n allocations)"
ktap_expect_eq no_problems $problems 0
ktap_expect sweep_ended test $trials -gt 1 -a $n -lt $MAX_ALLOCATIONS
ktap_expect normal_bind_afterwards published
unload
ktap_expect unloaded nothing_left

leaks=$(find_leaks)
ktap_expect_eq kmemleak_found_nothing "$leaks" ""
ktap_finish
