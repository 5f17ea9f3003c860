#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make check': the static checks, then one boot of the guest running the
# test scripts, then the verdict.  Every check is one result; KTAP results
# from the guest are counted by the kernel's own parser (kunit.py parse).
# Ends with "check: N passed, N failed, N skipped" and exits non-zero on
# any failure.
#
#   check.sh [--tests <glob>] <kernel tree> <build dir>

set -u

tests='*'
if [ "$1" = --tests ]; then
	tests=$2
	shift 2
fi
ksrc=$(realpath "$1")
build=$(realpath "$2")
top=$(cd "$(dirname "$0")/.." && pwd)
guest=$build/guest

passed=0
failed=0
skipped=0

pass() {
	passed=$((passed + 1))
	echo "ok      $1"
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

cd "$top" || exit 1

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

echo "== guest tests (TESTS='$tests')"
if qemu/run.sh --mode check --tests "$tests" "$ksrc/arch/x86/boot/bzImage" \
	"$build/initramfs.cpio" "$guest"; then
	pass "guest booted, ran its tests and powered off"
else
	fail "guest booted, ran its tests and powered off"
fi

# The kernel's KTAP parser judges the guest's results: missing plans,
# crashed or missing tests are errors there too.
if [ -s "$guest/ktap.log" ]; then
	python3 "$ksrc/tools/testing/kunit/kunit.py" parse "$guest/ktap.log" \
		>"$guest/kunit-parse.txt" 2>&1
	parse_status=$?
	sed 's/^\[[0-9:]*\] //' "$guest/kunit-parse.txt"
	summary=$(sed -n 's/.*Testing complete\. Ran [0-9]* tests: //p' \
		"$guest/kunit-parse.txt" | sed 's/\x1b\[[0-9;]*m//g')
	count() {
		n=$(echo "$summary" | tr ',' '\n' | sed -n "s/^ *$1: //p")
		echo "${n:-0}"
	}
	guest_passed=$(count passed)
	guest_failed=$(( $(count failed) + $(count crashed) + $(count errors) ))
	guest_skipped=$(count skipped)
	passed=$((passed + guest_passed))
	failed=$((failed + guest_failed))
	skipped=$((skipped + guest_skipped))
	if [ "$parse_status" -ne 0 ] && [ "$guest_failed" -eq 0 ]; then
		fail "kunit.py parse of $guest/ktap.log (status $parse_status)"
	fi
else
	fail "the guest wrote no KTAP ($guest/ktap.log is empty)"
fi

# Any sanitizer or kernel error report in the console log is a failure,
# whatever the tests said.
trouble='BUG:|BUG [a-z]|WARNING:|KASAN:|UBSAN:|unreferenced object|'
trouble=$trouble'suspected memory leak|Oops|Kernel panic|general protection|'
trouble=$trouble'possible circular locking|possible recursive locking|'
trouble=$trouble'inconsistent lock state|lock held when returning|'
trouble=$trouble'INFO: task .* blocked|ODEBUG:|refcount_t:|Call Trace:'
if [ -f "$guest/console.log" ] &&
   ! grep -Eq "$trouble" "$guest/console.log"; then
	pass "no kernel error or sanitizer report in the guest console log"
else
	fail "no kernel error or sanitizer report in the guest console log"
	grep -En -A3 "$trouble" "$guest/console.log" 2>/dev/null | head -40 |
		sed 's/^/        /'
	echo "        (whole log: $guest/console.log)"
fi

echo
echo "check: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
