// SPDX-License-Identifier: GPL-2.0
/*
 * refphp - a reference PCI hotplug driver on the split registration API,
 * for the "midlayer mistake" teaching kit. Controller: QEMU's edu device.
 */

/**
 * DOC: The lifecycle of a refphp slot
 *
 * refphp binds to QEMU's ``edu`` device (1234:11e8), which plays a hotplug
 * controller. Each bound controller manages one slot on its own bus: device
 * number ``slot=`` (default: its own device number + 1, that is 00:05 in the
 * kit's QEMU layout, where a ``pci-testdev`` sits). Slot power is simulated:
 * "off" removes the slot's functions from the kernel, "on" scans them again.
 *
 * probe() builds the slot in four steps; remove() undoes them in reverse:
 *
 * 1. Hardware: enable edu, map BAR0, allocate its interrupt vector. Nothing
 *    is visible to user space yet.
 * 2. pci_hp_initialize(): the core creates the &struct pci_slot. From now
 *    on the slot has a name and /sys/bus/pci/slots/<name>/ exists, with
 *    ``address`` and the bus speeds only: no control file, no uevent.
 * 3. request_threaded_irq() named after hotplug_slot_name(): the event
 *    thread irq/<n>-<name> runs. It alone decides on slot power, whether
 *    the attention button or user space asked, and hands each change to
 *    the slot's power work (see below).
 * 4. pci_hp_add(): ``power``, ``attention`` and ``adapter`` appear and the
 *    add uevent goes out. User requests may arrive, and the thread is there.
 *
 * remove(): pci_hp_del() (control files gone, the core waits for writers
 * already inside them), free_irq() (thread gone), pci_hp_destroy() (the
 * slot directory goes with its last user), memory, hardware. No
 * ->release callback: the driver frees its own memory when it is done.
 *
 * remove() may run with pci_rescan_remove_lock held: "echo 1 > remove" in
 * the controller's sysfs directory calls it from
 * pci_stop_and_remove_bus_device_locked(). A power change needs that lock
 * too. So it does not run in the event thread, which free_irq() waits
 * for, nor in a writer of "power", which pci_hp_del() waits for: it runs
 * in the power work, which nobody waits for while it may be blocked on the
 * lock. remove() first marks the controller unbinding; the thread and the
 * writer stop waiting for the work, and the work, once it has the lock,
 * sees the mark and does nothing. The work holds a reference to the
 * controller, so the memory goes with whichever of remove() and the work
 * ends last; refphp_exit() waits for the work on its way out.
 *
 * ``oneshot=1`` shows the contrast: pci_hp_register() does steps 2 and 4 at
 * once, as every driver had to before commit 51bbf9bee34f ("PCI: hotplug:
 * Demidlayer registration with the core"). The thread needs the slot's name
 * and so can only start after the control files are live; the ops must
 * refuse requests until it runs (refphp_oneshot_request()), and again on
 * the way out, since free_irq() must come before pci_hp_deregister().
 * ``publish_delay_ms`` widens that window so that user space can hit it;
 * ``fault=`` makes probe fail at one step to exercise the error unwinding.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/atomic.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/kref.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/pci_hotplug.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/wait.h>
#include <linux/workqueue.h>
#include <kunit/visibility.h>

#include "refphp.h"

/* edu's BAR0 registers (QEMU hw/misc/edu.c) */
#define EDU_LIVENESS	0x04	/* reads back the inverse of the last write */
#define EDU_IRQ_STATUS	0x24	/* pending interrupt bits */
#define EDU_IRQ_RAISE	0x60	/* ORs the value into the status: interrupt */
#define EDU_IRQ_ACK	0x64	/* clears the written status bits */
/* refphp's button bit: edu itself raises 0x1 (factorial) and 0x100 (DMA) */
#define EDU_IRQ_BUTTON	BIT(16)

static int refphp_slot_param = -1;
module_param_named(slot, refphp_slot_param, int, 0444);
MODULE_PARM_DESC(slot, "Device number of the managed slot on the controller's bus, 0-31 (default -1: the controller's own + 1)");

static char *refphp_name;
module_param_named(name, refphp_name, charp, 0444);
MODULE_PARM_DESC(name, "Slot name in /sys/bus/pci/slots/ (default: refphp-<slot>)");

static bool oneshot;
module_param(oneshot, bool, 0444);
MODULE_PARM_DESC(oneshot, "Register with pci_hp_register()/pci_hp_deregister() as before the split; ops refuse early requests with EAGAIN (default 0)");

static unsigned int publish_delay_ms;
module_param(publish_delay_ms, uint, 0444);
MODULE_PARM_DESC(publish_delay_ms, "Sleep between publishing the slot and starting the thread (oneshot) or between starting the thread and pci_hp_add() (default 0)");

static char *refphp_fault_param;
module_param_named(fault, refphp_fault_param, charp, 0444);
MODULE_PARM_DESC(fault, "Make probe fail at a step: none|initialize|irq|add (default none)");

