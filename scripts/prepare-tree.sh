#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Turn Debian's linux-source tarball into a git tree with the project's
# patch series applied on top of one commit holding the pristine source.
#
#   prepare-tree.sh <tarball> <build dir> <patches dir>
#
# The tree is extracted again only when the tarball changed; the series is
# applied again (on top of the pristine commit, keeping build outputs so
# that Kbuild rebuilds only what the patches touch) only when it changed.

set -eu

tarball=$1
build=$(realpath -m "$2")
patches=$(realpath "$3")

name=$(basename "$tarball" .tar.xz)
tree=$build/$name
extracted=$build/.stamp-extracted
applied=$build/.stamp-series

if [ ! -f "$tarball" ]; then
	echo "error: $tarball is missing; 'make deps' installs it" \
	     "(apt-get install ${name%%.tar*})" >&2
	exit 1
fi

git_tree() {
	git -C "$tree" -c user.name='refphp kit' -c user.email='refphp@invalid' \
		-c gc.auto=0 "$@"
}

if [ ! -f "$extracted" ] || [ "$tarball" -nt "$extracted" ] ||
   [ ! -d "$tree/.git" ]; then
	echo "  TREE    extracting $tarball into $tree"
	rm -rf "$tree" "$extracted" "$applied"
	mkdir -p "$build"
	tar -xJf "$tarball" -C "$build"
	git_tree init -q -b series
	git_tree add -f -A .  # Debian's .gitignore ignores the top level
	GIT_AUTHOR_DATE='2000-01-01T00:00:00Z' \
	GIT_COMMITTER_DATE='2000-01-01T00:00:00Z' \
		git_tree commit -q -m "Linux $(make -s -C "$tree" kernelversion) from Debian's $name"
	git_tree tag -f pristine >/dev/null
	touch "$extracted"
fi

series_id=$(cat "$patches"/*.patch 2>/dev/null | sha256sum | cut -d' ' -f1)
if [ ! -f "$applied" ] || [ "$(cat "$applied")" != "$series_id" ]; then
	echo "  TREE    applying the series in $patches"
	git_tree am --abort >/dev/null 2>&1 || true
	git_tree checkout -q -B series refs/tags/pristine
	git_tree reset -q --hard refs/tags/pristine
	for patch in "$patches"/*.patch; do
		[ -f "$patch" ] || continue
		case $(basename "$patch") in 0000-*) continue ;; esac
		if ! git_tree am -q "$patch"; then
			git_tree am --abort || true
			echo "error: $patch does not apply to the pristine tree" >&2
			exit 1
		fi
	done
	echo "$series_id" >"$applied"
fi
