#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# 'make excerpts': write down the text that each literalinclude of the
# pages shows from the kernel tree, as Sphinx itself cuts it.
#
#   record-excerpts.py <tree> <page>...
#
# The pages are read from the tree (where the series put them, which is
# what 'make htmldocs' renders), and the record goes to standard output,
# one entry per excerpt: a header line naming the page, the excerpt's
# number in it (not its line, which any edit above it would change), the
# file and the options that cut it, then the excerpt.
# Includes of the pages' own files (the transcripts) are not recorded:
# 'make check' compares those with a boot of the demo.
#
# A :start-at: or :end-at: only fails when its text is missing from the
# file; when the tree changes, the same options can cut out other code
# without a warning.  'make check' compares this record with the committed
# one, so that a change in what a page shows sends its author back to the
# prose around it.

import os
import sys

from sphinx.directives.code import LiteralIncludeReader

# The options that choose or change the lines shown; the others (caption,
# language, ...) only decorate them.
CUTTING = ('start-at', 'start-after', 'end-at', 'end-before', 'lines',
           'pyobject', 'dedent', 'prepend', 'append', 'tab-width')


class Config:
    """The one setting of Sphinx's configuration the reader consults."""
    source_encoding = 'utf-8-sig'


def directives(page):
    """Yield (line number, argument, options) of each literalinclude."""
    with open(page, encoding='utf-8') as f:
        lines = f.read().splitlines()
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped.startswith('.. literalinclude::'):
            continue
        indent = len(line) - len(line.lstrip())
        options = {}
        for option in lines[number:]:
            body = option.strip()
            if not body.startswith(':') or \
               len(option) - len(option.lstrip()) <= indent:
                break
            name, _, value = body[1:].partition(':')
            options[name] = value.strip()
        yield number, stripped.split('::', 1)[1].strip(), options


def record(tree, page):
    """Print the record of one page's excerpts; return their number."""
    rel_page = os.path.relpath(page, tree)
    here = os.path.dirname(os.path.abspath(page))
    count = 0
    for number, argument, options in directives(page):
        path = os.path.normpath(os.path.join(here, argument))
        if os.path.commonpath([path, here]) == here:
            continue
        cutting = {k: v for k, v in options.items() if k in CUTTING}
        if 'dedent' in cutting:
            cutting['dedent'] = int(cutting['dedent'])
        text, _ = LiteralIncludeReader(path, cutting, Config()).read(
            location=(page, number))
        shown = ', '.join(f'{k}: {v}' for k, v in sorted(cutting.items()))
        print(f'=== {rel_page}#{count + 1} {os.path.relpath(path, tree)}'
              f' ({shown})')
        sys.stdout.write(text if text.endswith('\n') else text + '\n')
        count += 1
    return count


def main():
    if len(sys.argv) < 3:
        sys.exit('usage: record-excerpts.py <tree> <page>...')
    tree = sys.argv[1]
    total = sum(record(tree, page) for page in sys.argv[2:])
    if total == 0:
        sys.exit('record-excerpts.py: no excerpt found')


if __name__ == '__main__':
    main()
