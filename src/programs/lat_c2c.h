/*
 * lat_c2c.h - lat_c2c's pair of threads (lat_c2c_pair.c): the ring they
 * share, the writer that makes its lines Modified or clean in its cache,
 * the reader that times the walk.  Private to lat_c2c.
 */
#ifndef LAT_C2C_H
#define LAT_C2C_H

#include "lib_harness.h"
#include "lib_threads.h"

#define LINES  256 /* lines in the ring */
#define STRIDE 128 /* bytes between them */
#define ROUNDS 8   /* per sample */

/* One pair's measurement, shared by its two threads. */
struct pair {
	_Alignas(128) atomic_uint turn; /* even: the writer's, odd: reader's */
	char pad[128 - sizeof(atomic_uint)]; /* turn alone on its line */
	void **ring;                    /* the first slot */
	int cas, hit;                   /* the variant */
	int samples;                    /* -N */
	double *ns;                     /* the reader's samples */
	const struct bench_ident *id;   /* the run, for the records */
};

/* One cell: writer CPU a, reader CPU b, pr's variant (named variant in
 * the record's metric), pr->samples samples; its record written, the
 * value (ns per line) in *v.  0, or -1 after a message. */
int pair_cell(struct pair *pr, int a, int b, const char *variant, double *v);

#endif