static const char * const refphp_fault_names[] = {
	[REFPHP_FAULT_NONE]	  = "none",
	[REFPHP_FAULT_INITIALIZE] = "initialize",
	[REFPHP_FAULT_IRQ]	  = "irq",
	[REFPHP_FAULT_ADD]	  = "add",
};

static int refphp_fault;	/* fault=, parsed at load time */
static struct dentry *refphp_debugfs_root;
static struct workqueue_struct *refphp_wq;	/* runs the power work */

/**
 * struct refphp_ctrl - one edu controller and the slot it manages
 * @hotplug_slot: embedded anchor handed to the hotplug core; the ops get
 *	back to the controller with container_of() (to_ctrl())
 * @kref: held by probe until remove(), and by the power work while queued
 * @pdev: the edu device, referenced until the controller is freed
 * @regs: edu's BAR0
 * @irq: Linux IRQ number of edu's interrupt vector
 * @bus: the bus of the managed slot (edu's own bus)
 * @slot_nr: device number of the managed slot
 * @oneshot: registered with pci_hp_register() (the oneshot= parameter)
 * @name: the default slot name, "refphp-<slot_nr>"
 * @pending: REFPHP_EV_* events not yet taken by the event thread
 * @powered: slot power, changed by the power work only
 * @attention: attention indicator, REFPHP_ATTN_*
 * @lock: protects @unbinding, @request_result, @power_busy and
 *	@power_result, and orders them with @wait
 * @unbinding: remove() has begun: nobody waits for the power work any more
 * @wait: the event thread waits here for the power work, a user request
 *	for the event thread
 * @request_lock: lets one user request at a time wait for the thread
 * @request_result: -EINPROGRESS while a user request waits, then its result
 * @power_work: the power change the event thread asked for
 * @power_action: that change, REFPHP_ACT_POWER_ON or _OFF
 * @power_busy: @power_work is queued or running
 * @power_result: the result of the last power change
 * @ready_lock: oneshot only: makes a request and @thread_ready atomic
 * @thread_ready: oneshot only: the event thread runs and takes requests
 * @early_requests: oneshot only: requests refused because of !@thread_ready
 * @debugfs: refphp/<slot name>/ in debugfs
 */
struct refphp_ctrl {
	struct hotplug_slot hotplug_slot;
	struct kref kref;
	struct pci_dev *pdev;
	void __iomem *regs;
	int irq;
	struct pci_bus *bus;
	unsigned int slot_nr;
	bool oneshot;
	char name[16];
	atomic_t pending;
	bool powered;
	u8 attention;
	spinlock_t lock;		/* see the kernel-doc above */
	bool unbinding;
	wait_queue_head_t wait;
	struct mutex request_lock;	/* one user request waits at a time */
	int request_result;
	struct work_struct power_work;
	enum refphp_action power_action;
	bool power_busy;
	int power_result;
	struct mutex ready_lock;	/* a request sees a stable thread_ready */
	bool thread_ready;
	atomic_t early_requests;
	struct dentry *debugfs;
};

/**
 * to_ctrl() - the controller around an embedded &struct hotplug_slot
 * @hotplug_slot: the slot the core hands to an op
 *
 * Return: the &struct refphp_ctrl that embeds @hotplug_slot.
 */
static struct refphp_ctrl *to_ctrl(struct hotplug_slot *hotplug_slot)
{
	return container_of(hotplug_slot, struct refphp_ctrl, hotplug_slot);
}

/**
 * refphp_release() - free the controller with its last reference
 * @kref: the controller's &refphp_ctrl.kref
 */
static void refphp_release(struct kref *kref)
{
	struct refphp_ctrl *ctrl = container_of(kref, struct refphp_ctrl, kref);

	pci_dev_put(ctrl->pdev);
	kfree(ctrl);
}

/**
 * refphp_put() - drop a reference to the controller
 * @ctrl: the controller
 */
static void refphp_put(struct refphp_ctrl *ctrl)
{
	kref_put(&ctrl->kref, refphp_release);
}

/**
 * refphp_check_attention() - validate an attention indicator value
 * @value: the value user space wrote, as the core passed it on
 *
 * Return: 0 for off (0), on (1) or blink (2), -EINVAL for anything else.
 */
VISIBLE_IF_KUNIT int refphp_check_attention(u8 value)
{
	return value <= REFPHP_ATTN_BLINK ? 0 : -EINVAL;
}
EXPORT_SYMBOL_IF_KUNIT(refphp_check_attention);

/**
 * refphp_next_action() - the request state machine of the event thread
 * @powered: whether the slot is powered now
 * @events: REFPHP_EV_* bits collected since the thread last ran
 *
 * A user request beats a button press taken in the same batch, and a
 * disable request beats an enable request (as in pciehp). Asking for the
 * state the slot is already in does nothing; a button press toggles.
 *
 * Return: what the thread has to do.
 */
