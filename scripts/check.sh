#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make check': the static checks, then the boots of the guest running the
# test scripts, then the verdict.  Every check is one result; KTAP results
# from the guest are counted by the kernel's own parser (kunit.py parse).
# Ends with "check: N passed, N failed, N skipped" and exits non-zero on
# any failure.
#
#   check.sh [--tests <glob>] [--stress <cycles>] <kernel tree> <build dir>
#
# --stress runs only the reliability campaign (qemu/tests/4*), with the
# given number of bind/unbind cycles and removal rounds: 'make stress'.
#
# The checks of the series and of the pages take minutes and depend only
# on files: when a section of them passed before on exactly the same
# inputs (the hash of its files, of the tree's commit and of the tools'
# versions), its results are replayed from $build/check-cache instead of
# run again, and the output says so.  CHECK_CACHE=0 runs them anyway.
# The guest tests always run: they judge behaviour, which a hash cannot.

set -u

tests='*'
stress=
cache_enabled=${CHECK_CACHE:-1}
while [ $# -gt 2 ]; do
	case $1 in
	--tests)	tests=$2; shift 2 ;;
	--stress)	stress=$2; tests='4*'; shift 2 ;;
	*)		echo "check.sh: unknown option $1" >&2; exit 2 ;;
	esac
done
ksrc=$(realpath "$1")
build=$(realpath "$2")
top=$(cd "$(dirname "$0")/.." && pwd)

passed=0
stages=$(mktemp)
trap 'rm -f "$stages"' EXIT
failed=0
skipped=0
record=
background=

# stage_start, stage_end <name>: one line of "where the time went".
stage_start() {
	stage_began=$(date +%s)
}

stage_end() {
	printf '        %-40s %5d s\n' "$1" $(( $(date +%s) - stage_began )) >>"$stages"
}

pass() {
	passed=$((passed + 1))
	echo "ok      $1"
	[ -z "$record" ] || echo "$1" >>"$record"
}

fail() {
	failed=$((failed + 1))
	echo "FAILED  $1"
}

# A static check: the command's output is shown only when it fails.
static_check() {
	name=$1
	shift
	if output=$("$@" 2>&1) && [ -z "$output" ]; then
		pass "$name"
	else
		fail "$name"
		echo "$output" | sed 's/^/        /'
	fi
}

# status_check <name> <command...>: pass when the command succeeds; its
# output is shown when it fails.
status_check() {
	name=$1
	shift
	if output=$("$@" 2>&1); then
		pass "$name"
	else
		fail "$name"
		echo "$output" | sed 's/^/        /'
	fi
}

# inputs_hash <path>...: one hash of the files under the paths, of the
# kernel tree's commit (the tarball and the series applied to it, with the
# checkpatch and Sphinx extensions the checks run) and any uncommitted
# edit to it, and of the versions of the Debian packages the checks use.
inputs_hash() {
	{
		git -C "$ksrc" rev-parse HEAD
		# Edits to the extracted tree that no commit holds.
		git -C "$ksrc" status --porcelain=v1 --untracked-files=no
		git -C "$ksrc" diff HEAD
		dpkg-query -W linux-source-6.12 python3-sphinx \
			python3-sphinx-rtd-theme python3-docutils graphviz perl \
			gcc binutils ccache git python3 coccinelle 2>/dev/null
		find "$@" -type f -print0 | sort -z | xargs -0 sha256sum
	} | sha256sum | cut -c1-16
}

# cached_section <name> <hash>: when the section passed before on the
# same inputs, count and show its results again and succeed; else start
# recording the results of the section, for end_section.
cached_section() {
	section=$1
	hash=$2
	if [ "$cache_enabled" != 0 ] && [ -f "$cache/$section-$hash" ]; then
		while read -r result; do
			pass "$result"
		done <"$cache/$section-$hash"
		echo "        (replayed: same inputs as a passing run, hash $hash;" \
		     "CHECK_CACHE=0 runs them)"
		return 0
	fi
	failed_before=$failed
	record=$(mktemp "$cache/$section.recording.XXXXXX")
	return 1
}

