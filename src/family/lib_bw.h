/*
 * lib_bw.h - bw_mem's kernels: one pass over a buffer per iteration,
 * each a bench_desc run on a state whose first member is a struct
 * bw_buf.
 *
 * lmbench's (lib_bw_classic.c), as they were: rd, frd, wr, fwr, rdwr,
 * cp, fcp, bzero, bcopy.
 *
 * The wide ones (lib_bw_wide.c), every word of the buffer:
 *   rd64 wr64 cp64   64-bit words through general registers (kept out
 *                    of vector registers on purpose)
 *   rdv wrv cpv      the widest vectors the compiler offers for the
 *                    target (BW_VECTOR_BYTES: 64 with AVX-512F, 32
 *                    with AVX2, 16 with SSE2, NEON or RISC-V V of at
 *                    least 128 bits, else 8), as GCC/Clang vector types
 *   ntwr ntcp        wrv and cpv with non-temporal stores (x86 SSE2,
 *                    AVX, AVX-512 streaming stores, then a store
 *                    fence); BW_NT_BYTES 0 where the target has none
 */
#ifndef LIB_BW_H
#define LIB_BW_H

#include <stddef.h>
#include <stdint.h>

struct bw_buf {
	size_t size;    /* bytes per pass */
	uint64_t *src;  /* the buffer read or written */
	uint64_t *dst;  /* the copy destination */
	uint64_t value; /* what stores write: not a constant */
	uint64_t sum;   /* what reads sum, kept alive */
};

int bw_rd(void *state, uint64_t n);
int bw_frd(void *state, uint64_t n);
int bw_wr(void *state, uint64_t n);
int bw_fwr(void *state, uint64_t n);
int bw_rdwr(void *state, uint64_t n);
int bw_cp(void *state, uint64_t n);
int bw_fcp(void *state, uint64_t n);
int bw_bzero(void *state, uint64_t n);
int bw_bcopy(void *state, uint64_t n);

#if defined(__AVX512F__)
#define BW_VECTOR_BYTES 64
#elif defined(__AVX2__)
#define BW_VECTOR_BYTES 32
#elif defined(__SSE2__) || defined(__ARM_NEON) || \
    (defined(__riscv_v_min_vlen) && __riscv_v_min_vlen >= 128)
#define BW_VECTOR_BYTES 16
#else
#define BW_VECTOR_BYTES 8
#endif

#if defined(__AVX512F__)
#define BW_NT_BYTES 64
#elif defined(__AVX2__)
#define BW_NT_BYTES 32
#elif defined(__SSE2__)
#define BW_NT_BYTES 16
#else
#define BW_NT_BYTES 0
#endif

int bw_rd64(void *state, uint64_t n);
int bw_wr64(void *state, uint64_t n);
int bw_cp64(void *state, uint64_t n);
int bw_rdv(void *state, uint64_t n);
int bw_wrv(void *state, uint64_t n);
int bw_cpv(void *state, uint64_t n);
/* Where BW_NT_BYTES is 0: -1 after a message. */
int bw_ntwr(void *state, uint64_t n);
int bw_ntcp(void *state, uint64_t n);

#endif
