# SPDX-License-Identifier: GPL-3.0-or-later
# pathprof: Ball-Larus path profiling for GCC.
#
#   make            build the plugin, the runtime, pathprof-dump and
#                   pathprof-tool into build/
#   make demo       build everything, profile an example, print its hot paths
#   make check      unit tests of every part, then the DejaGnu suite
#   make install    PREFIX=/usr/local DESTDIR= (plugin into GCC's plugin dir,
#                   pathprof.specs into GCC's library dir, manual pages
#                   into $(PREFIX)/share/man/man1)
#   make projects   real Debian packages profiled with -specs=pathprof.specs
#   make gcov-check GCC's gcov tests' count() annotations against pathprof
#   make gcov-diff  whole programs' line and branch counts against gcov's
#   make clean
#
# CC names the GCC to build the plugin for (default gcc; GCC 12 and 11 are
# supported); the plugin is built with the matching C++ compiler and plugin
# headers.  BUILD names the build directory (default build): one per
# compiler lets builds for several GCCs live side by side, e.g.
#   make check CC=gcc-11 BUILD=build-gcc11
# A build directory remembers the compilers it was built with
# ($(BUILD)/compiler); when CC or CXX names another GCC, everything in it
# is rebuilt.

ifeq ($(origin CC),default)
CC = gcc
endif
# gcc -> g++, gcc-12 -> g++-12, /usr/bin/gcc -> /usr/bin/g++
CXX_FOR_CC := $(shell echo '$(CC)' | sed -e 's/gcc\([^/]*\)$$/g++\1/')
ifeq ($(origin CXX),default)
CXX = $(CXX_FOR_CC)
endif

PREFIX ?= /usr/local
DESTDIR ?=
BUILD := build

GCC_PLUGIN_DIR := $(shell $(CC) -print-file-name=plugin)
GCC_MAJOR := $(shell $(CC) -dumpversion | cut -d. -f1)

# What the objects of $(BUILD) depend on besides their sources: the
# compilers, by name and version, the plugin headers, and where the
# build is (pathprof.specs and the link scripts name it: a tree seen at
# another path, as in build-aux/gcc-chroot.sh's chroots, is rebuilt).
# The stamp is rewritten only when that changes, so that its date says
# when.
COMPILER_ID := CC=$(CC) $(shell $(CC) -dumpfullversion 2>/dev/null) \
  CXX=$(CXX) $(shell $(CXX) -dumpfullversion 2>/dev/null) \
  plugin=$(GCC_PLUGIN_DIR) dir=$(abspath $(BUILD))
COMPILER_STAMP := $(BUILD)/compiler

WARN = -Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=gnu11 $(WARN) -fPIC $(CFLAGS)
# The layers (doc/layers.md): each directory is compiled with the include
# paths of the layers below it and no other, so that an include of a
# layer above, or beside, fails to compile.  A part's unit tests add
# the part itself and testsuite/ (unit-test.h).
LAYER_core :=
LAYER_format := -Icore
LAYER_runtime := -Iformat
LAYER_report := -Icore -Iformat
LAYER_dump := -Ireport -Icore -Iformat
LAYER_tool := -Ireport -Icore -Iformat
LAYER_plugin := -Icore -Iformat -Iruntime
# The include paths of the layer of source file $(1), by its directory.
layer_of = $(LAYER_$(firstword $(subst /, ,$(1))))
TEST_INCLUDES = $(call layer_of,$<) -I$(firstword $(subst /, ,$<)) \
  -Itestsuite
CXXFLAGS ?= -O2 -g
PLUGIN_CXXFLAGS = -std=gnu++17 -fPIC -fno-rtti -fno-exceptions $(WARN) \
  $(CXXFLAGS) \
  -I$(GCC_PLUGIN_DIR)/include $(LAYER_plugin)

