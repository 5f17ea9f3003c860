#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The files a rule of coccinelle/ can match, found with a regular
# expression before spatch parses anything.  spatch's own prefilters
# (--use-gitgrep, --use-idutils) need a token that every match contains;
# these rules are all metavariables, so they would let every file through,
# and parsing the whole tree takes spatch half an hour on two cores.  The
# expressions here (all of a rule's must match) are looser than the rules:
# they accept more than the rules match, never less, on the code as the
# kernel formats it.
#
#   detect-candidates.py <rule name> <file list>
#
# <file list> holds one path per line; the candidates are printed one per
# line with an empty line after each, the form of spatch's --file-groups,
# so that each file is a group of its own and --jobs spreads them.  Exits
# 2 for a rule that has no expression here.

import re
import sys

# A member tested: "if (x->op)", "if (!x->ops->op)", "if (x.op &&" ...
TESTED = re.compile(r'if\s*\(\s*!?\s*[\w.\[\]>-]+(?:->|\.)(\w+)\s*[)&|]')
# A member called: "x->op(", "x.op (", "(*x->op)(".
CALLED = re.compile(r'(?:->|\.)(\w+)\s*\)?\s*\(')


def tested_and_called(text):
    """1: some member is both tested and called: an optional operation."""
    return not set(TESTED.findall(text)).isdisjoint(CALLED.findall(text))


def all_of(*patterns):
    """A test that every one of the patterns is found."""
    return lambda text: all(p.search(text) for p in patterns)


CANDIDATES = {
    'optional_default': tested_and_called,
    # 2: "if (x->op)" whose body assigns that operation's result.
    'optional_getter': all_of(re.compile(
        r'if\s*\(\s*([\w.\[\]>-]+)->(\w+)\s*\)\s*\n\s*\w+\s*=\s*\1->\2\s*\(')),
    # 3: an exported registration function and a call that publishes.
    'one_step_register': all_of(
        re.compile(r'EXPORT_SYMBOL\w*\(\s*\w*register\w*\s*\)'),
        re.compile(r'\b(?:device_add|device_register|kobject_add|'
                   r'kobject_init_and_add|kset_register|sysfs_create_\w+|'
                   r'misc_register|cdev_add|cdev_device_add|device_create\w*|'
                   r'proc_create\w*|_?_?register_chrdev)\s*\(')),
    # 4: a void pointer member and an operations pointer member.
    'opaque_with_ops': all_of(
        re.compile(r'^\s*void\s*\*\s*\w+\s*;', re.M),
        re.compile(r'^\s*(?:const\s+)?struct\s+\w+_op(?:eration)?s\s*\*\s*\w+\s*;',
                   re.M)),
}


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in CANDIDATES:
        sys.stderr.write('usage: detect-candidates.py <rule> <file list>\n')
        return 2
    candidate = CANDIDATES[sys.argv[1]]
    with open(sys.argv[2]) as listing:
        for path in listing.read().split():
            try:
                with open(path, errors='replace') as source:
                    text = source.read()
            except OSError:
                continue
            if candidate(text):
                print(path)
                print()
    return 0


if __name__ == '__main__':
    sys.exit(main())
