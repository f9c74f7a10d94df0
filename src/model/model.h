/* SPDX-License-Identifier: MIT */
/*
 * The model: plain tables that every presenter reads.
 *   images    one per embedded cubin, PTX or LTO-IR entry (or bare cubin)
 *   inputs    one per entry of a __nv_relfatbin kept beside a .nv_fatbin:
 *             the device link's inputs, counted in the sizes only
 *   funcs     one per (function, image): the rows of --list
 *   modules   one per compile, from build logs (record, time -v, ninja, --time)
 *   ptxas     one per (function, sm) figure set read from ptxas -v logs
 * Numbers are int32 with -1 meaning "unknown"; 0 means known to be zero.
 * Strings are interned in the model's pool and compared by pointer.
 */
#ifndef SPILLWAY_MODEL_H
#define SPILLWAY_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "strpool.h"

#define UNKNOWN (-1)

enum image_kind { IMAGE_SASS, IMAGE_PTX, IMAGE_LTO };
enum image_compression { COMPRESS_NONE, COMPRESS_ZSTD, COMPRESS_LZ4 };
enum func_kind { FUNC_ENTRY, FUNC_DEVICE };

/*
 * Why a function's stack is what it is.  The order is severity: a chain
 * that both leaves the image and comes back is unbounded.
 */
enum stack_why {
	STACK_BOUNDED,		/* stack holds the bytes (or is unknown for want of a record) */
	STACK_AT_LINK,		/* a call leaves the relocatable image: the device link settles it */
	STACK_RECURSION,	/* a call chain comes back, or ptxas said it could not bound it */
};

/*
 * How the symbol shows to NVIDIA's tools: its ELF visibility (st_other
 * bits 0-1, in ELF's order), and VIS_UNLISTED beside it when st_other bit
 * 0x08 is set, which keeps the function out of cuobjdump's and nvdisasm's
 * output and of the driver's cuModuleEnumerateFunctions, though
 * cuModuleGetFunction finds it by name (spillway-reference(7), DIFFERENCES FROM
 * CUOBJDUMP).  spillway lists every function, with this to tell them.
 */
enum func_visibility { VIS_DEFAULT, VIS_INTERNAL, VIS_HIDDEN, VIS_PROTECTED };
#define VIS_UNLISTED	4	/* a flag beside the visibility */
#define NVISIBILITIES	8
extern const char *const func_visibility_names[NVISIBILITIES];

struct image_rec {
	const char	*library;	/* path as given or found under the scanned root */
	const char	*member;	/* archive member, "" when none */
	char		 arch[32];	/* sm_90a for SASS, compute_90 for PTX, gfx90a:xnack+ for AMDGPU */
	uint8_t		 kind;		/* enum image_kind */
	uint8_t		 compression;	/* enum image_compression */
	uint8_t		 relocatable;	/* ET_REL cubin, or found in __nv_relfatbin */
	uint8_t		 callgraph;	/* SASS: .nv.callgraph lists calls (else a linked
					 * image's callees are folded into their kernels) */
	uint8_t		 has_debug;
	uint8_t		 nvlink_input;	/* in model.inputs: an entry of a __nv_relfatbin
					 * beside a .nv_fatbin, read for its bytes only */
	uint64_t	 stored_size;	/* bytes in the file */
	uint64_t	 size;		/* bytes once decompressed */
	int32_t		 version_major, version_minor;	/* fatbin "code version" */
	const char	*toolkit;	/* "13.0" from .note.nv.tkinfo, "" unknown */
	const char	*producer;	/* "ptxas", "nvlink", ... "" unknown */
	int64_t		 global;	/* GLOBAL of cuobjdump's Common line, -1 unknown */
	const char	*constant;	/* module-level banks "3:256 4:24", "" none */
	uint64_t	 offset;	/* offset of the entry in the file (or member) */
	/* Size (src/model/size.c): where the image's bytes are, and what. */
	uint64_t	 entry_size;	/* header, payload and padding in its container; 0 none */
	uint32_t	 fatbin;	/* 1 + its index in model.fatbins, 0 none (bare, read back) */
	uint64_t	 text_bytes;	/* SASS: the functions' .text sections, summed */
	uint64_t	 merc_bytes;	/* SASS: .nv.merc.* and .nv.capmerc.* sections (sm_100+) */
	uint64_t	 hash;		/* SASS: XXH3 of the decompressed image, 0 not hashed */
	uint8_t		 sized;		/* SASS: read by a worker, text_bytes and merc_bytes known */
	/* --what-if (whatif.h): the image compressed as the mode asked
	 * would store it, in bytes; 0 not predicted. */
	uint64_t	 predicted;
	/* Shipped in a package (model.packages): 1 + its index, 0 none; and
	 * the package's bytes its entry takes (deflated, in a wheel), 0
	 * where they cannot be told (a compressed tarball). */
	uint32_t	 package;
	uint64_t	 packed;
};

