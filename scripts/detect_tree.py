# SPDX-License-Identifier: GPL-2.0
"""What the whole-tree halves of the midlayer rules ask of the tree.

spatch reads one file at a time.  Whether the operations that common code
calls are implemented by one driver or by many, and whether an operation
is optional at all, are questions about the whole tree; the scripts
detect-default.py, detect-opaque.py and detect-registration.py answer
them after spatch, with what this module reads of the tree:

- git_grep(): the lines git grep prints;
- Components: which part of the tree a file belongs to, the unit of "more
  than one driver";
- Implementations: the objects of a structure type that the tree's .c
  files define with an initialiser, and the members each one sets.
"""

import collections
import os
import re
import subprocess
import sys

# An object of a structure type defined with an initialiser, at file
# scope or not: "static const struct foo_ops bar_ops = {", "struct foo
# table[] __initdata = {".
DEFINITION = re.compile(r'\bstruct\s+(\w+)\s+(?:\w+\s+)*?\w+\s*(\[[^\]]*\])?'
                        r'\s*(?:__\w+(?:\([^)]*\))?\s*)*=(?!=)')
DEFINITION_GREP = (r'struct[[:space:]]+[A-Za-z_][A-Za-z0-9_]*[[:space:]]+'
                   r'([A-Za-z_][A-Za-z0-9_]*[[:space:]]+)*'
                   r'[A-Za-z_][A-Za-z0-9_]*[[:space:]]*(\[[^]]*\])?'
                   r'[[:space:]]*(__[a-z_]+([(][^)]*[)])?[[:space:]]*)*=')
# How far after its first line an initialiser is read.
INITIALISER_LINES = 400


def git_grep(tree, *arguments):
    """The output lines of git grep in the tree; none is no match."""
    result = subprocess.run(['git', '-C', tree, 'grep'] + list(arguments),
                            stdout=subprocess.PIPE, text=True,
                            errors='replace', check=False)
    if result.returncode > 1:
        sys.exit('%s: git grep failed' % os.path.basename(sys.argv[0]))
    return result.stdout.splitlines()


def is_test(path):
    """Whether a file is a test's: its implementations are fakes."""
    name = os.path.basename(path)
    return ('/tests/' in path or path.startswith('tools/') or
            re.search(r'(^|[-_])(kunit|test|tests|selftest)s?[-_.]', name)
            is not None)


class Components:
    """The parts of a tree that are one driver's or one subsystem's.

    A component is a directory with a Kconfig of its own, with the
    directories below it that have none: what one maintainer's entry,
    one driver or one subsystem usually is.  A header of an include/
    directory belongs to none; it is where components meet.
    """

    def __init__(self, tree):
        self.kconfig_dirs = {os.path.dirname(line.split(':', 1)[0])
                             for line in git_grep(tree, '-l', '-e', '',
                                                  '--', '*Kconfig*')}

    def of(self, path):
        """The component of a file, or None for a shared header."""
        if path.startswith('include/') or '/include/' in path:
            return None
        directory = os.path.dirname(path)
        while directory and directory not in self.kconfig_dirs:
            directory = os.path.dirname(directory)
        return directory or None

    def count(self, paths):
        """How many components the files are in."""
        return len({self.of(path) for path in paths} - {None})


class Implementations:
    """The objects of some structure types that the tree's .c files define.

    An object defined with an initialiser is an implementation of its
    type: each element of an array of them is one.  Objects that the
    code fills in at run time, or that a macro defines, are not seen.
    """

    def __init__(self, tree, types):
        self.tree = tree
        self.objects = collections.defaultdict(list)
        for line in git_grep(tree, '-n', '-E', DEFINITION_GREP, '--', '*.c'):
            path, number, text = line.split(':', 2)
            match = DEFINITION.search(text)
            if not match:
                continue
            struct, array = match.groups()
            if struct in types and not is_test(path):
                for body in self._bodies(path, int(number), bool(array)):
                    self.objects[struct].append((path, body))

    def _bodies(self, path, number, array):
        """The text of the object(s) an initialiser at the line defines."""
        with open(os.path.join(self.tree, path), errors='replace') as file:
            lines = file.read().split('\n')[number - 1:
                                            number - 1 + INITIALISER_LINES]
        text = '\n'.join(lines)
        start = text.find('{', text.find('='))
        if start < 0 or text[text.find('=') + 1:start].strip():
            return []
        depth = 0
        elements = []
        for index in range(start, len(text)):
            if text[index] == '{':
                depth += 1
                if depth == 2:
                    element = index
            elif text[index] == '}':
                if depth == 2:
                    elements.append(text[element:index + 1])
                depth -= 1
                if depth == 0:
                    return elements if array else [text[start:index + 1]]
        return []

    def of(self, types):
        """(file, initialiser text) of each object of the types."""
        return [obj for struct in sorted(types)
                for obj in self.objects[struct]]
