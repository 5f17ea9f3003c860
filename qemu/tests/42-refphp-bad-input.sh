#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Reliability: malformed input to the three files that act on the slot,
# power and attention (sysfs, parsed by the hotplug core) and button
# (debugfs, parsed by refphp).  Every malformed value below must be
# refused with the errno given, and change nothing: the slot stays powered
# with its card, attention keeps its value, edu raises no interrupt.
#
# Each value is written with one write() of exactly its bytes (dd from a
# file): a NUL inside the value reaches the kernel, and the 4095-byte ones
# (the most a sysfs store is given) are not cut by the shell into pieces.
# "empty" is what 'echo > file' writes, a lone newline.  A NUL is the
# end of a C string, and the kernel's parsers (kstrtou8() in the core,
# kstrtouint_from_user() for refphp's button) end the number there: a
# value with a NUL inside is not malformed but the number before the NUL,
# which the cases below choose so that it changes nothing, except the
# button's, which presses it.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

# write_bytes <file> <printf format>: one write() of the bytes; prints
# nothing on success, else the error ("Invalid argument", ...).
write_bytes() {
	# shellcheck disable=SC2059 # the format is the value
	printf "$2" >/tmp/value
	dd if=/tmp/value of="$1" bs=8192 count=1 conv=notrunc 2>&1 >/dev/null |
		grep -v 'records\|bytes' | sed 's/^.*: //'
}

long_digits=$(printf '%4095s' '' | tr ' ' 1)
long_letters=$(printf '%4095s' '' | tr ' ' x)
EINVAL="Invalid argument"
ERANGE="Numerical result out of range"
tried=0

# refuse <file> <case name> <printf format> <expected error>
refuse() {
	tried=$((tried + 1))
	error=$(write_bytes "$1" "$3")
	ktap_expect_eq "$(basename "$1")_$2" "$error" "$4"
}

# refuse_all <file> <the valid value plus one> <out of range>: the
# malformed values every one of the three files must refuse.
refuse_all() {
	refuse "$1" empty '\n' "$EINVAL"
	refuse "$1" space ' ' "$EINVAL"
	refuse "$1" spaces_newline '  \n' "$EINVAL"
	refuse "$1" leading_tab '\t1' "$EINVAL"
	refuse "$1" negative '-1' "$EINVAL"
	refuse "$1" next_value "$2" "$EINVAL"
	refuse "$1" out_of_range "$3" "$ERANGE"
	refuse "$1" letters 'abc' "$EINVAL"
	refuse "$1" trailing_letters '1abc' "$EINVAL"
	refuse "$1" hexadecimal '0x1' "$EINVAL"
	refuse "$1" long_number "$long_digits" "$ERANGE"
	refuse "$1" long_letters "$long_letters" "$EINVAL"
}

# interrupts: how many interrupts refphp's IRQ has had, on all CPUs;
# "missing" when /proc/interrupts has no line for it.
interrupts() {
	awk '/ refphp-5$/ { found = 1; for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) n += $i }
	     END { print found ? n + 0 : "missing" }' /proc/interrupts
}

ktap_plan 50

insmod $ko && wait_for 10 test -f $slot/power
echo 2 >$slot/attention
ktap_expect setup_powered_attention_blinking \
	test "$(cat $slot/power)$(cat $slot/attention)" = 12

# power: 0 and 1 are valid.  What follows a NUL is not looked at: "1\0000"
# is 1, which the powered slot already is.
refuse_all $slot/power 2 256
ktap_expect_eq power_nul_ends_value "$(write_bytes $slot/power '1\0000')" ""
ktap_expect_eq power_unchanged "$(cat $slot/power)" 1
ktap_expect card_still_in_slot test -d $testdev

# attention: 0, 1 and 2 are valid; "2\0000" is 2, its value already.
refuse_all $slot/attention 3 256
ktap_expect_eq attention_nul_ends_value \
	"$(write_bytes $slot/attention '2\0000')" ""
# The control: written the same way, a valid value goes through.
ktap_expect_eq attention_valid_value_accepted \
	"$(write_bytes $slot/attention '2\n')" ""
ktap_expect_eq attention_unchanged "$(cat $slot/attention)" 2

# button: 1 is valid.
before=$(interrupts)
ktap_expect irq_listed test "$before" != missing
refuse_all $debug/button 2 4294967296
sleep 0.5	# an interrupt that got through would show by now
ktap_expect_eq no_interrupt_raised "$(interrupts)" "$before"
ktap_expect_eq power_unchanged_by_button "$(cat $slot/power)" 1

# "1\0009" is 1: a press, which powers the slot off; then power it back.
ktap_expect_eq button_nul_ends_value "$(write_bytes $debug/button '1\0009')" ""
ktap_expect button_nul_press_powered_off wait_for 10 test ! -d $testdev
echo 1 >$slot/power
ktap_expect card_back_after_press wait_for 10 test -d $testdev

ktap_diag "campaign: bad inputs tried: $tried"
ktap_expect unloaded unload
ktap_finish
