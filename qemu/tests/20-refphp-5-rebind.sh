#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Step 5, unbind, bind, rmmod: every teardown (remove(): pci_hp_del(),
# free_irq(), pci_hp_destroy()) takes the slot directory, the event thread
# and the debugfs directory away, every bind (probe()) brings them back.
# The pci-testdev in the slot stays throughout.

. /tests/ktap.sh
# shellcheck source=SCRIPTDIR/refphp.sh
. /tests/refphp.sh

ktap_plan 11

ktap_expect insmod insmod $ko
ktap_expect published_after_insmod published

for round in 1 2; do
	echo $edu >$drv/unbind
	ktap_expect "gone_after_unbind_$round" wait_for 10 nothing_left
	echo $edu >$drv/bind
	ktap_expect "published_after_bind_$round" published
	ktap_expect_eq "power_after_bind_$round" "$(cat $slot/power)" 1
done

unload
ktap_expect gone_after_rmmod nothing_left
ktap_expect driver_gone_after_rmmod absent $drv
ktap_expect testdev_stayed test -d $testdev
ktap_finish
