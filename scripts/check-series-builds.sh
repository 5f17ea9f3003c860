#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Each patch of the series must build on its own (bisectability): step
# through the commits 'make patches' made in its worktree and build, after
# each, the objects of the C files it touched, in a separate object
# directory configured like the guest kernel.  Documentation-only patches
# build nothing here; 'make htmldocs' builds the pages on top of the series.
#
#   check-series-builds.sh <series worktree> <object dir> <config fragment>

set -eu

work=$(realpath "$1")
obj=$(realpath -m "$2")
fragment=$(realpath "$3")
kmake="make -s --no-print-directory -C $work O=$obj -j$(($(nproc) + 1)) CC=ccache\ gcc"

top=$(git -C "$work" rev-parse HEAD)
mkdir -p "$obj"

for commit in $(git -C "$work" rev-list --reverse refs/tags/pristine..HEAD); do
	subject=$(git -C "$work" log -1 --format=%s "$commit")
	git -C "$work" checkout -q -f --detach "$commit"
	objects=
	for file in $(git -C "$work" diff-tree --no-commit-id --name-only -r "$commit"); do
		case $file in
		*.c)	objects="$objects ${file%.c}.o" ;;
		esac
	done
	[ -n "$objects" ] || continue

	# The configuration follows the commit: Kconfig may have new options.
	make -s --no-print-directory -C "$work" O="$obj" tinyconfig >/dev/null
	"$work/scripts/kconfig/merge_config.sh" -m -O "$obj" "$obj/.config" \
		"$fragment" >/dev/null
	make -s --no-print-directory -C "$work" O="$obj" olddefconfig
	# shellcheck disable=SC2086 # $objects is a list
	if ! eval "$kmake" $objects >"$obj/build.log" 2>&1; then
		echo "'$subject' does not build:"
		tail -n 20 "$obj/build.log"
		git -C "$work" checkout -q -f --detach "$top"
		exit 1
	fi
done
git -C "$work" checkout -q -f --detach "$top"
