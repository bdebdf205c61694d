# lmbench-ng - top-level Makefile (GNU make).
#
#   make [build]         the library and every program, into bin/<triplet>/
#   make test            unit, smoke, signal and sanitizer tests, then lint
#   make check           the tests of one build (BUILD=... to choose)
#   make lint            cppcheck, clang-tidy, shellcheck
#   make install         lmbench-ng on PATH; programs, scripts and man pages
#                        under $(DESTDIR)$(PREFIX) (uninstall removes them)
#   make dist            lmbench-ng-VERSION.tar.gz: the tracked files and VERSION
#   make distcheck       that tarball unpacked, built (warnings are errors)
#                        and tested elsewhere (not part of make test)
#   make cross           the library, programs and unit tests for aarch64 and
#                        riscv64 (bin/<triplet>/), with Debian's cross gcc
#   make cross-test      those builds' unit and smoke tests under qemu-user
#   make truth           what this machine states beside what the suite finds
#   make fleet INVENTORY=FILE   the suite on every host of an Ansible
#                        inventory, results fetched here (fleet/,
#                        lmbench-ng-fleet(7))
#   make clean
#
# Knobs: CC CPPFLAGS CFLAGS LDFLAGS DESTDIR PREFIX, DEVELOPER=1 (warnings are
# errors), SANITIZE=address,undefined (a separate build in
# bin/<triplet>-sanitize/).

.DEFAULT_GOAL := build

CFLAGS ?= -O2 -g
PREFIX ?= /usr/local
DESTDIR ?=

# The triplet names the build directory: gcc says x86_64-linux-gnu, clang
# x86_64-pc-linux-gnu; both become x86_64-linux-gnu, as lmbench names it.
TRIPLET := $(shell $(CC) -dumpmachine 2>/dev/null | sed -e 's/-pc-/-/' -e 's/-unknown-/-/')
ifeq ($(TRIPLET),)
TRIPLET := $(shell uname -m)-$(shell uname -s | tr A-Z a-z)
endif

# Jobs for the parallel parts of make test (the sanitizer build, lint).
JOBS ?= $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)

ifneq ($(SANITIZE),)
BUILD ?= bin/$(TRIPLET)-sanitize
else
BUILD ?= bin/$(TRIPLET)
endif
OBJ := $(BUILD)/obj

WARN := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes \
	-Wformat=2 -Wvla -Werror=implicit-function-declaration \
	-Werror=implicit-int
# Every loop starts on a 64-byte boundary.  A kernel's figure should not
# hang on where the linker happened to put it: on AMD Zen 4 the same
# scalar triad loop ran at 44 GB/s when it crossed a 64-byte line and
# 76 GB/s when it did not (512 KB, in L2), and stream's copy, scale and
# triad moved between half and all of lmbench's with unrelated changes.
# (A compiler without the option gets none.)  CFLAGS may override it.
ALIGN := $(shell $(CC) -falign-loops=64 -E -x c /dev/null >/dev/null 2>&1 && echo -falign-loops=64)
# CPPFLAGS (dpkg-buildflags puts -D_FORTIFY_SOURCE there) before CFLAGS.
ALL_CFLAGS := -std=c11 -D_POSIX_C_SOURCE=200809L $(CPPFLAGS) $(WARN) $(ALIGN) $(CFLAGS)
ALL_LDFLAGS := $(LDFLAGS)
ifeq ($(DEVELOPER),1)
ALL_CFLAGS += -Werror
endif
ifneq ($(SANITIZE),)
ALL_CFLAGS += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer -fno-sanitize-recover=all
ALL_LDFLAGS += -fsanitize=$(SANITIZE)
endif
LIBS := -lm -lpthread

# The sources, one folder per layer (src/layers.tab, bottom to top): the
# core, the harness, the families' shared parts, the programs (each
# program's main and its private modules) and compare.  An object is
# found by its name in them (vpath); a header by the -I of every folder,
# which stay out of the flags a result file records (.flags).
SRC_DIRS := src/core src/harness src/family src/programs src/compare
SRC_INC := $(SRC_DIRS:%=-I%)
vpath %.c $(SRC_DIRS)

