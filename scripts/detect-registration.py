#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The whole-tree half of coccinelle/one_step_register.cocci: spatch sees
# one file at a time, so it cannot tell whether the steps of a one-step
# registration function are exported beside it, nor how many callers it
# has.  Reads the rule's findings from standard input, one per
# (initialisation, publication) pair:
#
#   one_step_register <file>:<line>: <fn>(): <init>() at line <a>, then
#   <pub>() at line <b>
#
# and prints one line per function, for its first pair, unless the tree
# exports both an initialise step and an add step named after it: for
# <prefix>register<suffix>, <prefix>init<suffix> (or initialize,
# initialise) and <prefix>add<suffix>.  The line gives the number of
# call sites of the function by name in the tree's .c files, the line of
# its definition (the finding's) left out.
#
#   detect-registration.py <tree> <found >kept

import collections
import re
import sys

import detect_tree

FINDING = re.compile(r'^(one_step_register) (\S+):(\d+): (\w+)\(\): '
                     r'(\w+)\(\) at line (\d+), '
                     r'then (\w+)\(\) at line (\d+)$')
EXPORT = re.compile(r'EXPORT_SYMBOL\w*\(\s*(\w+)\s*\)')


def has_steps(name, exported):
    """Whether the initialise and add steps of <name> are both exported."""
    prefix, _, suffix = name.partition('register')
    inits = [prefix + word + suffix for word in ('init', 'initialize', 'initialise')]
    return any(i in exported for i in inits) and prefix + 'add' + suffix in exported


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: detect-registration.py <tree> <found >kept')
    tree = sys.argv[1]
    first = {}
    for line in sys.stdin:
        match = FINDING.match(line.rstrip('\n'))
        if not match:
            sys.exit('detect-registration.py: not a finding: ' + line.rstrip())
        path, fline, fn, init, iline, pub, pline = match.groups()[1:]
        key = (path, int(fline), fn)
        pair = (int(pline), int(iline), init, pub)
        if key not in first or pair < first[key]:
            first[key] = pair
    if not first:
        return 0
    exported = set()
    for line in detect_tree.git_grep(tree, '-h', '-o', '-E',
                                     r'EXPORT_SYMBOL\w*\(\s*\w+\s*\)'):
        exported.update(EXPORT.findall(line))
    names = sorted({fn for _, _, fn in first})
    # Each match with the identifier characters before it, so that only
    # the names themselves count: <file>:<line>:<name>(.
    definitions = {(path, fline) for path, fline, _ in first}
    calls = collections.Counter()
    for line in detect_tree.git_grep(tree, '-n', '-o', '-E',
                         '[A-Za-z0-9_]*(%s)[[:space:]]*\\(' % '|'.join(names),
                         '--', '*.c'):
        path, number, match = line.split(':', 2)
        if (path, int(number)) not in definitions:
            calls[match.split('(')[0].strip()] += 1
    for (path, fline, fn), (pline, iline, init, pub) in sorted(first.items()):
        if has_steps(fn, exported):
            continue
        callers = calls[fn]
        print('one_step_register %s:%d: %s() initialises (%s(), line %d) '
              'and publishes (%s(), line %d), no steps exported beside it; '
              '%d call%s' % (path, fline, fn, init, iline, pub, pline, callers,
               '' if callers == 1 else 's'))
    return 0


if __name__ == '__main__':
    sys.exit(main())
