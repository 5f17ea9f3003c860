#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make patches': regenerate the series in patches/ from the kit's sources,
# on top of the pristine commit of the extracted tree.
#
#   make-patches.sh <kernel tree> <work tree> <output dir> ['Name <email>']
#
# The identity is the author of the kit's patches and the one who signs
# off every patch.  Without one the series is made with a placeholder
# that nobody can send, 'Your Name <you@example.invalid>': that is the
# committed copy in patches/, which 'make check' compares with.  'make
# signed-patches' gives yours.
#
# The sources of the series:
#   patches/src/0*.patch                   the fixes to the PCI hotplug
#                                          core, the PCI core, genirq and
#                                          ACPICA, and an ABI entry (kept
#                                          as patches: they edit kernel
#                                          files)                       (1-9)
#   reference-driver/                      -> samples/pci_hotplug/ (10)
#   Documentation/driver-api/design-patterns/ (but the three
#   pages below)                                                  (11)
#   .../midlayer-mistake.rst and diagrams/*.dot                   (12)
#   .../refphp-walkthrough.rst and its transcripts/ of the demo's
#   steps ('make transcripts')                                    (13)
#   .../midlayers-elsewhere.rst                                   (14)
#   .../midlayer-signs.rst, made by 'make findings'               (15)
#   patches/src/*.msg, cover-letter        the commit messages (the cover
#                                          letter's @KERNELVERSION@ is the
#                                          tree's version)
#   patches/src/samples-Kconfig, driver-model-pointer.rst,
#   pci-rst-pointer.rst, MAINTAINERS-design-patterns
#                                          text added to existing kernel
#                                          files
#
# The commits are made in a git worktree of the kernel tree (<work tree>)
# with fixed dates, so the output is the same each time for one identity.

set -eu

ksrc=$(realpath "$1")
work=$(realpath -m "$2")
out=$(realpath -m "$3")
top=$(cd "$(dirname "$0")/.." && pwd)
src=$top/patches/src
patterns=Documentation/driver-api/design-patterns

placeholder='Your Name <you@example.invalid>'
identity=${4:-$placeholder}
case $identity in
*' <'*'@'*'>') ;;
*) echo "make-patches.sh: '$identity' is not 'Name <email>'" >&2; exit 1 ;;
esac
export GIT_AUTHOR_NAME="${identity% <*}"
GIT_AUTHOR_EMAIL="${identity##* <}"
export GIT_AUTHOR_EMAIL="${GIT_AUTHOR_EMAIL%>}"
export GIT_COMMITTER_NAME=$GIT_AUTHOR_NAME
export GIT_COMMITTER_EMAIL=$GIT_AUTHOR_EMAIL
identity_in_sed=$(printf '%s' "$identity" | sed 's/[\/&]/\\&/g')
commit_number=0

# core.abbrev: the index lines of the patches must not depend on how many
# objects the repository happens to hold.
git_work() {
	git -C "$work" -c gc.auto=0 -c core.abbrev=12 "$@"
}

# commit <message file>: commit everything staged, signed off, dated one
# minute after the previous patch of the series.
commit() {
	commit_number=$((commit_number + 1))
	date=$(printf '2026-12-03T12:%02d:00Z' "$commit_number")
	GIT_AUTHOR_DATE=$date GIT_COMMITTER_DATE=$date \
		git_work commit -q -s -F "$1"
}

# add_maintained_file <section> <F: line it follows> <file pattern>: list
# a file pattern in a MAINTAINERS section, keeping the F: lines sorted.
add_maintained_file() {
	awk -v section="$1" -v after="F:\t$2" -v entry="F:\t$3" '
		{ print }
		$0 == section { in_section = 1 }
		/^$/ { in_section = 0 }
		in_section && $0 == after { print entry }' \
		"$work/MAINTAINERS" >"$work/MAINTAINERS.new"
	mv "$work/MAINTAINERS.new" "$work/MAINTAINERS"
}

