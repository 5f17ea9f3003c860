#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Pack the guest's initramfs with the kernel's own usr/gen_init_cpio:
# Debian's static busybox, qemu/init as /init, qemu/demo as /demo,
# qemu/tests/ as /tests/, the out-of-tree modules in
# /lib/modules/out-of-tree/ and the in-tree ones (after "--") in
# /lib/modules/in-tree/; /init links the chosen set into /lib/modules/.
# The modules after a second "--" are the tests' own (qemu/test-modules/),
# in /lib/modules/test/ whichever set is chosen.
# The output is replaced only when its content changed, so the script can
# run on every make.
#
#   make-initramfs.sh <gen_init_cpio> <output.cpio> <module.ko>... -- <module.ko>...
#                     [-- <test module.ko>...]

set -eu

gen_init_cpio=$1
output=$2
shift 2

here=$(cd "$(dirname "$0")" && pwd)
busybox=/bin/busybox

if ! ldd "$busybox" 2>&1 | grep -q 'not a dynamic'; then
	echo "error: $busybox is missing or not static; 'make deps' installs busybox-static" >&2
	exit 1
fi

# Per-run temporary files: 'make demo' may pack beside 'make check'.
list=$(mktemp "$output.list.XXXXXX")
image=$(mktemp "$output.tmp.XXXXXX")
trap 'rm -f "$list" "$image"' EXIT
{
	for dir in /bin /sbin /usr /usr/bin /usr/sbin /dev /proc /sys /tmp \
		   /lib /lib/modules /lib/modules/out-of-tree \
		   /lib/modules/in-tree /lib/modules/test /tests; do
		echo "dir $dir 0755 0 0"
	done
	echo "nod /dev/console 0600 0 0 c 5 1"
	echo "file /bin/busybox $busybox 0755 0 0"
	echo "slink /bin/sh busybox 0777 0 0"
	echo "file /init $here/init 0755 0 0"
	echo "file /demo $here/demo 0755 0 0"
	echo "file /bench $here/bench 0755 0 0"
	for test in "$here"/tests/*; do
		echo "file /tests/$(basename "$test") $test 0755 0 0"
	done
	build=out-of-tree
	for module in "$@"; do
		if [ "$module" = -- ]; then
			[ $build = out-of-tree ] && build=in-tree || build=test
			continue
		fi
		echo "file /lib/modules/$build/$(basename "$module") $(realpath "$module") 0644 0 0"
	done
} >"$list"

"$gen_init_cpio" "$list" >"$image"
if ! cmp -s "$image" "$output"; then
	echo "  CPIO    $output"
	chmod 0644 "$image"
	mv "$image" "$output"
fi
