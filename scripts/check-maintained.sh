#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Every file the series adds must have a maintainer in MAINTAINERS, so that
# get_maintainer.pl sends changes to it somewhere.  This answers checkpatch's
# "added file(s), does MAINTAINERS need updating?" for the whole series.
#
#   check-maintained.sh <kernel tree with the series applied>

set -eu

ksrc=$1
cd "$ksrc"
for file in $(git diff --name-only --diff-filter=A refs/tags/pristine HEAD); do
	if ! scripts/get_maintainer.pl --no-git --no-git-fallback -f "$file" |
	     grep -Eq "\((maintainer|supporter|odd fixer):"; then
		echo "$file: no maintainer in MAINTAINERS"
	fi
done