# add_maintainers_section <section it precedes> <file>: add the section
# in <file> (ending with its empty line) to MAINTAINERS, where its name
# sorts; its M: line, written with the placeholder, takes the identity.
add_maintainers_section() {
	sed "/^M:\t/s/$placeholder/$identity_in_sed/" "$2" >"$work/MAINTAINERS.section"
	awk -v next_section="$1" -v section="$work/MAINTAINERS.section" '
		$0 == next_section {
			while ((getline line < section) > 0) print line
		}
		{ print }' "$work/MAINTAINERS" >"$work/MAINTAINERS.new"
	mv "$work/MAINTAINERS.new" "$work/MAINTAINERS"
	rm "$work/MAINTAINERS.section"
}

# A worktree of the extracted tree, reset to the pristine commit.
if ! git_work rev-parse -q --verify refs/tags/pristine >/dev/null 2>&1; then
	rm -rf "$work"
	git -C "$ksrc" worktree prune
	git -C "$ksrc" worktree add -q --detach "$work" refs/tags/pristine
fi
git_work am --abort >/dev/null 2>&1 || true
git_work checkout -q -f --detach refs/tags/pristine
git_work clean -q -fdx

# 1-9: two backports from mainline, the fixes to the hotplug core and
# the PCI core, the ABI entry of the slot's files, and the genirq and
# ACPICA fixes, written with the placeholder's From: and Signed-off-by:
# lines, which take the identity.
for patch in "$src"/0*.patch; do
	commit_number=$((commit_number + 1))
	date=$(printf '2026-12-03T12:%02d:00Z' "$commit_number")
	sed "/^\(From\|Signed-off-by\): /s/$placeholder/$identity_in_sed/" "$patch" |
		GIT_COMMITTER_DATE=$date git_work am -q
done

