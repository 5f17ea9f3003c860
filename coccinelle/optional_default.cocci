// SPDX-License-Identifier: GPL-2.0-only
/// An optional operation whose absence the common code interprets.
///
/// Common code tests a function pointer of an operations structure and,
/// when the driver left it out, does something of its own instead: an
/// else branch that is not an error, an early return of a value that is
/// not an error, or a default stored before the call that may replace it.
/// Each finding is a decision the common code takes for every driver that
/// leaves the operation out: one of the midlayer's special cases.  It is
/// a sign to read, not a bug: many defaults are the right ones.
///
// Confidence: Low
// Comments: A smell, for the design review that the midlayer chapter
// describes; see Documentation/driver-api/design-patterns/.
// Options: --no-includes --include-headers

virtual report
virtual org
virtual context

// User-space code (tools/) is not the kernel's common code.
@initialize:python@
@@
import re

left_out = re.compile(r'^(\./)?tools/')

@else_default depends on report || org || context@
expression E;
identifier op;
statement S1, S2;
position p;
@@

if@p (E->op) S1 else S2

@absent_return depends on report || org || context@
expression E, C;
identifier op;
position p;
@@

if@p (!E->op)
  return C;
... when any
E->op(...)

@default_first depends on report || org || context exists@
expression E, X, D;
identifier op;
position p;
@@

X = D;
... when != X
if@p (E->op)
  X = E->op(...);

@default_declared depends on report || org || context exists@
expression E, D;
identifier X, op;
type T;
position p;
@@

T X = D;
... when != X
if@p (E->op)
  X = E->op(...);

// The filters: a match that is not a default is dropped here, and every
// mode prints only what a filter kept (the rules that depend on it).  Each
// inherits the match's position: a script runs once per distinct value
// of what it inherits.
@script:python kept_else depends on else_default@
p << else_default.p;
op << else_default.op;
S1 << else_default.S1;
S2 << else_default.S2;
@@
import re
# The branch taken with the operation must call it through the member,
# and the one taken without it must not be an error: a negative return
# or an ERR_PTR(), nothing but a negative errno or an error code stored,
# or a report of the absence (an error or warning message, WARN()).
called = r"(->|\.)\s*%s\s*\)?\s*\(" % op
error = (r"\s*(return\s*(-|ERR_PTR\s*\(\s*-)|"
	 r"(\{\s*)?\w+\s*=\s*(-\s*E[A-Z0-9]+|[A-Z0-9_]*ERR[A-Z0-9_]*)\s*;\s*\}?\s*$)")
report = (r"\b((\w+_)?(err|warn|crit|alert|emerg)(_once|_ratelimited)?|"
	  r"(dev_)?WARN(_ON)?(_ONCE)?|BUG(_ON)?|NL_SET_ERR_MSG\w*)\s*\(|"
	  r"\bprintk\s*\(\s*KERN_(ERR|WARNING)")
if not re.search(called, S1) or re.match(error, S2) or re.search(report, S2) \
   or left_out.search(p[0].file):
	cocci.include_match(False)

@script:python kept_return depends on absent_return@
p << absent_return.p;
C << absent_return.C;
@@
if re.match(r"\s*(-|ERR_PTR\s*\(\s*-)", C) or left_out.search(p[0].file):
	cocci.include_match(False)

@script:python kept_first depends on default_first@
p << default_first.p;
D << default_first.D;
@@
if D.lstrip().startswith("-") or left_out.search(p[0].file):
	cocci.include_match(False)

@script:python kept_declared depends on default_declared@
p << default_declared.p;
D << default_declared.D;
@@
if D.lstrip().startswith("-") or left_out.search(p[0].file):
	cocci.include_match(False)

@script:python depends on report && kept_else@
p << else_default.p;
op << else_default.op;
S2 << else_default.S2;
@@
coccilib.report.print_report(p[0],
	"->%s absent: the common code does '%s' instead" %
	(op, " ".join(S2.split())[:60]))

@script:python depends on report && kept_return@
p << absent_return.p;
op << absent_return.op;
C << absent_return.C;
@@
coccilib.report.print_report(p[0],
	"->%s absent: the common code returns %s" % (op, C))

@script:python depends on report && kept_first@
p << default_first.p;
op << default_first.op;
D << default_first.D;
@@
coccilib.report.print_report(p[0],
	"->%s absent: the common code keeps the default %s" % (op, D))

@script:python depends on report && kept_declared@
p << default_declared.p;
op << default_declared.op;
D << default_declared.D;
@@
coccilib.report.print_report(p[0],
	"->%s absent: the common code keeps the default %s" % (op, D))

@script:python depends on org && kept_else@
p << else_default.p;
op << else_default.op;
@@
coccilib.org.print_todo(p[0], "->%s absent: a default branch" % op)

@script:python depends on org && kept_return@
p << absent_return.p;
op << absent_return.op;
@@
coccilib.org.print_todo(p[0], "->%s absent: a default return" % op)

@script:python depends on org && kept_first@
p << default_first.p;
op << default_first.op;
@@
coccilib.org.print_todo(p[0], "->%s absent: a default value" % op)

@script:python depends on org && kept_declared@
p << default_declared.p;
op << default_declared.op;
@@
coccilib.org.print_todo(p[0], "->%s absent: a default value" % op)

// Context mode marks the tests that the filters kept.
@depends on context && kept_else@
expression else_default.E;
identifier else_default.op;
statement S1, S2;
position else_default.p;
@@

* if@p (E->op)
  S1
  else S2

@depends on context && kept_return@
expression absent_return.E, C;
identifier absent_return.op;
position absent_return.p;
@@

* if@p (!E->op)
  return C;

@depends on context && kept_first@
expression default_first.E, X;
identifier default_first.op;
position default_first.p;
@@

* if@p (E->op)
  X = E->op(...);

@depends on context && kept_declared@
expression default_declared.E;
identifier default_declared.X, default_declared.op;
position default_declared.p;
@@

* if@p (E->op)
  X = E->op(...);
