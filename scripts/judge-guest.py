#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""Judge one boot of the guest: the verdict of 'make check' on it.

    judge-guest.py --label <label> --kunit <tree>/tools/testing/kunit
                   --tests <dir of the test scripts> --known <known-reports>
                   --expect <name>[,<name>...] <output dir>

<output dir> is what qemu/run.sh wrote (ktap.log, console.log), with
<output dir>.status and <output dir>.run.log beside it (check.sh's
boot_guest).  The KTAP is parsed by the kernel's own parser
(tools/testing/kunit/kunit_parser.py); this program only judges what it
parsed, and the console log.

One result a line, "ok      <text>", "FAILED  <text>" or "SKIPPED <text>",
details indented below it; the last line is "counts: <passed> <failed>
<skipped>" for check.sh.  The results:

- the boot: QEMU ran, the guest got through its work and powered off;
- each test script selected (--expect) ran and its own result line, which
  /init writes from its exit status, says ok: a script that exits 1 after
  printing only "ok" lines fails, and so does a script that is missing or
  reached its time limit.  kunit_parser keeps that line's status but does
  not count it when the script has cases of its own;
- each case the scripts printed, counted as kunit_parser counts them; a
  skipped case fails unless its script declares the reason expected with a
  line "# kit-expected-skip: <reason>";
- the console log: any kernel error or sanitizer report fails, unless it
  is a report that an entry of the known-reports list matches exactly; a
  known report is shown as known, with its count and upstream thread.
"""

import argparse
import io
import os
import re
import sys

from known_reports import find_reports, load_known_reports

results = {'ok': 0, 'FAILED': 0, 'SKIPPED': 0}


def result(kind, text, details=()):
    """Print one result and count it."""
    results[kind] += 1
    print(f'{kind:<7} {text}')
    for line in details:
        print(f'        {line}')


def read_lines(path):
    """The lines of a file, without line ends; none if it is missing."""
    try:
        with open(path, errors='replace') as f:
            return f.read().splitlines()
    except FileNotFoundError:
        return []


def judge_boot(label, out):
    status = ''.join(read_lines(out + '.status')).strip()
    text = f'{label}: the guest booted, ran its tests and powered off'
    if status == '0':
        result('ok', text)
    else:
        result('FAILED', text, read_lines(out + '.run.log'))


def parse_ktap(kunit_dir, ktap):
    """The kernel's parser on the KTAP: its tree and its listing."""
    sys.path.insert(0, kunit_dir)
    # pylint: disable=import-outside-toplevel
    import kunit_parser
    import kunit_printer
    listing = io.StringIO()
    kunit_parser.stdout = kunit_printer.Printer(listing)
    tree = kunit_parser.parse_run_tests(ktap)
    return kunit_parser, tree, [re.sub(r'^\[[0-9:]*\] ', '', line)
                                for line in listing.getvalue().splitlines()]


def script_reason(ktap, name):
    """The directive of a script's own result line ("exit status 1")."""
    for line in ktap:
        match = re.match(r'not ok \d+ (\S+)(?: # (.*))?$', line)
        if match and match.group(1) == name:
            return match.group(2) or 'not ok'
    return 'not ok'


def expected_skips(tests_dir, name):
    """The skip reasons a script declares expected."""
    lines = read_lines(os.path.join(tests_dir, name + '.sh'))
    return {m.group(1) for m in
            (re.match(r'# kit-expected-skip: (.*)$', line) for line in lines)
            if m}


def skip_reason(log_lines, case_name):
    """The reason of a case's SKIP directive, from the KTAP lines."""
    pattern = re.compile(r'\s*ok \d+ (?:- )?' + re.escape(case_name) +
                         r' # SKIP ?(.*)$')
    for line in log_lines:
        match = pattern.match(line)
        if match:
            return match.group(1)
    return ''


def leaves(test, path=()):
    """Every case of a test tree, with the names leading to it."""
    if not test.subtests:
        yield path + (test.name,), test
    for sub in test.subtests:
        yield from leaves(sub, path + (test.name,))


def judge_tests(label, args, ktap):
    if not ktap:
        result('FAILED', f'{label}: the guest wrote KTAP',
               [f'{args.out}/ktap.log is empty or missing'])
        return
    kunit_parser, tree, listing = parse_ktap(args.kunit, ktap)
    for line in listing:
        print(f'        {line}')
    status = kunit_parser.TestStatus

    scripts = {sub.name: sub for sub in tree.subtests}
    for name in args.expect:
        text = f'{label}: {name} ran and ended well'
        script = scripts.get(name)
        if script is None:
            result('FAILED', text, ['it did not run: not in the initramfs,'
                                    ' or the boot ended before it'])
        elif script.status not in (status.SUCCESS, status.SKIPPED):
            result('FAILED', text, [script_reason(ktap, name)])
        else:
            result('ok', text)
    for name in scripts:
        if name not in args.expect:
            result('FAILED', f'{label}: {name} ran but was not selected')

    for script in tree.subtests:
        allowed = expected_skips(args.tests, script.name)
        for path, case in leaves(script):
            text = f'{label}: {".".join(p for p in path[1:] if p)}'
            if case.status == status.SUCCESS:
                results['ok'] += 1
            elif case.status == status.SKIPPED:
                reason = skip_reason(ktap, case.name)
                if reason in allowed:
                    result('SKIPPED', f'{text} (expected: {reason})')
                else:
                    result('FAILED', f'{text} was skipped',
                           [f'reason "{reason}" is not declared expected'
                            ' (# kit-expected-skip:)'])
            elif case is not script:
                result('FAILED', text, [str(case.status.name)])
    if tree.counts.errors:
        result('FAILED', f'{label}: the KTAP parses without errors',
               [f'{tree.counts.errors} errors: see the listing above'])


def judge_console(label, args):
    console = read_lines(os.path.join(args.out, 'console.log'))
    text = f'{label}: no kernel error or sanitizer report in the console log'
    if not console:
        result('FAILED', text, ['the console log is empty or missing'])
        return
    known = load_known_reports(args.known)
    found = find_reports(console, known)
    unknown = [r for r in found if r.known is None]
    counts = {}
    for report in found:
        if report.known is not None:
            counts[report.known.name] = counts.get(report.known.name, 0) + 1
    if unknown:
        details = []
        for report in unknown[:5]:
            details.append(f'line {report.start + 1}: {report.title}')
            details.extend('  ' + line for line in report.lines[:12])
        details.append(f'({len(unknown)} reports; whole log:'
                       f' {args.out}/console.log)')
        result('FAILED', text, details)
    else:
        result('ok', text)
    for entry in known:
        if entry.name in counts:
            print(f'        known report "{entry.name}": {counts[entry.name]}'
                  f' time(s), not a failure ({entry.thread})')


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--label', required=True)
    parser.add_argument('--kunit', required=True)
    parser.add_argument('--tests', required=True)
    parser.add_argument('--known', required=True)
    parser.add_argument('--expect', required=True)
    parser.add_argument('out')
    args = parser.parse_args()
    args.expect = [name for name in args.expect.split(',') if name]

    judge_boot(args.label, args.out)
    ktap = read_lines(os.path.join(args.out, 'ktap.log'))
    if args.expect:
        judge_tests(args.label, args, ktap)
    judge_console(args.label, args)
    print(f'counts: {results["ok"]} {results["FAILED"]} {results["SKIPPED"]}')


if __name__ == '__main__':
    main()