# 10: the reference driver as a sample.  Its Kbuild file is the sample's
# Makefile; out of tree, the CONFIG_ symbols are given on the command line.
sample=$work/samples/pci_hotplug
mkdir -p "$sample"
for source in "$top"/reference-driver/*.[ch]; do
	case $source in *.mod.c) continue ;; esac	# Kbuild's, not ours
	cp "$source" "$sample"/
done
cp "$top"/reference-driver/Kbuild "$sample"/Makefile
add_maintained_file 'PCI SUBSYSTEM' 'include/uapi/linux/pci*' samples/pci_hotplug/
awk -v entry="$src/samples-Kconfig" '
	/^endif # SAMPLES/ { while ((getline line < entry) > 0) print line }
	{ print }' "$work/samples/Kconfig" >"$work/samples/Kconfig.new"
mv "$work/samples/Kconfig.new" "$work/samples/Kconfig"
sed -i '/^obj-$(CONFIG_SAMPLE_QMI_CLIENT)/i obj-$(CONFIG_SAMPLE_PCI_HOTPLUG)\t+= pci_hotplug/' \
	"$work/samples/Makefile"
git_work add -f samples MAINTAINERS
commit "$src/samples.msg"

# copy_page <page> <later page>...: copy a page of the catalogue into the
# work tree without the lines that name a page a later patch adds
# (scripts/drop-later-links.awk, which fails on a line it cannot drop
# whole).
copy_page() {
	page=$1
	shift
	awk -v later="$*" -f "$top/scripts/drop-later-links.awk" \
		"$top/$patterns/$page" >"$work/$patterns/$page"
}

# copy_pages <later page>...: copy every page of the catalogue but the
# later ones, each without the lines that name a later page.
copy_pages() {
	for page in "$top/$patterns"/*.rst; do
		case " $* " in *" $(basename "$page" .rst) "*) continue ;; esac
		copy_page "$(basename "$page")" "$@"
	done
}

# The pages that have a patch of their own, in the order of the series.
own_pages='midlayer-mistake refphp-walkthrough midlayers-elsewhere midlayer-signs'

# 11: the catalogue, without the pages below (and the lines that link to
# them) yet, a pointer to it from the driver model's page of design
# patterns, before the list of the patterns that page describes, and a
# MAINTAINERS section of its own for the directory.
mkdir -p "$work/$patterns"
# shellcheck disable=SC2086 # a list of names
copy_pages $own_pages
sed -i 's|^   driver-model/index$|&\n   design-patterns/index|' \
	"$work/Documentation/driver-api/index.rst"
driver_model=$work/Documentation/driver-api/driver-model/design-patterns.rst
awk -v pointer="$src/driver-model-pointer.rst" '
	/^1\. State Container$/ && !done {
		while ((getline line < pointer) > 0) print line
		done = 1
	}
	{ print }' "$driver_model" >"$driver_model.new"
mv "$driver_model.new" "$driver_model"
add_maintainers_section 'DESIGNWARE EDMA CORE IP DRIVER' \
	"$src/MAINTAINERS-design-patterns"
git_work add -f Documentation MAINTAINERS
commit "$src/catalogue.msg"

# 12: the chapter, its links from the other pages, its diagrams, and a
# pointer from the PCI API page, which renders the hotplug core's
# kernel-doc (and with the pointer the header's).
copy_pages refphp-walkthrough midlayers-elsewhere midlayer-signs
cp "$top"/diagrams/*.dot "$work/$patterns/"
awk -v pointer="$src/pci-rst-pointer.rst" '
	/^\.\. kernel-doc:: drivers\/pci\/hotplug\/pci_hotplug_core.c/ {
		while ((getline line < pointer) > 0) print line
	}
	{ print }' "$work/Documentation/driver-api/pci/pci.rst" \
	>"$work/Documentation/driver-api/pci/pci.rst.new"
mv "$work/Documentation/driver-api/pci/pci.rst.new" \
	"$work/Documentation/driver-api/pci/pci.rst"
add_maintained_file 'PCI SUBSYSTEM' 'Documentation/devicetree/bindings/pci/' \
	"$patterns/midlayer-mistake.rst"
git_work add -f Documentation MAINTAINERS
commit "$src/chapter.msg"

# 13: the walk-through of the sample, with the transcripts of the demo
# that it includes, and its links from the chapter.
copy_pages midlayers-elsewhere midlayer-signs
mkdir -p "$work/$patterns/transcripts"
cp "$top/$patterns"/transcripts/*.txt "$work/$patterns/transcripts/"
add_maintained_file 'PCI SUBSYSTEM' "$patterns/midlayer-mistake.rst" \
	"$patterns/refphp-walkthrough.rst"
add_maintained_file 'PCI SUBSYSTEM' "$patterns/refphp-walkthrough.rst" \
	"$patterns/transcripts/"
git_work add -f Documentation MAINTAINERS
commit "$src/walkthrough.msg"

# 14: midlayers in other subsystems, and the links to it.  It is the
# catalogue's, not the PCI subsystem's: the directory's own MAINTAINERS
# section covers it.
copy_pages midlayer-signs
git_work add -f Documentation
commit "$src/elsewhere.msg"

# 15: the midlayer signs that the kit's Coccinelle rules find in the
# tree ('make findings'), and the links to it; the catalogue's too.
copy_pages
git_work add -f Documentation
commit "$src/signs.msg"

# The series, with a cover letter taken from the branch description.
git_work checkout -q -B midlayer-kit
# The cover letter names the tree's version as the tree says it, not as
# someone once typed it.
version=$(make -s --no-print-directory -C "$ksrc" kernelversion)
git_work config branch.midlayer-kit.description \
	"$(sed "s/@KERNELVERSION@/$version/g" "$src/cover-letter")"
mkdir -p "$out"
rm -f "$out"/[0-9]*.patch "$out/series"
GIT_COMMITTER_DATE="2026-12-03T12:00:00Z" git_work format-patch -q \
	--cover-letter --cover-from-description=subject --no-signature \
	--zero-commit -o "$out" refs/tags/pristine..midlayer-kit
(cd "$out" && ls [0-9]*.patch) >"$out/series"
