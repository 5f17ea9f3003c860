#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Fail when an option of the fragment did not survive into the final .config
# (a missing dependency makes Kconfig drop it without a word).
#
#   check-config.sh <fragment> <.config>

set -eu

fragment=$1
config=$2
bad=0

for line in $(grep -E '^CONFIG_[A-Z0-9_]+=' "$fragment"); do
	option=${line%%=*}
	wanted=${line#*=}
	if [ "$wanted" = n ]; then
		if grep -q "^$option=" "$config"; then
			echo "error: $fragment asks $option=n, .config has $(grep "^$option=" "$config")" >&2
			bad=1
		fi
	elif ! grep -qx "$line" "$config"; then
		got=$(grep -E "^$option=|^# $option is not set" "$config" || echo "$option absent")
		echo "error: $fragment asks $line, .config has: $got" >&2
		bad=1
	fi
done

if [ $bad -ne 0 ]; then
	echo "error: the kernel config lost options of $fragment (see above)" >&2
	exit 1
fi
