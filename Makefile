# SPDX-License-Identifier: GPL-2.0
#
# The one entry point of the kit: 'make help' lists the targets.
#
# Everything that is built lands under $(BUILD): the kernel tree extracted
# from Debian's linux-source package with the series of patches/ applied,
# the kernel and the initramfs, and the logs of each QEMU boot.

MAKEFLAGS += --no-builtin-rules

# The kit's tools are Debian packages: use Debian's python3 (which has the
# modules the kernel's scripts import) even where another one comes first.
export PATH := /usr/bin:$(PATH)

BUILD ?= $(CURDIR)/build
override BUILD := $(abspath $(BUILD))

TARBALL := /usr/src/linux-source-6.12.tar.xz
KSRC := $(BUILD)/linux-source-6.12
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
CCACHE_DIR ?= $(HOME)/.cache/ccache
export CCACHE_DIR

KMAKE := $(MAKE) -C $(KSRC) -j$(JOBS) CC="ccache gcc"
# Build steps note their time here; 'make check' prints the notes.
TIMED := scripts/timed.sh $(BUILD)/.stage-times

SERIES_STAMP := $(BUILD)/.stamp-series
KCONFIG := $(KSRC)/.config
BZIMAGE := $(KSRC)/arch/x86/boot/bzImage
GEN_INIT_CPIO := $(KSRC)/usr/gen_init_cpio
INITRAMFS := $(BUILD)/initramfs.cpio