# The programs: the registry src/programs.tab names each once, with its
# manual section, its own sources and the package it needs; every rule
# below reads it (through scripts/registry.awk, its one reader), and
# this file names no program.  For each NAME:
# PROG_SRCS_NAME (its sources, a * expanded), PROG_NEED_NAME (the
# package, "?" dropped), PROG_CFLAGS_NAME and PROG_LIBS_NAME (the
# package's flags where found).  A program whose package is required and
# not found is not built.
REGISTRY := src/programs.tab
comma := ,
REG_ROWS := $(shell awk -v registry=$(REGISTRY) -v registry_query=rows -f scripts/registry.awk | awk '{ print $$1 "|" $$2 "|" $$3 "|" $$4 }')
reg_col = $(word $2,$(subst |, ,$1))
# pkg-config is asked once per package: PKG_FOUND_k, PKG_CFLAGS_k,
# PKG_LIBS_k; an optional one's programs also get -DHAVE_LIBK.
pkg_define = -DHAVE_LIB$(shell echo '$(patsubst lib%,%,$1)' | tr a-z A-Z)
define reg_program
PROG_SRCS_$(call reg_col,$1,1) := $(basename $(notdir $(wildcard $(foreach s,$(subst $(comma), ,$(call reg_col,$1,3)),src/programs/$s.c src/compare/$s.c))))
PROG_NEED_$(call reg_col,$1,1) := $(patsubst %?,%,$(filter-out -,$(call reg_col,$1,4)))
PROG_OPTIONAL_$(call reg_col,$1,1) := $(if $(filter %?,$(call reg_col,$1,4)),yes)
endef
$(foreach r,$(REG_ROWS),$(eval $(call reg_program,$r)))
REG_NAMES := $(foreach r,$(REG_ROWS),$(call reg_col,$r,1))
REG_NEEDS := $(sort $(foreach n,$(REG_NAMES),$(PROG_NEED_$n)))
define reg_package
PKG_FOUND_$1 := $(shell pkg-config --exists $1 2>/dev/null && echo yes)
PKG_CFLAGS_$1 := $$(if $$(PKG_FOUND_$1),$$(shell pkg-config --cflags $1 2>/dev/null))
PKG_LIBS_$1 := $$(if $$(PKG_FOUND_$1),$$(shell pkg-config --libs $1 2>/dev/null))
endef
$(foreach k,$(REG_NEEDS),$(eval $(call reg_package,$k)))
$(foreach n,$(REG_NAMES),$(if $(PKG_FOUND_$(PROG_NEED_$n)),$(eval \
	PROG_CFLAGS_$n := $(if $(PROG_OPTIONAL_$n),$(call pkg_define,$(PROG_NEED_$n))) \
		$(PKG_CFLAGS_$(PROG_NEED_$n))) $(eval PROG_LIBS_$n := $(PKG_LIBS_$(PROG_NEED_$n)))))
# Built here: every program but those missing a required package.
PROGRAMS := $(foreach n,$(REG_NAMES),$(if $(PROG_NEED_$n),$(if $(or $(PROG_OPTIONAL_$n),$(PKG_FOUND_$(PROG_NEED_$n))),$n),$n))
# Every found package's compile flags (for lint, which reads every file).
REG_CFLAGS := $(sort $(foreach k,$(REG_NEEDS),$(PKG_CFLAGS_$k)))

# The library, one module per line.
LIB_MODULES := \
	lib_analysis \
	lib_analysis_cache \
	lib_bench \
	lib_bw_classic \
	lib_bw_wide \
	lib_chase \
	lib_clock \
	lib_context \
	lib_copy \
	lib_cpuid \
	lib_dd \
	lib_fd \
	lib_ddio \
	lib_file \
	lib_file_bw \
	lib_forked \
	lib_harness \
	lib_http \
	lib_infer \
	lib_ipc \
	lib_json \
	lib_json_place \
	lib_load \
	lib_mem \
	lib_mem_chain \
	lib_mem_pages \
	lib_net \
	lib_ops \
	lib_opts \
	lib_opts_help \
	lib_parallel \
	lib_parallel_threads \
	lib_params \
	lib_party \
	lib_peer \
	lib_place \
	lib_place_policy \
	lib_polled \
	lib_report \
	lib_ring \
	lib_rtt \
	lib_sample \
	lib_server \
	lib_share \
	lib_stats \
	lib_super \
	lib_sweep \
	lib_task \
	lib_task_crew \
	lib_tcpbw \
	lib_threads \
	lib_topo \
	lib_udp \
	lib_udpbw \
	lib_unix \
	lib_util \
	lib_util_parse \
	lib_util_said

# compare's modules (src/compare/compare_*.c, with the private header
# compare.h), which the fuzz harnesses link without its main.
COMPARE_OBJS := $(patsubst src/compare/%.c,$(OBJ)/%.o,$(wildcard src/compare/compare_*.c))

# Unit tests (tests/unit/<name>.c), one per line.
UNIT_TESTS := \
	test_analysis \
	test_cpuid \
	test_file \
	test_mem \
	test_mixed \
	test_opts \
	test_place \
	test_settle \
	test_infer \
	test_json \
	test_stats \
	test_sweep \
	test_util

