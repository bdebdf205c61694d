/*
 * peer.c - bare reference loops that the ratio benchmarks (bench.sh) set
 * beside lmbench-ng's programs, timed here with clock_gettime and no
 * harness at all.  Each prints one number on stdout.
 *
 *   peer read BYTES     MB/s of a plain 64-bit read loop (median of 11)
 *   peer memcpy BYTES   MB/s of glibc memcpy between two buffers
 *   peer getppid N      microseconds per getppid() over N calls
 *   peer chase MB       ns per load of a random cyclic pointer chase
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void *
region(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("peer: mmap");
		exit(1);
	}
	memset(p, 1, len);
	return p;
}

static volatile uint64_t sink;

int
main(int argc, char **argv)
{
	double t[11];
	int i;

	if (argc != 3) {
		fprintf(stderr, "Usage: peer read|memcpy|getppid|chase N\n");
		return 2;
	}
	if (strcmp(argv[1], "read") == 0) {
		size_t len = strtoull(argv[2], NULL, 10), n = len / 8, j;
		uint64_t *p = region(len), s = 0;

		for (i = -1; i < 11; i++) { /* pass -1 warms */
			double t0 = now();

			for (j = 0; j < n; j++)
				s += p[j];
			if (i >= 0)
				t[i] = now() - t0;
		}
		sink = s;
		qsort(t, 11, sizeof(t[0]), cmp);
		printf("%.2f\n", (double)len / t[5] / 1e6);
	} else if (strcmp(argv[1], "memcpy") == 0) {
		size_t len = strtoull(argv[2], NULL, 10);
		char *a = region(len), *b = region(len);

		for (i = -1; i < 11; i++) {
			double t0 = now();

			memcpy(b, a, len);
			if (i >= 0)
				t[i] = now() - t0;
		}
		sink = (uint64_t)b[len / 2];
		qsort(t, 11, sizeof(t[0]), cmp);
		printf("%.2f\n", (double)len / t[5] / 1e6);
	} else if (strcmp(argv[1], "getppid") == 0) {
		long n = strtol(argv[2], NULL, 10), j;
		double t0 = now();

		for (j = 0; j < n; j++)
			(void)getppid();
		printf("%.4f\n", (now() - t0) / (double)n * 1e6);
	} else if (strcmp(argv[1], "chase") == 0) {
		size_t len = strtoull(argv[2], NULL, 10) << 20;
		size_t n = len / 64, j, k;
		char *b = region(len);
		size_t *perm = malloc(n * sizeof(*perm));
		uint64_t r = 88172645463325252ULL, loads = 20000000;
		void **p;

		/* A random cyclic permutation of the 64-byte slots. */
		for (j = 0; j < n; j++)
			perm[j] = j;
		for (j = n - 1; j > 0; j--) {
			r ^= r << 13;
			r ^= r >> 7;
			r ^= r << 17;
			k = r % (j + 1);
			size_t tmp = perm[j];
			perm[j] = perm[k];
			perm[k] = tmp;
		}
		for (j = 0; j < n; j++)
			*(void **)(b + perm[j] * 64) =
			    b + perm[(j + 1) % n] * 64;
		p = (void **)(b + perm[0] * 64);
		for (i = -1; i < 11; i++) {
			double t0 = now();

			for (k = 0; k < loads; k++)
				p = (void **)*p;
			if (i >= 0)
				t[i] = now() - t0;
		}
		sink = (uint64_t)(uintptr_t)p;
		qsort(t, 11, sizeof(t[0]), cmp);
		printf("%.3f\n", t[0] / (double)loads * 1e9);
	} else {
		fprintf(stderr, "peer: unknown mode %s\n", argv[1]);
		return 2;
	}
	return 0;
}