/* A package read as it ships (src/readers/package.h): a wheel, a .conda,
 * a tarball, a .deb's data; the innermost, where packages nest. */
struct package_rec {
	const char	*name;		/* as its members' names begin: "PKG", "DEB:data.tar.xz" */
	uint64_t	 size;		/* its bytes as shipped */
	uint8_t		 spans;		/* its members' bytes can be told apart (a zip, a plain tar) */
};

/*
 * A run of fatbin containers: a host ELF's .nv_fatbin (or __nv_relfatbin)
 * section, or a fatbin file.  Its bytes are the entries' (image_rec
 * entry_size), the containers' headers and the zeros between containers.
 */
struct fatbin_rec {
	const char	*library;
	const char	*member;
	const char	*section;	/* ".nv_fatbin", "__nv_relfatbin", "" a fatbin file */
	uint64_t	 offset;	/* in the file (or member) */
	uint64_t	 size;		/* the section's sh_size, or the file's */
	uint64_t	 file_size;	/* the file (or member) that holds it */
	/* A linked file's next segment (hostelf.h's seg_gap, seg_align):
	 * the bytes between the end of the segment that holds the section
	 * and the next one, and its alignment; 0 0: none. */
	uint64_t	 seg_gap, seg_align;
	uint64_t	 containers, container_headers, zeros;
	uint64_t	 entries_skipped;	/* bytes of entries not made images (--arch, unknown kind, damage) */
	uint64_t	 empty_entries;		/* PTX and LTO-IR entries of no bytes: counted, not made images */
	uint64_t	 empty_entry_bytes;	/* their headers */
	int		 damaged;	/* the walk stopped early: the rest is not accounted */
	int		 inputs;	/* a __nv_relfatbin beside a .nv_fatbin: its images
					 * are the device link's inputs (model.inputs) */
};

struct func_rec {
	uint32_t	 image;		/* index into model.images */
	uint8_t		 kind;		/* enum func_kind */
	uint8_t		 visibility;	/* enum func_visibility */
	const char	*mangled;
	const char	*name;		/* fully demangled */
	const char	*collapsed;	/* no template arguments, no parameters */
	const char	*ns;		/* namespace, "" for the global one */
	const char	*constant;	/* per-function banks "0:536 2:52", "" none */
	int32_t		 reg, stack, shared, local;
	int32_t		 texture, surface, sampler;
	int32_t		 max_threads, min_blocks;
	int32_t		 frame;		/* EIATTR_FRAME_SIZE: this function's own frame */
	uint8_t		 stack_why;	/* enum stack_why: why stack is UNKNOWN, when it is */
	uint8_t		 callees_cut;	/* callees left out: the image's reach lists ran out */
	const char	*callees;	/* interned: the functions its calls reach, sorted, '\n'
					 * between; NULL or "" none known */
	int32_t		 spill_stores, spill_loads;	/* from ptxas -v logs, with its callees' */
	/* Size (src/model/size.c). */
	int32_t		 code_bytes;	/* its .text.<mangled> section, UNKNOWN from a list without it */
	uint64_t	 code_hash;	/* XXH3 of those bytes, 0 unknown */
	/* Launch (launch.h): the largest block it launches with on its sm. */
	int32_t		 max_block;
	/* AMDGPU code objects' metadata (UNKNOWN for CUDA rows); reg holds
	 * .vgpr_count, stack the private segment, shared the group segment,
	 * max_threads the max flat workgroup size. */
	int32_t		 agpr, sgpr, vgpr_spill, sgpr_spill, wavefront;
	/* Its own source line, where the image carries line tables (nvcc
	 * -lineinfo or -G: src/readers/linetable.c): the file as the table
	 * names it (nvcc: absolute), interned; NULL, 0 unknown. */
	const char	*src_file;
	int32_t		 src_line;
};

/*
 * "Has a frame": STACK or LOCAL above zero (unknown counts as none).  The
 * one definition that --summary, --check, the report and the browser use.
 */
int	frame_used(int32_t stack, int32_t local);
int	func_framed(const struct func_rec *);
/* Spills: spill stores or loads above zero (from a ptxas -v log), or
 * VGPRs or SGPRs spilled (an AMDGPU code object's metadata). */