# Kbuild writes its output next to the sources: the driver is built from
# a directory of links to them under $(BUILD), so that reference-driver/
# holds sources only.
DRIVER_SRC := $(filter-out %.mod.c,$(wildcard reference-driver/*.[ch])) \
	reference-driver/Kbuild
DRIVER_BUILD := $(BUILD)/reference-driver
DRIVER_OPTIONS := CONFIG_SAMPLE_PCI_HOTPLUG=m CONFIG_SAMPLE_PCI_HOTPLUG_KUNIT_TEST=m
DRIVER_KO := $(DRIVER_BUILD)/refphp.ko $(DRIVER_BUILD)/refphp_kunit.ko
# Modules that only the guest tests load (qemu/test-modules/, one .c file a
# module, listed in its Kbuild), built the same way.
TESTMOD_SRC := $(wildcard qemu/test-modules/*.c) $(wildcard qemu/test-modules/Kbuild)
TESTMOD_BUILD := $(BUILD)/test-modules
TESTMOD_KO := $(patsubst qemu/test-modules/%.c,$(TESTMOD_BUILD)/%.ko,$(wildcard qemu/test-modules/*.c))
# The same driver built in the tree, as the series puts it there.
SAMPLE_KO := $(KSRC)/samples/pci_hotplug/refphp.ko $(KSRC)/samples/pci_hotplug/refphp_kunit.ko

# TESTS selects guest tests by shell glob on their names, e.g.
# 'make check TESTS=20-refphp-*'; all of them by default.  'make boot'
# gives the guest CPUS CPUs: 1 boots faster, the campaign (4*) wants 2.
TESTS ?= *
CPUS ?= 1

FORCE:

.PHONY: FORCE help deps tree kernel modules initramfs boot check stress demo bench clean
.PHONY: patches signed-patches htmldocs excerpts detect findings findings-page diagrams transcripts mutants guest-image guest-image-unlocked

help:
	@echo 'The midlayer-mistake kit: targets'
	@echo
	@echo '  make demo       boot the debug kernel in QEMU and narrate a refphp slot'"'"'s life'
	@echo '                  step by step (DEMO_PAUSE=1: wait for Enter between the steps)'
	@echo '  make check      build everything, run every guest test and static check: N passed, N failed'
	@echo '  make bench      print build, boot and test timings, and the lifecycle'"'"'s cost in the guest'
	@echo '  make stress     the reliability campaign alone, STRESS_CYCLES=$(STRESS_CYCLES) cycles and removal rounds'
	@echo '  make mutants    boot each deliberate defect of scripts/mutants/: every one must be caught'
	@echo
	@echo '  make deps       install the Debian packages the kit needs (run by the targets below)'
	@echo '  make tree       extract the 6.12 tree under build/ and apply patches/'
	@echo '  make kernel     configure (tinyconfig + qemu/kernel.config) and build the kernel'
	@echo '  make modules    build reference-driver/ out of tree against that kernel'
	@echo '  make initramfs  pack busybox, qemu/init, the demo, the tests, the bench and the modules'
	@echo '  make boot       boot the guest and run the tests (TESTS=glob, CPUS=1|2), no verdict'
	@echo '  make patches    regenerate the series in patches/ from the kit'"'"'s sources'
	@echo '  make signed-patches'
	@echo '                  the series signed off by AUTHOR='"'"'Name <email>'"'"' (default: git config)'
	@echo '                  in build/signed-patches/, ready for git send-email'
	@echo '  make htmldocs   build the chapter and the catalogue with the kernel'"'"'s Sphinx (-W)'
	@echo '  make diagrams   render diagrams/*.dot to SVG in build/diagrams/'
	@echo '  make excerpts   regenerate the record of what each excerpt of the pages shows'
	@echo '  make detect     find the midlayer signs of coccinelle/ in the tree (DETECT_TREE=pristine|patched)'
	@echo '  make findings   run them over the series'"'"' tree into coccinelle/findings.txt,'
	@echo '                  draw its precision samples again and write its page'
	@echo '  make findings-page'
	@echo '                  write that page again, once the samples are labelled'
	@echo '  make transcripts'
	@echo '                  regenerate the walk-through'"'"'s transcripts of the demo'"'"'s steps'
	@echo '  make clean      remove build/ (the ccache in $(CCACHE_DIR) stays)'
	@echo
	@echo 'Variables: BUILD=$(BUILD) TESTS=glob CPUS=$(CPUS) JOBS=$(JOBS) DEMO_PAUSE=1'
	@echo '           CHECK_CACHE=0 (rerun the series and docs checks even on unchanged inputs)'

deps:
	@scripts/deps.sh

# The kernel tree.  prepare-tree.sh keeps its own stamps and does nothing
# when neither the tarball nor the series changed.
tree: $(SERIES_STAMP)

$(SERIES_STAMP): $(wildcard patches/*.patch) scripts/prepare-tree.sh $(wildcard $(TARBALL)) | deps
	@mkdir -p $(BUILD)
	@$(TIMED) tree scripts/prepare-tree.sh $(TARBALL) $(BUILD) patches

$(KCONFIG): qemu/kernel.config $(SERIES_STAMP) scripts/check-config.sh
	@echo '  CONFIG  tinyconfig + qemu/kernel.config'
	@$(MAKE) -s -C $(KSRC) tinyconfig >/dev/null
	@cd $(KSRC) && scripts/kconfig/merge_config.sh -m .config $(CURDIR)/qemu/kernel.config >/dev/null
	@$(MAKE) -s -C $(KSRC) olddefconfig
	@scripts/check-config.sh qemu/kernel.config $@

kernel: $(BZIMAGE)

# The kernel, and the in-tree modules: the sample of the series.
$(BZIMAGE) $(SAMPLE_KO) &: $(KCONFIG)
	@echo '  KERNEL  building $(KSRC) (cold: ~7 min; ccache in $(CCACHE_DIR))'
	@$(TIMED) kernel $(KMAKE) bzImage modules
	@touch $(BZIMAGE) $(SAMPLE_KO)

modules: $(DRIVER_KO) $(TESTMOD_KO)

$(DRIVER_KO) &: $(DRIVER_SRC) $(BZIMAGE)
	@echo '  MODULES reference-driver/ (built in $(DRIVER_BUILD))'
	@mkdir -p $(DRIVER_BUILD)
	@ln -sf $(addprefix $(CURDIR)/,$(DRIVER_SRC)) $(DRIVER_BUILD)/
	@$(TIMED) modules $(KMAKE) M=$(DRIVER_BUILD) $(DRIVER_OPTIONS) modules
	@touch $(DRIVER_KO)

ifneq ($(TESTMOD_KO),)
$(TESTMOD_KO) &: $(TESTMOD_SRC) $(BZIMAGE)
	@echo '  MODULES qemu/test-modules/ (built in $(TESTMOD_BUILD))'
	@mkdir -p $(TESTMOD_BUILD)
	@ln -sf $(addprefix $(CURDIR)/,$(TESTMOD_SRC)) $(TESTMOD_BUILD)/
	@$(TIMED) test-modules $(KMAKE) M=$(TESTMOD_BUILD) modules
	@touch $(TESTMOD_KO)
endif

initramfs: $(INITRAMFS)

# The kernel, the modules and the initramfs that a boot needs, built under
# a lock on $(BUILD): 'make demo' may run beside 'make check', and only one
# of them may build at a time.
guest-image:
	@mkdir -p $(BUILD)
	@flock $(BUILD)/.build.lock $(MAKE) --no-print-directory guest-image-unlocked

guest-image-unlocked: $(BZIMAGE) $(INITRAMFS)

# Packed on every run (it takes a moment), replaced only when it changed:
# a file removed from qemu/tests/ must not linger in it.
$(INITRAMFS): FORCE $(DRIVER_KO) $(TESTMOD_KO) $(SAMPLE_KO) | $(BZIMAGE)
	@qemu/make-initramfs.sh $(GEN_INIT_CPIO) $@ $(DRIVER_KO) -- $(SAMPLE_KO) \
		-- $(TESTMOD_KO)

boot: guest-image
	@qemu/run.sh --mode check --tests '$(TESTS)' --cpus $(CPUS) \
		$(BZIMAGE) $(INITRAMFS) $(BUILD)/guest

# The series is made in a worktree of the extracted tree, from its
# pristine commit; 'make check' fails when the committed copy is stale.
SERIES_WORK := $(BUILD)/series-tree
EXTRACTED_STAMP := $(BUILD)/.stamp-extracted

$(EXTRACTED_STAMP): $(wildcard $(TARBALL)) | deps
	@scripts/prepare-tree.sh $(TARBALL) $(BUILD) patches

patches: $(EXTRACTED_STAMP)
	@echo '  PATCHES patches/'
	@scripts/make-patches.sh $(KSRC) $(SERIES_WORK) patches

# The same series, signed off by you instead of the placeholder, to send.
AUTHOR ?= $(shell git config user.name) <$(shell git config user.email)>
SIGNED_PATCHES := $(BUILD)/signed-patches

signed-patches: $(EXTRACTED_STAMP)
	@echo '  PATCHES $(SIGNED_PATCHES)/ ($(AUTHOR))'
	@scripts/make-patches.sh $(KSRC) $(SERIES_WORK) $(SIGNED_PATCHES) '$(AUTHOR)'

# The pages go into the tree through the series, as they would upstream.
DOCS_DIR := driver-api/design-patterns
DOCS_HTML := $(KSRC)/Documentation/output/$(DOCS_DIR)/index.html

htmldocs: patches
	@$(MAKE) -s tree
	@echo '  DOCS    $(DOCS_DIR) (SPHINXOPTS=-W)'
	@$(MAKE) -s -C $(KSRC) SPHINXDIRS=$(DOCS_DIR) SPHINXOPTS=-W htmldocs
	@echo '  HTML    $(DOCS_HTML)'

# The text each literalinclude of the pages shows, cut by Sphinx from the
# tree with the series applied; 'make check' fails when it is stale.
EXCERPTS := scripts/excerpts.txt

excerpts: patches
	@$(MAKE) -s tree
	@echo '  RECORD  $(EXCERPTS)'
	@scripts/record-excerpts.py $(KSRC) $(KSRC)/Documentation/$(DOCS_DIR)/*.rst \
		>$(BUILD)/excerpts.txt
	@mv $(BUILD)/excerpts.txt $(EXCERPTS)

# The midlayer rules of coccinelle/ over the whole extracted tree: as
# Debian ships it (a worktree of its pristine commit), or with the series.
DETECT_TREE ?= pristine
PRISTINE_TREE := $(BUILD)/pristine-tree
DETECT_REPORT := $(BUILD)/detect-$(DETECT_TREE).txt

detect: $(EXTRACTED_STAMP) | deps
	@case '$(DETECT_TREE)' in \
	pristine) \
		[ -d $(PRISTINE_TREE) ] || git -C $(KSRC) worktree add -q --detach \
			$(abspath $(PRISTINE_TREE)) refs/tags/pristine; \
		tree=$(PRISTINE_TREE) ;; \
	patched) \
		$(MAKE) -s tree; tree=$(KSRC) ;; \
	*)	echo 'DETECT_TREE is pristine or patched' >&2; exit 2 ;; \
	esac; \
	scripts/detect.sh $$tree $(DETECT_REPORT)
	@echo '  REPORT  $(DETECT_REPORT)'

# The report of the rules over the whole tree with the series, committed
# with its precision samples and its page; 'make check' fails when they
# are stale.  After 'make findings', label the new sampled findings in
# coccinelle/precision/ by reading the code, then 'make findings-page'.
FINDINGS_PAGE := Documentation/$(DOCS_DIR)/midlayer-signs.rst

findings: $(EXTRACTED_STAMP) | deps
	@$(MAKE) -s tree
	@scripts/make-findings.sh $(KSRC) $(BUILD)
	@$(MAKE) -s findings-page

findings-page: $(EXTRACTED_STAMP)
	@scripts/detect-page.py coccinelle/findings.txt coccinelle \
		"$$($(MAKE) -s --no-print-directory -C $(KSRC) kernelversion)" \
		>$(BUILD)/midlayer-signs.rst
	@mv $(BUILD)/midlayer-signs.rst $(FINDINGS_PAGE)
	@echo '  PAGE    $(FINDINGS_PAGE)'

diagrams: | deps
	@mkdir -p $(BUILD)/diagrams
	@for dot in diagrams/*.dot; do \
		svg=$(BUILD)/diagrams/$$(basename $$dot .dot).svg; \
		echo "  DOT     $$svg"; \
		dot -Tsvg $$dot -o $$svg || exit 1; \
	done

check: guest-image
	@scripts/check.sh --tests '$(TESTS)' $(KSRC) $(BUILD)

# The reliability campaign alone, longer than in 'make check'.
STRESS_CYCLES ?= 1000

stress: guest-image
	@scripts/check.sh --stress $(STRESS_CYCLES) $(KSRC) $(BUILD)

# The demo boots into its own output dir: 'make check' uses guest/ and
# guest-in-tree/, and may run at the same time.  DEMO_PAUSE=1 makes it
# wait for Enter between the steps, without a time limit, but only with a
# terminal on standard input: without one nobody could press Enter, and
# the guest would wait for ever.
DEMO_OUT := $(BUILD)/demo
DEMO_PAUSE ?=

demo: guest-image
	@pause=; \
	if [ -n "$(DEMO_PAUSE)" ] && [ "$(DEMO_PAUSE)" != 0 ]; then \
		if [ -t 0 ]; then \
			pause='--append kit.pause=1 --timeout 0'; \
		else \
			echo 'demo: no terminal on standard input, DEMO_PAUSE ignored' >&2; \
		fi; \
	fi; \
	qemu/run.sh --mode demo $$pause $(BZIMAGE) $(INITRAMFS) $(DEMO_OUT)

# The walk-through's transcripts of the demo, one file per step; 'make check'
# fails when a fresh run of the demo no longer gives the committed ones.
TRANSCRIPTS := Documentation/$(DOCS_DIR)/transcripts

transcripts: guest-image
	@scripts/make-transcripts.sh $(BZIMAGE) $(INITRAMFS) $(DEMO_OUT) $(TRANSCRIPTS)

# The deliberate defects of scripts/mutants/, each of which a check must
# catch; 'make check' runs them after its own checks.
mutants: guest-image
	@scripts/mutants.sh $(KSRC) $(BUILD)

bench: | deps
	@scripts/bench.sh $(BUILD)

clean:
	rm -rf $(BUILD)
