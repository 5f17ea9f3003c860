# SPDX-License-Identifier: GPL-2.0
"""Find the kernel's reports in a console log, and match the known ones.

A report is a kernel error or sanitizer report: lockdep, KASAN, UBSAN,
kmemleak, a WARN or BUG, an oops, a hung task, ...  find_reports() cuts
the log into reports, from the line that starts one to the line that ends
it, and matches each against the known-reports list (qemu/known-reports).

An entry of that list matches a report only by its exact signature: the
report's title line, and for a lockdep report the lock it was acquiring
and the function acquiring it, and the lock already held and the function
that took it.  Everything else is unknown, and a failure.  The list's
format is described at its top.
"""

import re

# The first line of each kind of report, after the console's timestamp.
REPORT_START = re.compile(
    r'(WARNING: (possible circular locking dependency detected|'
    r'possible recursive locking detected|inconsistent lock state|'
    r'suspicious RCU usage|lock held when returning to user space!|'
    r'CPU: \d+ PID: \d+ at .*)|'
    r'WARNING: .*|BUG: .*|BUG [a-z].*|KASAN: .*|UBSAN: .*|'
    r'unreferenced object .*|Oops.*|Kernel panic.*|'
    r'general protection fault.*|INFO: task .* blocked for more than.*|'
    r'ODEBUG: .*|refcount_t: .*|kmemleak: .*disabled.*|'
    r'kit: kmemleak is not running.*|kit: .* reached its time limit.*|'
    r'Call Trace:)$')

# Where a report ends: a WARN's or BUG's trailer, the end of a stack dump,
# KASAN's closing rule.
REPORT_END = re.compile(r'---\[ end trace|</TASK>|^={40,}$')

# The console's timestamp, "[   12.345678] ".
TIMESTAMP = re.compile(r'^\[\s*\d+\.\d+\] ')

# A lock line of a lockdep report: " ffff... (&ctrl->reset_lock){++++}-{4:4},
# at: pciehp_configure_device+0x1a/0x2b0"
LOCK_LINE = re.compile(r'\((?P<lock>[^(){}]+)\)\{[^}]*\}(?:-\{[^}]*\})?, at: '
                       r'(?P<func>[A-Za-z0-9_.]+)\+')

MAX_REPORT_LINES = 400


class KnownReport:
    """An entry of the known-reports list."""

    def __init__(self, fields):
        self.name = fields['name']
        self.title = fields['title']
        self.acquiring = tuple(fields['acquiring'].split()) \
            if 'acquiring' in fields else None
        self.holding = tuple(fields['holding'].split()) \
            if 'holding' in fields else None
        self.why = fields['why']
        self.thread = fields['thread']

    def matches(self, report):
        return (report.title == self.title and
                report.acquiring == self.acquiring and
                report.holding == self.holding)


class Report:
    """One report cut out of the console log."""

    def __init__(self, start, lines):
        self.start = start
        self.lines = lines
        self.title = lines[0]
        self.acquiring = self.lock_after('is trying to acquire lock:')
        self.holding = self.lock_after('but task is already holding lock:')
        self.known = None

    def lock_after(self, heading):
        """(lock class, function) of the lock line after a heading."""
        for number, line in enumerate(self.lines[:-1]):
            if line.endswith(heading):
                match = LOCK_LINE.search(self.lines[number + 1])
                if match:
                    return (match.group('lock'), match.group('func'))
        return None


def strip_timestamp(line):
    return TIMESTAMP.sub('', line.rstrip('\r'))


def find_reports(console_lines, known):
    """The reports in a console log, each matched against the known list."""
    lines = [strip_timestamp(line) for line in console_lines]
    reports = []
    number = 0
    while number < len(lines):
        if not REPORT_START.match(lines[number]):
            number += 1
            continue
        lockdep = lines[number].startswith('WARNING: possible')
        end = number + 1
        while end < len(lines) and end - number < MAX_REPORT_LINES:
            # A stack dump is part of the report it follows; any other
            # start of a report ends one, but inside a lockdep report.
            if REPORT_START.match(lines[end]) and not lockdep and \
               lines[end] != 'Call Trace:':
                break
            if REPORT_END.search(lines[end]):
                # A lockdep report ends with the stack dump after its
                # "stack backtrace:" line, not at an earlier one.
                if not lockdep or 'stack backtrace:' in lines[number:end]:
                    end += 1
                    break
            end += 1
        report = Report(number, lines[number:end])
        report.known = next((k for k in known if k.matches(report)), None)
        reports.append(report)
        number = end
    return reports


def load_known_reports(path):
    """The entries of the known-reports list: blocks of "key: value"."""
    entries = []
    fields = {}
    with open(path) as f:
        for line in f.read().splitlines() + ['']:
            if line.startswith('#'):
                continue
            if not line.strip():
                if fields:
                    entries.append(KnownReport(fields))
                    fields = {}
                continue
            if line.startswith((' ', '\t')):
                fields[key] += ' ' + line.strip()
                continue
            key, _, value = line.partition(':')
            fields[key.strip()] = value.strip()
    return entries
