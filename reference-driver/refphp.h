/* SPDX-License-Identifier: GPL-2.0 */
/*
 * refphp - the pieces of the reference PCI hotplug driver that need no
 * hardware, shared with its KUnit suite (refphp_kunit.c).
 *
 * They are pure functions: refphp.c exports them only when KUnit is
 * enabled (EXPORT_SYMBOL_IF_KUNIT), otherwise they stay static.
 */
#ifndef _REFPHP_H
#define _REFPHP_H

#include <linux/bits.h>
#include <linux/types.h>

/* The highest device number on a PCI bus: PCI_SLOT(0xff). */
#define REFPHP_MAX_SLOT		31

/* Values of the attention indicator, as user space writes them. */
#define REFPHP_ATTN_OFF		0
#define REFPHP_ATTN_ON		1
#define REFPHP_ATTN_BLINK	2

/*
 * Events for the event thread, collected in refphp_ctrl.pending until the
 * thread takes them all at once.
 */
#define REFPHP_EV_BUTTON	BIT(0)	/* the attention button was pressed */
#define REFPHP_EV_ENABLE	BIT(1)	/* user space wrote 1 to "power" */
#define REFPHP_EV_DISABLE	BIT(2)	/* user space wrote 0 to "power" */

/**
 * enum refphp_action - what the event thread does with a batch of events
 * @REFPHP_ACT_NONE: nothing, the slot already is in the requested state
 * @REFPHP_ACT_POWER_ON: rescan the slot and add its functions
 * @REFPHP_ACT_POWER_OFF: stop and remove every function of the slot
 */
enum refphp_action {
	REFPHP_ACT_NONE,
	REFPHP_ACT_POWER_ON,
	REFPHP_ACT_POWER_OFF,
};

/**
 * enum refphp_fault - the probe step that the fault= parameter breaks
 * @REFPHP_FAULT_NONE: probe runs normally
 * @REFPHP_FAULT_INITIALIZE: fail in place of pci_hp_initialize()
 * @REFPHP_FAULT_IRQ: fail in place of request_threaded_irq()
 * @REFPHP_FAULT_ADD: fail in place of pci_hp_add()
 */
enum refphp_fault {
	REFPHP_FAULT_NONE,
	REFPHP_FAULT_INITIALIZE,
	REFPHP_FAULT_IRQ,
	REFPHP_FAULT_ADD,
};

int refphp_check_attention(u8 value);
enum refphp_action refphp_next_action(bool powered, unsigned int events);
int refphp_pick_slot(int param, unsigned int own_slot);
int refphp_parse_fault(const char *val);

#endif /* _REFPHP_H */
