#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make mutants': prove that the checks can fail.  Each file of
# scripts/mutants/ is a deliberate defect: a patch to the kit's sources
# (a unified diff) or one or more "Edit: <file> <sed script>" lines, with
# a header saying how it must be caught:
#
#   Tests: <globs>      boot the guest with the defect and these tests ...
#   Caught-by: <text>   ... and the verdict must have a FAILED line with it
#   Check: <command>    or: run this command on the defective copy; it
#                       must fail there, and pass on a copy without the
#                       defect ($KSRC, $BUILD: the kernel tree, build/)
#
# The defect goes into a scratch copy of the work tree under
# $BUILD/mutants/<name>/, never into the work tree.  A boot mutant builds
# the reference driver and the initramfs from its copy against the kit's
# kernel, and is judged by the verdict of its copy; two run at a time.
# A mutant that no check catches, or that no longer applies, fails.
# One line a mutant: its name, what caught it, and its seconds.  The
# static checks compare with what 'make check' regenerated before
# ($BUILD/transcripts, $BUILD/patches-fresh).
#
#   mutants.sh <kernel tree> <build dir> [<name glob>]

set -u

KSRC=$(realpath "$1")
BUILD=$(realpath "$2")
only=${3:-*}
export KSRC BUILD
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=qemu/tests/selection.sh
. "$top/qemu/tests/selection.sh"
work=$BUILD/mutants
mkdir -p "$work"

# header <mutant file> <key>: the value of its "<key>: " line(s).
header() {
	sed -n "s/^$2: //p" "$1"
}

# scratch_copy <dir>: the work tree's files as they are now, uncommitted
# edits included.
scratch_copy() {
	rm -rf "$1"
	mkdir -p "$1"
	(cd "$top" && git ls-files -z --cached --others --exclude-standard |
		xargs -0 cp --parents -t "$1" 2>/dev/null)
}

# apply <mutant file> <copy>: the defect, by its diff or its Edit lines;
# fails when it changes nothing.
apply() {
	if grep -q '^Edit: ' "$1"; then
		header "$1" Edit | while read -r file script; do
			cp "$2/$file" "$2/$file.orig" &&
			sed -i "$script" "$2/$file" &&
			! cmp -s "$2/$file" "$2/$file.orig" || exit 1
			rm "$2/$file.orig"
		done
	else
		# Outside any repository: inside one (the copy is under build/),
		# git apply skips, silently, a "diff --git" patch's paths.
		(cd "$2" && GIT_CEILING_DIRECTORIES=$(dirname "$2") git apply "$1")
	fi
}

# boot_mutant <copy> <tests> <caught-by>: build refphp, the tests' own
# modules and the initramfs from the copy, boot the tests, judge; succeeds
# when the verdict has a FAILED line that names <caught-by>.
boot_mutant() {
	copy=$1
	modules=$copy.build
	test_modules=$copy.test-modules
	mkdir -p "$modules" "$test_modules"
	ln -sf "$copy"/reference-driver/*.[ch] "$copy"/reference-driver/Kbuild "$modules"/
	make -s -C "$KSRC" M="$modules" CC="ccache gcc" \
		CONFIG_SAMPLE_PCI_HOTPLUG=m CONFIG_SAMPLE_PCI_HOTPLUG_KUNIT_TEST=m \
		modules >"$copy.log" 2>&1 || return 2
	ln -sf "$copy"/qemu/test-modules/* "$test_modules"/
	make -s -C "$KSRC" M="$test_modules" CC="ccache gcc" modules \
		>>"$copy.log" 2>&1 || return 2
	"$copy/qemu/make-initramfs.sh" "$KSRC/usr/gen_init_cpio" "$copy.cpio" \
		"$modules/refphp.ko" "$modules/refphp_kunit.ko" -- \
		"$KSRC"/samples/pci_hotplug/*.ko -- "$test_modules"/*.ko \
		>>"$copy.log" 2>&1 || return 2
	"$copy/qemu/run.sh" --mode check --tests "$2" \
		"$KSRC/arch/x86/boot/bzImage" "$copy.cpio" "$copy.guest" \
		>"$copy.guest.run.log" 2>&1
	echo $? >"$copy.guest.status"
	names=$(selected_tests "$copy/qemu/tests" "$2" | paste -sd, -)
	(cd "$copy" && scripts/judge-guest.py --label mutant \
		--kunit "$KSRC/tools/testing/kunit" --tests qemu/tests \
		--known qemu/known-reports --expect "$names" "$copy.guest") \
		>"$copy.verdict" 2>&1
	grep -q "^FAILED .*$3" "$copy.verdict"
}

# run_mutant <mutant file>: one line of the table, in <copy>.result.
run_mutant() {
	name=$(basename "$1" .patch)
	copy=$work/$name
	start=$(date +%s)
	check=$(header "$1" Check)
	scratch_copy "$copy"
	if [ -n "$check" ] &&
	   ! (cd "$copy" && eval "$check") >"$copy.control" 2>&1; then
		verdict="FAILED  $name: '$check' fails without the defect too ($copy.control)"
	elif ! apply "$1" "$copy" >"$copy.log" 2>&1; then
		verdict="FAILED  $name: does not apply any more (update it)"
	elif [ -n "$check" ]; then
		if (cd "$copy" && eval "$check") >"$copy.check" 2>&1; then
			verdict="FAILED  $name: survived: '$check' passed"
		else
			verdict="ok      $name: caught by '$check'"
		fi
	else
		boot_mutant "$copy" "$(header "$1" Tests)" "$(header "$1" Caught-by)"
		case $? in
		0) verdict="ok      $name: caught by \"$(header "$1" Caught-by)\"" ;;
		2) verdict="FAILED  $name: does not build ($copy.log)" ;;
		*) verdict="FAILED  $name: survived: no FAILED line names \"$(header "$1" Caught-by)\" ($copy.verdict)" ;;
		esac
	fi
	echo "$verdict ($(( $(date +%s) - start )) s)" >"$copy.result"
}

# Two lanes: static mutants take no time; boots are one CPU each.
# shellcheck disable=SC2086 # $only is a glob
mutants=$(ls "$top"/scripts/mutants/$only.patch 2>/dev/null)
if [ -z "$mutants" ]; then
	echo "FAILED  no mutant matches '$only'"
	exit 1
fi
lane=0
for mutant in $mutants; do
	run_mutant "$mutant" &
	lane=$((lane + 1))
	if [ $lane -eq 2 ]; then
		wait
		lane=0
	fi
done
wait
status=0
for mutant in $mutants; do
	result=$work/$(basename "$mutant" .patch).result
	cat "$result"
	grep -q '^ok ' "$result" || status=1
done
exit $status
