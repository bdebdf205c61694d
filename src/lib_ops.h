/*
 * lib_ops.h - dependent chains of one arithmetic operation (lat_ops, par_ops,
 * mhz).
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

#endif
