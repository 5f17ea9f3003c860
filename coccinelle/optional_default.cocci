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

@script:python depends on report@
p << else_default.p;
op << else_default.op;
S1 << else_default.S1;
S2 << else_default.S2;
@@
import re
# The branch taken with the operation must call it, and the one taken
# without it must not be an error.
if op + "(" in S1.replace(" ", "") and not re.match(r"\s*return\s*-", S2):
	coccilib.report.print_report(p[0],
		"->%s absent: the common code does '%s' instead" %
		(op, " ".join(S2.split())[:60]))

@script:python depends on report@
p << absent_return.p;
op << absent_return.op;
C << absent_return.C;
@@
if not C.lstrip().startswith("-"):
	coccilib.report.print_report(p[0],
		"->%s absent: the common code returns %s" % (op, C))

@script:python depends on report@
p << default_first.p;
op << default_first.op;
D << default_first.D;
@@
if not D.lstrip().startswith("-"):
	coccilib.report.print_report(p[0],
		"->%s absent: the common code keeps the default %s" % (op, D))

@script:python depends on report@
p << default_declared.p;
op << default_declared.op;
D << default_declared.D;
@@
if not D.lstrip().startswith("-"):
	coccilib.report.print_report(p[0],
		"->%s absent: the common code keeps the default %s" % (op, D))
