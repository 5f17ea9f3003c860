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
# and prints those whose struct <O> is initialised (a definition of an
# object of the type, "struct <O> <name> = {" or an array of them) in at
# least two .c files of the tree, one of them outside the directory of
# the structure's own file, with the count of files.  Operations that
# only the structure's own directory implements make it that directory's
# own: a driver with a bus or a chip variant per file, not a core.
#
#   detect-opaque.py <tree> <found >kept

import collections
import os
import re
import subprocess
import sys

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
    types = sorted({ops for _, _, ops in found})
    pattern = (r'struct[[:space:]]+(%s)[[:space:]]+[A-Za-z0-9_]+'
               r'[[:space:]]*(\[[^]]*\])?[[:space:]]*=' % '|'.join(types))
    result = subprocess.run(['git', '-C', sys.argv[1], 'grep', '-o', '-E',
                             pattern, '--', '*.c'],
                            stdout=subprocess.PIPE, text=True,
                            errors='replace', check=False)
    if result.returncode > 1:
        sys.exit('detect-opaque.py: git grep failed')
    files = collections.defaultdict(set)
    for line in result.stdout.splitlines():
        path, text = line.split(':', 1)
        files[text.split()[1]].add(path)
    for line, path, ops in found:
        count = len(files[ops])
        own = os.path.dirname(path)
        elsewhere = any(os.path.dirname(f) != own for f in files[ops])
        if count >= IMPLEMENTATIONS_NEEDED and elsewhere:
            print('%s; implemented in %d files' % (line, count))
    return 0


if __name__ == '__main__':
    sys.exit(main())
