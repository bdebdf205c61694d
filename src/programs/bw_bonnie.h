/*
 * bw_bonnie.h - what bw_bonnie's two files share: the state, a phase,
 * and the phases' work (bw_bonnie_phases.c).  Private to bw_bonnie.
 */
#ifndef BW_BONNIE_H
#define BW_BONNIE_H

#include <stdint.h>

#include "lib_party.h"

#define MAX_SEEKERS 64

struct state;
/* A phase: its name, its work and the work's argument. */
struct phase {
	const char *name;
	int (*fn)(struct state *s, int arg);
	int arg;
};

struct state {
	char *path;	       /* the file */
	uint64_t size;	       /* -s, a whole number of chunks */
	uint64_t chunk;	       /* -c */
	uint64_t seekers;      /* -p */
	uint64_t seeks;	       /* -n, in all */
	uint64_t reps;	       /* -x */
	int chars;	       /* the per-character phases (no -f) */
	int direct;	       /* -D: O_DIRECT for the block phases */
	char *buf;	       /* one chunk, page aligned */
	uint64_t sum;	       /* what was read, kept */
	struct copy_ctx *cx;   /* for the seekers' placement */
	double cpu_ns, wall_ns; /* of the current phase's intervals */
	const struct phase *phase; /* the current phase */
};

/* The phases' work, once; each 0, or -1 after a message.  The file
 * through stdio by characters: SIZE putc() calls into the truncated file
 * (out), or getc() calls to its end. */
int bonnie_chars(struct state *s, int out);
/* The file from its start by chunks: read (mode 0), written into the
 * truncated file (1) or rewritten (2). */
int bonnie_blocks(struct state *s, int mode);
/* -p seeker processes at once, -n seeks in all (arg unused). */
int bonnie_seeks(struct state *s, int unused);

#endif