VISIBLE_IF_KUNIT
enum refphp_action refphp_next_action(bool powered, unsigned int events)
{
	if (events & REFPHP_EV_DISABLE)
		return powered ? REFPHP_ACT_POWER_OFF : REFPHP_ACT_NONE;
	if (events & REFPHP_EV_ENABLE)
		return powered ? REFPHP_ACT_NONE : REFPHP_ACT_POWER_ON;
	if (events & REFPHP_EV_BUTTON)
		return powered ? REFPHP_ACT_POWER_OFF : REFPHP_ACT_POWER_ON;
	return REFPHP_ACT_NONE;
}
EXPORT_SYMBOL_IF_KUNIT(refphp_next_action);

/**
 * refphp_pick_slot() - the device number a controller is to manage
 * @param: the slot= parameter, -1 for the default
 * @own_slot: the controller's own device number
 *
 * Return: the device number, -ERANGE if it is not 0-31 (also when the
 * default would be 32), -EINVAL if it is the controller's own.
 */
VISIBLE_IF_KUNIT int refphp_pick_slot(int param, unsigned int own_slot)
{
	long nr = param == -1 ? (long)own_slot + 1 : param;

	if (nr < 0 || nr > REFPHP_MAX_SLOT)
		return -ERANGE;
	if (nr == own_slot)
		return -EINVAL;
	return nr;
}
EXPORT_SYMBOL_IF_KUNIT(refphp_pick_slot);

/**
 * refphp_parse_fault() - parse the value of the fault= parameter
 * @val: the string, a trailing newline is accepted
 *
 * Return: an &enum refphp_fault, or -EINVAL for an unknown name.
 */
VISIBLE_IF_KUNIT int refphp_parse_fault(const char *val)
{
	return sysfs_match_string(refphp_fault_names, val);
}
EXPORT_SYMBOL_IF_KUNIT(refphp_parse_fault);

/**
 * refphp_inject() - fail here if fault= names this probe step
 * @ctrl: the controller being probed
 * @step: the step about to run
 *
 * Return: -EIO if the step is to fail, 0 otherwise.
 */
static int refphp_inject(struct refphp_ctrl *ctrl, enum refphp_fault step)
{
	if (refphp_fault != step)
		return 0;
	pci_info(ctrl->pdev, "fault=%s: failing probe here\n",
		 refphp_fault_names[step]);
	return -EIO;
}

/**
 * refphp_power_off() - stop and remove every function of the slot
 * @ctrl: the controller; runs in its power work, under the rescan lock
 *
 * The rescan/remove lock keeps PCI enumeration out while the functions go.
 * No lock of refphp's is held: a removed device's driver may sleep or call
 * anything in its remove(). Removal goes in reverse, like pciehp.
 */
static void refphp_power_off(struct refphp_ctrl *ctrl)
{
	struct pci_dev *dev, *tmp;

	list_for_each_entry_safe_reverse(dev, tmp, &ctrl->bus->devices,
					 bus_list) {
		if (PCI_SLOT(dev->devfn) != ctrl->slot_nr)
			continue;
		pci_dev_get(dev);
		pci_stop_and_remove_bus_device(dev);
		pci_dev_put(dev);
	}
	WRITE_ONCE(ctrl->powered, false);
}

/**
 * refphp_power_on() - scan the slot, assign resources, add its functions
 * @ctrl: the controller; runs in its power work, under the rescan lock
 *
 * On a root bus no bridge window needs sizing, so this is what
 * pci_rescan_bus() does, for one slot; pci_bus_add_devices() lets drivers
 * bind.
 *
 * Return: 0, or -ENODEV when no function answers in the slot.
 */
static int refphp_power_on(struct refphp_ctrl *ctrl)
{
	unsigned int devfn = PCI_DEVFN(ctrl->slot_nr, 0);
	struct pci_dev *dev;

	pci_scan_slot(ctrl->bus, devfn);
	pci_assign_unassigned_bus_resources(ctrl->bus);
	pci_bus_add_devices(ctrl->bus);
	dev = pci_get_slot(ctrl->bus, devfn);
	if (!dev)
		return -ENODEV;
	pci_dev_put(dev);
	WRITE_ONCE(ctrl->powered, true);
	return 0;
}

/**
 * refphp_power_work() - change slot power, under the rescan/remove lock
 * @work: the controller's &refphp_ctrl.power_work
 *
 * Runs apart from the event thread because it may block on
 * pci_rescan_remove_lock while remove() holds it and waits for the thread
 * (see the DOC comment). Then remove() has marked the controller
 * unbinding before this gets the lock, and the change is dropped. Touches
 * nothing that remove() frees: not even the slot's name. Drops the
 * reference that refphp_change_power() took for it.
 */
static void refphp_power_work(struct work_struct *work)
{
	struct refphp_ctrl *ctrl = container_of(work, struct refphp_ctrl,
						power_work);
	bool unbinding;
	int ret = -ENODEV;

	pci_lock_rescan_remove();
	spin_lock(&ctrl->lock);
	unbinding = ctrl->unbinding;
	spin_unlock(&ctrl->lock);
	if (!unbinding) {
		if (ctrl->power_action == REFPHP_ACT_POWER_OFF) {
			refphp_power_off(ctrl);
			ret = 0;
		} else {
			ret = refphp_power_on(ctrl);
		}
	}
	pci_unlock_rescan_remove();

	spin_lock(&ctrl->lock);
	ctrl->power_result = ret;
	ctrl->power_busy = false;
	spin_unlock(&ctrl->lock);
	wake_up_all(&ctrl->wait);
	refphp_put(ctrl);
}

