// SPDX-License-Identifier: GPL-2.0-only
/// One-step registration: an exported registration function that both
/// initialises an object and publishes it.
///
/// A *_register*() function whose body first initialises an object (a
/// kobject, a device, a lock, a list head, a reference count) and then
/// makes it visible (device_add(), kobject_add(), a sysfs file, a
/// character device) gives its callers no point between the two at which
/// to finish their own set-up: whatever the driver does before the call
/// runs on an object with no name yet, whatever it does after runs with
/// user space already in.  pci_hp_register() was such a function until
/// the hotplug core exported pci_hp_initialize() and pci_hp_add(); see
/// Documentation/driver-api/design-patterns/midlayer-mistake.rst.  A sign
/// to read, not a bug: the one-step call is right for most callers, and
/// wrong only when nothing else is exported beside it.
///
// Confidence: Low
// Comments: Whether the initialise and add steps are exported beside the
// function is decided over the whole tree, after spatch:
// scripts/detect-registration.py, which also counts the callers.
// Options: --no-includes --include-headers

virtual report
virtual org
virtual context

@initialize:python@
@@
org_reported = set()

@publish depends on report || org || context@
identifier fn =~ "register";
identifier pub =~ "^(device_add|device_register|kobject_add|kobject_init_and_add|kset_register|sysfs_create_files?|sysfs_create_groups?|sysfs_create_link|misc_register|cdev_add|cdev_device_add|device_create|device_create_with_groups|proc_create|proc_create_data|register_chrdev|__register_chrdev)$";
position pf, pp;
@@

fn@pf(...)
{
  <+... pub@pp(...) ...+>
}

@initialise depends on publish@
identifier publish.fn;
identifier init =~ "^(device_initialize|device_register|kobject_init|kobject_init_and_add|kref_init|refcount_set|mutex_init|spin_lock_init|INIT_LIST_HEAD|init_waitqueue_head|init_completion|INIT_WORK|INIT_DELAYED_WORK|ida_init|idr_init|xa_init|xa_init_flags|timer_setup)$";
position publish.pf, pi;
@@

fn@pf(...)
{
  <+... init@pi(...) ...+>
}

@exported depends on initialise@
identifier publish.fn;
declarer name EXPORT_SYMBOL, EXPORT_SYMBOL_GPL;
@@

(
EXPORT_SYMBOL(fn);
|
EXPORT_SYMBOL_GPL(fn);
)

// The filter: not an unregistration, and the initialisation before the
// publication; each mode prints only what the filter kept, one line for
// each such pair (scripts/detect-registration.py keeps the first pair of
// each function).
@script:python kept depends on exported@
pf << publish.pf;
pp << publish.pp;
pi << initialise.pi;
fn << publish.fn;
@@
if "unregister" in fn or int(pi[0].line) > int(pp[0].line):
	cocci.include_match(False)

@script:python depends on report && kept@
pf << publish.pf;
pp << publish.pp;
pi << initialise.pi;
fn << publish.fn;
pub << publish.pub;
init << initialise.init;
@@
coccilib.report.print_report(pf[0],
	"%s(): %s() at line %s, then %s() at line %s" %
	(fn, init, pi[0].line, pub, pp[0].line))

// Once per function.  It inherits all that the report does: spatch keeps
// only the matches that differ in what later rules use, so a script that
// used less would see fewer pairs.
@script:python depends on org && kept@
pf << publish.pf;
pp << publish.pp;
pi << initialise.pi;
fn << publish.fn;
pub << publish.pub;
init << initialise.init;
@@
if (pf[0].file, pf[0].line) not in org_reported:
	org_reported.add((pf[0].file, pf[0].line))
	coccilib.org.print_todo(pf[0], "%s() initialises and publishes" % fn)

// Context mode marks the initialisation and the publication.
@depends on context && kept@
identifier publish.fn, publish.pub, initialise.init;
position publish.pf, publish.pp, initialise.pi;
@@

fn@pf(...)
{
  <...
(
* init@pi(...)
|
* pub@pp(...)
)
  ...>
}
