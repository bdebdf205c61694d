/*
 * bw_mem_kernels.c - bw_mem's kernels (bw_mem.h): the table the operand
 * is looked up in, the size and kernel operands, and the buffers, each
 * written once before timing so that no page fault is timed.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bw_mem.h"
#include "lib_bench.h"
#include "lib_bw.h"
#include "lib_mem.h"
#include "lib_party.h"
#include "lib_util.h"

/* The kernels, in lmbench's order of the usage text. */
static const struct kernel kernels[] = {
	{ "rd", bw_rd, 0, 0 },       { "wr", bw_wr, 0, 0 },
	{ "rdwr", bw_rdwr, 0, 0 },   { "cp", bw_cp, 1, 0 },
	{ "fwr", bw_fwr, 0, 0 },     { "frd", bw_frd, 0, 0 },
	{ "fcp", bw_fcp, 1, 0 },     { "bzero", bw_bzero, 0, 0 },
	{ "bcopy", bw_bcopy, 1, 0 },
	/* beyond lmbench: every word, 64-bit and vector, non-temporal */
	{ "rd64", bw_rd64, 0, 8 },   { "wr64", bw_wr64, 0, 8 },
	{ "cp64", bw_cp64, 1, 8 },   { "rdv", bw_rdv, 0, BW_VECTOR_BYTES },
	{ "wrv", bw_wrv, 0, BW_VECTOR_BYTES },
	{ "cpv", bw_cpv, 1, BW_VECTOR_BYTES },
	{ "ntwr", bw_ntwr, 0, BW_NT_BYTES },
	{ "ntcp", bw_ntcp, 1, BW_NT_BYTES },
};
#define NKERNELS (sizeof(kernels) / sizeof(kernels[0]))

int
bwm_init(void *sp, struct copy_ctx *cx)
{
	struct state *s = sp;

	(void)cx;
	if (mem_set_alloc_pages(&s->set, s->two_buffers ? 2 : 1, s->b.size,
				s->place, s->page_offset, s->pages) != 0)
		return -1;
	s->b.src = (uint64_t *)(void *)s->set.buf[0];
	/* Touch every page now: no page fault is timed. */
	memset(s->b.src, 1, s->b.size);
	if (s->two_buffers) {
		s->b.dst = (uint64_t *)(void *)s->set.buf[1];
		memset(s->b.dst, 2, s->b.size);
	}
	s->b.value = (uint64_t)getpid();
	return 0;
}

void
bwm_cleanup(void *sp)
{
	struct state *s = sp;

	mem_set_free(&s->set);
	s->b.src = s->b.dst = NULL;
}

int
bwm_size(const char *arg, uint64_t *size)
{
	const char *why = util_parse_size(arg, 1, size);

	if (why == NULL && *size < 512)
		why = "too small (at least 512 bytes)";
	if (why == NULL && *size > SIZE_MAX / 4)
		why = "too large";
	if (why == NULL)
		why = mem_beyond(*size);
	if (why != NULL) {
		util_err("bad size '%s': %s", arg, why);
		return -1;
	}
	return 0;
}

const struct kernel *
bwm_kernel(int n, char **args, struct state *s)
{
	const struct kernel *k = &kernels[bench_lookup(
	    "kernel", args[0], kernels, NKERNELS, sizeof(kernels[0]))];

	if (n == 2) {
		if (strcmp(args[1], "conflict") != 0) {
			util_err("unknown argument '%s' (only 'conflict')",
			         args[1]);
			exit(EXIT_USAGE);
		}
		s->page_offset = CONFLICT_OFFSET;
	}
	s->two_buffers = k->two_buffers;
	if (k->width == 0 && k->name[0] == 'n') {
		util_err("%s: no non-temporal stores on this target (only x86 "
		         "SSE2 streaming stores)", k->name);
		exit(EXIT_UNSUPPORTED);
	}
	return k;
}