/**
 * refphp_change_power() - have the power work switch the slot, wait for it
 * @ctrl: the controller; runs in its event thread
 * @action: REFPHP_ACT_POWER_ON or REFPHP_ACT_POWER_OFF
 *
 * The thread waits, so that power changes happen one at a time and the
 * next batch of events sees the new state, but it stops waiting when
 * remove() begins: remove() waits for the thread, and the work may be
 * waiting for remove()'s caller.
 *
 * Return: the work's result, or -ENODEV when the controller is unbinding.
 */
static int refphp_change_power(struct refphp_ctrl *ctrl,
			       enum refphp_action action)
{
	int ret;

	spin_lock(&ctrl->lock);
	if (ctrl->unbinding) {
		spin_unlock(&ctrl->lock);
		return -ENODEV;
	}
	ctrl->power_action = action;
	ctrl->power_busy = true;
	kref_get(&ctrl->kref);
	queue_work(refphp_wq, &ctrl->power_work);
	spin_unlock(&ctrl->lock);

	wait_event(ctrl->wait,
		   !READ_ONCE(ctrl->power_busy) || READ_ONCE(ctrl->unbinding));
	spin_lock(&ctrl->lock);
	ret = ctrl->power_busy ? -ENODEV : ctrl->power_result;
	spin_unlock(&ctrl->lock);
	return ret;
}

/**
 * refphp_unbind_begin() - stop every wait for the power work
 * @ctrl: the controller, about to free its IRQ
 *
 * The first step of remove() and of probe's unwinding once the thread
 * runs. From here, requests and button presses that the thread has not
 * answered yet fail with -ENODEV, and a power work still queued does
 * nothing.
 */
static void refphp_unbind_begin(struct refphp_ctrl *ctrl)
{
	spin_lock(&ctrl->lock);
	ctrl->unbinding = true;
	spin_unlock(&ctrl->lock);
	wake_up_all(&ctrl->wait);
}

/**
 * refphp_irq() - hard interrupt handler: ack edu, wake the thread
 * @irq: the interrupt
 * @dev_id: the controller
 *
 * Return: IRQ_NONE if edu raised nothing (the line may be shared),
 * IRQ_WAKE_THREAD for a button press, IRQ_HANDLED otherwise.
 */
static irqreturn_t refphp_irq(int irq, void *dev_id)
{
	struct refphp_ctrl *ctrl = dev_id;
	u32 status = ioread32(ctrl->regs + EDU_IRQ_STATUS);

	if (!status)
		return IRQ_NONE;
	iowrite32(status, ctrl->regs + EDU_IRQ_ACK);
	if (!(status & EDU_IRQ_BUTTON))
		return IRQ_HANDLED;
	atomic_or(REFPHP_EV_BUTTON, &ctrl->pending);
	return IRQ_WAKE_THREAD;
}

/**
 * refphp_thread() - the event thread: the only place slot power is decided
 * @irq: the interrupt
 * @dev_id: the controller
 *
 * Woken by refphp_irq() for a button press and by irq_wake_thread() for a
 * user request. It takes all pending events at once, has the power work
 * act on them, and hands the result to the waiting user request, if there
 * is one.
 *
 * Return: IRQ_NONE if there was nothing pending, IRQ_HANDLED otherwise.
 */
static irqreturn_t refphp_thread(int irq, void *dev_id)
{
	struct refphp_ctrl *ctrl = dev_id;
	const char *slot = hotplug_slot_name(&ctrl->hotplug_slot);
	unsigned int events = atomic_xchg(&ctrl->pending, 0);
	enum refphp_action action;
	int ret = 0;

	if (!events)
		return IRQ_NONE;

	action = refphp_next_action(READ_ONCE(ctrl->powered), events);
	if (action != REFPHP_ACT_NONE)
		ret = refphp_change_power(ctrl, action);
	/* Once remove() has begun, a change may be dropped: say nothing. */
	if (action == REFPHP_ACT_POWER_OFF && !ret)
		pci_info(ctrl->pdev, "slot %s: powered off\n", slot);
	else if (action == REFPHP_ACT_POWER_ON && !READ_ONCE(ctrl->unbinding))
		pci_info(ctrl->pdev, "slot %s: power on: %d\n", slot, ret);

	if (events & (REFPHP_EV_ENABLE | REFPHP_EV_DISABLE)) {
		spin_lock(&ctrl->lock);
		if (ctrl->request_result == -EINPROGRESS)
			ctrl->request_result = ret;
		spin_unlock(&ctrl->lock);
		wake_up_all(&ctrl->wait);
	}
	return IRQ_HANDLED;
}

