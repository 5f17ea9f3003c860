#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: fail each allocation of a probe in turn.  failslab with
# /proc/self/fail-nth makes the n-th slab allocation of the writing task
# fail; the bind runs probe in that task, so n = 1, 2, ... walks every
# allocation of the probe until one n finds nothing left to fail.  This is
# done for both ways of publishing the slot: the split one
# (pci_hp_initialize() + pci_hp_add()) and the oneshot one
# (pci_hp_register()).
#
# failslab's stacktrace filter keeps the failures to the allocations made
# from refphp's code, at most STACK_DEPTH frames down: the driver's own,
# and those the hotplug core, devres, the interrupt core and the MSI
# library make for it.  Not deeper: the ACPI interpreter evaluating _PRT
# inside pci_enable_device() allocates a hundred times more, and
# 44-refphp-acpi-failslab sweeps those on its own.  The files of
# /proc/irq/<n>/ that request_irq() creates are in reach: register_irq_proc()
# lets them fail, and before the series' genirq fix unregister_irq_proc()
# WARNed about each one it could not find.
#
# After an injected failure the bind either fails (a probe error: nothing
# may be left, no slot, no thread, no debugfs directory, edu unbound), or
# succeeds because the failed allocation was one the kernel lets fail (a
# debugfs file): then the slot must work.  Either way the next bind, with
# nothing failing, must publish the slot.  At the end kmemleak must find
# nothing of refphp's.
#
# Each trial takes one to three seconds with two CPUs under TCG: the
# some 110 trials took 155 s and 177 s in the two boots measured, against
# the default limit of 120 s.
#
# kit-time-limit: 420

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh
# shellcheck source=SCRIPTDIR/kmemleak.sh
. /tests/kmemleak.sh
# shellcheck source=SCRIPTDIR/failslab.sh
. /tests/failslab.sh

STACK_DEPTH=10
MAX_TRIALS=100		# per mode: a probe that allocates more is a bug

# limit_failures_to_refphp: the stacktrace filter: the module's code is
# required in the stack.
limit_failures_to_refphp() {
	# /proc/modules: name size refcount users state address
	# shellcheck disable=SC2046 # the fields are the point
	set -- $(grep '^refphp ' /proc/modules)
	failslab_filter "$6" "$(printf '0x%x' $(($6 + $2)))" $STACK_DEPTH
}

injected=0
probe_errors=0
tolerated=0

# sweep <mode> <insmod arguments...>: one trial per allocation of the
# probe, in the given mode; one KTAP case for the whole sweep.
sweep() {
	mode=$1
	shift
	insmod $ko "$@" && wait_for 10 test -f $slot/power || {
		ktap_not_ok "sweep_$mode"
		return
	}
	echo $edu >$drv/unbind
	wait_for 10 unbound
	limit_failures_to_refphp
	problems=0
	trial=0
	while [ $trial -lt $MAX_TRIALS ]; do
		trial=$((trial + 1))
		# shellcheck disable=SC2046 # two fields
		set -- $(bind_failing $trial)
		if [ "$2" != 0 ]; then
			# Nothing left to fail: a normal bind, which must work.
			[ "$1" = 0 ] && test -f $slot/power || {
				ktap_diag "$mode: the bind with no failure left failed"
				problems=$((problems + 1))
			}
			break
		fi
		injected=$((injected + 1))
		if [ "$1" != 0 ]; then
			probe_errors=$((probe_errors + 1))
			wait_for 10 unbound || {
				ktap_diag "$mode: allocation $trial failed the probe, something is left"
				problems=$((problems + 1))
			}
		else
			tolerated=$((tolerated + 1))
			test -f $slot/power -a -n "$(event_thread)" || {
				ktap_diag "$mode: allocation $trial failed, bind succeeded, no working slot"
				problems=$((problems + 1))
			}
			echo $edu >$drv/unbind
			wait_for 10 unbound
		fi
		echo $edu >$drv/bind && test -f $slot/power || {
			ktap_diag "$mode: the bind after allocation $trial failed"
			problems=$((problems + 1))
		}
		echo $edu >$drv/unbind
		wait_for 10 unbound
	done
	ktap_diag "$mode: $((trial - 1)) allocations failed in turn"
	unload
	if [ $problems -eq 0 ] && [ $trial -gt 1 ] && [ $trial -lt $MAX_TRIALS ]; then
		ktap_ok "sweep_$mode"
	else
		ktap_not_ok "sweep_$mode"
	fi
}

ktap_plan 5

sweep split
sweep oneshot oneshot=1
failslab_off

ktap_diag "campaign: allocation failures injected in probe: $injected" \
	"($probe_errors probe errors, $tolerated tolerated)"

leaks=$(find_leaks)
ktap_expect_eq kmemleak_ran $? 0
ktap_expect_eq no_refphp_leak "$(echo "$leaks" | grep -c refphp)" 0

ktap_expect normal_bind_afterwards sh -c "insmod $ko && test -f $slot/power"
unload
ktap_finish