LIB := $(BUILD)/libbench.a
LIB_OBJS := $(LIB_MODULES:%=$(OBJ)/%.o)
PROG_BINS := $(PROGRAMS:%=$(BUILD)/%)
# compare's front end: the program whose main is compare_main (scripts/compare's).
COMPARE_BIN := $(BUILD)/$(firstword $(foreach n,$(REG_NAMES),$(if $(filter compare_main,$(PROG_SRCS_$n)),$n)))
UNIT_BINS := $(UNIT_TESTS:%=$(BUILD)/tests/%)

# A change of compiler or flags rebuilds everything.
FLAGS_FILE := $(OBJ)/.flags
FLAGS_NOW := $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LIBS)

.PHONY: gate-check build all test check unit graph smoke signals scripts net sanitize sanitize-build sanitize-check lint fuzz fuzz-build fuzz-bins bench bench-kernels bench-net format see results rerun compare report install \
	uninstall dist distcheck clean FORCE cross cross-test truth fleet

build all: $(PROG_BINS)

$(FLAGS_FILE): FORCE
	@mkdir -p $(OBJ)
	@echo '$(FLAGS_NOW)' | cmp -s - $@ || echo '$(FLAGS_NOW)' >$@

# The version, from one place (lib_opts.o, for --version, and lib_context.o, for the records, alone carry it):
# the VERSION file of a release tarball (make dist writes it), which wins
# wherever it is; else, in a git checkout, git describe of the newest
# release tag, vMAJOR.MINOR.PATCH, without its v: "0.9.0" at the tag,
# "0.9.0-3-gabc1234" three commits on, "-dirty" added for uncommitted
# changes; before the first release tag, "0.0.0-N-gHASH" (N commits);
# else "unknown".  Cutting a release: doc/HACKING.
GIT_VERSION := git describe --tags --match 'v[0-9]*.[0-9]*.[0-9]*' --dirty 2>/dev/null | sed 's/^v//' | grep . || \
	{ h=$$(git describe --always --dirty 2>/dev/null) && echo "0.0.0-$$(git rev-list --count HEAD)-g$$h"; }
VERSION := $(shell cat VERSION 2>/dev/null || { $(GIT_VERSION); } || echo unknown)
VERSION_FILE := $(OBJ)/.version

$(VERSION_FILE): FORCE
	@mkdir -p $(OBJ)
	@echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' >$@

$(OBJ)/lib_opts.o $(OBJ)/lib_context.o: $(VERSION_FILE)
$(OBJ)/lib_opts.o $(OBJ)/lib_context.o: ALL_CFLAGS += -DLMBENCH_VERSION='"$(VERSION)"'
# lib_context.o also names the build's flags in each record's context.
$(OBJ)/lib_context.o: ALL_CFLAGS += -DLMBENCH_CFLAGS='"$(subst ",,$(subst ',,$(CFLAGS)))"'

$(OBJ)/%.o: %.c $(FLAGS_FILE)
	@mkdir -p $(OBJ)
	$(CC) $(ALL_CFLAGS) $(SRC_INC) -MMD -MP -c -o $@ $<

$(OBJ)/test_%.o: tests/unit/test_%.c $(FLAGS_FILE)
	@mkdir -p $(OBJ)
	$(CC) $(ALL_CFLAGS) $(SRC_INC) -MMD -MP -c -o $@ $<

$(LIB): $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

# Each program from its own sources and the library, with its package's
# flags (the registry, above).
# (prog_objs NAME: its objects; a function, since a % written in the rule
# would be the rule's own stem.)
prog_objs = $(PROG_SRCS_$1:%=$(OBJ)/%.o)
.SECONDEXPANSION:
$(PROG_BINS): $(BUILD)/%: $$(call prog_objs,$$*) $(LIB)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $(call prog_objs,$*) $(LIB) $(LIBS) $(PROG_LIBS_$*)
$(foreach n,$(PROGRAMS),$(if $(PROG_CFLAGS_$n),$(eval \
	$(PROG_SRCS_$n:%=$(OBJ)/%.o): ALL_CFLAGS += $(PROG_CFLAGS_$n))))

$(UNIT_BINS): $(BUILD)/tests/%: $(OBJ)/%.o $(LIB)
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $< $(LIB) $(LIBS)