/**
 * refphp_request() - post a user request to the event thread, wait for it
 * @ctrl: the controller
 * @event: REFPHP_EV_ENABLE or REFPHP_EV_DISABLE
 *
 * As in pciehp, the sysfs writer does not touch the slot: it hands the
 * request to the thread that also serves the button, so that all power
 * changes happen in one place, one at a time. It stops waiting when
 * remove() begins, for pci_hp_del() waits for it.
 *
 * Return: the thread's result for the request, or -ENODEV when the
 * controller is unbinding.
 */
static int refphp_request(struct refphp_ctrl *ctrl, unsigned int event)
{
	int ret = -ENODEV;

	mutex_lock(&ctrl->request_lock);
	spin_lock(&ctrl->lock);
	if (ctrl->unbinding) {
		spin_unlock(&ctrl->lock);
		goto out;
	}
	ctrl->request_result = -EINPROGRESS;
	spin_unlock(&ctrl->lock);

	atomic_or(event, &ctrl->pending);
	irq_wake_thread(ctrl->irq, ctrl);
	wait_event(ctrl->wait,
		   READ_ONCE(ctrl->request_result) != -EINPROGRESS ||
		   READ_ONCE(ctrl->unbinding));
	spin_lock(&ctrl->lock);
	if (ctrl->request_result != -EINPROGRESS)
		ret = ctrl->request_result;
	spin_unlock(&ctrl->lock);
out:
	mutex_unlock(&ctrl->request_lock);
	return ret;
}

/**
 * refphp_enable_slot() - &hotplug_slot_ops.enable_slot: "1" > power
 * @hotplug_slot: the slot
 *
 * Return: 0 once the slot's functions are back, or a negative errno.
 */
static int refphp_enable_slot(struct hotplug_slot *hotplug_slot)
{
	return refphp_request(to_ctrl(hotplug_slot), REFPHP_EV_ENABLE);
}

/**
 * refphp_disable_slot() - &hotplug_slot_ops.disable_slot: "0" > power
 * @hotplug_slot: the slot
 *
 * Return: 0 once the slot's functions are gone.
 */
static int refphp_disable_slot(struct hotplug_slot *hotplug_slot)
{
	return refphp_request(to_ctrl(hotplug_slot), REFPHP_EV_DISABLE);
}

/**
 * refphp_oneshot_request() - refphp_request() with the midlayer's fingerprint
 * @ctrl: the controller
 * @event: REFPHP_EV_ENABLE or REFPHP_EV_DISABLE
 *
 * pci_hp_register() publishes the control files before the driver can
 * start a thread named after the slot, so a request may find no thread to
 * serve it. This branch exists only because registration is one step; the
 * split API orders the thread before pci_hp_add() and needs no such check.
 *
 * Return: -EAGAIN (counted) while the thread is not running, else the
 * request's result.
 */
static int refphp_oneshot_request(struct refphp_ctrl *ctrl, unsigned int event)
{
	int ret;

	mutex_lock(&ctrl->ready_lock);
	if (ctrl->thread_ready) {
		ret = refphp_request(ctrl, event);
	} else {
		atomic_inc(&ctrl->early_requests);
		ret = -EAGAIN;
	}
	mutex_unlock(&ctrl->ready_lock);
	return ret;
}

/**
 * refphp_oneshot_enable_slot() - enable_slot in oneshot mode
 * @hotplug_slot: the slot
 *
 * Return: see refphp_oneshot_request().
 */
static int refphp_oneshot_enable_slot(struct hotplug_slot *hotplug_slot)
{
	return refphp_oneshot_request(to_ctrl(hotplug_slot), REFPHP_EV_ENABLE);
}

/**
 * refphp_oneshot_disable_slot() - disable_slot in oneshot mode
 * @hotplug_slot: the slot
 *
 * Return: see refphp_oneshot_request().
 */
static int refphp_oneshot_disable_slot(struct hotplug_slot *hotplug_slot)
{
	return refphp_oneshot_request(to_ctrl(hotplug_slot), REFPHP_EV_DISABLE);
}

/**
 * refphp_get_power_status() - &hotplug_slot_ops.get_power_status
 * @hotplug_slot: the slot
 * @value: set to 1 if the slot is powered, 0 if not
 *
 * Return: 0.
 */
static int refphp_get_power_status(struct hotplug_slot *hotplug_slot,
				   u8 *value)
{
	*value = READ_ONCE(to_ctrl(hotplug_slot)->powered);
	return 0;
}

/**
 * refphp_get_adapter_status() - &hotplug_slot_ops.get_adapter_status
 * @hotplug_slot: the slot
 * @value: set to 1 if function 0 of the slot answers in config space
 *
 * A powered-off slot still holds its card: QEMU's device stays there. An
 * empty slot reads all ones, as nobody drives the bus.
 *
 * Return: 0.
 */
static int refphp_get_adapter_status(struct hotplug_slot *hotplug_slot,
				     u8 *value)
{
	struct refphp_ctrl *ctrl = to_ctrl(hotplug_slot);
	u16 vendor;

	pci_bus_read_config_word(ctrl->bus, PCI_DEVFN(ctrl->slot_nr, 0),
				 PCI_VENDOR_ID, &vendor);
	*value = !PCI_POSSIBLE_ERROR(vendor) && vendor;
	return 0;
}

