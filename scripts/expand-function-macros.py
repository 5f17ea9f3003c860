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
#   expand-function-macros.py <file.c>
#
# A function-defining macro here is a '#define NAME(params)' whose body
# holds a '{'.  Parameters are substituted as whole words and '##' pastes;
# '#' stringification and macros defined in headers are not handled.
# Prints nothing (and exits 1) when the file has no such invocation.

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


def main():
    if len(sys.argv) != 2:
        sys.exit('usage: expand-function-macros.py <file.c>')
    with open(sys.argv[1], encoding='utf-8', errors='replace') as f:
        lines = f.read().split('\n')
    defined = macros(lines)
    if not defined:
        sys.exit(1)
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
        sys.exit(1)
    sys.stdout.write('\n'.join(lines))


if __name__ == '__main__':
    main()
