# specmc — the one Makefile.
#
#   make run      install missing Debian packages, build, run experiments/default.ini
#   make test     install, build a checked binary (invariants on), run every test
#   make bench    install, build, run the benchmarks against their peers (SimPy, SimGrid, a
#                 bare C loop, numpy, scipy)
#   make coverage install, build, measure whether the intervals cover their exact truths
#                 (tests/coverage: COVERAGE_REPS repetitions per case and n); writes
#                 docs/methods/coverage.md
#   make          build bin/specmc only (no installation)
#   make fuzz     install clang, build the libFuzzer harnesses of tests/fuzz (ASan + UBSan), run
#                 those of FUZZ_TARGETS for FUZZ_SECONDS each (default 30); a crash, leak or
#                 timeout fails it and names the input that replays it (docs/developer/fuzzing.md)
#   make update-refs   regenerate tests/regress reference results (review the diff!)
#   make clean
#
# Knobs: V=1 prints full command lines; SANITIZE=address,undefined (or thread) builds the
# checked tree with sanitizers for `make test`; CC=clang works too. SANITIZE=thread builds
# with clang and LLVM's OpenMP runtime, whose Archer tool makes OpenMP's synchronisation
# visible to ThreadSanitizer (GCC's libgomp is not instrumented: every barrier would be
# reported as a race).

CC       ?= cc
CXX      ?= c++
V        ?= 0
SANITIZE ?=
PYTHON   ?= /usr/bin/python3
COVERAGE_REPS ?= 1000
FUZZ_SECONDS  ?= 30
FUZZ_TARGETS  ?= config trace_csv trace_google report shard

ifeq ($(V),1)
  Q :=
  say :=
else
  Q := @
  say = @printf '  %-6s %s\n' $(1) $(2);
endif

comma := ,
NPROC := $(shell nproc 2>/dev/null || echo 2)
PKGS     := hdf5 inih gsl
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lhdf5_hl

# -Wno-missing-field-initializers: a positional initializer that leaves trailing fields out
# sets them to 0 by the standard, and struct dist relies on it: {DIST_PARETO, tmin, beta}, the
# form of a hundred laws in the code and tests, is the unbounded Pareto (its c, tmax, 0 = none).
WARN   := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wpointer-arith \
          -Wformat=2 -Wundef -Wvla -Wno-missing-field-initializers
CSTD   := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
INCS   := -I. -Ibuild/gen
BASE_CFLAGS := $(CSTD) $(WARN) -O2 -fopenmp -MMD -MP $(INCS) $(PKG_CFLAGS) $(CFLAGS)
LDLIBS_ALL  := -fopenmp $(PKG_LIBS) -lm $(LDFLAGS)

# Sources. engine/cli/main.c holds main(); everything else is the library the tests link.
LIB_SRC  := $(sort $(wildcard engine/*/*.c models/*.c models/policies/*.c analysis/*.c models/theory/*.c))
LIB_SRC  := $(filter-out engine/cli/main.c,$(LIB_SRC))
MAIN_SRC := engine/cli/main.c
TEST_SRC := $(sort $(wildcard tests/unit/*.c))

# Build trees: release (bin/specmc), check (invariants on, optional sanitizers), MPI
# (bin/specmc-mpi) and fuzz (libFuzzer harnesses), each defined here, before any rule names it
# (a rule's targets expand where it is read: a tree defined later would be missing from them).
REL_DIR   := build/release
MPI_DIR   := build/mpi
FUZZ_DIR  := build/fuzz
ifeq ($(SANITIZE),)
  CHK_DIR := build/check
  SAN_FLAGS :=
else
  CHK_DIR := build/check-$(subst $(comma),-,$(SANITIZE))
  SAN_FLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
endif
ifneq ($(filter thread,$(subst $(comma), ,$(SANITIZE))),)
  CC := clang
  DEPS_EXTRA := tsan
  ARCHER = $(lastword $(sort $(wildcard /usr/lib/llvm-*/lib/libarcher.so)))
  RUN_ENV = OMP_TOOL_LIBRARIES=$(ARCHER) TSAN_OPTIONS=ignore_noninstrumented_modules=1
  # Criterion's test sandbox crashes under TSan; the unit tests are single-threaded, and the
  # threaded code (the OpenMP runner) is what the command-line and regression tests run.
  TEST_PARTS := cli regress
