#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Run a build step and note how long it took, for the "where the time
# went" lines of 'make check' (which prints and clears the notes).
#
#   timed.sh <notes file> <stage name> <command...>

notes=$1
stage=$2
shift 2
began=$(date +%s)
"$@"
status=$?
printf '        %-40s %5d s\n' "$stage" $(( $(date +%s) - began )) >>"$notes"
exit $status
