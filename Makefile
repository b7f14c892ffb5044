# specmc — the one Makefile.
#
#   make run      install missing Debian packages, build, run experiments/default.ini
#   make test     install, build a checked binary (invariants on), run every test
#   make bench    install, build, run the benchmarks against their peers (SimPy)
#   make          build bin/specmc only (no installation)
#   make update-refs   regenerate tests/regress reference results (review the diff!)
#   make clean
#
# Knobs: V=1 prints full command lines; SANITIZE=address,undefined (or thread) builds the
# checked tree with sanitizers for `make test`; CC=clang works too.

CC       ?= cc
CXX      ?= c++
V        ?= 0
SANITIZE ?=
PYTHON   ?= /usr/bin/python3

ifeq ($(V),1)
  Q :=
  say :=
else
  Q := @
  say = @printf '  %-6s %s\n' $(1) $(2);
endif

comma := ,
PKGS     := hdf5 inih gsl
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null) -lhdf5_hl

WARN   := -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wpointer-arith \
          -Wformat=2 -Wundef -Wvla
CSTD   := -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE
INCS   := -I. -Ibuild/gen
BASE_CFLAGS := $(CSTD) $(WARN) -O2 -fopenmp -MMD -MP $(INCS) $(PKG_CFLAGS) $(CFLAGS)
LDLIBS_ALL  := -fopenmp $(PKG_LIBS) -lm $(LDFLAGS)

# Sources. engine/main.c holds main(); everything else is the library the tests link.
LIB_SRC  := $(sort $(wildcard engine/*.c models/*.c models/policies/*.c analysis/*.c))
LIB_SRC  := $(filter-out engine/main.c,$(LIB_SRC))
MAIN_SRC := engine/main.c
TEST_SRC := $(sort $(wildcard tests/unit/*.c))

# Two build trees: release (bin/specmc) and check (invariants on, optional sanitizers).
REL_DIR   := build/release
ifeq ($(SANITIZE),)
  CHK_DIR := build/check
  SAN_FLAGS :=
else
  CHK_DIR := build/check-$(subst $(comma),-,$(SANITIZE))
  SAN_FLAGS := -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
endif

REL_OBJ := $(LIB_SRC:%.c=$(REL_DIR)/%.o)
CHK_OBJ := $(LIB_SRC:%.c=$(CHK_DIR)/%.o)
TST_OBJ := $(TEST_SRC:%.c=$(CHK_DIR)/%.o)

BIN       := bin/specmc
CHK_BIN   := $(CHK_DIR)/specmc
UNIT_BIN  := $(CHK_DIR)/unit-tests
PCG_REF   := $(CHK_DIR)/pcg-ref
GITREV_H  := build/gen/gitrev.h

.PHONY: all run test bench deps clean update-refs unit cli regress FORCE
all: $(BIN)

# --- set-up -----------------------------------------------------------------------------
deps:
	$(Q)scripts/install-deps.sh

# --- release build ----------------------------------------------------------------------
$(BIN): $(REL_OBJ) $(REL_DIR)/engine/main.o
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CC) -o $@ $^ $(LDLIBS_ALL)

$(REL_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(BASE_CFLAGS) -DNDEBUG -c -o $@ $<

# --- checked build (make test) ----------------------------------------------------------
CHK_CFLAGS := $(BASE_CFLAGS) -g -DSPECMC_CHECK=1 $(SAN_FLAGS)

$(CHK_BIN): $(CHK_OBJ) $(CHK_DIR)/engine/main.o
	$(call say,LINK,$@)$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS_ALL)

$(UNIT_BIN): $(CHK_OBJ) $(TST_OBJ)
	$(call say,LINK,$@)$(CC) $(SAN_FLAGS) -o $@ $^ $(LDLIBS_ALL) -lcriterion

$(CHK_DIR)/%.o: %.c
	@mkdir -p $(@D)
	$(call say,CC,$<)$(CC) $(CHK_CFLAGS) -c -o $@ $<

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
$(REL_DIR)/engine/provenance.o $(CHK_DIR)/engine/provenance.o: $(GITREV_H)

# --- entry points -----------------------------------------------------------------------
run: deps
	$(Q)$(MAKE) --no-print-directory $(BIN)
	@mkdir -p data
	$(BIN) run experiments/default.ini --out data/default.h5

unit: $(UNIT_BIN) $(PCG_REF)
	$(Q)SPECMC_PCG_REF=$(PCG_REF) $(UNIT_BIN) --jobs 2 --short-filename

cli: $(CHK_BIN)
	$(Q)tests/cli/run-all.sh $(CHK_BIN)

regress: $(CHK_BIN)
	$(Q)tests/regress/check.sh $(CHK_BIN)

test: deps
	$(Q)$(MAKE) --no-print-directory unit cli regress
	@echo "all tests passed"

update-refs: $(BIN)
	$(Q)tests/regress/check.sh $(BIN) --update

bench: deps
	$(Q)$(MAKE) --no-print-directory $(BIN)
	$(Q)$(PYTHON) bench/bench.py $(BIN)

clean:
	rm -rf build bin

FORCE:

-include $(REL_OBJ:.o=.d) $(CHK_OBJ:.o=.d) $(TST_OBJ:.o=.d) \
         $(REL_DIR)/engine/main.d $(CHK_DIR)/engine/main.d
