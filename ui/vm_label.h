/* SPDX-License-Identifier: MIT */
/*
 * What tells an instantiation from its siblings: the template argument
 * list of a demangled name, the arguments that differ within the kernel
 * first, then the parameters and the return type (what a row has room
 * for goes from the left).  Plain C, no state: viewmodel.c marks which
 * argument positions differ in a group, the table formats the rows shown.
 */
#ifndef SPILLWAY_VM_LABEL_H
#define SPILLWAY_VM_LABEL_H

#include <stddef.h>
#include <stdint.h>

/* Argument positions past this one all count as differing. */
#define VM_LABEL_MAXARGS	64

/* Offsets into a demangled name; targs_open == targs_close when the name
 * has no template argument list, params_open == len when no parameters. */
struct vm_split {
	size_t	 name_start;	/* the qualified name, after the return type */
	size_t	 targs_open, targs_close;	/* '<' and its '>' */
	size_t	 params_open, params_close;	/* '(' and its ')' */
	size_t	 len;
};

void	vm_label_split(const char *name, struct vm_split *);

/* The top-level template arguments: up to max (start, length) pairs;
 * returns how many the list holds (may be more than max). */
size_t	vm_label_args(const char *name, const struct vm_split *, size_t *start, size_t *len, size_t max);

/* Bit p set: argument p differs between a and b (positions one has and
 * the other not differ; from VM_LABEL_MAXARGS on, the last bit says any). */
uint64_t vm_label_diff(const char *a, const char *b);

/*
 * The label of name among instantiations whose differing positions are
 * diff: "<128, 4 | float> (float*, int) -> int"; the differing arguments
 * in their order, a bar, the others; parameters; the return type unless
 * void.  With no argument differing, the parameters come first.
 */
void	vm_label_format(const char *name, uint64_t diff, char *buf, size_t size);

#endif
