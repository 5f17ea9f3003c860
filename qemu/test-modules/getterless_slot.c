// SPDX-License-Identifier: GPL-2.0
/*
 * getterless_slot - a hotplug slot that can be switched but not read back
 *
 * The PCI hotplug core creates a slot's "power" file when the driver has
 * any of enable_slot, disable_slot and get_power_status, and its
 * "attention" file when it has set_attention_status or
 * get_attention_status.  A driver with the setters only is allowed, and
 * then reading either file has no value to show: it must fail, not print
 * a byte of the core's stack that nobody wrote.
 *
 * No in-tree driver registers such a slot, so this module does: slot
 * number 0x0a of bus 0000:00, which is empty in the kit's machine, named
 * "getterless".  No device is touched.  The guest test
 * 21-core-getterless-slot.sh loads it, reads both files and unloads it.
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/pci_hotplug.h>

#define GETTERLESS_DEVNR	0x0a

/* Nothing sits in the slot, so there is nothing to power on. */
static int getterless_enable_slot(struct hotplug_slot *slot)
{
	return -ENODEV;
}

static int getterless_disable_slot(struct hotplug_slot *slot)
{
	return 0;
}

static int getterless_set_attention_status(struct hotplug_slot *slot,
					   u8 value)
{
	return value <= 1 ? 0 : -EINVAL;
}

static const struct hotplug_slot_ops getterless_ops = {
	.enable_slot		= getterless_enable_slot,
	.disable_slot		= getterless_disable_slot,
	.set_attention_status	= getterless_set_attention_status,
};

static struct hotplug_slot getterless_slot = {
	.ops = &getterless_ops,
};

static int __init getterless_init(void)
{
	struct pci_bus *bus = pci_find_bus(0, 0);

	if (!bus)
		return -ENODEV;
	return pci_hp_register(&getterless_slot, bus, GETTERLESS_DEVNR,
			       "getterless");
}
module_init(getterless_init);

/* pci_hp_deregister() waits for the readers and writers of the files. */
static void __exit getterless_exit(void)
{
	pci_hp_deregister(&getterless_slot);
}
module_exit(getterless_exit);

MODULE_DESCRIPTION("A PCI hotplug slot with no status getters, for a guest test");
MODULE_LICENSE("GPL");
