#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# The verdict's own tests: feed scripts/judge-guest.py boots that went
# wrong in each way it must catch, and boots that went right, and check
# what it says.  The console logs are in scripts/judge-tests/; the KTAP of
# each case is written here.  One line a case, "ok <case>" or "FAILED
# <case>" with the verdict's output; exit status 0 when all passed.
#
#   test-judge.sh <kernel tree>

set -u

ksrc=$1
top=$(cd "$(dirname "$0")/.." && pwd)
fixtures=$top/scripts/judge-tests
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0

# ktap_of <case>...: a /init KTAP document of one script, 01-case, with
# two cases; "exit" makes its own result line say exit status 1, "skip"
# skips its second case, "limit" makes it reach its time limit;
# "overrun" adds a second script, 02-next, that /init did not run
# because 01-case reached its time limit.
ktap_of() {
	plan=1..1
	result="ok 1 01-case"
	second="ok 2 second"
	case $1 in
	exit)	result="not ok 1 01-case # exit status 1" ;;
	limit | overrun)
		result="not ok 1 01-case # time limit of 120s reached" ;;
	skip)	second="ok 2 second # SKIP no such device" ;;
	esac
	[ "$1" != overrun ] || plan=1..2
	printf '%s\n' "KTAP version 1" "$plan" "    KTAP version 1" \
		"    # Subtest: 01-case" "    1..2" "    ok 1 first" \
		"    $second" "$result"
	[ "$1" != overrun ] ||
		echo "not ok 2 02-next # not run: 01-case still runs"
}

# judge_case <name> <ktap kind> <console log> <expected tests> <expect>:
# <expect> is "pass" (nothing fails) or an extended regex that must match
# a FAILED line of the verdict (and something must fail).
judge_case() {
	out=$work/$1
	mkdir -p "$out"
	ktap_of "$2" >"$out/ktap.log"
	cp "$fixtures/$3" "$out/console.log"
	echo 0 >"$out.status"
	: >"$out.run.log"
	mkdir -p "$work/tests"
	verdict=$("$top/scripts/judge-guest.py" --label boot \
		--kunit "$ksrc/tools/testing/kunit" --tests "$work/tests" \
		--known "$top/qemu/known-reports" --expect "$4" "$out" 2>&1)
	failed=$(echo "$verdict" | sed -n 's/^counts: [0-9]* \([0-9]*\) .*/\1/p')
	if [ "$5" = pass ]; then
		[ "$failed" = 0 ]
	else
		[ "${failed:-0}" -gt 0 ] && echo "$verdict" | grep -Eq "^FAILED .*$5"
	fi
	if [ $? -eq 0 ]; then
		echo "ok      judge: $1"
	else
		failures=$((failures + 1))
		echo "FAILED  judge: $1"
		echo "$verdict" | sed 's/^/        /'
	fi
}

judge_case good_boot_passes ok clean.log 01-case pass
judge_case exit_status_after_ok_lines_fails exit clean.log 01-case '01-case ran'
judge_case missing_test_fails ok clean.log 01-case,02-missing '02-missing ran'
judge_case time_limit_fails limit clean.log 01-case '01-case ran'
judge_case not_run_after_time_limit_fails overrun clean.log 01-case,02-next \
	'02-next ran'
judge_case undeclared_skip_fails skip clean.log 01-case 'second was skipped'
judge_case known_lockdep_report_passes ok lockdep-pciehp.log 01-case pass
judge_case same_locks_other_function_fails ok lockdep-other-function.log \
	01-case 'console log'
judge_case kmemleak_report_fails ok kmemleak.log 01-case 'console log'
judge_case kmemleak_disabled_fails ok kmemleak-disabled.log 01-case 'console log'

# A declared skip passes: the script names its reason.
echo '# kit-expected-skip: no such device' >"$work/tests/01-case.sh"
judge_case declared_skip_passes skip clean.log 01-case pass

[ "$failures" -eq 0 ]
