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
# given number of bind/unbind cycles: 'make stress'.
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
guest=$build/guest

passed=0
failed=0
skipped=0
record=
background=

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

# inputs_hash <path>...: one hash of the files under the paths, of the
# kernel tree's commit (the tarball and the series applied to it, with the
# checkpatch and Sphinx extensions the checks run) and of the versions of
# the Debian packages the checks use.
inputs_hash() {
	{
		git -C "$ksrc" rev-parse HEAD
		dpkg-query -W python3-sphinx graphviz perl 2>/dev/null
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
	record=$cache/$section.recording
	: >"$record"
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
	static_check "every tree reference in the pages resolves in the tree" \
		scripts/check-doc-refs.py "$ksrc" Documentation/driver-api/design-patterns/*.rst
}

# The static checks, the series and the pages; not for --stress.
if [ -z "$stress" ]; then
	echo "== static checks"
	static_check "kernel config keeps every option of qemu/kernel.config" \
		scripts/check-config.sh qemu/kernel.config "$ksrc/.config"
	for source in reference-driver/*.c reference-driver/*.h; do
		[ -f "$source" ] || continue
		static_check "checkpatch --strict $source" \
			"$ksrc/scripts/checkpatch.pl" --strict --no-tree --quiet \
			--show-types -f "$source"
		static_check "kernel-doc -Wall $source" \
			"$ksrc/scripts/kernel-doc" -Wall -none "$source"
	done

	echo "== the series in patches/"
	cached_section series "$(inputs_hash patches reference-driver \
		Documentation diagrams qemu/kernel.config scripts)" ||
		{ series_checks; end_section; }

	echo "== documentation"
	cached_section docs "$(inputs_hash Documentation diagrams scripts)" ||
		{ docs_checks; end_section; }
fi

# boot_guest <output dir> <run.sh options...>: boot the guest and run its
# tests, quietly; run.sh's own output and exit status are kept beside the
# output dir for judge_guest.  Boots may run at the same time.
boot_guest() {
	out=$1
	shift
	qemu/run.sh --mode check "$@" "$ksrc/arch/x86/boot/bzImage" \
		"$build/initramfs.cpio" "$out" >"$out.run.log" 2>&1
	echo $? >"$out.status"
}

# judge_guest <label> <output dir>: let the kernel's KTAP parser (kunit.py
# parse) judge the results of a boot (missing plans, crashed or missing
# tests are errors there too), and fail on any sanitizer or kernel error
# report in its console log, whatever the tests said.
judge_guest() {
	label=$1
	out=$2
	if [ "$(cat "$out.status" 2>/dev/null)" = 0 ]; then
		pass "$label: the guest booted, ran its tests and powered off"
	else
		fail "$label: the guest booted, ran its tests and powered off"
		sed 's/^/        /' "$out.run.log" 2>/dev/null
	fi

	if [ -s "$out/ktap.log" ]; then
		python3 "$ksrc/tools/testing/kunit/kunit.py" parse "$out/ktap.log" \
			>"$out/kunit-parse.txt" 2>&1
		parse_status=$?
		sed 's/^\[[0-9:]*\] //' "$out/kunit-parse.txt"
		summary=$(sed -n 's/.*Testing complete\. Ran [0-9]* tests: //p' \
			"$out/kunit-parse.txt" | sed 's/\x1b\[[0-9;]*m//g')
		guest_passed=$(count passed)
		guest_failed=$(( $(count failed) + $(count crashed) + $(count errors) ))
		passed=$((passed + guest_passed))
		failed=$((failed + guest_failed))
		skipped=$((skipped + $(count skipped)))
		if [ "$parse_status" -ne 0 ] && [ "$guest_failed" -eq 0 ]; then
			fail "$label: kunit.py parse of $out/ktap.log (status $parse_status)"
		fi
	else
		fail "$label: the guest wrote no KTAP ($out/ktap.log is empty)"
	fi

	if [ -f "$out/console.log" ] && ! grep -Eq "$trouble" "$out/console.log"; then
		pass "$label: no kernel error or sanitizer report in the console log"
	else
		fail "$label: no kernel error or sanitizer report in the console log"
		grep -En -A3 "$trouble" "$out/console.log" 2>/dev/null | head -40 |
			sed 's/^/        /'
		echo "        (whole log: $out/console.log)"
	fi
}

# count <status>: the number kunit.py's summary gives for it.
count() {
	n=$(echo "$summary" | tr ',' '\n' | sed -n "s/^ *$1: //p")
	echo "${n:-0}"
}

# campaign_figures <output dir>: the figures the reliability tests print
# ("# campaign: ..."), and the number of kernel reports found with them.
campaign_figures() {
	grep -h '# campaign: ' "$1/ktap.log" 2>/dev/null | sed 's/^ *# /        /'
	echo "        campaign: kernel reports found: $(grep -Ec "$trouble" "$1/console.log")"
}

trouble='BUG:|BUG [a-z]|WARNING:|KASAN:|UBSAN:|unreferenced object|'
trouble=$trouble'suspected memory leak|Oops|Kernel panic|general protection|'
trouble=$trouble'possible circular locking|possible recursive locking|'
trouble=$trouble'inconsistent lock state|lock held when returning|'
trouble=$trouble'INFO: task .* blocked|ODEBUG:|refcount_t:|Call Trace:'

# selected_tests <glob>[,<glob>...]: the names of the guest tests that
# the globs select, one a line, in the order the guest runs them.
selected_tests() {
	for script in qemu/tests/[0-9]*.sh; do
		name=$(basename "$script" .sh)
		set -f
		old_ifs=$IFS
		IFS=,
		for glob in $1; do
			# shellcheck disable=SC2254 # the glob is the point
			case $name in $glob) echo "$name"; break ;; esac
		done
		IFS=$old_ifs
		set +f
	done
}

# The tests numbered 4x are the reliability campaign: they boot apart, with
# two CPUs, so that their loads really run beside the binds.  The others
# need one, and boot faster with one.
names=$(selected_tests "$tests")
one_cpu_tests=$(echo "$names" | grep -v '^4' | paste -sd, -)
campaign_tests=$(echo "$names" | grep '^4' | paste -sd, -)
if [ -z "$names" ]; then
	fail "TESTS='$tests' selects at least one guest test"
fi

if [ -n "$stress" ]; then
	echo "== reliability campaign, $stress cycles"
	boot_guest "$build/guest-stress" --cpus 2 \
		--tests "$campaign_tests" --append "kit.cycles=$stress"
	judge_guest "stress" "$build/guest-stress"
	campaign_figures "$build/guest-stress"
	echo
	echo "stress: $passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
	exit
fi

# run_demo <output dir> <transcripts dir>: boot the demo as 'make
# transcripts' does, but with its transcripts going to a directory of
# build/ instead of the chapter's; judge_demo compares them.
run_demo() {
	scripts/make-transcripts.sh "$ksrc/arch/x86/boot/bzImage" \
		"$build/initramfs.cpio" "$1" "$2" >"$1.log" 2>&1
	echo $? >"$1.status"
}

# judge_demo <label> <output dir> <transcripts dir>: one result: the demo
# ran to its end, left no kernel error or sanitizer report, and still
# tells what the chapter shows.
judge_demo() {
	label=$1
	out=$2
	fresh=$3
	committed=Documentation/driver-api/design-patterns/transcripts
	problem=
	if [ "$(cat "$out.status" 2>/dev/null)" != 0 ]; then
		problem="the demo failed ($out.log):"
		detail=$(tail -n 20 "$out.log")
	elif grep -Eq "$trouble" "$out/console.log"; then
		problem="kernel error or sanitizer report in $out/console.log:"
		detail=$(grep -En -A3 "$trouble" "$out/console.log" | head -40)
	elif ! diff -ru "$committed" "$fresh" >"$out.diff"; then
		problem="the demo no longer gives the chapter's transcripts: run
'make transcripts' and commit the result ($out.diff):"
		detail=$(head -n 40 "$out.diff")
	fi
	if [ -z "$problem" ]; then
		pass "$label"
	else
		fail "$label"
		{ echo "$problem"; echo "$detail"; } | sed 's/^/        /'
	fi
}

# Two lanes of boots, side by side: a one-CPU guest keeps one host CPU
# busy, and there are two.  In the background, for the whole suite only:
# the in-tree build of the sample, which is the same driver built by
# Kbuild in the tree (its KUnit, bind, power and button tests are enough
# to prove that build), then the demo.  In the foreground: the tests
# TESTS selects against the out-of-tree build, then the campaign.
# Results are judged in that order, once both lanes are done.
in_tree=$build/guest-in-tree
demo=$build/guest-demo
if [ "$tests" = '*' ]; then
	{
		boot_guest "$in_tree" --modules in-tree \
			--tests '15-*,20-refphp-1-*,20-refphp-2-*,20-refphp-4-*'
		run_demo "$demo" "$build/transcripts"
	} &
	background=$!
fi
[ -z "$one_cpu_tests" ] || boot_guest "$build/guest" --tests "$one_cpu_tests"
[ -z "$campaign_tests" ] || boot_guest "$build/guest-campaign" --cpus 2 \
	--tests "$campaign_tests"
[ -z "$background" ] || wait "$background"

if [ -n "$one_cpu_tests" ]; then
	echo "== guest tests, out-of-tree modules (TESTS='$tests')"
	judge_guest "out-of-tree build" "$build/guest"
fi
if [ -n "$campaign_tests" ]; then
	echo "== reliability campaign, out-of-tree modules, two CPUs"
	judge_guest "campaign" "$build/guest-campaign"
fi
if [ "$tests" = '*' ]; then
	echo "== guest tests, in-tree sample modules (samples/pci_hotplug)"
	judge_guest "in-tree build" "$in_tree"
	echo "== the demo and the chapter's transcripts of it"
	judge_demo "make demo runs clean and gives the chapter's transcripts" \
		"$demo" "$build/transcripts"
fi

if [ -n "$campaign_tests" ]; then
	echo
	echo "== reliability campaign figures"
	campaign_figures "$build/guest-campaign"
fi
echo
echo "check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