-include $(wildcard $(OBJ)/*.d)
# A dependency file written before src/ had a folder for each layer names
# the source at its old place (src/NAME.c, which -MP gives no rule, as
# it does a header): nothing to make, so the object is built again from
# the source's new place, and its new .d names that.  A source that is
# there is up to date by this rule, as by none.
src/%.c: ;

# ---------------------------------------------------------------- fuzz
# libFuzzer harnesses (tests/fuzz/fuzz_NAME.c) over every reader of
# outside bytes: compare's classic, JSON and thresholds readers (through
# its main and every output), lmhttp's request parser, bw_udp's request
# handling, the option, size and CPU-list parsers, the JSON writers over
# outside bytes (strings, placements, LMBENCH_RUN).  Built with clang,
# ASan and UBSan in bin/<triplet>-fuzz; make fuzz runs each FUZZ_TIME
# seconds (default 60) from its corpus, tests/fuzz/corpus/NAME.
FUZZ_CC ?= clang
FUZZ_TIME ?= 60
FUZZERS := compare history http json parse udpbw
FUZZ_BUILD := bin/$(TRIPLET)-fuzz
fuzz-build:
	@command -v $(FUZZ_CC) >/dev/null || { echo "make fuzz: no $(FUZZ_CC) (Debian: clang, libclang-rt-14-dev)" >&2; exit 1; }
	$(MAKE) -j$(JOBS) CC=$(FUZZ_CC) DEVELOPER= CFLAGS='-g -O1' \
		SANITIZE=fuzzer-no-link,address,undefined BUILD=$(FUZZ_BUILD) fuzz-bins
fuzz-bins: $(FUZZERS:%=$(BUILD)/fuzz_%)
$(BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(LIB) $(filter-out $(OBJ)/compare_main.o,$(COMPARE_OBJS))
	$(CC) $(ALL_CFLAGS) $(SRC_INC) -fsanitize=fuzzer -o $@ $< \
		$(filter-out $(OBJ)/compare_main.o,$(COMPARE_OBJS)) $(LIB) $(LIBS)
fuzz: fuzz-build
	sh tests/fuzz/run.sh $(FUZZ_BUILD) $(FUZZ_TIME) $(FUZZERS)

# ---------------------------------------------------------------- cross

# Builds for other processors, with Debian's cross compilers
# (gcc-<triplet>): warnings are errors.  pkg-config looks only in the
# target's own directory, so the host's libtirpc is not taken for the
# target's (a program whose package the target lacks is left out).
CROSS_TRIPLETS ?= aarch64-linux-gnu riscv64-linux-gnu

cross:
	@for t in $(CROSS_TRIPLETS); do \
		command -v $$t-gcc >/dev/null || { echo "make cross: no $$t-gcc (Debian: gcc-$$t)" >&2; exit 1; }; \
		PKG_CONFIG_LIBDIR=/usr/lib/$$t/pkgconfig PKG_CONFIG_PATH= $(MAKE) CC=$$t-gcc AR=$$t-ar \
			DEVELOPER=1 BUILD=bin/$$t build $(UNIT_TESTS:%=bin/$$t/tests/%) || exit 1; \
	done

# Their unit tests and the smoke tests' emulated subset, under qemu-user.
# The targets' tests side by side (each emulated run takes one CPU; the
# two took 172 s one after the other here), their logs shown in order.
cross-test: cross
	@rc=0; pids=""; for t in $(CROSS_TRIPLETS); do \
		sh tests/run.sh bin/$$t cross >bin/$$t/cross-test.log 2>&1 & pids="$$pids $$!"; \
	done; \
	for p in $$pids; do wait $$p || rc=1; done; \
	for t in $(CROSS_TRIPLETS); do cat bin/$$t/cross-test.log; done; exit $$rc

# ---------------------------------------------------------------- tests

# The tests of one build: BUILD=bin/<triplet> by default.
check: $(PROG_BINS) $(UNIT_BINS)
	sh tests/run.sh $(BUILD) unit smoke help signals scripts compare ab history report history_page hostile_scripts hacking recipe registry json placement truth install man net netns hostile fleet

unit: $(UNIT_BINS)
	sh tests/run.sh $(BUILD) unit

smoke: $(PROG_BINS)
	sh tests/run.sh $(BUILD) smoke

signals: $(PROG_BINS)
	sh tests/run.sh $(BUILD) signals

scripts: $(PROG_BINS)
	sh tests/run.sh $(BUILD) scripts compare ab history report history_page hostile_scripts install man

net: $(PROG_BINS)
	sh tests/run.sh $(BUILD) net netns hostile

# The truth tests on this machine, as a table: what the machine states,
# what the suite found, whether they agree (scripts/truth).
truth: $(PROG_BINS)
	sh scripts/truth $(BUILD)

# The sanitizer build runs the unit and smoke tests.
sanitize:
	$(MAKE) -j$(JOBS) SANITIZE=address,undefined $(if $(DEVELOPER),DEVELOPER=$(DEVELOPER)) sanitize-build
	$(MAKE) SANITIZE=address,undefined $(if $(DEVELOPER),DEVELOPER=$(DEVELOPER)) sanitize-check

sanitize-build: $(PROG_BINS) $(UNIT_BINS)

sanitize-check: $(PROG_BINS) $(UNIT_BINS)
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
		sh tests/run.sh $(BUILD) unit smoke history

$(BUILD)/tests/peer: tests/bench/peer.c $(FLAGS_FILE)
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -o $@ $<

# The bench tools that use the library: the buffer-distance experiment
# the bare loops of bw_mem's and STREAM's kernels, and the ratio of two
# sides' interleaved rounds with its interval.
BENCH_LIB_BINS := $(BUILD)/tests/distance $(BUILD)/tests/bare $(BUILD)/tests/ratio
$(BENCH_LIB_BINS): $(BUILD)/tests/%: tests/bench/%.c $(LIB) $(FLAGS_FILE)
	@mkdir -p $(BUILD)/tests
	$(CC) $(ALL_CFLAGS) $(SRC_INC) $(ALL_LDFLAGS) -o $@ $< $(LIB) $(LIBS)

# How often compare's gate fails two sets of runs of one build, and what
# it catches (tests/bench/gate-check.sh; a benchmark, never a test):
# 40 runs of the ci profile (or GATE_RUNS=DIR of runs), random splits,
# one figure made worse at a time, then lmbench-ng ab of this build
# against itself and against a copy whose lat_ops integer division does
# a quarter more work (bin/gate-slower, LMBENCH_GATE_SLOWER).  About 17
# minutes on 2 vCPUs; GATE_AB=0 leaves out the ab part.
gate-check: $(PROG_BINS) $(COMPARE_BIN)
	@if [ "$(GATE_AB)" != 0 ]; then \
		$(MAKE) -s BUILD=bin/gate-slower CPPFLAGS="$(CPPFLAGS) -DLMBENCH_GATE_SLOWER" build || exit 1; \
	fi
	GATE_AB=$(GATE_AB) SLOWER=bin/gate-slower sh tests/bench/gate-check.sh $(BUILD) $(GATE_RUNS)

# Speed targets as ratios beside bare loops: figures, not pass/fail.
# LMBENCH3=DIR (lmbench 3's source tree) adds lmbench 3 to the kernel
# sweep (tests/bench/kernels.sh; bench-kernels runs it alone); bw_tcp
# and lat_tcp beside iperf3 and sockperf where they are installed
# (tests/bench/net.sh; bench-net runs it alone).
bench: $(PROG_BINS) $(BUILD)/tests/peer $(BENCH_LIB_BINS)
	sh tests/bench.sh $(BUILD)
	sh tests/bench/net.sh $(BUILD)
	sh tests/bench/kernels.sh $(BUILD) "$(LMBENCH3)"

bench-kernels: $(PROG_BINS) $(BENCH_LIB_BINS)
	sh tests/bench/kernels.sh $(BUILD) "$(LMBENCH3)"

bench-net: $(PROG_BINS) $(BENCH_LIB_BINS)
	sh tests/bench/net.sh $(BUILD)

# The README's test command: everything.
# Every part runs even after one fails, so that one run shows every
# failure; the status is the worst.
test: $(PROG_BINS) $(UNIT_BINS)
	@rc=0; \
	sh tests/run.sh $(BUILD) unit smoke help signals scripts compare ab history report history_page hostile_scripts hacking recipe registry json placement truth install man net netns hostile fleet || rc=1; \
	t0=$$(date +%s); $(MAKE) sanitize || rc=1; echo "sanitize: $$(($$(date +%s) - t0)) s"; \
	t0=$$(date +%s); $(MAKE) lint || rc=1; echo "lint: $$(($$(date +%s) - t0)) s"; \
	exit $$rc

# (scripts/run-lib, suite and header are checked through scripts/lmbench,
# which sources them: shellcheck -x follows; the programs' steps, which
# it sources by name, each alone.)
SH_SCRIPTS := $(wildcard tests/*.sh tests/bench/*.sh tests/programs/*.sh tests/fuzz/*.sh) .ci/run scripts/summary scripts/see \
	scripts/config-run scripts/config-check scripts/lmbench scripts/compare scripts/report \
	scripts/truth scripts/memfacts scripts/lmbench-ng scripts/commands scripts/ab scripts/graph fleet/run fleet/lib/pack fleet/lib/place fleet/lib/compare-runs \
	$(wildcard fleet/roles/lmbench/files/fleet-*) $(wildcard src/programs/*.steps)

lint:
	@command -v cppcheck >/dev/null || { echo "lint: cppcheck not installed" >&2; exit 1; }
	cppcheck -j $(JOBS) --quiet --error-exitcode=1 --std=c11 --inline-suppr \
		--enable=warning,portability,performance \
		-D_POSIX_C_SOURCE=200809L $(SRC_INC) $(SRC_DIRS) tests/unit tests/bench tests/fuzz
	@command -v clang-tidy >/dev/null || { echo "lint: clang-tidy not installed" >&2; exit 1; }
	ls $(SRC_DIRS:%=%/*.c) tests/unit/*.c tests/bench/*.c tests/fuzz/*.c | xargs -P $(JOBS) -n 8 sh -c \
		'clang-tidy --quiet --warnings-as-errors="*" "$$@" -- -std=c11 -D_POSIX_C_SOURCE=200809L $(SRC_INC) $(REG_CFLAGS)' clang-tidy
	@command -v shellcheck >/dev/null || { echo "lint: shellcheck not installed" >&2; exit 1; }
	shellcheck -x -s sh $(SH_SCRIPTS)
	shellcheck -s bash scripts/lmbench-ng.bash

# Compare two result files or sets (directories, comma lists):
# make compare BASE=results/x86_64-linux-gnu/host.0 NEW=results/.../host.1
# The graph of includes and calls between the files of src/
# (scripts/graph), each file in its layer (src/layers.tab): its counts,
# each cycle, each dependency up a layer, and $(BUILD)/graph.dot (with
# graphviz's dot, graph.svg too); it fails on a cycle, on a dependency
# up a layer, on a file src/layers.tab does not place and on a file
# outside its layer's folder.
graph: $(PROG_BINS)
	sh scripts/graph $(BUILD) $(BUILD)/graph.dot
	@if command -v dot >/dev/null; then dot -Tsvg -o $(BUILD)/graph.svg $(BUILD)/graph.dot && echo "graph: $(BUILD)/graph.svg"; \
	else echo "graph: $(BUILD)/graph.dot (graphviz's dot draws it)"; fi

compare: $(COMPARE_BIN)
	@test -n "$(BASE)" -a -n "$(NEW)" || { echo "usage: make compare BASE=... NEW=... [COMPARE_FLAGS=--fail-on-regression]" >&2; exit 2; }
	LMBENCH_COMPARE=$(COMPARE_BIN) sh scripts/compare $(COMPARE_FLAGS) "$(BASE)" "$(NEW)"

# One HTML page about every result file under results/ (or FILES=...).
report:
	@files="$(FILES)"; [ -n "$$files" ] || files=$$(find results -mindepth 2 -maxdepth 2 -type f ! -name '*.json' ! -name '.*' | sort); \
	[ -n "$$files" ] || { echo "report: no result files under results/ (make results makes one)" >&2; exit 2; }; \
	sh scripts/report -o results/report.html $$files

# Configure (asking at a terminal), then run the suite: a result file in
# results/<os>/<host>.<n>.  rerun: again with the saved configuration.
# Both fail (after saving the file) when a program failed: the file's
# [FAILED: ...] lines say which; a bad CONFIG stops them before anything
# runs.
HOST := $(shell uname -n)
# RUNS=N: N runs, each its own result file (what compare's gate tests);
# PROFILE=ci: the short profile (config-run).
results: $(PROG_BINS)
	sh scripts/config-run $(BUILD)
	$(if $(RUNS),RUNS='$(RUNS)') sh scripts/lmbench $(BUILD) $(BUILD)/CONFIG.$(HOST)

rerun: $(PROG_BINS)
	@test -r $(BUILD)/CONFIG.$(HOST) || { echo "make rerun: no $(BUILD)/CONFIG.$(HOST); run make results first" >&2; exit 2; }
	sh scripts/lmbench $(BUILD) $(BUILD)/CONFIG.$(HOST)

# The suite on every host of an Ansible inventory (fleet/site.yml): the
# commit built and run there with a profile, the result files fetched to
# results/<os>/<host>.<n>, network pairs measured between hosts, then a
# summary per host and the comparisons (lmbench-ng-fleet(7)).  The
# profile and the knobs, from the command line or the environment:
FLEET_VARS := SUBSET MB ENOUGH FSDIR SYNC_MAX LMBENCH_SCHED FASTMEM SLOWFS MHZ BENCHMARKS \
	FLEET_BUILD SERIAL RESULTS BASELINE COMPARE
fleet: $(if $(filter controller,$(FLEET_BUILD)),$(PROG_BINS))
	@test -n "$(INVENTORY)" || { echo "usage: make fleet INVENTORY=FILE [SUBSET=... MB=... ENOUGH=... BENCHMARKS=... BASELINE=host SERIAL=1 FLEET_BUILD=controller]" >&2; exit 2; }
	@$(foreach v,$(FLEET_VARS),$(if $($(v)),$(v)='$($(v))')) FLEET_BIN='$(BUILD)' sh fleet/run '$(INVENTORY)'

# The lmbench summary tables of every result file under results/.
see:
	sh scripts/see results

# Reformat the C sources with the committed .clang-format.
format:
	clang-format -i $(SRC_DIRS:%=%/*.[ch]) tests/unit/*.c tests/unit/*.h tests/bench/*.c

# -------------------------------------------------------------- install

# Only lmbench-ng goes on PATH; the programs are PREFIX/lib/lmbench-ng/bin
# (lmbench-ng PROGRAM runs one), the scripts PREFIX/lib/lmbench-ng/scripts
# beside them, every manual page under PREFIX/share/man.  triplet names
# the results' directory as the build's name does in a checkout;
# build-flags is what the runner records as the compiler and flags.
LIBDIR := $(DESTDIR)$(PREFIX)/lib/lmbench-ng
MANDIR := $(DESTDIR)$(PREFIX)/share/man
DOCDIR := $(DESTDIR)$(PREFIX)/share/doc/lmbench-ng
SCRIPTS := $(filter-out scripts/lmbench-ng scripts/lmbench-ng.bash scripts/_lmbench-ng,$(wildcard scripts/*))
COMPLETIONS := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
# zsh's completion: vendor-completions is where Debian's zsh looks for
# the completions packages ship (in its default fpath).
ZSH_COMPLETIONS := $(DESTDIR)$(PREFIX)/share/zsh/vendor-completions
MAN_PAGES := $(wildcard doc/*.1 doc/*.5 doc/*.7 doc/*.8)
# A program's page is in a section of its own within 8, "8lmb": doc/NAME.8
# says .TH NAME 8lmb (references to it say NAME(8lmb)) and installs as
# man8/NAME.8lmb.  The programs keep lmbench's short names (stream, line,
# cache, disk, hello ...), and man8/NAME.8 is a path other Debian packages
# may ship, which dpkg refuses to give two packages.  A section suffix is
# Debian's own answer (openssl's 1ssl, perl's 3perl, Tcl's 3tcl): the path
# is ours alone, and man-db still finds the page in section 8: `man stream`
# and `man 8 stream` where no other package has stream(8), `man 8lmb
# stream` always.  The other pages' names (lmbench-ng*, lmbench-compare)
# are the suite's own and keep their plain sections.
MAN8_EXT := 8lmb
# man_dest: for the page $$m (doc/NAME.S), its section s and its
# installed name n.
man_dest = n=$${m\#doc/}; s=$${n\#\#*.}; case $$s in 8) n=$${n%.8}.$(MAN8_EXT) ;; esac

install: $(PROG_BINS)
	mkdir -p $(DESTDIR)$(PREFIX)/bin $(LIBDIR)/bin $(LIBDIR)/scripts $(LIBDIR)/tests $(DOCDIR)
	install -m 755 scripts/lmbench-ng $(DESTDIR)$(PREFIX)/bin/lmbench-ng
	mkdir -p $(COMPLETIONS) $(ZSH_COMPLETIONS)
	install -m 644 scripts/lmbench-ng.bash $(COMPLETIONS)/lmbench-ng
	install -m 644 scripts/_lmbench-ng $(ZSH_COMPLETIONS)/_lmbench-ng
	for p in $(PROGRAMS); do install -m 755 $(BUILD)/$$p $(LIBDIR)/bin/$$p || exit 1; done
	install -m 755 $(SCRIPTS) $(LIBDIR)/scripts/
	install -m 644 tests/truth.sh tests/lib.sh $(LIBDIR)/tests/
	install -m 644 src/programs.tab $(LIBDIR)/
	mkdir -p $(LIBDIR)/steps
	install -m 644 $(wildcard src/programs/*.steps) $(LIBDIR)/steps/
	echo '$(TRIPLET)' >$(LIBDIR)/triplet
	install -m 644 $(FLAGS_FILE) $(LIBDIR)/build-flags
	for m in $(MAN_PAGES); do $(man_dest); mkdir -p $(MANDIR)/man$$s && \
		install -m 644 $$m $(MANDIR)/man$$s/$$n || exit 1; done
	install -m 644 README NEWS COPYING doc/lmbench-ng-record.schema.json $(DOCDIR)/

# What install made; and what earlier versions made: the symbolic links
# in PREFIX/bin for every program, and the program pages as man8/NAME.8,
# each removed only where it is lmbench-ng's (a link; a page whose .TH
# names lmbench-ng), never another package's file of that name.
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/lmbench-ng $(COMPLETIONS)/lmbench-ng $(ZSH_COMPLETIONS)/_lmbench-ng
	for p in $(PROGRAMS); do \
		if [ -L $(DESTDIR)$(PREFIX)/bin/$$p ]; then rm -f $(DESTDIR)$(PREFIX)/bin/$$p; fi; done
	rm -rf $(DESTDIR)$(PREFIX)/lib/lmbench-ng $(DOCDIR)
	for m in $(MAN_PAGES); do $(man_dest); rm -f $(MANDIR)/man$$s/$$n; done
	for m in $(filter %.8,$(MAN_PAGES)); do f=$(MANDIR)/man8/$${m#doc/}; \
		if grep -qs '^\.TH [^ ]* 8 .*"lmbench-ng"' $$f; then rm -f $$f; fi; done

# The release tarball, lmbench-ng-VERSION.tar.gz: every tracked file as
# it is in the work tree, and VERSION, from which a build of the tarball
# takes its version; in DIST_DIR (default: here).  Only from the top of a
# checkout of its own (an unpacked tarball inside another repository is
# none).
DIST := lmbench-ng-$(VERSION)
DIST_DIR ?= .
dist:
	@[ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$$(pwd -P)" ] || { echo "make dist: not the top of a git checkout" >&2; exit 2; }
	rm -rf $(BUILD)/dist
	mkdir -p $(BUILD)/dist/$(DIST)
	git ls-files -z | xargs -0 cp -P --parents -t $(BUILD)/dist/$(DIST)
	echo '$(VERSION)' >$(BUILD)/dist/$(DIST)/VERSION
	tar -C $(BUILD)/dist --owner=0 --group=0 --numeric-owner --sort=name -czf $(DIST_DIR)/$(DIST).tar.gz $(DIST)
	rm -rf $(BUILD)/dist
	@echo "make dist: $(DIST_DIR)/$(DIST).tar.gz"

# The release check (not part of make test or CI: it builds and tests
# the whole tree again): make dist, the tarball unpacked in a scratch
# directory under TMPDIR (outside this checkout, so that nothing there
# finds this repository), built there with warnings as errors, its
# programs asked their version (the tarball's), then DISTCHECK_TEST run
# there (make targets; default test, everything: `make distcheck
# DISTCHECK_TEST="unit smoke"` for a quick one).  The sub-makes see none
# of this command line but CC, CPPFLAGS, CFLAGS and LDFLAGS.  The scratch
# directory is removed when every step passed, kept (and named)
# otherwise; the tarball stays in DIST_DIR.
DISTCHECK_TEST ?= test
DISTCHECK_VARS := $(foreach v,CC CPPFLAGS CFLAGS LDFLAGS,$(if $(findstring command,$(origin $v)),$v='$($v)'))
# The program asked its version there: any one (this file names none).
DISTCHECK_PROG := $(firstword $(PROGRAMS))
distcheck:
	$(MAKE) -s dist
	@d=$$(mktemp -d "$${TMPDIR:-/tmp}/lmbench-ng-distcheck.XXXXXX") || exit 1; \
	sub() { (cd "$$d/$(DIST)" && MAKEFLAGS= MAKEOVERRIDES= GIT_CEILING_DIRECTORIES="$$d" \
		$(MAKE) --no-print-directory $(DISTCHECK_VARS) DEVELOPER=1 "$$@"); }; \
	fail() { echo "make distcheck: $$1 (kept: $$d/$(DIST))" >&2; exit 1; }; \
	tar -C "$$d" -xzf $(DIST_DIR)/$(DIST).tar.gz || fail "cannot unpack $(DIST).tar.gz"; \
	echo "make distcheck: building $$d/$(DIST) (DEVELOPER=1)"; \
	sub -j$(JOBS) build || fail "the tarball's build failed"; \
	v=$$("$$d/$(DIST)/bin/$(TRIPLET)/$(DISTCHECK_PROG)" --version) && [ "$$v" = "$(DISTCHECK_PROG) (lmbench-ng) $(VERSION)" ] || \
		fail "the tarball's build says '$$v', not version $(VERSION)"; \
	echo "make distcheck: make $(DISTCHECK_TEST) in $$d/$(DIST)"; \
	sub $(DISTCHECK_TEST) || fail "make $(DISTCHECK_TEST) failed in the tarball's tree"; \
	rm -rf "$$d"; \
	echo "make distcheck: $(DIST_DIR)/$(DIST).tar.gz builds and passes make $(DISTCHECK_TEST)"; \
	case '$(VERSION)' in *-g* | *-dirty | unknown) \
		echo "make distcheck: $(VERSION) is no release version (doc/HACKING: Cutting a release)" ;; esac

clean:
	rm -rf bin/$(TRIPLET) bin/$(TRIPLET)-sanitize $(CROSS_TRIPLETS:%=bin/%)

FORCE:
