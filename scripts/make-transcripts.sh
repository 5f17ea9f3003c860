#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# 'make transcripts': boot the demo without a terminal, keep its narration
# (qemu/demo, the guest's second serial port, which run.sh puts on its
# standard output in demo mode) and cut it into one file per step,
# <NN>-<name>.txt, which the walk-through of refphp (refphp-walkthrough.rst)
# includes at the matching place.  'make check' runs the same into build/ and compares.
#
#   make-transcripts.sh <bzImage> <initramfs> <guest output dir> <transcripts dir>
#
# The guest's output dir gets console.log (run.sh's), narration.log (what
# the terminal would have shown) and narration.txt (normalised).  The
# transcripts dir gets exactly the step files: the ones of steps that no
# longer exist are removed.

set -eu

kernel=$1
initramfs=$2
out=$(realpath -m "$3")
transcripts=$(realpath -m "$4")
top=$(cd "$(dirname "$0")/.." && pwd)

mkdir -p "$out"
log=$out/narration.log
text=$out/narration.txt

# Standard input is not a terminal, so the demo cannot be asked to pause,
# and nothing the user types can end up in the narration.
"$top/qemu/run.sh" --mode demo "$kernel" "$initramfs" "$out" \
	</dev/null >"$log"

# What would vary from one boot to the next is normalised: the serial
# port's CR LF line ends and any kernel timestamp.  The demo itself keeps
# out the rest of what varies (PIDs, per-CPU counts, unrelated kernel
# messages: see qemu/demo); two boots give the same narration.  Trailing
# blanks are dropped too, for the patch series' sake.
sed -e 's/\r$//' -e 's/^\[ *[0-9]*\.[0-9]*\] //' -e 's/[[:space:]]*$//' \
	"$log" >"$text"

if ! grep -q '^=== Step 1: ' "$text"; then
	echo "error: no narration in $log" >&2
	exit 1
fi

# One file per step, from its "=== Step <n>: <name> ===" line to the
# next step's, without the blank lines around it; what comes before the
# first step (run.sh's QEMU line) and from the last "===" line on (the
# end of the demo) belongs to no step.
new=$out/steps
rm -rf "$new"
mkdir -p "$new"
awk -v dir="$new" '
	/^=== / {
		if (file != "")
			close(file)
		file = ""
		blanks = 0
		if (match($0, /^=== Step [0-9]+: [a-z0-9-]+ =+$/)) {
			split($0, word, /[ :]+/)
			file = sprintf("%s/%02d-%s.txt", dir, word[3], word[4])
		}
	}
	file == "" { next }
	/^$/ { blanks++; next }
	{
		for (; blanks > 0; blanks--)
			print "" >file
		print >file
	}' "$text"

# The transcripts are read in a terminal and in the HTML of the walk-through:
# no line may be wider than 80 columns, tabs expanded.
wide=$(cd "$new" && for file in *.txt; do
	expand "$file" | awk -v file="$file" 'length > 80 { print file ":" FNR ": " $0 }'
done)
if [ -n "$wide" ]; then
	echo "error: narration lines wider than 80 columns:" >&2
	echo "$wide" >&2
	exit 1
fi

mkdir -p "$transcripts"
rm -f "$transcripts"/[0-9][0-9]-*.txt
set -- "$new"/*.txt
cp "$@" "$transcripts"/
echo "  TEXT    $transcripts/: $# steps"
