#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Whether the committed report of the midlayer rules and its page are
# current; prints what is not, nothing when all is.
#
# - coccinelle/findings.txt was computed from the rules and the C files
#   the tree holds now (its key, scripts/detect-key.sh);
# - its findings in the directories of <part> are the ones a run of the
#   rules over those directories found (<part>: such a run's report, and
#   the directories it covered);
# - the page is what the findings and their labelled samples give
#   (scripts/detect-page.py, which also fails on a stale sample).
#
#   check-findings.sh <kernel tree> <scratch dir> [<part> <directory>...]

set -u

ksrc=$1
scratch=$2
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
findings=$top/coccinelle/findings.txt
page=$top/Documentation/driver-api/design-patterns/midlayer-signs.rst
mkdir -p "$scratch"

key=$("$top/scripts/detect-key.sh" "$ksrc")
if [ "$(sed -n 's/^# key: //p' "$findings")" != "$key" ]; then
	echo "coccinelle/findings.txt: stale, the rules, the scripts, spatch or" \
	     "the tree's C files changed since it was made: run 'make findings'"
fi

if [ $# -gt 0 ]; then
	part=$1
	shift
	pattern=$(printf '%s/\n' "$@" | sed 's/[.]/\\./g' | paste -sd'|' -)
	grep -E "^[a-z_]+ ($pattern)" "$findings" >"$scratch/committed-part.txt"
	if ! diff -u "$scratch/committed-part.txt" "$part" >"$scratch/part.diff"; then
		echo "coccinelle/findings.txt: its findings in $* are not what the" \
		     "rules find there ($scratch/part.diff):"
		head -n 10 "$scratch/part.diff"
	fi
fi

version=$(make -s --no-print-directory -C "$ksrc" kernelversion)
if ! "$top/scripts/detect-page.py" "$findings" "$top/coccinelle" "$version" \
	>"$scratch/midlayer-signs.rst" 2>"$scratch/page.err"; then
	echo "the page of the findings cannot be made:"
	cat "$scratch/page.err"
elif ! diff -u "$page" "$scratch/midlayer-signs.rst" >"$scratch/page.diff"; then
	echo "$page: not what the findings and their samples give: run" \
	     "'make findings-page' ($scratch/page.diff)"
fi
