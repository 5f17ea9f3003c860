// SPDX-License-Identifier: GPL-2.0-only
/// An optional getter that reports success without producing its output.
///
/// A wrapper calls an optional operation through a pointer, to fill in an
/// output that its caller then uses, and returns the operation's result;
/// when the operation is not there, the wrapper returns the value it was
/// initialised with, success, and the output was never written.  The
/// caller then uses whatever was in it: uninitialised memory, if it is a
/// local, possibly copied to user space.  The wrapper should fail (for
/// example with -EOPNOTSUPP) when the operation is absent, or write a
/// default to the output.
///
// Confidence: Moderate
// Comments: The expansion of function-defining macros is up to the
// caller: scripts/expand-function-macros.py.
// Options: --no-includes --include-headers

virtual report
virtual org
virtual context

@r depends on report || org || context@
identifier fn, ret, op, out;
parameter list[n] before;
type T, R;
expression E, first;
position p;
@@

R fn(before, T *out, ...)
{
  ... when any
  R ret = 0;
  ... when != ret = E->op(...)
      when != *out = ...
      when any
  if@p (E->op)
    ret = E->op(first, ..., out);
  ... when != *out = ...
      when != ret = ...
  return ret;
}

// The output is one when its type is a scalar, or when a caller in the
// same file passes the address of a variable that it declared without a
// value and has not touched since (a char * is a buffer, and a show()
// that leaves it alone returns 0 bytes; a record the caller filled in
// is an input).
@caller depends on r exists@
identifier r.fn, x;
expression list[r.n] before;
type X;
@@

X x;
... when != x
fn(before, &x, ...)

@initialize:python@
@@
SCALARS = {'bool', 'short', 'int', 'long', 'unsigned', 'unsigned int',
	   'unsigned long', 'unsigned short', 'long long',
	   'unsigned long long', 'size_t', 'ssize_t', 'loff_t', 'u8', 'u16',
	   'u32', 'u64', 's8', 's16', 's32', 's64', '__u8', '__u16', '__u32',
	   '__u64', '__le16', '__le32', '__le64', '__be16', '__be32', '__be64',
	   'uint8_t', 'uint16_t', 'uint32_t', 'uint64_t', 'int32_t', 'int64_t',
	   'phys_addr_t', 'dma_addr_t', 'resource_size_t'}

def is_output(out_type, passed_by_address):
	return passed_by_address or out_type in SCALARS or \
		out_type.startswith('enum ')

// The filter: the output must be one (see above); each mode prints only
// what the filter kept.
@script:python passed depends on r && caller@
p << r.p;
@@

@script:python scalar depends on r && !caller@
p << r.p;
T << r.T;
@@
if not is_output(T, False):
	cocci.include_match(False)

@script:python depends on report && passed@
p << r.p;
fn << r.fn;
op << r.op;
out << r.out;
@@
coccilib.report.print_report(p[0],
	"%s() returns success with *%s unset when ->%s is absent" % (fn, out, op))

@script:python depends on report && scalar@
p << r.p;
fn << r.fn;
op << r.op;
out << r.out;
@@
coccilib.report.print_report(p[0],
	"%s() returns success with *%s unset when ->%s is absent" % (fn, out, op))

@script:python depends on org && passed@
p << r.p;
fn << r.fn;
op << r.op;
@@
coccilib.org.print_todo(p[0], "%s(): optional ->%s, output unset" % (fn, op))

@script:python depends on org && scalar@
p << r.p;
fn << r.fn;
op << r.op;
@@
coccilib.org.print_todo(p[0], "%s(): optional ->%s, output unset" % (fn, op))

// Context mode marks the test of the operation, and the return.
@depends on context && passed@
identifier r.fn, r.ret, r.op;
expression r.E;
position r.p;
@@

fn(...)
{
  <...
* if@p (E->op)
  ret = E->op(...);
  ...>
}

@depends on context && scalar@
identifier r.fn, r.ret, r.op;
expression r.E;
position r.p;
@@

fn(...)
{
  <...
* if@p (E->op)
  ret = E->op(...);
  ...>
}
