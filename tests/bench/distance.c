/*
 * distance.c - does the distance between a copy's source and destination
 * change its bandwidth?  The experiment behind lib_mem's placement rule
 * (mem_set_alloc): one mapping, touched once, the source fixed at its
 * start (2 MB aligned) and the destination moved to each distance in
 * turn, so every distance copies between the same pages and only their
 * relative offset changes.  The distances are timed round-robin, one
 * pass each per round, so a busy spell on a shared machine hits every
 * distance alike rather than one of them.
 *
 * Usage: distance [-H] [-r rounds] [-s size] [-k cp|fcp|memcpy]
 *   -s  bytes copied per pass (default 256m; suffixes k m g)
 *   -r  rounds (default 7); each prints nothing, the table comes last
 *   -k  the kernel: cp (one 8-byte word per 16 bytes, bw_mem's cp),
 *       fcp (every word) or memcpy; default all three
 *   -H  ask for transparent huge pages (madvise) on the mapping
 * Output (stdout): one row per distance: the distance in bytes, how it
 * stands to powers of two, then per kernel the median MB/s of the rounds
 * (MB = 10^6 bytes, size bytes per pass as bw_mem counts) and the spread
 * min-max.  The first two rows are the library's own choice and that plus
 * one cache line.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "lib_mem.h"
#include "lib_util.h"

#define MAXD   24
#define MAXR   51
#define NKERN  3
#define HUGE2M ((size_t)2 << 20)

struct row {
	size_t dist;             /* destination - source, bytes */
	const char *what;        /* how it was chosen */
	double mbs[NKERN][MAXR]; /* MB/s per kernel per round */
};

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The kernels: the same loops as bw_mem's cp and fcp, and libc. */
static void
copy_cp(uint64_t *restrict q, const uint64_t *restrict p, size_t words)
{
	size_t i;

	for (i = 0; i < words; i += 2)
		q[i] = p[i];
}

static void
copy_fcp(uint64_t *restrict q, const uint64_t *restrict p, size_t words)
{
	size_t i;

	for (i = 0; i < words; i++)
		q[i] = p[i];
}

static void
copy_memcpy(uint64_t *restrict q, const uint64_t *restrict p, size_t words)
{
	memcpy(q, p, words * 8);
}

static void (*const kern[NKERN])(uint64_t *restrict, const uint64_t *restrict,
				 size_t) = { copy_cp, copy_fcp, copy_memcpy };
static const char *const kname[NKERN] = { "cp", "fcp", "memcpy" };

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* How d stands to powers of two: "2^k", "2^k + N" (N in bytes with a
 * unit), or the largest power of two dividing it. */
static void
describe(size_t d, char *out, size_t len)
{
	size_t p = 1;
	int k = 0;

	while (p * 2 <= d) {
		p *= 2;
		k++;
	}
	if (d == p)
		snprintf(out, len, "2^%d exactly", k);
	else if ((d - p) % 1024 == 0 && d - p >= 1024)
		snprintf(out, len, "2^%d + %zu KB", k, (d - p) / 1024);
	else
		snprintf(out, len, "2^%d + %zu B", k, d - p);
}

