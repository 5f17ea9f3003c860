#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make findings': run the midlayer rules of coccinelle/ over the whole
# kernel tree with the series applied into
# coccinelle/findings.txt (with the key of what it was computed from),
# draw the precision samples of coccinelle/precision/ again from it, and
# write the catalogue's page of the findings once every sampled finding
# has a label ('make findings-page' does that step alone).
#
#   make-findings.sh <kernel tree> <build dir>

set -eu

ksrc=$(realpath "$1")
build=$(realpath "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
findings=$top/coccinelle/findings.txt

start=$(date +%s)
"$top/scripts/detect.sh" "$ksrc" "$build/findings.txt"
echo "  DETECT  the whole tree in $(($(date +%s) - start)) s" >&2
{
	echo "# The findings of the midlayer rules of coccinelle/ over the"
	echo "# kit's kernel tree, Linux $(make -s --no-print-directory -C "$ksrc" kernelversion)" \
	     "with the series: 'make findings'."
	echo "# key: $("$top/scripts/detect-key.sh" "$ksrc")"
	cat "$build/findings.txt"
} >"$findings.new"
mv "$findings.new" "$findings"
echo "  REPORT  $findings"
"$top/scripts/detect-draw.py" "$findings" "$top/coccinelle"
