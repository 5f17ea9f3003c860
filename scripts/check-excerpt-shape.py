#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# The C excerpts of the pages are whole blocks: in each one, outside
# comments and literals, no '}' closes a brace the excerpt did not open,
# and every '{' it opens is closed.  Sphinx's ':end-at: }' stops at the
# first line with a brace, and ':end-before: /**' at the first kernel-doc
# comment: when the tree changes, either can cut a function in the middle
# without a warning.  This is the warning.
#
#   check-excerpt-shape.py <record>
#
# The record is what record-excerpts.py writes.  Prints each excerpt that
# is not whole; exits 1 if there is one.

import re
import sys

# Comments, string and character literals: their braces are not code.
NOT_CODE = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|'
                      r"'(?:\\.|[^'\\\n])*'", re.DOTALL)


def entries(record):
    """Yield (header, text) of each excerpt in the record."""
    header, lines = None, []
    with open(record, encoding='utf-8') as f:
        for line in f:
            if line.startswith('=== '):
                if header:
                    yield header, ''.join(lines)
                header, lines = line[4:].rstrip('\n'), []
            else:
                lines.append(line)
    if header:
        yield header, ''.join(lines)


def whole(text):
    """True if the braces of the text's code pair up within it."""
    depth = 0
    for char in NOT_CODE.sub('', text):
        if char == '{':
            depth += 1
        elif char == '}':
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: check-excerpt-shape.py <record>')
    cut = 0
    for header, text in entries(sys.argv[1]):
        source = header.split(' ', 2)[1]
        if source.endswith(('.c', '.h')) and not whole(text):
            print(f'not a whole block: {header}')
            cut += 1
    sys.exit(1 if cut else 0)


if __name__ == '__main__':
    main()