# end_section: keep the recorded results only if all of them passed.
end_section() {
	rm -f "$cache/$section"-*
	if [ "$failed" -eq "$failed_before" ]; then
		mv "$record" "$cache/$section-$hash"
	else
		rm -f "$record"
	fi
	record=
}

cache=$build/check-cache
mkdir -p "$cache"

# One 'make check' or 'make stress' at a time on a build directory: they
# share its boots' output directories and the cache.  A second one waits
# for the first and says so.  ('make demo' boots into a directory of its
# own and may run beside them.)
exec 9>"$build/.check.lock"
if ! flock -n 9; then
	echo "check: another 'make check' or 'make stress' is running on $build;" \
	     "waiting for it to end"
	flock 9
fi

cd "$top" || exit 1

# series_checks: the series in patches/ is up to date, applies, is
# checkpatch-clean, maintained, and builds patch by patch.
series_checks() {
	fresh=$build/patches-fresh
	if scripts/make-patches.sh "$ksrc" "$build/series-tree" "$fresh" \
		>"$build/make-patches.log" 2>&1 &&
	   diff -r -x src patches "$fresh" >"$build/patches.diff"; then
		pass "patches/ is what 'make patches' makes of the sources"
	else
		fail "patches/ is what 'make patches' makes of the sources"
		echo "        stale or unbuildable: run 'make patches' and commit the" \
		     "result ($build/patches.diff, $build/make-patches.log)"
	fi
	series_count=$(grep -c . patches/series 2>/dev/null)
	applied_count=$(git -C "$ksrc" rev-list --count refs/tags/pristine..HEAD)
	if [ "$series_count" -gt 0 ] && [ "$((series_count - 1))" -eq "$applied_count" ]; then
		pass "git am applied the $applied_count patches to the pristine tree"
	else
		fail "git am applied the $applied_count patches to the pristine tree"
	fi
	# checkpatch cannot look up upstream commit ids: the tree has no history
	# (UNKNOWN_COMMIT_ID).  Whether MAINTAINERS needs updating (FILE_PATH_CHANGES)
	# is answered by the next check, for every file the series adds.  The patch
	# goes in on stdin: checkpatch reads a file git tracks as source, not as a
	# patch.
	checkpatch_patch() {
		"$ksrc/scripts/checkpatch.pl" --strict --quiet --show-types \
			--root="$ksrc" --ignore UNKNOWN_COMMIT_ID,FILE_PATH_CHANGES - <"$1"
	}
	for patch in patches/0*.patch; do
		case $patch in *0000-cover-letter.patch) continue ;; esac
		static_check "checkpatch --strict $patch" checkpatch_patch "$patch"
	done
	static_check "every file the series adds has a maintainer" \
		scripts/check-maintained.sh "$ksrc"
	static_check "each patch builds on its own (the objects it touches)" \
		scripts/check-series-builds.sh "$build/series-tree" "$build/series-obj" \
		qemu/kernel.config
}

