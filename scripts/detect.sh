#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make detect': run the midlayer rules of coccinelle/ over a kernel tree
# and write what they find, one line per finding, sorted:
#
#   <rule> <file>:<line>: <reason>
#
#   detect.sh <tree> <report> [<directory of the tree>...]
#
# Without directories the whole tree is searched.  Each rule parses only
# the files that scripts/detect-candidates.py lets through, each file a
# group of its own for spatch --jobs.  Coccinelle does not look inside
# macro bodies, so each C file that defines functions with a macro of its
# own (the hotplug core's GET_STATUS()) is searched a second time, as
# scripts/expand-function-macros.py expands it; its findings keep the
# file's name and the line of the macro's invocation.  What two rules
# need of the whole tree is decided after spatch: by
# scripts/detect-registration.py for a one-step registration, by
# scripts/detect-opaque.py for a void pointer next to operations, by
# scripts/detect-default.py for an optional operation's default.  A
# progress line per rule goes to standard error.

set -eu

tree=$(realpath "$1")
report=$(realpath -m "$2")
shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
jobs=$(nproc)

work=$(mktemp -d "${TMPDIR:-/tmp}/detect.XXXXXX")
trap 'rm -rf "$work"' EXIT

cd "$tree"
git ls-files -- "$@" | grep '\.[ch]$' >"$work/files" || true

# The expanded copies, in a tree of their own with the same paths.
mkdir "$work/expanded"
grep '\.c$' "$work/files" | xargs -r grep -l -E \
	'^#[[:space:]]*define[[:space:]]+[A-Za-z_0-9]+\(.*\\$' >"$work/macro-files" || true
tr '\n' '\0' <"$work/macro-files" |
	xargs -0 -r "$top/scripts/expand-function-macros.py" "$work/expanded"
(cd "$work/expanded" && find . -name '*.c' | sed 's|^\./||') >"$work/expanded-files"

# run_rule <rule file> <name> <file list>: spatch's report lines for the
# candidates of the list, in the current directory.
run_rule() {
	"$top/scripts/detect-candidates.py" "$2" "$3" >"$work/groups"
	[ -s "$work/groups" ] || return 0
	# --no-scanner: spatch would otherwise run git grep over the whole
	# tree for each group, for the tokens of the rule (EXPORT_SYMBOL).
	spatch --very-quiet -D report --no-includes --include-headers \
		--no-scanner --jobs "$jobs" --sp-file "$1" --file-groups "$work/groups"
}

: >"$report.new"
for rule in "$top"/coccinelle/*.cocci; do
	name=$(basename "$rule" .cocci)
	start=$(date +%s)
	{
		run_rule "$rule" "$name" "$work/files"
		(cd "$work/expanded" && run_rule "$rule" "$name" "$work/expanded-files")
	} 2>"$work/$name.err" |
		sed -n "s|^\(\./\)\{0,1\}\([^:]*\):\([0-9]*\):[0-9-]*: \(.*\)$|$name \2:\3: \4|p" |
		sort -u >"$work/$name.found"
	case $name in
	one_step_register) whole_tree=detect-registration.py ;;
	opaque_with_ops) whole_tree=detect-opaque.py ;;
	optional_default) whole_tree=detect-default.py ;;
	*) whole_tree= ;;
	esac
	if [ -n "$whole_tree" ]; then
		"$top/scripts/$whole_tree" "$tree" \
			<"$work/$name.found" >"$work/$name.kept"
		mv "$work/$name.kept" "$work/$name.found"
	fi
	cat "$work/$name.found" >>"$report.new"
	echo "  DETECT  $name: $(wc -l <"$work/$name.found") findings," \
		"$(($(date +%s) - start)) s" >&2
done
sort -o "$report.new" "$report.new"
mv "$report.new" "$report"
