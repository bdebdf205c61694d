/*
 * bw_mem.h - bw_mem's state, its kernels and their buffers
 * (bw_mem_kernels.c).  Private to bw_mem.
 */
#ifndef BW_MEM_H
#define BW_MEM_H

#include <stdint.h>

#include "lib_bw.h"
#include "lib_mem.h"
#include "lib_party.h"

#define CONFLICT_OFFSET 1920

struct state {
	struct bw_buf b;      /* first: what the kernels (lib_bw) see */
	long page_offset;     /* conflict: the destination's, else -1 */
	enum mem_place place; /* -A: MEM_ALIGNED */
	int two_buffers;      /* the kernel copies */
	struct mem_set set;   /* the buffers */
	enum mem_pages pages; /* -H */
	int threads;          /* -T */
};

/* A kernel: its name, its loop (lib_bw), its buffers. */
struct kernel {
	const char *name;             /* as the operand names it */
	int (*run)(void *, uint64_t); /* the timed loop */
	int two_buffers;              /* it copies */
	int width; /* bytes per load or store of the wide kernels; 0:
		    * lmbench's, and for ntwr/ntcp: none on this target */
};

/* <size>: at least 512 bytes; 0, or -1 after a message. */
int bwm_size(const char *arg, uint64_t *size);
/* The operands after <size> (n of them): the kernel (bench_lookup's),
 * and "conflict", set in s with the kernel's buffers.  Exits 2 after a
 * message on an unknown kernel or a second operand not "conflict", 77
 * on a non-temporal kernel where the target has no such stores. */
const struct kernel *bwm_kernel(int n, char **args, struct state *s);
/* The buffers of s, mapped as s asks and touched (struct bench_desc's
 * init): 0, or -1 after a message. */
int bwm_init(void *sp, struct copy_ctx *cx);
/* The buffers unmapped (struct bench_desc's cleanup). */
void bwm_cleanup(void *sp);

#endif