# Header dependencies are the compiler's (-MMD -MP, as GCC's own
# Makefile.in has them): every compile writes, next to what it makes
# (build/core/dag.o: build/core/dag.d; a unit test
# build/tests/core-test-core: build/tests/core-test-core.d), the headers
# it read, and the end of the tests section includes those files; -MP
# gives each header an empty rule, so that one removed or renamed does not
# stop the build.  A header changed rebuilds what includes it and nothing
# else (plugin/tests/header-deps.sh).
DEPFLAGS = -MMD -MP -MF $(@:.o=).d -MT $@

CORE_SRC := $(wildcard core/*.c)
FORMAT_SRC := $(wildcard format/*.c)
RUNTIME_SRC := $(wildcard runtime/*.c)
RUNTIME_NEEDED_SRC := runtime/link/needed.c
REPORT_SRC := $(wildcard report/*.c)
DUMP_SRC := $(wildcard dump/*.c)
TOOL_SRC := $(wildcard tool/*.c)
PLUGIN_SRC := $(wildcard plugin/*.cc)

CORE_OBJ := $(CORE_SRC:%.c=$(BUILD)/%.o)
FORMAT_OBJ := $(FORMAT_SRC:%.c=$(BUILD)/%.o)
# The runtime reads and writes files and their journals only;
# format/ppedges.c (edge counts derived from paths, for the plugin and
# pathprof-dump) needs the core.
RUNTIME_FORMAT_OBJ := $(addprefix $(BUILD)/format/,ppio.o ppmeta.o \
  ppformat.o ppfile.o ppmerge.o ppjournal.o)
RUNTIME_OBJ := $(RUNTIME_SRC:%.c=$(BUILD)/%.o)
# The report library: profiles read, functions named, paths regenerated
# and written, counts derived, for pathprof-dump and pathprof-tool
# (report/report.h).
REPORT_OBJ := $(REPORT_SRC:%.c=$(BUILD)/%.o)
DUMP_OBJ := $(DUMP_SRC:%.c=$(BUILD)/%.o)
# pathprof-dump's reports, for its unit tests: all its objects but main.
DUMP_LIB_OBJ := $(filter-out $(BUILD)/dump/main.o,$(DUMP_OBJ))
TOOL_OBJ := $(TOOL_SRC:%.c=$(BUILD)/%.o)
PLUGIN_OBJ := $(PLUGIN_SRC:%.cc=$(BUILD)/%.o)

PLUGIN := $(BUILD)/pathprof.so
# The runtime's objects are libpathprof_pic.a and libpathprof.so.0;
# libpathprof.a and libpathprof.so are GNU ld scripts that pull them in for
# instrumented code, which refers to the runtime only weakly
# (build-aux/link-files.sh, doc/manual.md "Linking").  pathprof.specs is
# the one flag: gcc -specs=build/pathprof.specs.
RUNTIME_PIC_A := $(BUILD)/libpathprof_pic.a
RUNTIME_A := $(BUILD)/libpathprof.a
RUNTIME_SO_REAL := $(BUILD)/libpathprof.so.0
RUNTIME_SO := $(BUILD)/libpathprof.so
RUNTIME_NEEDED := $(BUILD)/libpathprof-needed.o
SPECS := $(BUILD)/pathprof.specs
DUMP := $(BUILD)/pathprof-dump
TOOL := $(BUILD)/pathprof-tool
LIBCORE := $(BUILD)/libppcore.a

.PHONY: all deps demo check check-gcc unit-check dg-check install uninstall clean \
  format lint FORCE

all: $(PLUGIN) $(RUNTIME_A) $(RUNTIME_SO) $(SPECS) $(DUMP) $(TOOL)

# Missing Debian packages (plugin headers, DejaGnu) are installed when we
# are root, otherwise the build stops with the command to run.
deps:
	@CC='$(CC)' CXX='$(CXX)' sh build-aux/ensure-deps.sh

$(COMPILER_STAMP): FORCE
	@mkdir -p $(BUILD)
	@if [ "$$(cat $@ 2>/dev/null)" != '$(COMPILER_ID)' ]; then \
	  echo '$(COMPILER_ID)' > $@; fi

$(BUILD)/.deps-ok: build-aux/ensure-deps.sh $(COMPILER_STAMP)
	@CC='$(CC)' CXX='$(CXX)' sh build-aux/ensure-deps.sh
	@mkdir -p $(BUILD) && touch $@

$(BUILD)/%.o: %.c $(COMPILER_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(call layer_of,$<) $(DEPFLAGS) -c $< -o $@

# The HTML report's style sheet and script, as C strings
# (dump/html-assets.c).
HTML_ASSETS := dump/html/pathprof.css dump/html/pathprof.js
$(BUILD)/dump/html-assets.inc: $(HTML_ASSETS) build-aux/embed-text.sh
	@mkdir -p $(dir $@)
	sh build-aux/embed-text.sh $@ $(HTML_ASSETS)
$(BUILD)/dump/html-assets.o: $(BUILD)/dump/html-assets.inc
$(BUILD)/dump/html-assets.o: ALL_CFLAGS += -I$(BUILD)/dump

$(BUILD)/plugin/%.o: plugin/%.cc $(BUILD)/.deps-ok
	@mkdir -p $(dir $@)
	$(CXX) $(PLUGIN_CXXFLAGS) $(DEPFLAGS) -c $< -o $@

$(LIBCORE): $(CORE_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(PLUGIN): $(PLUGIN_OBJ) $(CORE_OBJ) $(FORMAT_OBJ)
	$(CXX) -shared -fPIC -o $@ $^

$(RUNTIME_PIC_A): $(RUNTIME_OBJ) $(RUNTIME_FORMAT_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(RUNTIME_SO_REAL): $(RUNTIME_OBJ) $(RUNTIME_FORMAT_OBJ)
	$(CC) -shared -fPIC -Wl,-soname,libpathprof.so.0 -o $@ $^ -lpthread

$(RUNTIME_NEEDED): $(RUNTIME_NEEDED_SRC) $(COMPILER_STAMP)
	$(CC) $(ALL_CFLAGS) $(LAYER_runtime) $(DEPFLAGS) -c $< -o $@

$(RUNTIME_A): $(RUNTIME_PIC_A) $(RUNTIME_SO_REAL) build-aux/link-files.sh
	sh build-aux/link-files.sh archive $@ $(abspath $(BUILD)) \
	  $(RUNTIME_SO_REAL)

$(RUNTIME_SO): $(RUNTIME_SO_REAL) $(RUNTIME_NEEDED) build-aux/link-files.sh
	sh build-aux/link-files.sh shared $@ $(abspath $(BUILD))

$(SPECS): $(PLUGIN) $(RUNTIME_A) build-aux/link-files.sh
	sh build-aux/link-files.sh specs $@ $(abspath $(PLUGIN)) \
	  $(abspath $(BUILD)) '$(CC)'

$(DUMP): $(DUMP_OBJ) $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE)
	$(CC) -o $@ $(DUMP_OBJ) $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE) -lm

$(TOOL): $(TOOL_OBJ) $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE)
	$(CC) -o $@ $(TOOL_OBJ) $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE) -lm

# ---------------------------------------------------------------- tests
# Unit tests: every core/tests/*.c, format/tests/*.c, runtime/tests/*.c,
# report/tests/*.c, dump/tests/*.c and tool/tests/*.c is a program that
# prints one PASS:/FAIL: line per check and a closing "N passed, M
# failed", and exits non-zero on a failure.  Every */tests/*.sh is a
# script run the same way, with PATHPROF_BUILD set to the absolute build
# directory; so are testsuite/man-check.sh, which keeps doc/man/*.1 in
# step with the programs' --help, the plugin's arguments and the
# runtime's environment variables, and testsuite/licence-check.sh.
UNIT_C := $(wildcard core/tests/*.c format/tests/*.c runtime/tests/*.c \
  report/tests/*.c dump/tests/*.c tool/tests/*.c)
UNIT_SH := $(wildcard core/tests/*.sh format/tests/*.sh runtime/tests/*.sh \
  report/tests/*.sh dump/tests/*.sh tool/tests/*.sh plugin/tests/*.sh \
  testsuite/pathprof.project/*.sh) testsuite/man-check.sh \
  testsuite/licence-check.sh testsuite/layer-check.sh \
  testsuite/circle-check.sh
UNIT_BIN := $(foreach t,$(UNIT_C),$(BUILD)/tests/$(subst /tests/,-,$(t:%.c=%)))
$(UNIT_BIN): $(COMPILER_STAMP)

$(BUILD)/tests/core-%: core/tests/%.c $(LIBCORE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_INCLUDES) $(DEPFLAGS) -o $@ $< $(LIBCORE) -lm

$(BUILD)/tests/format-%: format/tests/%.c $(FORMAT_OBJ) $(LIBCORE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_INCLUDES) $(DEPFLAGS) -o $@ $< \
	  $(FORMAT_OBJ) $(LIBCORE) -lm

$(BUILD)/tests/runtime-%: runtime/tests/%.c $(RUNTIME_A)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_INCLUDES) $(DEPFLAGS) -o $@ $< \
	  $(RUNTIME_A) -lpthread

$(BUILD)/tests/report-%: report/tests/%.c $(REPORT_OBJ) $(FORMAT_OBJ) \
  $(LIBCORE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_INCLUDES) $(DEPFLAGS) -o $@ $< \
	  $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE) -lm

# The dump tests run pathprof-dump, and may call its reports (its
# objects but main) and the report library directly.
$(BUILD)/tests/dump-%: dump/tests/%.c $(DUMP_LIB_OBJ) $(REPORT_OBJ) \
  $(FORMAT_OBJ) $(LIBCORE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_INCLUDES) $(DEPFLAGS) -o $@ $< \
	  $(DUMP_LIB_OBJ) $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE) -lm

# The tool tests call pathprof-tool's modules (its objects but main),
# with dump/tests/dump-test.h's helpers.
TOOL_LIB_OBJ := $(filter-out $(BUILD)/tool/main.o,$(TOOL_OBJ))
$(BUILD)/tests/tool-%: tool/tests/%.c $(TOOL_LIB_OBJ) $(REPORT_OBJ) \
  $(FORMAT_OBJ) $(LIBCORE)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(TEST_INCLUDES) $(DEPFLAGS) -o $@ $< \
	  $(TOOL_LIB_OBJ) $(REPORT_OBJ) $(FORMAT_OBJ) $(LIBCORE) -lm

# What the DejaGnu suite runs besides the plugin and pathprof-dump: the
# detail section of a profile's metas (pathprof-branch, testsuite/lib).
DG_TOOLS := $(BUILD)/tests/ppmeta-branches

$(BUILD)/tests/ppmeta-branches: testsuite/lib/ppmeta-branches.c \
  $(FORMAT_OBJ) $(LIBCORE) $(COMPILER_STAMP)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) $(LAYER_report) -Itestsuite $(DEPFLAGS) -o $@ $< \
	  $(FORMAT_OBJ) $(LIBCORE) -lm

# The header dependencies of every object and test program (DEPFLAGS).
# One that has no .d file yet (built before this Makefile wrote them) is
# rebuilt, once, to have one; not one that is merely older than its .d
# file, which with -pipe may be written after the object.
DEP_TARGETS := $(CORE_OBJ) $(FORMAT_OBJ) $(RUNTIME_OBJ) $(REPORT_OBJ) \
  $(DUMP_OBJ) $(TOOL_OBJ) $(PLUGIN_OBJ) $(RUNTIME_NEEDED) $(UNIT_BIN) $(DG_TOOLS)
DEP_FILES := $(addsuffix .d,$(DEP_TARGETS:.o=))
-include $(wildcard $(DEP_FILES))
$(foreach t,$(DEP_TARGETS),$(if $(wildcard $(t:.o=).d),,$(t))): FORCE

unit-check: all $(UNIT_BIN)
	@CC='$(CC)' CXX='$(CXX)' \
	  sh testsuite/run-unit.sh "$(abspath $(BUILD))" $(UNIT_BIN) $(UNIT_SH)

dg-check: all $(DG_TOOLS)
	@sh testsuite/run-dejagnu.sh "$(abspath $(BUILD))" '$(CC)' '$(CXX)'

check: all $(UNIT_BIN) $(DG_TOOLS)
	@CC='$(CC)' CXX='$(CXX)' \
	  sh testsuite/check.sh "$(abspath $(BUILD))" '$(CC)' '$(CXX)' \
	  $(UNIT_BIN) $(UNIT_SH)

# ---------------------------------------------------------- check-gcc
# make check (or any target: GCC_TARGET=...) with GCC N, 11 to 15:
# natively if gcc-N and its plugin headers are installed, else in a Debian
# chroot that has them (made once, as root; build-aux/gcc-chroot.sh,
# doc/testing.md), into build-gccN/.
GCC_TARGET ?= check
check-gcc:
	@test -n "$(GCC)" || { echo "make check-gcc GCC=N (N: 11 to 15)" >&2; exit 2; }
	@sh build-aux/gcc-chroot.sh $(GCC) $(GCC_TARGET)

# ---------------------------------------------------------------- torture
# GCC's c-torture execute programs, each built and run without and with
# the plugin: same behaviour, a readable profile (testsuite/torture.sh,
# doc/testing.md).  OPTS="-O0 -O2 -O2,-g" (a level's options joined by
# commas), TORTURE_LANG=c++ (GCC's C++ torture and EH run tests),
# TORTURE_SAMPLE=N, TORTURE_FILTER=GLOBS, TORTURE_NAIVE=1, TORTURE_FEEDBACK=1,
# TORTURE_TIMEOUT=SECONDS, TORTURE_CACHE=DIR, TORTURE_SRCDIR=DIR,
# TORTURE_ARGS="KEY=VALUE ..." (the optimised build's plugin arguments); as many
# programs at once as make's -jN (default 2) or TORTURE_JOBS.
.PHONY: torture
torture: all
	@OPTS='$(OPTS)' TORTURE_JOBS='$(TORTURE_JOBS)' TORTURE_LANG='$(TORTURE_LANG)' \
	  TORTURE_MAKEJ='$(filter -j%,$(MAKEFLAGS))' \
	  TORTURE_SAMPLE='$(TORTURE_SAMPLE)' TORTURE_FILTER='$(TORTURE_FILTER)' \
	  TORTURE_NAIVE='$(TORTURE_NAIVE)' TORTURE_FEEDBACK='$(TORTURE_FEEDBACK)' TORTURE_TIMEOUT='$(TORTURE_TIMEOUT)' \
	  TORTURE_CACHE='$(TORTURE_CACHE)' TORTURE_SRCDIR='$(TORTURE_SRCDIR)' \
	  TORTURE_ARGS='$(TORTURE_ARGS)' \
	  sh testsuite/torture.sh "$(abspath $(BUILD))" '$(CC)'

# ---------------------------------------------------------------- gcov-check
# GCC's own gcov tests (gcc.misc-tests/gcov-*.c): each count() annotation
# checked against the line counts pathprof-dump derives from the path
# profile, with gcov's own count quoted on a failure
# (testsuite/gcov-oracle.sh, doc/testing.md).  About 10 seconds; fetches
# gcc-12-source as make torture does.  Not part of make check, which must
# pass without the network: it needs that package.  .ci/run runs it.
# GCOV_ORACLE_FILTER=GLOBS, GCOV_ORACLE_TIMEOUT=SECONDS,
# GCOV_ORACLE_CACHE=DIR, GCOV_ORACLE_SRCDIR=DIR.
.PHONY: gcov-check
gcov-check: all
	@GCOV_ORACLE_FILTER='$(GCOV_ORACLE_FILTER)' \
	  GCOV_ORACLE_TIMEOUT='$(GCOV_ORACLE_TIMEOUT)' \
	  GCOV_ORACLE_CACHE='$(GCOV_ORACLE_CACHE)' \
	  GCOV_ORACLE_SRCDIR='$(GCOV_ORACLE_SRCDIR)' \
	  sh testsuite/gcov-oracle.sh "$(abspath $(BUILD))" '$(CC)'

# ---------------------------------------------------------------- gcov-diff
# Whole programs as an oracle (testsuite/gcov-diff.sh, doc/testing.md):
# each make bench program built with --coverage at -O0 and with pathprof
# at -O0 and -O2, run on one workload; every line count and branch count
# compared with gcov's; fails on a difference testsuite/gcov-diff.known
# does not list.  Fetches the programs' sources as make bench does, needs
# jq.  A few minutes; .ci/run runs bzip2 and sqlite at -O0.
# GCOV_DIFF_PROGRAMS="bzip2 sqlite" GCOV_DIFF_LEVELS="-O0 -O2"
# GCOV_DIFF_CACHE=DIR GCOV_DIFF_KNOWN=FILE
.PHONY: gcov-diff
gcov-diff: all
	@GCOV_DIFF_PROGRAMS='$(GCOV_DIFF_PROGRAMS)' \
	  GCOV_DIFF_LEVELS='$(GCOV_DIFF_LEVELS)' \
	  GCOV_DIFF_CACHE='$(GCOV_DIFF_CACHE)' \
	  GCOV_DIFF_KNOWN='$(GCOV_DIFF_KNOWN)' \
	  sh testsuite/gcov-diff.sh "$(abspath $(BUILD))" '$(CC)'

# ---------------------------------------------------------------- fuzz
# libFuzzer targets over the file reader (fuzz/run.sh, doc/testing.md),
# built with clang, ASan and UBSan into build/fuzz and run one after
# another, FUZZ_TIME seconds each; FUZZ_TARGETS="file meta merge".
FUZZ_TIME ?= 60
FUZZ_CC ?= clang-14
.PHONY: fuzz
fuzz:
	@FUZZ_CC='$(FUZZ_CC)' sh build-aux/ensure-fuzz-deps.sh
	@FUZZ_TIME='$(FUZZ_TIME)' FUZZ_CC='$(FUZZ_CC)' \
	  sh fuzz/run.sh "$(abspath $(BUILD))" $(FUZZ_TARGETS)

# ---------------------------------------------------------------- bench
# What pathprof costs on real programs (bench/bench.sh, doc/performance.md):
# Debian source packages fetched with apt-get source, each built plain,
# with -fprofile-arcs and with pathprof, run alternately; compile time,
# counter and profile sizes.  Never a pass/fail test of "make check".
# BENCH_PROGRAMS=bzip2,lua (kernels: our six, bench/kernels) BENCH_RUNS=5
# BENCH_WARMUP=1 BENCH_CFLAGS=-O2
# BENCH_VARIANTS="plain gcov pathprof naive" (also atomic, gcov-atomic,
# nocut, partial-count, cycles, NAME=ARG,ARG) BENCH_COMPILE_RUNS=3
# BENCH_CACHEGRIND=1 BENCH_CACHE=DIR BENCH_DOC=FILE (empty: none)
# BENCH_PATHPROF_REV=COMMIT (build that commit instead of build/).
BENCH_DOC ?= doc/performance.md
.PHONY: bench
bench: $(if $(BENCH_PATHPROF_REV),,all)
	@BENCH_PROGRAMS='$(BENCH_PROGRAMS)' BENCH_RUNS='$(BENCH_RUNS)' \
	  BENCH_WARMUP='$(BENCH_WARMUP)' BENCH_VARIANTS='$(BENCH_VARIANTS)' \
	  BENCH_CFLAGS='$(BENCH_CFLAGS)' \
	  BENCH_COMPILE_RUNS='$(BENCH_COMPILE_RUNS)' \
	  BENCH_CACHEGRIND='$(BENCH_CACHEGRIND)' BENCH_CACHE='$(BENCH_CACHE)' \
	  BENCH_DOC='$(if $(BENCH_DOC),$(abspath $(BENCH_DOC)))' \
	  BENCH_PATHPROF_REV='$(BENCH_PATHPROF_REV)' BENCH_CC='$(CC)' \
	  BENCH_COMMAND='$(or $(BENCH_COMMAND),make bench $(strip $(MAKEOVERRIDES)))' \
	  sh bench/bench.sh "$(abspath $(BUILD))"

# ---------------------------------------------------------------- projects
# Real projects profiled with one flag (testsuite/projects.sh,
# doc/projects.md): Debian source packages built with their own autotools
# or CMake build and Debian's build flags, plain and with CC="gcc
# -specs=build/pathprof.specs" (CXX and FC alike), their own test suites
# compared test by test.  Not part of make check.
# PROJECTS="gzip json-c mawk gawk tinyxml2 yaml-cpp"
# PROJECTS_VARIANTS="specs noruntime" (coverage: gcc --coverage as a
# reference) PROJECTS_FLAGS=debian (package: each package's own)
# PROJECTS_JOBS=2 PROJECTS_CACHE=DIR
.PHONY: projects
projects: all
	@PROJECTS='$(PROJECTS)' PROJECTS_VARIANTS='$(PROJECTS_VARIANTS)' \
	  PROJECTS_CC='$(CC)' PROJECTS_CXX='$(CXX)' \
	  PROJECTS_FLAGS='$(PROJECTS_FLAGS)' PROJECTS_JOBS='$(PROJECTS_JOBS)' \
	  PROJECTS_CACHE='$(PROJECTS_CACHE)' \
	  sh testsuite/projects.sh "$(abspath $(BUILD))"

# ---------------------------------------------------------------- demo
demo: all
	@$(MAKE) --no-print-directory -C examples demo \
	  PATHPROF_BUILD="$(abspath $(BUILD))" CC='$(CC)' CXX='$(CXX)'

# ---------------------------------------------------------------- install
PLUGIN_INSTALL_DIR = $(DESTDIR)$(GCC_PLUGIN_DIR)

# pathprof.specs goes into GCC's own library directory, the parent of its
# plugin directory: the driver looks for -specs=NAME without a directory
# among its startfile prefixes, where that directory comes first, so
# "gcc -specs=pathprof.specs" finds it.
GCC_LIB_DIR = $(patsubst %/,%,$(dir $(GCC_PLUGIN_DIR)))
SPECS_INSTALL_DIR = $(DESTDIR)$(GCC_LIB_DIR)
LIB_INSTALL_DIR = $(DESTDIR)$(PREFIX)/lib
# One page per installed program, and pathprof.1 for the plugin and the
# runtime (testsuite/man-check.sh).
MAN_PAGES := $(wildcard doc/man/*.1)
MAN1_INSTALL_DIR = $(DESTDIR)$(PREFIX)/share/man/man1

install: all
	install -d $(PLUGIN_INSTALL_DIR) $(LIB_INSTALL_DIR) \
	  $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/include \
	  $(MAN1_INSTALL_DIR)
	install -m 644 $(PLUGIN) $(PLUGIN_INSTALL_DIR)/pathprof.so
	install -m 644 $(RUNTIME_PIC_A) $(LIB_INSTALL_DIR)/libpathprof_pic.a
	install -m 755 $(RUNTIME_SO_REAL) $(LIB_INSTALL_DIR)/libpathprof.so.0
	install -m 644 $(RUNTIME_NEEDED) $(LIB_INSTALL_DIR)/libpathprof-needed.o
	sh build-aux/link-files.sh archive $(LIB_INSTALL_DIR)/libpathprof.a \
	  $(PREFIX)/lib $(RUNTIME_SO_REAL)
	sh build-aux/link-files.sh shared $(LIB_INSTALL_DIR)/libpathprof.so \
	  $(PREFIX)/lib
	sh build-aux/link-files.sh specs $(SPECS_INSTALL_DIR)/pathprof.specs \
	  $(GCC_PLUGIN_DIR)/pathprof.so $(PREFIX)/lib '$(CC)'
	install -m 755 $(DUMP) $(DESTDIR)$(PREFIX)/bin/pathprof-dump
	install -m 755 $(TOOL) $(DESTDIR)$(PREFIX)/bin/pathprof-tool
	install -m 644 runtime/pathprof.h $(DESTDIR)$(PREFIX)/include/pathprof.h
	install -m 644 $(MAN_PAGES) $(MAN1_INSTALL_DIR)
	@# A new shared library is found by the loader only once its cache
	@# knows it.
	@if [ -z "$(DESTDIR)" ] && [ "$$(id -u)" = 0 ] \
	  && command -v ldconfig >/dev/null 2>&1; then ldconfig; fi

uninstall:
	rm -f $(PLUGIN_INSTALL_DIR)/pathprof.so \
	  $(SPECS_INSTALL_DIR)/pathprof.specs \
	  $(LIB_INSTALL_DIR)/libpathprof.a $(LIB_INSTALL_DIR)/libpathprof_pic.a \
	  $(LIB_INSTALL_DIR)/libpathprof.so $(LIB_INSTALL_DIR)/libpathprof.so.0 \
	  $(LIB_INSTALL_DIR)/libpathprof-needed.o \
	  $(DESTDIR)$(PREFIX)/bin/pathprof-dump \
	  $(DESTDIR)$(PREFIX)/bin/pathprof-tool \
	  $(DESTDIR)$(PREFIX)/include/pathprof.h \
	  $(addprefix $(MAN1_INSTALL_DIR)/,$(notdir $(MAN_PAGES)))

clean:
	rm -rf $(BUILD)
	-@$(MAKE) --no-print-directory -C examples clean >/dev/null 2>&1

# ---------------------------------------------------------------- style
# make format: clang-format (.clang-format: GNU style, as GCC's
# contrib/clang-format) on the lines that differ from FORMAT_BASE, by
# default HEAD (the uncommitted changes, staged or not; a new file once
# git knows it, git add -N), in the C and C++ sources, headers and unit
# tests of the parts: an unchanged tree is left as it is.  Not whole
# files: clang-format would rewrap about 1900 hand-formatted lines of
# them (.clang-format and doc/testing.md, "Style", say why).
FORMAT_BASE ?= HEAD
CLANG_FORMAT_DIFF ?= clang-format-diff
STYLE_DIRS := core format runtime report dump tool plugin testsuite/lib

format:
	@git rev-parse --git-dir >/dev/null 2>&1 \
	  || { echo 'make format: needs a git checkout' >&2; exit 1; }
	git diff -U0 --no-color $(FORMAT_BASE) -- $(STYLE_DIRS) \
	  | $(CLANG_FORMAT_DIFF) -p1 -i -regex '.*\.(c|cc|h)'

# make lint: cppcheck, then no line of those sources, headers and tests
# over 80 columns (a tab to the next multiple of 8, a UTF-8 character
# one column), then the commits' subjects and ChangeLog entries
# (build-aux/check-history.sh, CONTRIBUTING.md).  testsuite/pathprof.dg is left out: a DejaGnu directive
# is one line, however long.
lint:
	cppcheck --quiet --enable=warning,portability --std=c11 \
	  --error-exitcode=1 -Icore -Iformat -Iruntime -Itestsuite \
	  -Ireport -Idump core format runtime report dump tool
	@LC_ALL=C awk '{ gsub (/[\200-\277]/, ""); n = 0; \
	  for (i = 1; i <= length ($$0); i++) \
	    n = substr ($$0, i, 1) == "\t" ? n + 8 - n % 8 : n + 1; \
	  if (n > 80) { print FILENAME ":" FNR ": " n " columns"; bad = 1 } } \
	  END { if (bad) print "lint: lines over 80 columns"; exit bad }' \
	  $$(find $(STYLE_DIRS) -name '*.[ch]' -o -name '*.cc' | LC_ALL=C sort)
	@sh build-aux/check-history.sh
