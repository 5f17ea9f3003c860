#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 6, failed probes: with fault=initialize, fault=irq and fault=add
# probe fails at that step and unwinds in reverse order (and with oneshot=1
# and fault=irq, from a slot already public): the module loads,
# edu stays unbound, and there is no slot directory, no event thread, no
# debugfs directory.  Bad parameters fail as cleanly, with a message: an
# unknown fault= value (insmod fails), slot= out of range or edu's own
# slot, an empty name=.  After all of them a kmemleak scan finds nothing
# of refphp's, and a normal load binds.
#
# Eight unloads, each of which waits for its module's kobject, which the
# kernel's DEBUG_KOBJECT_RELEASE releases one to four seconds late, and
# the scans of find_leaks: under TCG, beside another guest, the script
# took 88 s with one CPU and 118 s with two, too close to the default.
#
# kit-time-limit: 240

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh
# shellcheck source=SCRIPTDIR/kmemleak.sh
. /tests/kmemleak.sh

# failed_probe <name> <message> <insmod arguments...>: the module loads,
# its probe fails with <message> in the kernel log, nothing is left.
failed_probe() {
	name=$1
	message=$2
	shift 2
	dmesg -c >/dev/null
	if ! insmod $ko "$@"; then
		ktap_diag "$name: insmod $* failed"
		ktap_not_ok "$name"
		return
	fi
	ok=1
	dmesg | grep -qF "$message" || { ktap_diag "$name: no '$message'"; ok=; }
	wait_for 10 nothing_left || { ktap_diag "$name: something is left"; ok=; }
	unload
	if [ -n "$ok" ]; then ktap_ok "$name"; else ktap_not_ok "$name"; fi
}

ktap_plan 12

for step in initialize irq add; do
	failed_probe "fault_$step" "fault=$step: failing probe here" fault=$step
done
# oneshot: the IRQ fails with the slot already public, and probe undoes
# pci_hp_register() with pci_hp_deregister().
failed_probe oneshot_fault_irq "fault=irq: failing probe here" oneshot=1 fault=irq
failed_probe slot_32_out_of_range "slot=32: must be 0-31" slot=32
# slot=4 is the first edu's own device number but a slot like any other
# for the second edu at 00:08: only the first controller refuses it.
dmesg -c >/dev/null
insmod $ko slot=4
ok=1
dmesg | grep -qF "$edu: slot=4: must be 0-31 and not edu's own 4" ||
	{ ktap_diag "slot_4_is_edus_own: no message"; ok=; }
absent /sys/bus/pci/devices/$edu/driver ||
	{ ktap_diag "slot_4_is_edus_own: edu is bound"; ok=; }
test "$(cat /sys/bus/pci/slots/refphp-4/address 2>/dev/null)" = 0000:00:04 ||
	{ ktap_diag "slot_4_is_edus_own: the second edu has no slot 4"; ok=; }
unload
if [ -n "$ok" ]; then ktap_ok slot_4_is_edus_own; else ktap_not_ok slot_4_is_edus_own; fi
failed_probe empty_name "the slot name must not be empty" name=

dmesg -c >/dev/null
ktap_expect_eq bad_fault_insmod_fails "$(insmod $ko fault=sometimes 2>/dev/null || echo failed)" failed
ktap_expect bad_fault_message sh -c 'dmesg | grep -qF "fault=sometimes: expected none, initialize, irq or add"'

leaks=$(find_leaks)
ktap_expect_eq kmemleak_ran $? 0
ktap_diag "kmemleak: $(echo "$leaks" | grep -c 'unreferenced object') unreferenced objects in all"
ktap_expect_eq no_refphp_leak "$(echo "$leaks" | grep -c refphp)" 0

ktap_expect normal_bind_afterwards sh -c "insmod $ko && test -f $slot/power"
unload
ktap_finish
