#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The whole-tree half of coccinelle/opaque_with_ops.cocci: spatch sees one
# file at a time, so it cannot tell whether the operations a structure
# points at have implementations of more than one driver, which is what
# makes the structure a core one rather than a driver's own.  Reads the
# rule's findings from standard input:
#
#   opaque_with_ops <file>:<line>: struct <s>: void *<data> next to
#   struct <O> *<member>
#
# and prints those whose struct <O> has implementations (objects the
# tree's .c files define, scripts/detect_tree.py) in at least two files,
# and in two or more components (directories with a Kconfig of their own)
# counting the structure's own, with the count of files.  Operations that
# only one component implements make the structure that component's
# own: a driver with a bus or a chip variant per file, not a core.  A
# test's implementations are fakes and do not count.  The structure must
# also be declared where more than one component can use it: in a header
# of an include/ directory, or in a .c file, the core's, that hands it
# out only through its functions.  One that a header of a driver's own
# directory declares is that driver's.
#
#   detect-opaque.py <tree> <found >kept

import re
import sys

import detect_tree

FINDING = re.compile(r'^opaque_with_ops (\S+):\d+: struct \w+: void \*\w+ '
                     r'next to struct (\w+) \*\w+$')
IMPLEMENTATIONS_NEEDED = 2


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: detect-opaque.py <tree> <found >kept')
    found = []
    for line in sys.stdin:
        line = line.rstrip('\n')
        match = FINDING.match(line)
        if not match:
            sys.exit('detect-opaque.py: not a finding: ' + line)
        found.append((line, match.group(1), match.group(2)))
    if not found:
        return 0
    implementations = detect_tree.Implementations(
        sys.argv[1], {ops for _, _, ops in found})
    components = detect_tree.Components(sys.argv[1])
    for line, path, ops in found:
        files = sorted({file for file, _ in implementations.of({ops})})
        shared = components.of(path) is None or path.endswith('.c')
        if (shared and len(files) >= IMPLEMENTATIONS_NEEDED and
                components.count(files + [path]) >= 2):
            print('%s; implemented in %d files' % (line, len(files)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
