#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The key of a report of the midlayer rules: a hash of everything the
# report follows from, so that a committed report whose key differs from
# the tree's is stale.  That is the rules and the scripts of 'make
# detect', spatch's version, and the C files of the tree with its Kconfig
# files, which say what a component is (the blob names of its committed
# .c, .h and Kconfig files: the documentation does not count).
#
#   detect-key.sh <tree>

set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
{
	cat "$top"/coccinelle/*.cocci "$top"/scripts/detect.sh \
		"$top"/scripts/detect-candidates.py \
		"$top"/scripts/detect-registration.py \
		"$top"/scripts/detect-opaque.py \
		"$top"/scripts/detect-default.py \
		"$top"/scripts/detect_tree.py \
		"$top"/scripts/expand-function-macros.py
	spatch --version | head -n 1
	git -C "$1" ls-files -s -- '*.c' '*.h' '*Kconfig*'
} | sha256sum | cut -d' ' -f1