static void __attribute__((noreturn))
usage(void)
{
	fprintf(stderr, "Usage: distance [-H] [-r rounds] [-s size] "
			"[-k cp|fcp|memcpy]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static struct row rows[MAXD];
	uint64_t size = 256 << 20, v;
	size_t nrows = 0, maplen, i, words, ps = mem_pagesize();
	int huge = 0, rounds = 7, only = -1, c, r, k;
	char *map, *base;

	while ((c = getopt(argc, argv, "Hk:r:s:")) != -1) {
		switch (c) {
		case 'H': huge = 1; break;
		case 'k':
			for (k = 0; k < NKERN; k++)
				if (strcmp(optarg, kname[k]) == 0)
					only = k;
			if (only < 0)
				usage();
			break;
		case 'r':
			if (util_parse_u64(optarg, 1, MAXR, &v) != NULL)
				usage();
			rounds = (int)v;
			break;
		case 's':
			if (util_parse_size(optarg, 1, &v) != NULL ||
			    v < 65536 || v > ((uint64_t)4 << 30))
				usage();
			size = v / 64 * 64;
			break;
		default: usage();
		}
	}
	if (optind != argc)
		usage();
	words = (size_t)size / 8;
	/* The library's own choice first. */
	rows[nrows].dist = mem_set_distance((size_t)size, MEM_SPREAD, -1);
	rows[nrows++].what = "lib_mem's choice";
#define ROW(d, w)                                                              \
	do {                                                                   \
		rows[nrows].dist = (d);                                        \
		rows[nrows++].what = (w);                                      \
	} while (0)
	ROW(rows[0].dist + 64, "lib_mem's choice + 64 B");
	ROW((size_t)size, "the size (adjacent buffers)");
	ROW((size_t)size + 64, "+ 64 B");
	ROW((size_t)size + 1920, "+ 1920 B (lmbench conflict)");
	ROW((size_t)size + 2048, "+ 2 KB");
	ROW((size_t)size + ps - 64, "+ 1 page - 64 B");
	ROW((size_t)size + ps, "+ 1 page");
	ROW((size_t)size + ps + 64, "+ 1 page + 64 B");
	ROW((size_t)size + 3 * ps, "+ 12 KB");
	ROW((size_t)size + 3 * ps + 2112, "+ 12 KB + 2112 B");
	ROW((size_t)size + 5 * ps + 3968, "+ 5 pages + 3968 B");
	ROW((size_t)size + 17 * ps, "+ 17 pages");
	ROW((size_t)size + (1 << 20), "+ 1 MB");
	ROW((size_t)size + HUGE2M, "+ 2 MB");
	ROW((size_t)size + HUGE2M + 3 * ps, "+ 2 MB + 12 KB");
	ROW((size_t)size * 2, "twice the size");
#undef ROW
	/* One mapping for every distance: 2 MB alignment for the source,
	 * room for the farthest destination. */
	maplen = (size_t)size * 3 + 2 * HUGE2M;
	map = mmap(NULL, maplen, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		util_syserr("cannot map %zu bytes", maplen);
		return 1;
	}
	if (huge && madvise(map, maplen, MADV_HUGEPAGE) != 0) {
		util_syserr("madvise(MADV_HUGEPAGE)");
		return 77;
	}
	base = map + (HUGE2M - (uintptr_t)map % HUGE2M) % HUGE2M;
	memset(map, 1, maplen);
	for (r = 0; r < rounds; r++)
		for (i = 0; i < nrows; i++)
			for (k = 0; k < NKERN; k++) {
				uint64_t *dst = (uint64_t *)(void *)(base +
								     rows[i].dist);
				double t;

				if (only >= 0 && k != only)
					continue;
				t = now();
				kern[k](dst, (const uint64_t *)(void *)base,
					words);
				__asm__ volatile("" ::: "memory");
				rows[i].mbs[k][r] = (double)size / (now() - t) /
						    1e6;
			}
	printf("%u MB copied per pass, %d rounds%s; MB/s median (min-max)\n",
	       (unsigned)(size >> 20), rounds, huge ? ", THP" : "");
	printf("%-12s %-22s %-28s", "distance", "as powers of two", "chosen as");
	for (k = 0; k < NKERN; k++)
		if (only < 0 || k == only)
			printf(" %-22s", kname[k]);
	printf("\n");
	for (i = 0; i < nrows; i++) {
		char how[48];

		describe(rows[i].dist, how, sizeof(how));
		printf("%-12zu %-22s %-28s", rows[i].dist, how, rows[i].what);
		for (k = 0; k < NKERN; k++) {
			double *m = rows[i].mbs[k];
			char cell[48];

			if (only >= 0 && k != only)
				continue;
			qsort(m, (size_t)rounds, sizeof(*m), cmp);
			snprintf(cell, sizeof(cell), "%.0f (%.0f-%.0f)",
				 m[rounds / 2], m[0], m[rounds - 1]);
			printf(" %-22s", cell);
		}
		printf("\n");
	}
	munmap(map, maplen);
	return 0;
}