/**
 * refphp_get_attention_status() - &hotplug_slot_ops.get_attention_status
 * @hotplug_slot: the slot
 * @value: set to the attention indicator, REFPHP_ATTN_*
 *
 * Return: 0.
 */
static int refphp_get_attention_status(struct hotplug_slot *hotplug_slot,
				       u8 *value)
{
	*value = READ_ONCE(to_ctrl(hotplug_slot)->attention);
	return 0;
}

/**
 * refphp_set_attention_status() - &hotplug_slot_ops.set_attention_status
 * @hotplug_slot: the slot
 * @value: 0 off, 1 on, 2 blink
 *
 * The core passes any value through: validating it is the driver's job.
 * But the driver only ever sees a byte, parsed by the core. As long as the
 * core parsed with simple_strtoul() and kept the low 8 bits, "abc", "-1",
 * "" and "256" all arrived here as 0, indistinguishable from a real "0",
 * and no driver could refuse them: only the layer that owns the parsing
 * can. A midlayer imposes its parsing, and its mistakes, on every driver.
 *
 * Return: 0, or -EINVAL for a value other than 0, 1 or 2.
 */
static int refphp_set_attention_status(struct hotplug_slot *hotplug_slot,
				       u8 value)
{
	int ret = refphp_check_attention(value);

	if (!ret)
		WRITE_ONCE(to_ctrl(hotplug_slot)->attention, value);
	return ret;
}

/*
 * .hardware_test stays unset, so the core creates no "test" file in the
 * slot directory: user space cannot start a hardware self-test.
 */
static const struct hotplug_slot_ops refphp_ops = {
	.enable_slot		= refphp_enable_slot,
	.disable_slot		= refphp_disable_slot,
	.get_power_status	= refphp_get_power_status,
	.get_adapter_status	= refphp_get_adapter_status,
	.get_attention_status	= refphp_get_attention_status,
	.set_attention_status	= refphp_set_attention_status,
};

/* The same, with the "not ready yet" check that oneshot mode needs. */
static const struct hotplug_slot_ops refphp_oneshot_ops = {
	.enable_slot		= refphp_oneshot_enable_slot,
	.disable_slot		= refphp_oneshot_disable_slot,
	.get_power_status	= refphp_get_power_status,
	.get_adapter_status	= refphp_get_adapter_status,
	.get_attention_status	= refphp_get_attention_status,
	.set_attention_status	= refphp_set_attention_status,
};

/**
 * refphp_button_write() - debugfs "button": press the attention button
 * @file: the open file; private_data is the controller
 * @ubuf: what user space wrote, "1"
 * @count: its length
 * @ppos: file position, unused
 *
 * Makes edu raise a real interrupt, which takes the path a physical
 * button takes in pciehp: hard handler, ack, event thread.  The value is
 * parsed by kstrtouint_from_user(), the kernel's helper for a number
 * written to a file: it looks at the first 34 bytes only, and a NUL ends
 * the number there, as in the core's slot files.
 *
 * Return: @count, -ERANGE for a number that does not fit, -EINVAL for
 * anything else but 1.
 */
static ssize_t refphp_button_write(struct file *file, const char __user *ubuf,
				   size_t count, loff_t *ppos)
{
	struct refphp_ctrl *ctrl = file->private_data;
	unsigned int val;
	int ret;

	ret = kstrtouint_from_user(ubuf, count, 10, &val);
	if (ret)
		return ret;
	if (val != 1)
		return -EINVAL;
	iowrite32(EDU_IRQ_BUTTON, ctrl->regs + EDU_IRQ_RAISE);
	return count;
}

static const struct file_operations refphp_button_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= refphp_button_write,
	.llseek	= noop_llseek,
};

/**
 * refphp_debugfs_create() - refphp/<slot name>/{button,early_requests}
 * @ctrl: the controller
 *
 * Called only once the thread runs: a press before would raise an
 * interrupt that nobody handles.
 */
static void refphp_debugfs_create(struct refphp_ctrl *ctrl)
{
	ctrl->debugfs = debugfs_create_dir(hotplug_slot_name(&ctrl->hotplug_slot),
					   refphp_debugfs_root);
	debugfs_create_file("button", 0200, ctrl->debugfs, ctrl,
			    &refphp_button_fops);
	debugfs_create_atomic_t("early_requests", 0444, ctrl->debugfs,
				&ctrl->early_requests);
}

/**
 * refphp_request_irq() - start the event thread, named after the slot
 * @ctrl: the controller, whose slot has a name already
 *
 * The name string is the slot's kobject name: it lives until
 * pci_hp_destroy(), which comes after free_irq().
 *
 * Return: 0 or a negative errno.
 */
static int refphp_request_irq(struct refphp_ctrl *ctrl)
{
	return refphp_inject(ctrl, REFPHP_FAULT_IRQ) ?:
	       request_threaded_irq(ctrl->irq, refphp_irq, refphp_thread,
				    IRQF_SHARED,
				    hotplug_slot_name(&ctrl->hotplug_slot),
				    ctrl);
}