endif
TEST_PARTS ?= unit cli regress python

REL_OBJ := $(LIB_SRC:%.c=$(REL_DIR)/%.o)
CHK_OBJ := $(LIB_SRC:%.c=$(CHK_DIR)/%.o)
TST_OBJ := $(TEST_SRC:%.c=$(CHK_DIR)/%.o)

BIN       := bin/specmc
CHK_BIN   := $(CHK_DIR)/specmc
UNIT_BIN  := $(CHK_DIR)/unit-tests
PCG_REF   := $(CHK_DIR)/pcg-ref
GITREV_H  := build/gen/gitrev.h

.PHONY: all run test test-slurm plots bench coverage fuzz mpi deps clean update-refs unit cli regress \
        python FORCE
all: $(BIN)

# --- set-up -----------------------------------------------------------------------------
deps:
	$(Q)scripts/install-deps.sh $(DEPS_EXTRA)

# --- release build ----------------------------------------------------------------------
$(BIN): $(REL_OBJ) $(REL_DIR)/engine/cli/main.o
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CC) -o $@ $^ $(LDLIBS_ALL)

$(REL_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(BASE_CFLAGS) -DNDEBUG -c -o $@ $<

# --- checked build (make test) ----------------------------------------------------------
CHK_CFLAGS := $(BASE_CFLAGS) -g -DSPECMC_CHECK=1 $(SAN_FLAGS)

$(CHK_BIN): $(CHK_OBJ) $(CHK_DIR)/engine/cli/main.o
	$(call say,LINK,$@)$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS_ALL)

$(UNIT_BIN): $(CHK_OBJ) $(TST_OBJ)
	$(call say,LINK,$@)$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS_ALL) -lcriterion

$(CHK_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(CHK_CFLAGS) -c -o $@ $<

# Validation kernels (analysis/kernels.c): libmvec's vector log2/exp2 need -fno-math-errno;
# -ffp-contract=off keeps rounding identical across the AVX-512/AVX2/baseline clones the file
# builds; -funroll-loops is worth about 5 %.
KERNEL_CFLAGS := -fno-math-errno -ffp-contract=off -funroll-loops
$(REL_DIR)/analysis/kernels.o: BASE_CFLAGS += $(KERNEL_CFLAGS)
$(CHK_DIR)/analysis/kernels.o: CHK_CFLAGS += $(KERNEL_CFLAGS)

# The benchmark binaries of `make bench` (not installed): the validation kernel, SCA's P2,
# and the FIFO model's compiled peers: the bare C loop (specmc's PCG and nothing else of it)
# and the SimGrid one (Debian libsimgrid-dev, from `scripts/install-deps.sh bench`: only
# `make bench` needs it, and pkg-config is asked only when the SimGrid peer is built).
KERNEL_BENCH := $(REL_DIR)/kernel-bench
SCA_BENCH    := $(REL_DIR)/sca-bench
BARE_FIFO    := $(REL_DIR)/bare-fifo
SIMGRID_FIFO := $(REL_DIR)/simgrid-fifo
$(KERNEL_BENCH): $(REL_OBJ) $(REL_DIR)/bench/kernel_bench.o
	$(call say,LINK,$@)$(CC) -o $@ $^ $(LDLIBS_ALL)
$(SCA_BENCH): $(REL_OBJ) $(REL_DIR)/bench/sca_bench.o
	$(call say,LINK,$@)$(CC) -o $@ $^ $(LDLIBS_ALL)
$(BARE_FIFO): $(REL_DIR)/bench/bare_fifo.o $(REL_DIR)/engine/stats/rng.o
	$(call say,LINK,$@)$(CC) -o $@ $^ -lm
SIMGRID_CXXFLAGS = -std=c++17 -O2 -Wall -Wextra -Wshadow -MMD -MP \
                   $(shell pkg-config --cflags simgrid) $(CXXFLAGS)
SIMGRID_LIBS     = $(shell pkg-config --libs simgrid) $(LDFLAGS)
$(SIMGRID_FIFO): bench/simgrid_fifo.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$<)$(CXX) $(SIMGRID_CXXFLAGS) -o $@ $< $(SIMGRID_LIBS)

