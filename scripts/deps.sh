#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# Install the Debian packages the kit needs, or say how to.  Run by every
# make target that needs one of them, so a bare machine needs no other step.

set -eu

packages="
	linux-source-6.12
	gcc make bc flex bison libelf-dev libssl-dev ccache perl git
	xz-utils cpio busybox-static qemu-system-x86 socat python3
	python3-sphinx python3-sphinx-rtd-theme python3-yaml graphviz
	python3-ply python3-git lz4 coccinelle
"

missing=
for package in $packages; do
	status=$(dpkg-query -W -f='${db:Status-Status}' "$package" 2>/dev/null || true)
	[ "$status" = installed ] || missing="$missing $package"
done

[ -z "$missing" ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
	echo "error: these Debian packages are missing:$missing" >&2
	echo "Install them as root with:" >&2
	echo "  apt-get install -y$missing" >&2
	exit 1
fi

echo "  DEPS    apt-get install$missing"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q >/dev/null
apt-get install -y -q --no-install-recommends $missing >/dev/null
