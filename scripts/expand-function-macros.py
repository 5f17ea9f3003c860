#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Coccinelle does not look inside macro bodies, so a function that a macro
# defines (the hotplug core's GET_STATUS(), say) is invisible to a rule.
# This writes a copy of a C file in which each file-scope invocation of
# such a macro, defined in the same file, is replaced by its expansion,
# on the invocation's own line: a rule's finding in the copy has the line
# of the invocation in the original.
#
#   expand-function-macros.py <output dir> <file.c>...
#
# Each copy is written under the output directory with the file's own path
# (relative to the current directory); a file with no such invocation gets
# no copy.  One process for all the files: a tree has thousands of them.
#
# A function-defining macro here is a '#define NAME(params)' whose body
# holds a '{'.  Parameters are substituted as whole words and '##' pastes;
# '#' stringification and macros defined in headers are not handled.

import os
import re
import sys

DEFINE = re.compile(r'^#\s*define\s+(\w+)\(([^)]*)\)(.*)$')


def macros(lines):
    """Map each function-defining macro's name to (params, body)."""
    found = {}
    i = 0
    while i < len(lines):
        match = DEFINE.match(lines[i])
        i += 1
        if not match:
            continue
        body = [match.group(3)]
        while body[-1].endswith('\\') and i < len(lines):
            body[-1] = body[-1][:-1]
            body.append(lines[i])
            i += 1
        text = ' '.join(part.strip() for part in body)
        if '{' in text:
            params = [p.strip() for p in match.group(2).split(',')]
            found[match.group(1)] = (params, text)
    return found


def expand(params, body, args):
    """The body with the arguments in place of the parameters."""
    for param, arg in zip(params, args):
        body = re.sub(r'\b%s\b' % re.escape(param), arg, body)
    return re.sub(r'\s*##\s*', '', body)


def expanded_text(path):
    """The file with its macro invocations expanded, or None."""
    with open(path, encoding='utf-8', errors='replace') as f:
        lines = f.read().split('\n')
    defined = macros(lines)
    if not defined:
        return None
    call = re.compile(r'^(%s)\((.*)\)\s*;?\s*$' % '|'.join(defined))
    expanded = 0
    for number, line in enumerate(lines):
        match = call.match(line)
        if match:
            params, body = defined[match.group(1)]
            args = [a.strip() for a in match.group(2).split(',')]
            if len(args) == len(params):
                lines[number] = expand(params, body, args)
                expanded += 1
    if not expanded:
        return None
    return '\n'.join(lines)


def main():
    if len(sys.argv) < 2:
        sys.exit('usage: expand-function-macros.py <output dir> <file.c>...')
    out = sys.argv[1]
    for path in sys.argv[2:]:
        text = expanded_text(path)
        if text is None:
            continue
        copy = os.path.join(out, path)
        os.makedirs(os.path.dirname(copy), exist_ok=True)
        with open(copy, 'w', encoding='utf-8') as f:
            f.write(text)


if __name__ == '__main__':
    main()
