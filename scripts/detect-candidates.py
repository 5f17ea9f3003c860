#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The files a rule of coccinelle/ can match, found with a regular
# expression before spatch parses anything.  spatch's own prefilters
# (--use-gitgrep, --use-idutils) need a token that every match contains;
# these rules are all metavariables, so they would let every file through,
# and parsing the whole tree takes spatch half an hour on two cores.  The
# expressions here (all of a rule's must match) are looser than the rules (they accept more than the
# rules match, never less, on the code as the kernel formats it).
#
#   detect-candidates.py <rule name> <file list>
#
# <file list> holds one path per line; the candidates are printed one per
# line with an empty line after each, the form of spatch's --file-groups,
# so that each file is a group of its own and --jobs spreads them.  Exits
# 2 for a rule that has no expression here.

import re
import sys

# An operation of an operations structure, tested: "if (x->op)",
# "if (!x->ops->op)", "if (x.op &&" ...
TESTED_OP = r'if\s*\(\s*!?\s*[\w.\[\]>-]+(?:->|\.)\w+\s*[)&|]'

CANDIDATES = {
    # 1: the test of an optional operation itself.
    'optional_default': re.compile(TESTED_OP),
    # 2: "if (x->op)" whose body assigns that operation's result.
    'optional_getter': re.compile(
        r'if\s*\(\s*([\w.\[\]>-]+)->(\w+)\s*\)\s*\n\s*\w+\s*=\s*\1->\2\s*\('),
    # 4: a void pointer member and an operations pointer member.
    'opaque_with_ops': (
        re.compile(r'^\s*void\s*\*\s*\w+\s*;', re.M),
        re.compile(r'^\s*(?:const\s+)?struct\s+\w+_op(?:eration)?s\s*\*\s*\w+\s*;',
                   re.M)),
}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in CANDIDATES:
        sys.stderr.write('usage: detect-candidates.py <rule> <file list>\n')
        return 2
    patterns = CANDIDATES[sys.argv[1]]
    if not isinstance(patterns, tuple):
        patterns = (patterns,)
    with open(sys.argv[2]) as listing:
        for path in listing.read().split():
            try:
                with open(path, errors='replace') as source:
                    text = source.read()
            except OSError:
                continue
            if all(p.search(text) for p in patterns):
                print(path)
                print()
    return 0


if __name__ == '__main__':
    sys.exit(main())
