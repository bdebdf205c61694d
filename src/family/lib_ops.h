/*
 * lib_ops.h - chains of one arithmetic operation: dependent (lat_ops,
 * mhz) and independent ones in lockstep (par_ops).
 */
#ifndef LIB_OPS_H
#define LIB_OPS_H

#include <stdint.h>

enum ops_kind {
	OPS_INT_BIT, OPS_INT_ADD, OPS_INT_MUL, OPS_INT_DIV, OPS_INT_MOD,
	OPS_I64_BIT, OPS_I64_ADD, OPS_I64_MUL, OPS_I64_DIV, OPS_I64_MOD,
	OPS_FLT_ADD, OPS_FLT_MUL, OPS_FLT_DIV,
	OPS_DBL_ADD, OPS_DBL_MUL, OPS_DBL_DIV
};
/*
 * OPS_HIDE_INT(x), OPS_HIDE_FP(x): an empty asm statement that claims to
 * change x, kept in the register class it lives in, so the compiler can
 * neither fold a chain nor lift it out of its loop, and no instruction
 * (not even a move between register files) is added to it.  "x" is an
 * SSE register, "w" an Arm SIMD/FP register, "f" a RISC-V FP register
 * (where the F extension exists); elsewhere "g" lets the compiler choose.
 */
#define OPS_HIDE_INT(x) __asm__ volatile("" : "+r"(x))
#if defined(__x86_64__) || defined(__i386__)
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+x"(x))
#elif defined(__aarch64__)
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+w"(x))
#elif defined(__riscv) && defined(__riscv_flen)
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+f"(x))
#else
#define OPS_HIDE_FP(x) __asm__ volatile("" : "+g"(x))
#endif
/* The operands, set at run time (ops_default_args). */
struct ops_args {
	uint64_t x, a, b; /* integer start value and operands */
	double fx, fa, fb; /* floating-point start value and operands */
};
/* n iterations of one chain: 100 dependent operations per iteration
 * (200 for floating-point add and mul, which alternate two operations;
 * integer mod does a mod and an or, 100 of each).  Returns the result. */
uint64_t ops_chain(enum ops_kind k, uint64_t n, const struct ops_args *v);
void ops_default_args(struct ops_args *v, uint64_t seed);

/*
 * par_ops: k = ops_par_k[ki] independent dependent chains of one
 * operation advancing in lockstep, 10 operations per chain per
 * iteration, each chain in a register and hidden after every operation
 * (OPS_HIDE_*) so the compiler can neither fold nor vectorise them.  n
 * iterations; returns the chains' sum, to be kept (timing_use).
 */
#define OPS_NPAR 8
extern const int ops_par_k[OPS_NPAR];
double ops_par_chains(enum ops_kind kind, int ki, uint64_t n,
                      const struct ops_args *v);

#endif