# The PCG reference (Debian libpcg-cpp-dev), built only for the golden-vector test.
$(PCG_REF): tests/golden/pcg_ref.cpp
	@mkdir -p $(@D)
	$(call say,CXX,$<)$(CXX) -std=c++11 -O2 -o $@ $<

# Git revision for HDF5 provenance; rewritten only when it changes.
$(GITREV_H): FORCE
	@mkdir -p $(@D)
	@rev=$$(git describe --always --dirty 2>/dev/null || echo unknown); \
	 printf '#define SPECMC_GIT_REV "%s"\n' "$$rev" > $@.tmp; \
	 cmp -s $@.tmp $@ && rm -f $@.tmp || mv $@.tmp $@
PROV_OBJ := engine/results/provenance.o
$(REL_DIR)/$(PROV_OBJ) $(CHK_DIR)/$(PROV_OBJ) $(FUZZ_DIR)/$(PROV_OBJ) $(MPI_DIR)/$(PROV_OBJ): \
    $(GITREV_H)

# --- MPI build (make mpi) ---------------------------------------------------------------
# bin/specmc-mpi: the same sources through Open MPI's mpicc with SPECMC_MPI, which turns on
# engine/session/ranks.c (mpirun -np K bin/specmc-mpi run CONFIG: replicas split across ranks).
MPI_BIN := bin/specmc-mpi
MPI_OBJ := $(LIB_SRC:%.c=$(MPI_DIR)/%.o)

$(MPI_BIN): $(MPI_OBJ) $(MPI_DIR)/engine/cli/main.o
	@mkdir -p $(@D)
	$(call say,LINK,$@)mpicc -o $@ $^ $(LDLIBS_ALL)

$(MPI_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)mpicc $(BASE_CFLAGS) -DSPECMC_MPI=1 -DNDEBUG -c -o $@ $<
$(MPI_DIR)/analysis/kernels.o: BASE_CFLAGS += $(KERNEL_CFLAGS)

# --- fuzzing tree (make fuzz) -----------------------------------------------------------
# The library built again with clang for libFuzzer: coverage instrumentation
# (fuzzer-no-link), AddressSanitizer (LeakSanitizer with it) and UndefinedBehaviorSanitizer,
# every UBSan finding fatal, invariants on; each harness tests/fuzz/fuzz_NAME.c is linked with
# libFuzzer's main into build/fuzz/fuzz_NAME. OpenMP stays on (clang's -fopenmp, LLVM's libomp
# from libomp-dev, as for SANITIZE=thread) so that this tree compiles exactly the sources the
# others do; the readers start no threads, so libomp is linked but never runs. At -O1 clang
# cannot honour the kernels' vectorisation pragmas (-Wpass-failed): that is silenced here,
# where only memory errors matter.
FUZZ_CC     := clang
FUZZ_SAN    := -fsanitize=address,undefined -fno-sanitize-recover=undefined \
               -fno-omit-frame-pointer
FUZZ_CFLAGS := $(CSTD) $(WARN) -Wno-pass-failed -O1 -g \
               -fopenmp -MMD -MP $(INCS) $(PKG_CFLAGS) -DSPECMC_CHECK=1 $(FUZZ_SAN) \
               -fsanitize=fuzzer-no-link $(CFLAGS)
