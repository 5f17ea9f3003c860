#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Check that every tree reference in the kit's documentation resolves.

    check-doc-refs.py <kernel tree> <rst file>...

The pages write a reference to the kernel tree as an inline literal:
``drivers/pci/hotplug/pciehp_core.c`` (a path relative to the tree root),
``pci_hp_add()`` (a function or function-like macro), ``struct hotplug_slot``
(a structure) or ``DEFINE_MUTEX`` (a macro or constant); or, for functions
and structures, as the plain text that the kernel's automarkup links to
their kernel-doc: pci_hp_add(), struct hotplug_slot.  Each one must exist in
the tree the series was applied to, so that a reader who follows it finds
what the text promises.  Any other literal (a sysfs path, a shell command, a
value) is not a tree reference and is not checked, nor is the text of
directives and literal blocks.

Prints one line per broken reference and exits 1 if there is any.
"""

import re
import subprocess
import sys

LITERAL = re.compile(r'``([^`]+)``')
PATH = re.compile(r'^[A-Za-z0-9_.+-]+(/[A-Za-z0-9_.+-]+)+/?$')
FUNCTION = re.compile(r'^([A-Za-z_][A-Za-z0-9_]*)\(\)$')
STRUCT = re.compile(r'^struct ([A-Za-z_][A-Za-z0-9_]*)$')
MACRO = re.compile(r'^[A-Z][A-Z0-9_]*[A-Z0-9]$')
# What Documentation/sphinx/automarkup.py links in plain text, and the
# names it leaves alone.
PLAIN_FUNCTION = re.compile(r'\b([a-zA-Z_]\w+)\(\)', flags=re.ASCII)
PLAIN_STRUCT = re.compile(r'\bstruct\s+([a-zA-Z_]\w+)', flags=re.ASCII)
SKIPPED = {'for', 'if', 'register', 'sizeof', 'struct', 'unsigned', 'open',
           'close', 'read', 'write', 'fcntl', 'mmap', 'select', 'poll',
           'fork', 'execve', 'clone', 'ioctl', 'socket'}
TOP_DIRS = ('Documentation', 'arch', 'block', 'drivers', 'fs', 'include',
            'init', 'kernel', 'lib', 'mm', 'net', 'samples', 'scripts',
            'security', 'sound', 'tools', 'usr', 'virt', 'crypto', 'ipc')


def prose(lines):
    """Yield (line number, line, joined) for the lines outside directives and
    literal blocks; joined is the line with the first word of the next one
    appended, so that a "struct" at the end of a line meets its name."""
    block_indent = None
    for number, line in enumerate(lines, 1):
        indent = len(line) - len(line.lstrip())
        if block_indent is not None:
            if not line.strip() or indent > block_indent:
                continue
            block_indent = None
        stripped = line.strip()
        if stripped.startswith('..') and '::' in stripped:
            block_indent = indent
            # the contents of .. only:: are prose, of the others not
            if stripped.startswith('.. only::'):
                block_indent = None
            continue
        if stripped.endswith('::'):
            block_indent = indent
        following = lines[number].split()[:1] if number < len(lines) else []
        line = line.rstrip('\n')
        yield number, line, line + ' ' + ' '.join(following)


def references(files):
    """Yield (file, line number, kind, name) for each tree reference."""
    for name in files:
        with open(name, encoding='utf-8') as rst:
            lines = rst.readlines()
            for number, line, joined in prose(lines):
                plain = LITERAL.sub(lambda m: ' ' * len(m[0]), line)
                for function in PLAIN_FUNCTION.findall(plain):
                    if function not in SKIPPED:
                        yield name, number, 'function', function
                joined = plain + joined[len(line):]
                for struct in PLAIN_STRUCT.finditer(joined):
                    if struct.start() < len(line):
                        yield name, number, 'struct', struct[1]
                for literal in LITERAL.findall(line):
                    literal = literal.strip()
                    if PATH.match(literal) and literal.split('/')[0] in TOP_DIRS:
                        yield name, number, 'path', literal.rstrip('/')
                    elif FUNCTION.match(literal):
                        yield name, number, 'function', FUNCTION.match(literal)[1]
                    elif STRUCT.match(literal):
                        yield name, number, 'struct', STRUCT.match(literal)[1]
                    elif MACRO.match(literal):
                        yield name, number, 'macro', literal


def found_in_tree(tree, patterns):
    """Return the subset of the regex patterns that match in *.c/*.h/Kconfig."""
    if not patterns:
        return set()
    command = ['git', '-C', tree, 'grep', '-ohP']
    for pattern in patterns:
        command += ['-e', pattern]
    command += ['--', '*.c', '*.h', '*.S', '*.rs']
    output = subprocess.run(command, capture_output=True, text=True,
                            check=False).stdout
    return set(output.split('\n'))


def main():
    tree, files = sys.argv[1], sys.argv[2:]
    refs = list(references(files))

    functions = {name for _, _, kind, name in refs if kind == 'function'}
    structs = {name for _, _, kind, name in refs if kind == 'struct'}
    macros = {name for _, _, kind, name in refs if kind == 'macro'}

    # One pass over the tree per kind; the matched text tells which name hit.
    seen = found_in_tree(tree, [rf'\b{f}\(' for f in sorted(functions)])
    found_functions = {s[:-1] for s in seen if s.endswith('(')}
    seen = found_in_tree(tree, [rf'struct {s} \{{' for s in sorted(structs)])
    found_structs = {s[len('struct '):-2] for s in seen if s.endswith(' {')}
    seen = found_in_tree(tree, [rf'\b{m}\b' for m in sorted(macros)])
    found_macros = seen

    broken = 0
    for name, number, kind, ref in refs:
        if kind == 'path':
            ok = subprocess.run(['test', '-e', f'{tree}/{ref}'],
                                check=False).returncode == 0
        elif kind == 'function':
            ok = ref in found_functions
        elif kind == 'struct':
            ok = ref in found_structs
        else:
            ok = ref in found_macros
        if not ok:
            print(f'{name}:{number}: {kind} {ref} is not in {tree}')
            broken += 1

    return 1 if broken else 0


if __name__ == '__main__':
    sys.exit(main())
