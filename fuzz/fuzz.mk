# SPDX-License-Identifier: MIT
# The libFuzzer build of the fuzz targets: GNU make, run by `make fuzz` from
# the build tree, which passes srcdir, FUZZ_CC and the dependencies' flags.
# Every reader is compiled again with clang, libFuzzer's coverage and ASan
# and UBSan; the normal build never needs clang.
FUZZ_CC ?= clang
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=undefined
# -MMD: each object's header dependencies, read back below, so that a
# changed header rebuilds what includes it.  -Isrc: the headers the build
# makes (src/gitrev.h) are in the build tree, not beside the sources;
# reports and ui: the headers src/cli includes (options.c: report.h).
FUZZ_CFLAGS = -std=c11 -g -O1 -fno-omit-frame-pointer $(SANITIZE) -pthread \
	-MMD -MP -I. -Isrc $(LAYERS:%=-I$(srcdir)/src/%) -I$(srcdir)/reports -I$(srcdir)/ui \
	-I$(srcdir)/fuzz $(DEP_CFLAGS)
LAYERS = util model logs readers judge cli
OBJDIR = fuzz/obj
BINDIR = fuzz/bin

TARGETS = scan fatbin cubin demangle listcsv logs allow amdgpu package ctrace
LIB_SRCS = $(filter-out %/main.c,$(wildcard $(LAYERS:%=$(srcdir)/src/%/*.c)))
LIB_OBJS = $(patsubst $(srcdir)/src/%.c,$(OBJDIR)/%.o,$(LIB_SRCS)) $(OBJDIR)/arches_data.o
BINS = $(addprefix $(BINDIR)/fuzz-,$(TARGETS))

all: $(BINS)

$(OBJDIR)/%.o: $(srcdir)/src/%.c config.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

# The arch and GPU tables, generated in the build tree (src/model/arches.awk).
$(OBJDIR)/arches_data.o: src/arches_data.c config.h
	@mkdir -p $(OBJDIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ src/arches_data.c

$(OBJDIR)/fuzz_%.o: $(srcdir)/fuzz/fuzz_%.c $(srcdir)/fuzz/fuzz.h config.h
	@mkdir -p $(OBJDIR)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(OBJDIR)/libspillway-fuzz.a: $(LIB_OBJS)
	rm -f $@
	ar cr $@ $(LIB_OBJS)

$(BINDIR)/fuzz-%: $(OBJDIR)/fuzz_%.o $(OBJDIR)/libspillway-fuzz.a
	@mkdir -p $(BINDIR)
	$(FUZZ_CC) $(SANITIZE) -fsanitize=fuzzer -pthread -o $@ $< \
		$(OBJDIR)/libspillway-fuzz.a $(DEP_LIBS)

-include $(wildcard $(OBJDIR)/*.d $(OBJDIR)/*/*.d)

.PHONY: all
.SECONDARY:
