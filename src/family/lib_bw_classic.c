/*
 * lib_bw_classic.c - bw_mem's lmbench kernels (lib_bw.h): hand loops of
 * 64-bit words in unrolled blocks of 512 bytes, the "partial" ones
 * touching one word in every 16 bytes, and libc's memset and memcpy.
 */
#include <stdint.h>
#include <string.h>

#include "lib_bw.h"
#include "lib_clock.h"

#define BLOCK_WORDS 64 /* 512 bytes */

/* A compiler barrier: keeps the hand loops from being turned into libc
 * calls or merged across blocks; it emits no instruction. */
#define BARRIER() __asm__ volatile("" ::: "memory")

#define X2(m, i)      m(i) m(i + 2)
#define X4(m, i)      X2(m, i) X2(m, i + 4)
#define X8(m, i)      X4(m, i) X4(m, i + 8)
#define X16(m, i)     X8(m, i) X8(m, i + 16)
#define HALF_BLOCK(m) X16(m, 0) X16(m, 32)               /* even words */
#define FULL_BLOCK(m) HALF_BLOCK(m) X16(m, 1) X16(m, 33) /* all words */

int
bw_rd(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;
	uint64_t a0 = 0, a1 = 0;

	while (n-- > 0) {
		const uint64_t *p = s->src;

		for (b = 0; b < blocks; b++, p += BLOCK_WORDS) {
#define RD(i) a0 += p[i];
			HALF_BLOCK(RD)
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i += 2)
			a1 += p[i];
	}
	s->sum += a0 + a1;
	timing_use(s->sum);
	return 0;
}

int
bw_frd(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;

	while (n-- > 0) {
		const uint64_t *p = s->src;

		for (b = 0; b < blocks; b++, p += BLOCK_WORDS) {
			/* Four sums so the adds do not limit the loads. */
			for (i = 0; i < BLOCK_WORDS; i += 4) {
				a0 += p[i];
				a1 += p[i + 1];
				a2 += p[i + 2];
				a3 += p[i + 3];
			}
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i++)
			a0 += p[i];
	}
	s->sum += a0 + a1 + a2 + a3;
	timing_use(s->sum);
	return 0;
}

int
bw_wr(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;
	uint64_t v = s->value;

	while (n-- > 0) {
		uint64_t *p = s->src;

		for (b = 0; b < blocks; b++, p += BLOCK_WORDS) {
#define WR(i) p[i] = v;
			HALF_BLOCK(WR)
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i += 2)
			p[i] = v;
	}
	return 0;
}

int
bw_fwr(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;
	uint64_t v = s->value;

	while (n-- > 0) {
		uint64_t *p = s->src;

		for (b = 0; b < blocks; b++, p += BLOCK_WORDS) {
			FULL_BLOCK(WR)
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i++)
			p[i] = v;
	}
	return 0;
}

int
bw_rdwr(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;

	while (n-- > 0) {
		uint64_t *p = s->src;

		for (b = 0; b < blocks; b++, p += BLOCK_WORDS) {
#define RDWR(i) p[i] += 1;
			HALF_BLOCK(RDWR)
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i += 2)
			p[i] += 1;
	}
	return 0;
}

int
bw_cp(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;

	while (n-- > 0) {
		const uint64_t *p = s->src;
		uint64_t *q = s->dst;

		for (b = 0; b < blocks;
		     b++, p += BLOCK_WORDS, q += BLOCK_WORDS) {
#define CP(i) q[i] = p[i];
			HALF_BLOCK(CP)
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i += 2)
			q[i] = p[i];
	}
	return 0;
}

int
bw_fcp(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;
	size_t words = s->size / 8, blocks = words / BLOCK_WORDS, b, i;

	while (n-- > 0) {
		const uint64_t *p = s->src;
		uint64_t *q = s->dst;

		for (b = 0; b < blocks;
		     b++, p += BLOCK_WORDS, q += BLOCK_WORDS) {
			FULL_BLOCK(CP)
			BARRIER();
		}
		for (i = 0; i < words % BLOCK_WORDS; i++)
			q[i] = p[i];
	}
	return 0;
}

int
bw_bzero(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;

	while (n-- > 0) {
		memset(s->src, 0, s->size);
		BARRIER();
	}
	return 0;
}

int
bw_bcopy(void *sp, uint64_t n)
{
	struct bw_buf *s = sp;

	while (n-- > 0) {
		memcpy(s->dst, s->src, s->size);
		BARRIER();
	}
	return 0;
}
