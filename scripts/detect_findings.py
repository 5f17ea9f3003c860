# SPDX-License-Identifier: GPL-2.0
"""The committed findings of the midlayer rules, and their labelled samples.

coccinelle/findings.txt is the report of 'make findings': the rules of
coccinelle/ over the kit's kernel tree with the series applied, one line
per finding ("<rule> <file>:<line>: <reason>", the form of
scripts/detect.sh), after a header of "# " lines whose "# key: " line
names what the report was computed from (scripts/detect-key.sh).

coccinelle/precision/<rule>.txt is a sample of a rule's findings, drawn
at random with a fixed seed, each finding followed by its label, a line
"\ttrue: <why>" or "\tfalse: <why>" written by someone who read the code
("\tunlabelled" until then).  The precision a page prints comes only
from these labels.
"""

import os
import random
import re

SAMPLE_SIZE = 30
# The seed of each rule's sample, the sample its page prints.  A rule's
# filters are written from what earlier samples showed, and those samples
# can then no longer measure them: after a change to its filters, a
# rule's sample is drawn again with a seed not used before (2009, 2018,
# 2026, 612 and 1207 are taken).  A finding the sample held before keeps
# its label.
SEEDS = {
    'one_step_register': 612,
    'opaque_with_ops': 1207,
    'optional_default': 612,
    'optional_getter': 612,
}
FINDING = re.compile(r'^(\w+) (\S+):(\d+): (.*)$')
LABEL = re.compile(r'^\t(true|false): (\S.*)$')
UNLABELLED = '\tunlabelled'


class Finding:
    """One line of the report."""

    def __init__(self, line):
        match = FINDING.match(line)
        if not match:
            raise ValueError('not a finding: ' + line)
        self.line = line
        self.rule, self.path, number, self.reason = match.groups()
        self.number = int(number)

    def place(self):
        """Where it is: <file>:<line>."""
        return '%s:%d' % (self.path, self.number)

    def subsystem(self):
        """The top-level directory two levels deep: drivers/pci, fs/ext4,
        kernel (for kernel/fork.c)."""
        return '/'.join(self.path.split('/')[:-1][:2]) or '(top level)'


def rules(cocci_dir):
    """The rules' names, and the first sentence of each rule's comment."""
    found = {}
    for name in sorted(os.listdir(cocci_dir)):
        if not name.endswith('.cocci'):
            continue
        text = []
        with open(os.path.join(cocci_dir, name)) as rule:
            for line in rule:
                if not line.startswith('///'):
                    continue
                line = line[3:].strip()
                if not line:
                    break
                text.append(line)
        found[name[:-len('.cocci')]] = ' '.join(text)
    return found


def read_findings(path):
    """The header's key and the findings of a report."""
    key = None
    findings = []
    with open(path) as report:
        for line in report:
            line = line.rstrip('\n')
            if line.startswith('# key: '):
                key = line[len('# key: '):]
            elif not line.startswith('#'):
                findings.append(Finding(line))
    return key, findings


def draw(findings, rule):
    """The findings of a rule that its sample must hold, in report order."""
    own = [f.line for f in findings if f.rule == rule]
    chosen = random.Random(SEEDS[rule]).sample(own,
                                               min(SAMPLE_SIZE, len(own)))
    return sorted(chosen)


def sample_path(cocci_dir, rule):
    return os.path.join(cocci_dir, 'precision', rule + '.txt')


def read_sample(path):
    """{finding line: (label or None, why)} of a sample file."""
    sample = {}
    if not os.path.exists(path):
        return sample
    finding = None
    with open(path) as text:
        for line in text:
            line = line.rstrip('\n')
            if line.startswith('#') or not line:
                continue
            if not line.startswith('\t'):
                finding = line
                sample[finding] = (None, '')
                continue
            match = LABEL.match(line)
            if finding is None or (not match and line != UNLABELLED):
                raise ValueError('%s: not a label: %s' % (path, line))
            if match:
                sample[finding] = match.groups()
    return sample
