#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
#
# Draw the precision samples of the midlayer rules from the committed
# findings: rewrite coccinelle/precision/<rule>.txt to hold the findings
# that scripts/detect_findings.py's seed picks, keeping the label of each
# finding that was drawn before (found by its place, file and line, so
# that a change in the reason's text, such as a count of callers, keeps
# it), "unlabelled" for the others.  Run by
# 'make findings'; the labels are then written by reading the code.
#
#   detect-draw.py <findings> <coccinelle dir>

import os
import sys

import detect_findings as df

HEADER = '''\
# The precision sample of coccinelle/%s.cocci: %d of its %d findings in
# coccinelle/findings.txt, drawn by scripts/detect-draw.py.  Under each,
# "true" when the code shows the sign the rule looks for, "false" when it
# does not, and why, from reading the code.
'''


def main():
    if len(sys.argv) != 3:
        sys.exit('usage: detect-draw.py <findings> <coccinelle dir>')
    _, findings = df.read_findings(sys.argv[1])
    cocci_dir = sys.argv[2]
    os.makedirs(os.path.join(cocci_dir, 'precision'), exist_ok=True)
    for rule in df.rules(cocci_dir):
        path = df.sample_path(cocci_dir, rule)
        old = {df.Finding(line).place(): label
               for line, label in df.read_sample(path).items()}
        chosen = df.draw(findings, rule)
        total = sum(1 for f in findings if f.rule == rule)
        unlabelled = 0
        with open(path + '.new', 'w') as sample:
            sample.write(HEADER % (rule, len(chosen), total))
            for line in chosen:
                label, why = old.get(df.Finding(line).place(), (None, ''))
                sample.write('\n' + line + '\n')
                if label:
                    sample.write('\t%s: %s\n' % (label, why))
                else:
                    sample.write(df.UNLABELLED + '\n')
                    unlabelled += 1
        os.rename(path + '.new', path)
        print('  DRAW    %s: %d findings, %d to label' %
              (path, len(chosen), unlabelled))
    return 0


if __name__ == '__main__':
    sys.exit(main())