/**
 * refphp_hw_init() - enable edu, map BAR0, check it answers, get a vector
 * @ctrl: the controller
 *
 * All device-managed (pcim_*): released after remove() returns or probe
 * fails, that is last, in the reverse order of their setup.
 *
 * Return: 0 or a negative errno.
 */
static int refphp_hw_init(struct refphp_ctrl *ctrl)
{
	struct pci_dev *pdev = ctrl->pdev;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ctrl->regs = pcim_iomap_region(pdev, 0, KBUILD_MODNAME);
	if (IS_ERR(ctrl->regs))
		return PTR_ERR(ctrl->regs);
	iowrite32(0x5a5a5a5a, ctrl->regs + EDU_LIVENESS);
	if (ioread32(ctrl->regs + EDU_LIVENESS) != ~0x5a5a5a5aU) {
		pci_err(pdev, "edu fails its liveness check\n");
		return -ENODEV;
	}
	pci_set_master(pdev);	/* an MSI is a memory write by edu */
	ret = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_ALL_TYPES);
	if (ret < 0)
		return ret;
	ctrl->irq = pci_irq_vector(pdev, 0);
	return 0;
}

/**
 * refphp_publish_oneshot() - probe's steps 2 to 4 as before the split
 * @ctrl: the controller, its hardware set up
 *
 * fault=initialize and fault=add both fail pci_hp_register(), which is
 * both steps; fault=irq fails with the slot already public.
 *
 * Return: 0 or a negative errno, with the slot deregistered again.
 */
static int refphp_publish_oneshot(struct refphp_ctrl *ctrl)
{
	int ret;

	ret = refphp_inject(ctrl, REFPHP_FAULT_INITIALIZE) ?:
	      refphp_inject(ctrl, REFPHP_FAULT_ADD) ?:
	      pci_hp_register(&ctrl->hotplug_slot, ctrl->bus, ctrl->slot_nr,
			      refphp_name ?: ctrl->name);
	if (ret) {
		pci_err(ctrl->pdev, "cannot register slot %02x:%02x: %d%s\n",
			ctrl->bus->number, ctrl->slot_nr, ret,
			ret == -EBUSY ? ", another hotplug driver owns it" : "");
		return ret;
	}
	/* Control files are live: requests get -EAGAIN until the thread runs. */
	msleep(publish_delay_ms);
	ret = refphp_request_irq(ctrl);
	if (ret) {
		pci_hp_deregister(&ctrl->hotplug_slot);
		return ret;
	}
	mutex_lock(&ctrl->ready_lock);
	ctrl->thread_ready = true;
	mutex_unlock(&ctrl->ready_lock);
	refphp_debugfs_create(ctrl);
	return 0;
}

/**
 * refphp_probe() - bind to an edu controller and publish its slot
 * @pdev: the edu device
 * @id: the matching entry of refphp_ids
 *
 * Return: 0, or a negative errno with everything undone in reverse order.
 */
static int refphp_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct refphp_ctrl *ctrl;
	struct pci_dev *dev;
	int nr, ret;

	nr = refphp_pick_slot(refphp_slot_param, PCI_SLOT(pdev->devfn));
	if (nr < 0) {
		pci_err(pdev, "slot=%d: must be 0-%d and not edu's own %u\n",
			refphp_slot_param, REFPHP_MAX_SLOT,
			PCI_SLOT(pdev->devfn));
		return nr;
	}
	if (refphp_name && !*refphp_name) {
		pci_err(pdev, "name=: the slot name must not be empty\n");
		return -EINVAL;
	}

	ctrl = kzalloc(sizeof(*ctrl), GFP_KERNEL);
	if (!ctrl)
		return -ENOMEM;
	ctrl->pdev = pdev;	/* referenced below, with kref_init() */
	ctrl->bus = pdev->bus;
	ctrl->slot_nr = nr;
	ctrl->oneshot = oneshot;
	ctrl->hotplug_slot.ops = oneshot ? &refphp_oneshot_ops : &refphp_ops;
	snprintf(ctrl->name, sizeof(ctrl->name), "refphp-%d", nr);
	kref_init(&ctrl->kref);
	pci_dev_get(pdev);
	spin_lock_init(&ctrl->lock);
	init_waitqueue_head(&ctrl->wait);
	INIT_WORK(&ctrl->power_work, refphp_power_work);
	mutex_init(&ctrl->request_lock);
	mutex_init(&ctrl->ready_lock);
	/* Firmware enumerated the slot: it starts powered if a card is seen. */
	dev = pci_get_slot(ctrl->bus, PCI_DEVFN(nr, 0));
	ctrl->powered = dev;
	pci_dev_put(dev);
	pci_set_drvdata(pdev, ctrl);

	/* 1. Hardware: edu answers, has a vector. Nothing is public yet. */
	ret = refphp_hw_init(ctrl);
	if (ret)
		goto err_free;

	if (ctrl->oneshot) {
		ret = refphp_publish_oneshot(ctrl);
		if (ret)
			goto err_free;
		return 0;
	}

	/*
	 * 2. The slot gets its name and its directory, without control files:
	 * user space cannot send requests yet. -EBUSY: another hotplug driver
	 * owns this device number on this bus.
	 */
	ret = refphp_inject(ctrl, REFPHP_FAULT_INITIALIZE) ?:
	      pci_hp_initialize(&ctrl->hotplug_slot, ctrl->bus, nr,
				refphp_name ?: ctrl->name);
	if (ret) {
		pci_err(pdev, "cannot initialize slot %02x:%02x: %d%s\n",
			ctrl->bus->number, nr, ret,
			ret == -EBUSY ? ", another hotplug driver owns it" : "");
		goto err_free;
	}

	/*
	 * 3. The event thread, named after the slot, which now has a name.
	 * The button (debugfs) works from here; user requests cannot come.
	 */
	ret = refphp_request_irq(ctrl);
	if (ret)
		goto err_destroy;
	refphp_debugfs_create(ctrl);
	msleep(publish_delay_ms);

	/*
	 * 4. Control files and uevent: user requests may arrive from now on,
	 * and the thread that serves them is already running.
	 */
	ret = refphp_inject(ctrl, REFPHP_FAULT_ADD) ?:
	      pci_hp_add(&ctrl->hotplug_slot);
	if (ret)
		goto err_free_irq;
	return 0;

