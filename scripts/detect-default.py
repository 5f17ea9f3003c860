#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The whole-tree half of coccinelle/optional_default.cocci: spatch sees
# one file at a time, so it cannot tell whether the operation it found
# tested is optional in the tree, nor for whom the common code decides.
# Reads the rule's findings from standard input:
#
#   optional_default <file>:<line>: -><op> absent: <the default>
#
# and prints those whose default some drivers get and others do not.
# The operations structure is the type that declares the member as a
# function pointer; when more than one type does, the one of the pointer
# that the finding's line tests, if a declaration of it comes before in
# the file, and otherwise all of them.  A finding is printed when the
# objects that the tree's .c files define of that type
# (scripts/detect_tree.py) include one that sets the member and one that
# leaves it out, and they and the common code are in two or more
# components (directories with a Kconfig of their own): a default that
# nobody gets, or that everybody gets, is no decision; one that only the
# structure's own driver sees is that driver's business.  A member that
# no object is seen to set or leave out (the tree fills them in at run
# time, or with a macro) is not printed: there is nothing to tell.
#
#   detect-default.py <tree> <found >kept

import collections
import os
import re
import sys

import detect_tree

FINDING = re.compile(r'^optional_default (\S+):(\d+): ->(\w+) absent: ')
MEMBER = re.compile(r'\(\s*\*\s*(\w+)\s*\)\s*\(')
MEMBER_GREP = (r'\([[:space:]]*\*[[:space:]]*[A-Za-z_][A-Za-z0-9_]*'
               r'[[:space:]]*\)[[:space:]]*\(')
STRUCTURE = re.compile(r'^\s*struct\s+(\w+)\s*\{')
# How far before the test a declaration of the pointer it tests is looked for.
DECLARATION_LINES = 300


class Source:
    """The lines of the tree's files, each read once."""

    def __init__(self, tree):
        self.tree = tree
        self.files = {}

    def lines(self, path):
        if path not in self.files:
            with open(os.path.join(self.tree, path), errors='replace') as f:
                self.files[path] = f.read().split('\n')
        return self.files[path]


def declaring_types(tree, source, members):
    """{member: the structure types declaring it as a function pointer}."""
    types = collections.defaultdict(set)
    for line in detect_tree.git_grep(tree, '-n', '-E', MEMBER_GREP,
                                     '--', '*.c', '*.h'):
        path, number, text = line.split(':', 2)
        match = MEMBER.search(text)
        if not match or match.group(1) not in members:
            continue
        lines = source.lines(path)
        for index in range(int(number) - 1, -1, -1):
            structure = STRUCTURE.match(lines[index])
            if structure:
                types[match.group(1)].add(structure.group(1))
                break
            if lines[index].startswith('}'):
                break
    return types


def tested_type(source, path, number, member):
    """The declared type of the pointer the finding's test goes through."""
    lines = source.lines(path)
    if number > len(lines):
        return None
    match = re.search(r'(?<![\w.>])(\w+)\s*->\s*%s\b' % member,
                      lines[number - 1])
    if not match:
        return None
    declaration = re.compile(r'\bstruct\s+(\w+)\s*\*\s*(?:const\s+)?%s\b'
                             % match.group(1))
    for index in range(number - 1, max(-1, number - DECLARATION_LINES), -1):
        found = declaration.search(lines[index])
        if found:
            return found.group(1)
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: detect-default.py <tree> <found >kept')
    tree = sys.argv[1]
    found = []
    for line in sys.stdin:
        line = line.rstrip('\n')
        match = FINDING.match(line)
        if not match:
            sys.exit('detect-default.py: not a finding: ' + line)
        found.append((line, match.group(1), int(match.group(2)),
                      match.group(3)))
    if not found:
        return 0
    source = Source(tree)
    types = declaring_types(tree, source, {member for *_, member in found})
    implementations = detect_tree.Implementations(
        tree, set().union(*types.values()))
    components = detect_tree.Components(tree)
    for line, path, number, member in found:
        candidates = types[member]
        tested = tested_type(source, path, number, member)
        if tested in candidates:
            candidates = {tested}
        objects = implementations.of(candidates)
        setter = re.compile(r'\.\s*%s\s*=' % member)
        setting = sum(1 for _, body in objects if setter.search(body))
        places = [file for file, _ in objects] + [path]
        if 0 < setting < len(objects) and components.count(places) >= 2:
            print('%s; left out by %d of %d implementations' %
                  (line, len(objects) - setting, len(objects)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
