/* SPDX-License-Identifier: MIT */
/*
 * Compile-time traces: the Chrome trace JSON that nvcc 13's
 * -fdevice-time-trace and clang's -ftime-trace write for one translation
 * unit.  Read beside the build logs into model.traces (struct
 * compile_trace): the unit's instantiations and functions by compile time,
 * and its longest events for the timeline; ctrace_join then ties each to
 * its compile (the module of the same output) and its functions to their
 * kernels' rows.
 *
 * A trace is one JSON text, not lines: it is told by its opening (an
 * object with "traceEvents" in its first 64 KiB), not by the line
 * library's sniffs.  It is read an event at a time (jansson, one value per
 * call): no trace is held parsed whole, and every count is bounded below.
 */
#ifndef SPILLWAY_CTRACE_H
#define SPILLWAY_CTRACE_H

#include <stddef.h>
#include <stdint.h>

#include "model.h"

/* A trace past this is not read: nvcc's for a CUDA file of 3 kernels on two
 * arches is 740 KB, clang's of a host file with -ftime-trace-granularity=0
 * 2.5 MB; the bytes are mapped while they are read. */
#define CTRACE_BYTES_MAX	((size_t)64 << 20)
/* Events read of one trace: at ~100 bytes each, the most 64 MiB holds. */
#define CTRACE_EVENTS_MAX	((uint64_t)1 << 20)
/* One event, or one top-level value beside traceEvents, in bytes: an
 * event is a name, two times and a detail (a template, ~100 bytes). */
#define CTRACE_VALUE_BYTES_MAX	((size_t)64 << 10)
/* Distinct names summed per trace (each up to CTRACE_NAME_MAX bytes: 32
 * MiB at most); events of further names are counted as unsummed. */
#define CTRACE_NAMES_MAX	((size_t)32 << 10)
/* A name (a template, a function) is kept to this many bytes. */
#define CTRACE_NAME_MAX		1024
/* Processes and threads named by a trace's metadata, kept to name lanes. */
#define CTRACE_LANES_MAX	64
/* How far into a file its opening is looked for. */
#define CTRACE_SNIFF_BYTES	((size_t)64 << 10)

enum ctrace_status {
	CTRACE_OK,
	CTRACE_DAMAGED,		/* err says where and what */
	CTRACE_NOT_COMPILE,	/* a Chrome trace no compiler wrote (spillway's own
				 * --report=trace): nothing in it to read */
};

/* Whether data opens as a Chrome trace: '{' and "traceEvents" within the
 * first CTRACE_SNIFF_BYTES. */
int	ctrace_is_trace(const uint8_t *data, size_t size);
/* Reads the trace named file into m->traces (nothing added unless
 * CTRACE_OK); damage said in err at *offset. */
enum ctrace_status ctrace_read(const uint8_t *data, size_t size, const char *file, struct model *m,
	    char *err, size_t errsize, size_t *offset);
/* After the scan: each trace's module, each function's row figures. */
void	ctrace_join(struct model *m);

#endif