err_free_irq:
	refphp_unbind_begin(ctrl);
	debugfs_remove(ctrl->debugfs);
	free_irq(ctrl->irq, ctrl);
err_destroy:
	pci_hp_destroy(&ctrl->hotplug_slot);
err_free:
	refphp_put(ctrl);
	return ret;
}

/**
 * refphp_remove() - unpublish and free the slot, in reverse probe order
 * @pdev: the edu device
 */
static void refphp_remove(struct pci_dev *pdev)
{
	struct refphp_ctrl *ctrl = pci_get_drvdata(pdev);

	/*
	 * Our caller may hold pci_rescan_remove_lock, which the power work
	 * needs: from here on nobody waits for that work, so that the waits
	 * below (for writers, for the thread) all end.
	 */
	refphp_unbind_begin(ctrl);
	if (ctrl->oneshot) {
		/*
		 * The IRQ is named after the slot: the thread must go while
		 * the control files are still live. Refuse requests again,
		 * stop the thread, then deregister.
		 */
		debugfs_remove(ctrl->debugfs);
		mutex_lock(&ctrl->ready_lock);
		ctrl->thread_ready = false;
		mutex_unlock(&ctrl->ready_lock);
		free_irq(ctrl->irq, ctrl);
		pci_hp_deregister(&ctrl->hotplug_slot);
	} else {
		/* 4. No control file, no request in flight after this. */
		pci_hp_del(&ctrl->hotplug_slot);
		/* 3. No button any more, then no thread. */
		debugfs_remove(ctrl->debugfs);
		free_irq(ctrl->irq, ctrl);
		/* 2. Drop the slot; its directory and name go with it. */
		pci_hp_destroy(&ctrl->hotplug_slot);
	}
	/*
	 * Memory, with the last reference: a power work still blocked on the
	 * rescan lock holds one. Step 1's pcim_* resources are released after
	 * we return.
	 */
	refphp_put(ctrl);
}

static const struct pci_device_id refphp_ids[] = {
	{ PCI_DEVICE(0x1234, 0x11e8) },	/* QEMU edu */
	{ }
};
MODULE_DEVICE_TABLE(pci, refphp_ids);

static struct pci_driver refphp_driver = {
	.name		= KBUILD_MODNAME,
	.id_table	= refphp_ids,
	.probe		= refphp_probe,
	.remove		= refphp_remove,
};

/**
 * refphp_init() - check fault=, make the workqueue and refphp/ in debugfs,
 * register the driver
 *
 * Return: 0 or a negative errno.
 */
static int __init refphp_init(void)
{
	int ret;

	ret = refphp_parse_fault(refphp_fault_param ?: "none");
	if (ret < 0) {
		pr_err("fault=%s: expected none, initialize, irq or add\n",
		       refphp_fault_param);
		return ret;
	}
	refphp_fault = ret;

	refphp_wq = alloc_workqueue(KBUILD_MODNAME, 0, 0);
	if (!refphp_wq)
		return -ENOMEM;
	refphp_debugfs_root = debugfs_create_dir(KBUILD_MODNAME, NULL);
	ret = pci_register_driver(&refphp_driver);
	if (ret) {
		debugfs_remove(refphp_debugfs_root);
		destroy_workqueue(refphp_wq);
	}
	return ret;
}
module_init(refphp_init);

/**
 * refphp_exit() - unbind every controller, remove refphp/ from debugfs,
 * wait for power works that remove() left behind
 */
static void __exit refphp_exit(void)
{
	pci_unregister_driver(&refphp_driver);
	debugfs_remove(refphp_debugfs_root);
	destroy_workqueue(refphp_wq);
}
module_exit(refphp_exit);

MODULE_DESCRIPTION("Reference PCI hotplug driver on the split registration API, for QEMU's edu");
MODULE_LICENSE("GPL");