FUZZ_OBJ    := $(LIB_SRC:%.c=$(FUZZ_DIR)/%.o) $(FUZZ_DIR)/tests/fuzz/fuzz_input.o
FUZZ_NAMES  := $(patsubst tests/fuzz/fuzz_%.c,%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES  := $(filter-out input,$(FUZZ_NAMES))
FUZZ_BINS   := $(FUZZ_NAMES:%=$(FUZZ_DIR)/fuzz_%)
FUZZ_MAINS  := $(FUZZ_NAMES:%=$(FUZZ_DIR)/tests/fuzz/fuzz_%.o)

$(FUZZ_BINS): $(FUZZ_DIR)/fuzz_%: $(FUZZ_DIR)/tests/fuzz/fuzz_%.o $(FUZZ_OBJ)
	$(call say,LINK,$@)$(FUZZ_CC) $(FUZZ_SAN) -fsanitize=fuzzer -o $@ $^ $(LDLIBS_ALL)

$(FUZZ_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<
$(FUZZ_DIR)/analysis/kernels.o: FUZZ_CFLAGS += $(KERNEL_CFLAGS)

# --- entry points -----------------------------------------------------------------------
run: deps
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(BIN)
	@mkdir -p data
	$(BIN) run experiments/default.ini --out data/default.h5

mpi: deps
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(MPI_BIN)

unit: $(UNIT_BIN) $(PCG_REF)
	$(Q)$(RUN_ENV) SPECMC_PCG_REF=$(PCG_REF) $(UNIT_BIN) --jobs 2 --short-filename

cli: $(CHK_BIN) $(MPI_BIN)
	$(Q)$(RUN_ENV) SPECMC_MPI=$(abspath $(MPI_BIN)) tests/cli/run-all.sh $(CHK_BIN)

python: $(CHK_BIN)
	$(Q)SPECMC=$(abspath $(CHK_BIN)) $(PYTHON) -m pytest -q -p no:cacheprovider tests/python

regress: $(CHK_BIN)
	$(Q)$(RUN_ENV) tests/regress/check.sh $(CHK_BIN)

test: deps
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(UNIT_BIN) $(PCG_REF) $(CHK_BIN) $(MPI_BIN)
	$(Q)$(MAKE) --no-print-directory $(TEST_PARTS)
	@echo "all tests passed ($(TEST_PARTS))"

# The figures of docs/reproductions.md (docs/figures/): every reproduction's experiment at its
# committed replicas (kept in build/plots/ between calls), drawn by analysis/python/specmc.
plots: deps
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(BIN)
	$(Q)$(PYTHON) scripts/plots.py --bin $(BIN) $(if $(PLOTS),--only $(PLOTS))

# The Slurm example for real: a one-node Slurm started (and stopped) by the test, as root.
test-slurm:
	$(Q)scripts/install-deps.sh slurm
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(BIN)
	$(Q)tests/slurm/run.sh $(BIN)

update-refs: $(BIN)
	$(Q)tests/regress/check.sh $(BIN) --update

bench:
	$(Q)scripts/install-deps.sh bench
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(BIN) $(KERNEL_BENCH) $(SCA_BENCH) $(BARE_FIFO) \
	    $(SIMGRID_FIFO)
	$(Q)$(PYTHON) bench/bench.py $(BIN) --kernel-bench $(KERNEL_BENCH) --sca-bench $(SCA_BENCH) \
	    --bare-bench $(BARE_FIFO) --simgrid-bench $(SIMGRID_FIFO)

coverage: deps
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(BIN)
	$(Q)$(PYTHON) tests/coverage/coverage.py --bin $(BIN) --reps $(COVERAGE_REPS) --jobs $(NPROC) \
	    --out docs/methods/coverage.md
	$(Q)$(PYTHON) tests/coverage/summary.py docs/methods/coverage.md docs/methods/statistics.md

# Seeds and the INI dictionary come from the tree and from the freshly built bin/specmc; the
# corpus each run grows stays in build/fuzz/corpus for the next.
fuzz:
	$(Q)scripts/install-deps.sh fuzz
	$(Q)$(MAKE) --no-print-directory -j$(NPROC) $(BIN) $(FUZZ_BINS)
	$(Q)tests/fuzz/seeds.sh $(BIN) $(FUZZ_DIR)
	$(Q)tests/fuzz/run.sh $(FUZZ_DIR) $(FUZZ_SECONDS) $(FUZZ_TARGETS)

clean:
	rm -rf build bin

FORCE:

-include $(REL_OBJ:.o=.d) $(CHK_OBJ:.o=.d) $(TST_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d) $(MPI_OBJ:.o=.d) \
         $(FUZZ_MAINS:.o=.d) \
         $(REL_DIR)/engine/cli/main.d $(CHK_DIR)/engine/cli/main.d \
         $(REL_DIR)/bench/kernel_bench.d $(REL_DIR)/bench/sca_bench.d \
         $(REL_DIR)/bench/bare_fifo.d $(SIMGRID_FIFO).d
