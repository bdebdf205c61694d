/*
 * lib_bw_wide.c - bw_mem's wide kernels (lib_bw.h): every word of the
 * buffer in 64-bit general-register words, in the widest vectors the
 * target offers, and with non-temporal stores where it has them.
 * Blocks of 512 bytes end with a compiler barrier, so that no loop
 * becomes a libc call; a tail under a block goes in 64-bit words.  rdv
 * reads four streams at once (bw_rdv); the others one.
 */
#include <stdint.h>
#include <string.h>

#include "lib_bw.h"
#include "lib_clock.h"
#include "lib_util.h"

#if BW_NT_BYTES > 0
#include <immintrin.h>
#endif

#define BLOCK 512
#define BARRIER() __asm__ volatile("" ::: "memory")
/* Keeps a value in a general register: no vector can carry it. */
#define IN_REG(x) __asm__("" : "+r"(x))

typedef uint64_t vec __attribute__((vector_size(BW_VECTOR_BYTES), may_alias));
#define VWORDS (BLOCK / BW_VECTOR_BYTES) /* vectors per block */
#define RD_STREAMS 4 /* rdv's streams through the buffer */

int
bw_rd64(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, i;
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;

	while (n-- > 0) {
		const uint64_t *p = s->src;

		for (i = 0; i + 4 <= words; i += 4) {
			a0 += p[i];
			a1 += p[i + 1];
			a2 += p[i + 2];
			a3 += p[i + 3];
			IN_REG(a0);
			IN_REG(a1);
			IN_REG(a2);
			IN_REG(a3);
		}
		for (; i < words; i++)
			a0 += p[i];
	}
	s->sum += a0 + a1 + a2 + a3;
	timing_use(s->sum);
	return 0;
}

int
bw_wr64(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, i;
	uint64_t v = s->value;

	while (n-- > 0) {
		uint64_t *p = s->src;

		for (i = 0; i < words; i++) {
			IN_REG(v);
			p[i] = v;
		}
		BARRIER();
	}
	return 0;
}

int
bw_cp64(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, i;

	while (n-- > 0) {
		const uint64_t *p = s->src;
		uint64_t *q = s->dst;

		for (i = 0; i < words; i++) {
			uint64_t t = p[i];

			IN_REG(t);
			q[i] = t;
		}
		BARRIER();
	}
	return 0;
}

/* One block's vectors into the four sums. */
#define SUM_BLOCK(q)                                                      \
	do {                                                              \
		for (i = 0; i < VWORDS; i += 4) {                         \
			a0 += (q)[i];                                     \
			a1 += (q)[i + 1];                                 \
			a2 += (q)[i + 2];                                 \
			a3 += (q)[i + 3];                                 \
		}                                                         \
	} while (0)

int
bw_rdv(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t blocks = s->size / BLOCK, quarter = blocks / RD_STREAMS, b, i, w;
	vec a0 = { 0 }, a1 = { 0 }, a2 = { 0 }, a3 = { 0 };
	uint64_t t = 0;
	int k;

	while (n-- > 0) {
		const vec *p = (const vec *)(const void *)s->src;
		const uint64_t *tail = s->src + blocks * (BLOCK / 8);

		/* The buffer as RD_STREAMS sequential streams (its quarters)
		 * advanced a block at a time together: more of the core's
		 * prefetch streams at work than one pass from the start
		 * keeps (Zen 5, 256 MB: 43.7 against 38.3 GB/s); every word
		 * is still read once. */
		for (b = 0; b < quarter; b++) {
			for (k = 0; k < RD_STREAMS; k++)
				SUM_BLOCK(p + ((size_t)k * quarter + b) * VWORDS);
			BARRIER();
		}
		for (b = quarter * RD_STREAMS; b < blocks; b++) {
			SUM_BLOCK(p + b * VWORDS);
			BARRIER();
		}
		for (w = 0; w < s->size % BLOCK / 8; w++)
			t += tail[w];
	}
	a0 += a1 + a2 + a3;
	for (i = 0; i < BW_VECTOR_BYTES / 8; i++)
		t += a0[i];
	s->sum += t;
	timing_use(s->sum);
	return 0;
}

/* Stores of v over s's buffer, vectors per block; the tail in words. */
#define STORE_PASS(store)                                                 \
	do {                                                              \
		vec *p = (vec *)(void *)s->src;                           \
		for (b = 0; b < blocks; b++, p += VWORDS) {               \
			for (i = 0; i < VWORDS; i++)                      \
				store;                                    \
			BARRIER();                                        \
		}                                                         \
		for (w = 0; w < s->size % BLOCK / 8; w++)                 \
			s->src[blocks * (BLOCK / 8) + w] = s->value;      \
	} while (0)

/* Copies from s->src to s->dst, likewise. */
#define COPY_PASS(store)                                                  \
	do {                                                              \
		const vec *p = (const vec *)(const void *)s->src;         \
		vec *q = (vec *)(void *)s->dst;                           \
		for (b = 0; b < blocks; b++, p += VWORDS, q += VWORDS) {  \
			for (i = 0; i < VWORDS; i++)                      \
				store;                                    \
			BARRIER();                                        \
		}                                                         \
		for (w = 0; w < s->size % BLOCK / 8; w++)                 \
			s->dst[blocks * (BLOCK / 8) + w] =                \
			    s->src[blocks * (BLOCK / 8) + w];             \
	} while (0)

int
bw_wrv(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t blocks = s->size / BLOCK, b, i, w;
	vec v = { 0 };

	v += s->value;
	while (n-- > 0)
		STORE_PASS(p[i] = v);
	return 0;
}

int
bw_cpv(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t blocks = s->size / BLOCK, b, i, w;

	while (n-- > 0)
		COPY_PASS(q[i] = p[i]);
	return 0;
}

#if BW_NT_BYTES == 64
#define NT_STORE(a, v) _mm512_stream_si512((void *)(a), (__m512i)(v))
#elif BW_NT_BYTES == 32
#define NT_STORE(a, v) _mm256_stream_si256((__m256i *)(void *)(a), (__m256i)(v))
#elif BW_NT_BYTES == 16
#define NT_STORE(a, v) _mm_stream_si128((__m128i *)(void *)(a), (__m128i)(v))
#endif

#if BW_NT_BYTES > 0
int
bw_ntwr(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t blocks = s->size / BLOCK, b, i, w;
	vec v = { 0 };

	v += s->value;
	while (n-- > 0) {
		STORE_PASS(NT_STORE(p + i, v));
		_mm_sfence();
	}
	return 0;
}

int
bw_ntcp(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t blocks = s->size / BLOCK, b, i, w;

	while (n-- > 0) {
		COPY_PASS(NT_STORE(q + i, p[i]));
		_mm_sfence();
	}
	return 0;
}
#else
/* No non-temporal stores on this target. */
static int
no_nt(void)
{
	util_err("non-temporal stores: none on this target (only x86 "
	         "SSE2 streaming stores)");
	return -1;
}

int
bw_ntwr(void *sp, uint64_t n)
{
	(void)sp;
	(void)n;
	return no_nt();
}

int
bw_ntcp(void *sp, uint64_t n)
{
	(void)sp;
	(void)n;
	return no_nt();
}
#endif
