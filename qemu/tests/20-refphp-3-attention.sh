#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 3, attention and malformed values: 0, 1 and 2 (off, on, blink) are
# accepted and read back; 3 reaches refphp, which refuses it with EINVAL.
# "abc", "-1", "" and "256" must be refused too, but refphp never sees
# them as such: the 6.12 core parses with simple_strtoul() and keeps the
# low 8 bits, so all four arrive as 0.  The kit's series moves the core to
# kstrtou8(), which refuses them with EINVAL or ERANGE before any driver
# callback; that is what these cases expect.  Nothing may change: not the
# attention value, not the power, not the device in the slot.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

# refused <error text>: EINVAL or ERANGE.
refused() {
	case $1 in
	"Invalid argument" | "Numerical result out of range") return 0 ;;
	*) return 1 ;;
	esac
}

ktap_plan 21

ktap_expect insmod insmod $ko

for value in 0 1 2; do
	ktap_expect_eq "attention_${value}_accepted" "$(try_write $slot/attention $value)" ""
	ktap_expect_eq "attention_${value}_read_back" "$(cat $slot/attention)" "$value"
done

try_write $slot/attention 1 >/dev/null
ktap_expect_eq attention_3_einval "$(try_write $slot/attention 3)" "Invalid argument"
ktap_expect_eq attention_3_unchanged "$(cat $slot/attention)" 1

# One case per value and file; the diagnostic line shows what came back.
for file in attention power; do
	for value in abc -1 '' 256; do
		case $value in
		-1) name=minus_1 ;;
		'') name=empty ;;
		*) name=$value ;;
		esac
		error=$(try_write $slot/$file "$value")
		ktap_diag "'$value' > $file: ${error:-accepted}"
		ktap_expect "${file}_${name}_refused" refused "$error"
	done
done
ktap_expect_eq attention_unchanged "$(cat $slot/attention)" 1
ktap_expect_eq power_unchanged "$(cat $slot/power)" 1
ktap_expect testdev_still_present test -d $testdev

# Leave the slot as it was found, even if a malformed value got through.
try_write $slot/power 1 >/dev/null
unload
ktap_expect slot_gone_after_rmmod absent $slot
ktap_finish