int	func_spills(const struct func_rec *);
/* Whether f's spills are known: from a ptxas -v log, or from an AMDGPU
 * code object's metadata. */
int	func_spill_known(const struct func_rec *);

/* One compile (nvcc invocation) from the build logs. */
struct build_phase {
	const char	*name;		/* "ptxas", "cicc", "fatbinary", ... */
	const char	*arch;		/* "sm_86", "compute_90", "" when none */
	double		 ms;
};

/* Where a module's start and end come from: their clocks differ. */
enum timebase {
	TIME_NONE,	/* no start known */
	TIME_EPOCH,	/* Unix time (spillway record) */
	TIME_NINJA,	/* ms since the ninja run began (.ninja_log), as seconds */
};

struct build_module {
	const char	*name;		/* the target: -o path, or .ninja_log output */
	int64_t		 peak_rss;	/* bytes, -1 unknown */
	double		 wall;		/* seconds, -1 unknown */
	double		 start, end;	/* seconds on timebase, -1 unknown */
	int		 timebase;	/* enum timebase of start and end */
	int		 exit_status;	/* -1 unknown */
	const char	*arches;	/* "sm_86,sm_90,compute_90", "" unknown */
	const char	*source;	/* the log it came from (the last one merged) */
	struct build_phase *phases;
	size_t		 nphases, capphases;
	uint64_t	 order;		/* the order it was first read in */
	/* The compile's tree and machine (spillway record v2). */
	int64_t		 peak_proc;	/* bytes: its largest single process, -1 unknown */
	const char	*peak_how;	/* how peak_rss was had: "cgroup", "proc10ms",
					 * "" one process's (ru_maxrss, time -v) */
	int		 cores;		/* CPUs it could run on, -1 unknown */
	double		 load;		/* 1-minute load average at its start, -1 unknown */
	int		 cache_hit;	/* ccache answered it: no compile tool ran (record v2) */
	int		 run;		/* the run of its log its start is from (1 the first: a
					 * .ninja_log run, or a record log's run, which a
					 * target recorded again begins), 0 none */
	/* nvcc --threads of its command (record v2's 12th field; -j x
	 * --threads advice, build2): 0 as many as the CPUs, -1 not given */
	int		 threads;
};

/* One function's figures from a ptxas -v log, for one sm. */
struct ptxas_rec {
	const char	*mangled;	/* interned */
	const char	*arch;		/* "sm_80", interned; "" when no entry named it */
	uint8_t		 entry;		/* a "Compiling entry function" line named it */
	int32_t		 reg;		/* Used N registers; -1 for device functions */
	int32_t		 frame;		/* N bytes stack frame: its own FRAME_SIZE */
	int32_t		 stack;		/* N bytes cumulative stack size; 0 when not printed */
	int32_t		 spill_stores, spill_loads;
	int32_t		 barriers, smem;	/* -1 when not printed */
	const char	*cmem;		/* "0:372 3:1024", "" none */
	const char	*source;	/* the log, interned */
	uint32_t	 line;		/* of its "Function properties" line */
};

/*
 * What the build-log readers and the walk left out, for the notices
 * (src/cli/buildsum.c): counts, and the first of each named.
 */
struct build_notes {
	size_t		 timev_other;	/* time -v blocks of commands that compile nothing */
	const char	*timev_other_first;	/* the first such command's name, interned */
	size_t		 cmake_checks;	/* files under CMake's own check folders, not scanned */
	size_t		 cmake_dirs;	/* those folders */
	int		 ninja_runs;	/* runs in the .ninja_log read (the most of any) */
	int		 record_runs;	/* likewise of record logs */
	/* .ninja_logs ninja rewrote (recompaction, -t restat), their runs
	 * told by the outputs' mtimes; the first one's name, runs and
	 * entries with no mtime, left out */
	size_t		 ninja_rewritten;
	const char	*ninja_rewritten_first;
	int		 ninja_rewritten_runs;
	size_t		 ninja_unplaced;
	const char	*cmake_first;	/* the first such folder, interned */
};

/*
 * Compile-time traces (nvcc -fdevice-time-trace, clang -ftime-trace: Chrome
 * trace JSON, one per translation unit; src/logs/ctrace.c): where one
 * compile's time went.  Times are microseconds, as the trace gives them.
 */
#define TRACE_TOP	10	/* instantiations and functions kept per trace, longest first */
#define TRACE_KEEP	256	/* events kept per trace for --report=trace, longest first */

enum trace_item_kind { TRACE_INST, TRACE_FUNC, TRACE_KINDS };