# docs_checks: the pages build with the kernel's Sphinx without a warning,
# and every file they name exists in the tree.
docs_checks() {
	if make -s -C "$ksrc" SPHINXDIRS=driver-api/design-patterns SPHINXOPTS=-W \
		htmldocs >"$build/htmldocs.log" 2>&1; then
		pass "htmldocs of driver-api/design-patterns, warnings as errors"
	else
		fail "htmldocs of driver-api/design-patterns, warnings as errors"
		tail -n 20 "$build/htmldocs.log" | sed 's/^/        /'
	fi
	static_check "every line of the pages fits in 80 columns" \
		awk 'length > 80 { print FILENAME ":" FNR ": " length " columns" }' \
		Documentation/driver-api/design-patterns/*.rst
	static_check "every tree reference in the pages resolves in the tree" \
		scripts/check-doc-refs.py "$ksrc" Documentation/driver-api/design-patterns/*.rst
	excerpts_checks
}

# excerpts_checks: what each excerpt shows is what the committed record
# says (the prose around an excerpt that changed is to be read again),
# and each C excerpt is a whole block.
excerpts_checks() {
	shown=$build/excerpts.txt
	if scripts/record-excerpts.py "$ksrc" \
		"$ksrc"/Documentation/driver-api/design-patterns/*.rst >"$shown" &&
		diff -u scripts/excerpts.txt "$shown" >"$build/excerpts.diff"; then
		pass "the pages' excerpts show what scripts/excerpts.txt records"
	else
		fail "the pages' excerpts show what scripts/excerpts.txt records"
		echo "        reread the prose around each changed excerpt, then run"\
			"'make excerpts' and commit the result ($build/excerpts.diff)"
		head -n 20 "$build/excerpts.diff" | sed 's/^/        /'
	fi
	static_check "every C excerpt of the pages is a whole block" \
		scripts/check-excerpt-shape.py "$shown"
}

# rule_checks: the one-step registration rule finds a function that
# initialises and publishes with no steps exported beside it
# (typec_switch_register()), and passes over device_register(), which
# does the same but whose steps, device_initialize() and device_add(),
# are exported: the split the hotplug core made in 2018.  The
# optional-default rule passes over an absence that the common code
# reports (i2c-smbus's ->alert, a warning that the driver has none).
rule_checks() {
	files="drivers/base/core.c drivers/usb/typec/mux.c drivers/i2c/i2c-smbus.c"
	# shellcheck disable=SC2086 # the list is split on purpose
	status_check "make detect's rules run over $files" \
		scripts/detect.sh "$ksrc" "$build/detect-rules.txt" $files
	found_check "make detect finds typec_switch_register() as a one-step registration" \
		'^one_step_register drivers/usb/typec/mux.c:[0-9]*: typec_switch_register() ' \
		"$build/detect-rules.txt"
	absent_check "make detect passes over device_register(), whose steps are exported" \
		'^one_step_register drivers/base/core.c:[0-9]*: device_register() ' \
		"$build/detect-rules.txt"
	absent_check "make detect passes over an absent op that i2c-smbus reports as a warning" \
		'^optional_default drivers/i2c/i2c-smbus.c:[0-9]*: ->alert absent' \
		"$build/detect-rules.txt"
}

# default_checks <report>: over drivers/pci and fs, the optional-default
# rule finds the default the PCI core gives each driver with no ->thaw,
# and passes over two that decide for no driver: the endpoint core's
# ->raise_irq, which every pci_epc_ops in the tree sets, and xfs's
# ->iop_sort, whose implementations are all in fs/xfs.  The void-pointer
# rule passes over struct pci_bridge_emul, which drivers/pci declares in
# a header of its own directory.
default_checks() {
	found_check "make detect finds the PCI core's default for drivers with no ->thaw" \
		'^optional_default drivers/pci/pci-driver.c:[0-9]*: ->thaw absent' "$1"
	absent_check "make detect passes over a default that every implementation overrides" \
		'^optional_default drivers/pci/endpoint/pci-epc-core.c:[0-9]*: ->raise_irq absent' "$1"
	absent_check "make detect passes over a default that only one component's code gets" \
		'^optional_default fs/xfs/xfs_trans.c:[0-9]*: ->iop_sort absent' "$1"
	absent_check "make detect passes over a structure a subsystem's own header declares" \
		'^opaque_with_ops drivers/pci/pci-bridge-emul.h:' "$1"
}

# found_check <name> <pattern> <report>: a finding of the report matches.
found_check() {
	if grep -q "$2" "$3"; then
		pass "$1"
	else
		fail "$1"
		echo "        not in $3"
	fi
}

# absent_check <name> <pattern> <report>: no finding of the report
# matches; a report that cannot be read fails too.
absent_check() {
	grep "$2" "$3" >"$3.unexpected"
	case $? in
	1)	pass "$1" ;;
	0)	fail "$1"
		sed 's/^/        /' "$3.unexpected" ;;
	*)	fail "$1"
		echo "        cannot read $3" ;;
	esac
}

# detect_checks: the rules of coccinelle/ find the hotplug core's four
# GET_STATUS() getters that report success without a value in the core as
# Debian ships it (inside a macro: the expanded-copy pass of detect.sh),
# and none once the series fixes them; over drivers/pci and fs, the part
# of 'make detect' that make check runs.  The committed report of the
# whole tree holds what that run found there, and it and its page are
# current.
detect_checks() {
	pristine=$build/detect-pristine-tree
	rm -rf "$pristine"
	mkdir -p "$pristine"
	git -C "$ksrc" archive refs/tags/pristine drivers/pci | tar -x -C "$pristine"
	git -C "$pristine" init -q && git -C "$pristine" add -A
	core=drivers/pci/hotplug/pci_hotplug_core.c
	status_check "make detect's rules run over drivers/pci as Debian ships it" \
		scripts/detect.sh "$pristine" "$build/detect-pristine.txt" drivers/pci
	getters=$(grep -c "^optional_getter $core:6[2-5]: get_[a-z]*_status() " \
		"$build/detect-pristine.txt" || true)
	if [ "$getters" = 4 ]; then
		pass "make detect finds the four GET_STATUS() getters of $core as Debian ships it"
	else
		fail "make detect finds the four GET_STATUS() getters of $core as Debian ships it"
		echo "        found $getters in $build/detect-pristine.txt"
	fi
	status_check "make detect's rules run over drivers/pci and fs with the series" \
		scripts/detect.sh "$ksrc" "$build/detect-patched.txt" drivers/pci fs
	absent_check "make detect finds no such getter in $core with the series" \
		"^optional_getter $core:" "$build/detect-patched.txt"
	default_checks "$build/detect-patched.txt"
	rule_checks
	static_check "coccinelle/findings.txt and its page are current ('make findings')" \
		scripts/check-findings.sh "$ksrc" "$build/findings-check" \
		"$build/detect-patched.txt" drivers/pci fs
}

# The static checks, the series and the pages; not for --stress.
if [ -z "$stress" ]; then
	echo "== static checks"
	stage_start
	static_check "kernel config keeps every option of qemu/kernel.config" \
		scripts/check-config.sh qemu/kernel.config "$ksrc/.config"
	for source in reference-driver/*.c reference-driver/*.h qemu/test-modules/*.c; do
		[ -f "$source" ] || continue
		static_check "checkpatch --strict $source" \
			"$ksrc/scripts/checkpatch.pl" --strict --no-tree --quiet \
			--show-types -f "$source"
		static_check "kernel-doc -Wall $source" \
			"$ksrc/scripts/kernel-doc" -Wall -none "$source"
	done

	status_check "the verdict catches what it must (scripts/test-judge.sh)" \
		scripts/test-judge.sh "$ksrc"
	stage_end "static checks"

	echo "== the series in patches/"
	stage_start
	cached_section series "$(inputs_hash patches reference-driver \
		Documentation diagrams qemu/kernel.config scripts)" ||
		{ series_checks; end_section; }
	stage_end "series checks"

	echo "== documentation"
	stage_start
	cached_section docs "$(inputs_hash Documentation diagrams patches scripts)" ||
		{ docs_checks; end_section; }
	stage_end "docs checks"

	echo "== make detect"
	stage_start
	cached_section detect "$(inputs_hash coccinelle scripts \
		Documentation/driver-api/design-patterns/midlayer-signs.rst)" ||
		{ detect_checks; end_section; }
	stage_end "detect checks"
fi

# boot_guest <output dir> <run.sh options...>: boot the guest and run its
# tests, quietly; run.sh's own output and exit status are kept beside the
# output dir for judge_guest.  Boots may run at the same time.
boot_guest() {
	out=$1
	shift
	began=$(date +%s)
	qemu/run.sh --mode check "$@" "$ksrc/arch/x86/boot/bzImage" \
		"$build/initramfs.cpio" "$out" >"$out.run.log" 2>&1
	echo $? >"$out.status"
	echo $(( $(date +%s) - began )) >"$out.seconds"
}

# boot_stage <output dir> <name>: the boot's line of "where the time went".
boot_stage() {
	printf '        %-40s %5d s\n' "boot: $2" "$(cat "$1.seconds" 2>/dev/null)" >>"$stages"
}

# judge_guest <label> <output dir> <tests>: the verdict on a boot
# (scripts/judge-guest.py): it booted and powered off, each selected test
# ran and ended well, each case passed (the kernel's KTAP parser counts
# them), and the console log holds no kernel report but known ones.
# <tests> empty: the boot and the console log only.
judge_guest() {
	scripts/judge-guest.py --label "$1" \
		--kunit "$ksrc/tools/testing/kunit" --tests qemu/tests \
		--known qemu/known-reports --expect "$3" "$2" >"$2.verdict" 2>&1
	judge_status=$?
	grep -v '^counts: ' "$2.verdict"
	# shellcheck disable=SC2046 # three numbers
	set -- $(sed -n 's/^counts: //p' "$2.verdict")
	if [ "$judge_status" -ne 0 ] || [ $# -ne 3 ]; then
		fail "the verdict on the boot (scripts/judge-guest.py exited $judge_status)"
		return
	fi
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + $3))
}

# campaign_figures <output dir>: the figures the reliability tests print
# ("# campaign: ...").
campaign_figures() {
	grep -h '# campaign: ' "$1/ktap.log" 2>/dev/null | sed 's/^ *# /        /'
}

# shellcheck source=qemu/tests/selection.sh
. qemu/tests/selection.sh

# The tests numbered 4x are the reliability campaign: they boot apart, with
# two CPUs, so that their loads really run beside the binds.  The others
# need one, and boot faster with one.
names=$(selected_tests qemu/tests "$tests")
one_cpu_tests=$(echo "$names" | grep -v '^4' | paste -sd, -)
campaign_tests=$(echo "$names" | grep '^4' | paste -sd, -)
if [ -z "$names" ]; then
	fail "TESTS='$tests' selects at least one guest test"
fi

if [ -n "$stress" ]; then
	echo "== reliability campaign, $stress cycles and rounds"
	# The tests' time limits are for make check's counts: at least 6 s a
	# cycle or round for the longer run (run.sh adds them up).
	boot_guest "$build/guest-stress" --cpus 2 \
		--tests "$campaign_tests" --append "kit.cycles=$stress kit.rounds=$stress kit.time-limit=$((stress * 6))"
	judge_guest "stress" "$build/guest-stress" "$campaign_tests"
	campaign_figures "$build/guest-stress"
	echo
	echo "stress: $passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
	exit
fi

# run_demo <output dir> <transcripts dir>: boot the demo as 'make
# transcripts' does, but with its transcripts going to a directory of
# build/ instead of the walk-through's; judge_demo compares them.
run_demo() {
	began=$(date +%s)
	scripts/make-transcripts.sh "$ksrc/arch/x86/boot/bzImage" \
		"$build/initramfs.cpio" "$1" "$2" >"$1.run.log" 2>&1
	echo $? >"$1.status"
	echo $(( $(date +%s) - began )) >"$1.seconds"
}

# judge_demo <output dir> <transcripts dir>: the demo ran to its end
# and left no kernel report in its console log but known ones, and still
# tells what the walk-through shows.
judge_demo() {
	judge_guest "make demo" "$1" ""
	committed=Documentation/driver-api/design-patterns/transcripts
	text="make demo gives the walk-through's transcripts"
	if diff -ru "$committed" "$2" >"$1.diff"; then
		pass "$text"
	else
		fail "$text"
		echo "        run 'make transcripts' and commit the result ($1.diff,"\
		     "$1.run.log):"
		head -n 40 "$1.diff" | sed 's/^/        /'
	fi
}

# The boots.  Their time limits are wall-clock seconds, and under TCG a
# vCPU is a host thread: the host's two CPUs must never carry more than
# two vCPUs at once, or each guest runs at half speed and reaches them.
# So, first, the one-CPU boots, two side by side: the tests TESTS selects
# against the out-of-tree build and, beside them, for the whole suite
# only, the in-tree build of the sample, which is the same driver built
# by Kbuild in the tree (its KUnit, bind, power and button tests are
# enough to prove that build), then the demo.  Then the two-CPU boots,
# one at a time: the campaign and, for the whole suite, the 20-* tests
# once more (with one CPU the real-time IRQ thread hides orderings).
# Results are judged once all are done.
in_tree=$build/guest-in-tree
in_tree_tests=$(selected_tests qemu/tests '15-*,20-refphp-1-*,20-refphp-2-*,20-refphp-4-*' |
	paste -sd, -)
demo=$build/guest-demo
two_cpus=$build/guest-two-cpus
two_cpu_tests=$(selected_tests qemu/tests '20-*' | paste -sd, -)
rm -f "$build"/guest*.seconds
stage_start
if [ "$tests" = '*' ]; then
	{
		boot_guest "$in_tree" --modules in-tree --tests "$in_tree_tests"
		run_demo "$demo" "$build/transcripts"
	} &
	background=$!
fi
[ -z "$one_cpu_tests" ] || boot_guest "$build/guest" --tests "$one_cpu_tests"
[ -z "$background" ] || wait "$background"
[ -z "$campaign_tests" ] || boot_guest "$build/guest-campaign" --cpus 2 \
	--tests "$campaign_tests"
[ "$tests" != '*' ] || boot_guest "$two_cpus" --cpus 2 --tests "$two_cpu_tests"
stage_end "boots (each below)"
for boot in guest:main guest-campaign:campaign guest-in-tree:in-tree \
	    guest-demo:demo guest-two-cpus:two-cpus; do
	[ -f "$build/${boot%%:*}.seconds" ] &&
		boot_stage "$build/${boot%%:*}" "${boot#*:}"
done

if [ -n "$one_cpu_tests" ]; then
	echo "== guest tests, out-of-tree modules (TESTS='$tests')"
	judge_guest "out-of-tree build" "$build/guest" "$one_cpu_tests"
fi
if [ -n "$campaign_tests" ]; then
	echo "== reliability campaign, out-of-tree modules, two CPUs"
	judge_guest "campaign" "$build/guest-campaign" "$campaign_tests"
fi
if [ "$tests" = '*' ]; then
	echo "== guest tests, in-tree sample modules (samples/pci_hotplug)"
	judge_guest "in-tree build" "$in_tree" "$in_tree_tests"
	echo "== guest tests with two CPUs (20-*)"
	judge_guest "two CPUs" "$two_cpus" "$two_cpu_tests"
	echo "== the demo and the walk-through's transcripts of it"
	judge_demo "$demo" "$build/transcripts"
fi

# The mutants: each deliberate defect must turn a check red.  After the
# boots: the static ones compare with what those regenerated.
if [ "$tests" = '*' ]; then
	echo "== mutants: each defect must be caught (scripts/mutants/)"
	stage_start
	scripts/mutants.sh "$ksrc" "$build" >"$build/mutants.log" 2>&1
	while read -r line; do
		case $line in
		"ok "*)		passed=$((passed + 1)) ;;
		"FAILED "*)	failed=$((failed + 1)) ;;
		esac
		echo "$line"
	done <"$build/mutants.log"
	stage_end mutants
fi

if [ -n "$campaign_tests" ]; then
	echo
	echo "== reliability campaign figures"
	campaign_figures "$build/guest-campaign"
fi
echo
echo "== where the time went"
echo "        (make's build steps, when they ran:)"
cat "$build/.stage-times" 2>/dev/null
rm -f "$build/.stage-times"
cat "$stages"
echo
echo "check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
