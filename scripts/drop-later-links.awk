# SPDX-License-Identifier: GPL-2.0
#
# Print a page of the catalogue without the lines that name a page a
# later patch of the series adds: its toctree line, and the lines that
# link to it.  Such a line must hold whole sentences, a one-line list
# item or the last line of a paragraph that begins after the end of a
# sentence, so that dropping it leaves the prose whole; on any other
# line this fails, naming it.
#
#   awk -v later='<page> <page>...' -f drop-later-links.awk <page>.rst

# alone(i): line i can go without cutting a sentence.
function alone(i) {
	if (line[i] !~ /^\* / && line[i - 1] !~ /(^|[.!?])$/)
		return 0
	return i == NR || line[i + 1] == "" || line[i + 1] ~ /^\* /
}

{ line[NR] = $0 }

END {
	n = split(later, names, " ")
	for (i = 1; i <= NR; i++) {
		drop = 0
		for (j = 1; j <= n; j++) {
			if (line[i] ~ ("^ *" names[j] "$")) {
				drop = 1
			} else if (index(line[i], ":doc:`" names[j] "`")) {
				if (!alone(i)) {
					printf "%s:%d: the line linking to %s is not whole sentences\n",
						FILENAME, i, names[j] >"/dev/stderr"
					exit 1
				}
				drop = 1
			}
		}
		if (!drop)
			print line[i]
	}
}