/* A template instantiated, or a function compiled, over its events. */
struct trace_item {
	const char	*name;		/* interned: args.detail (a template), or the
					 * function as the event names it (ptxas: mangled) */
	double		 us;		/* its events' durations summed (inclusive: an
					 * instantiation nested in another counts in both) */
	uint32_t	 events;
	const char	*arch;		/* a function: the arch it was compiled for (ptxas: sm_NN,
					 * cicc: compute_NN), "" none named (clang) */
	/* A function: its row's figures (the kernel of that name on that
	 * sm), joined after the scan (ctrace_join); -1 unknown. */
	int32_t		 reg, stack, spill_stores;
	const char	*shown;		/* its row's demangled name, else name */
};

/* One event kept for the timeline. */
struct trace_event {
	const char	*name, *detail;	/* interned; detail "" none */
	const char	*lane;		/* "cicc [compute_90]", "ptxas [sm_90]", "clang" */
	double		 ts, dur;	/* from the trace's first event */
};

struct compile_trace {
	const char	*file;		/* the trace, as found or named */
	const char	*tool;		/* "nvcc", "clang" */
	const char	*tu;		/* the source it compiled, "" unknown */
	size_t		 module;	/* 1 + the index of its compile in modules, 0 none */
	double		 span;		/* from the first event's start to the last's end */
	uint64_t	 events;	/* complete events read */
	uint64_t	 unsummed;	/* of those, named past the names a trace sums (ctrace.h) */
	struct trace_item items[TRACE_KINDS][TRACE_TOP];
	size_t		 nitems[TRACE_KINDS];
	struct trace_event *kept;	/* by start */
	size_t		 nkept;
};

struct model {
	struct build_module	*modules;
	size_t			 nmodules, capmodules;
	struct image_rec	*images;
	size_t			 nimages, capimages;
	/* The device link's inputs that an executable or shared library
	 * keeps in __nv_relfatbin beside its .nv_fatbin (the relocatable
	 * images nvlink read, which the host linker copied in from the
	 * objects): no kernel of theirs is read, no rule, count or coverage
	 * sees them; the sizes (size.h) and --list=images count their bytes. */
	struct image_rec	*inputs;
	size_t			 ninputs, capinputs;
	struct func_rec		*funcs;
	size_t			 nfuncs, capfuncs;
	struct ptxas_rec	*ptxas;
	size_t			 nptxas, capptxas;
	struct fatbin_rec	*fatbins;
	size_t			 nfatbins, capfatbins;
	struct package_rec	*packages;
	size_t			 npackages, cappackages;
	struct strpool		 pool;
	struct build_notes	 notes;		/* what the reading of the logs left out or found odd */
	struct compile_trace	*traces;
	size_t			 ntraces, captraces;
	/* One kernel in several files (copies.h), found after the scan:
	 * per function, the function judged for it (its own index when
	 * judged), and the next copy of that one (a judged one's first);
	 * NULL until copies_find. */
	uint32_t		*copy_of, *copy_next;
	size_t			 ncopies;
};

void	model_init(struct model *);
void	model_free(struct model *);
size_t	model_add_image(struct model *, const struct image_rec *);
/* One of the device link's inputs (model.inputs), nvlink_input set. */
size_t	model_add_input(struct model *, const struct image_rec *);
void	model_add_func(struct model *, const struct func_rec *);
/* A row with no AMDGPU metadata (every CUDA row): its AMDGPU figures unknown. */
void	func_rec_no_amdgpu(struct func_rec *);
/* A row of image's function mangled, every figure unknown until its
 * reader sets what its format holds; no names, no source line. */
void	func_rec_start(struct func_rec *, uint32_t image, enum func_kind,
	    unsigned visibility, const char *mangled);
size_t	model_add_module(struct model *, const struct build_module *);
/* Takes the trace (its kept events become the model's). */
void	model_add_trace(struct model *, const struct compile_trace *);
/* The module named name (interned), added with every figure unknown when new. */
struct build_module *model_module(struct model *, const char *name);
/* A new module named name, every figure unknown, without looking for one
 * (a reader that keeps its own index: model_module searches one by one). */
struct build_module *model_module_new(struct model *, const char *name);
void	model_module_add_phase(struct build_module *, const struct build_phase *);
void	model_add_ptxas(struct model *, const struct ptxas_rec *);
size_t	model_add_fatbin(struct model *, const struct fatbin_rec *);
size_t	model_add_package(struct model *, const struct package_rec *);
const struct image_rec *model_func_image(const struct model *, const struct func_rec *);

#endif
