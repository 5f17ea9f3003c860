// SPDX-License-Identifier: GPL-2.0-only
/// A primary structure holding a void pointer to subordinate data next to
/// an operations pointer.
///
/// A core structure that carries both the driver's operations and an
/// untyped pointer to the driver's data makes the core the owner of the
/// driver's object: the driver cannot embed the core's structure in its
/// own and reach its own with container_of(), so it allocates two objects,
/// links them both ways and keeps their lifetimes in step by hand.  struct
/// hotplug_slot had both (ops and "private") until 2018; see
/// Documentation/driver-api/design-patterns/embedded-anchor.rst.  A sign
/// to read, not a bug: a void pointer is sometimes the right interface.
///
// Confidence: Low
// Comments: Only the operations members whose structure type ends in
// _ops or _operations count, and only void pointers named for the
// driver's data (priv, private, ctx, context, data and names ending in
// them): a void pointer named for what it holds (a mapping, a register
// base, a page) is not the driver's object.  User-space code (tools/)
// and test helpers (tests/) are left out.  scripts/detect.sh then keeps
// the structures whose operations have implementations in two .c files
// or more, one of them outside the structure's own directory
// (scripts/detect-opaque.py): operations that only the structure's own
// file or directory implements make it a driver's private structure,
// not a core's.
// Options: --no-includes --include-headers

virtual report
virtual org
virtual context

// One line per structure, for its first pair: the matches below come
// once per (void pointer, operations pointer) pair of a structure.
@initialize:python@
@@
import re

reported = set()
driver_data = re.compile(r'(^|_)(priv|private|ctx|context|data)$')
left_out = re.compile(r'^(\./)?tools/|/tests?/')

def first_time(p, s):
	key = (p[0].file, p[0].line, s)
	if key in reported:
		return False
	reported.add(key)
	return True

@opaque depends on report || org || context@
identifier s, data;
position p;
@@

struct s@p {
  ...
  void *data;
  ...
};

@ops depends on opaque@
identifier opaque.s, member, O;
@@

struct s {
  ...
(
  const struct O *member;
|
  struct O *member;
)
  ...
};

// The filter: an operations structure and the driver's data by their
// names, outside tools/ and tests/, and the structure's first pair only;
// each mode prints only what the filter kept.
@script:python kept depends on ops@
p << opaque.p;
s << opaque.s;
data << opaque.data;
member << ops.member;
O << ops.O;
@@
if not (O.endswith('_ops') or O.endswith('_operations')) or \
   not driver_data.search(data) or left_out.search(p[0].file) or \
   not first_time(p, s):
	cocci.include_match(False)

@script:python depends on report && kept@
p << opaque.p;
s << opaque.s;
data << opaque.data;
member << ops.member;
O << ops.O;
@@
coccilib.report.print_report(p[0],
	"struct %s: void *%s next to struct %s *%s" % (s, data, O, member))

@script:python depends on org && kept@
p << opaque.p;
s << opaque.s;
O << ops.O;
@@
coccilib.org.print_todo(p[0], "struct %s: void * next to %s" % (s, O))

// Context mode marks the void pointer.
@depends on context && kept@
identifier opaque.s, opaque.data;
position opaque.p;
@@

struct s@p {
  ...
* void *data;
  ...
};
