/*
 * lib_ops.c - dependent chains of one arithmetic operation, for lat_ops
 * and mhz, and independent ones in lockstep, for par_ops.
 *
 * Each chain function runs `n` iterations of 100 operations in which
 * every operation takes the previous one's result.  After each operation
 * the value passes through an empty asm statement that claims to change
 * it: the compiler can neither fold two operations into one (lmbench's
 * "a+a+i" became one LEA, its multiply chain an identity that vanished)
 * nor move work out of the loop, and the barrier itself emits no
 * instruction.  Operands come from the caller at run time, so nothing is
 * a compile-time constant.  The time per operation is therefore the
 * operation's latency.
 */
#include "lib_ops.h"

#define TEN(op) op op op op op op op op op op
#define HUNDRED(op) TEN(TEN(op))

/* One function per (type, operation); `a` and `b` are the operands, the
 * chain runs through `x`.  Returns the last value so the work is used. */
#define CHAIN_INT(name, type, step)                                     \
	static type name(uint64_t n, type x, type a, type b)            \
	{                                                               \
		while (n-- > 0) {                                       \
			HUNDRED(step OPS_HIDE_INT(x);)                  \
		}                                                       \
		(void)a;                                                \
		(void)b;                                                \
		return x;                                               \
	}

#define CHAIN_FP(name, type, step)                                      \
	static type name(uint64_t n, type x, type a, type b)            \
	{                                                               \
		while (n-- > 0) {                                       \
			HUNDRED(step OPS_HIDE_FP(x);)                   \
		}                                                       \
		(void)a;                                                \
		(void)b;                                                \
		return x;                                               \
	}

/* bit: x ^= a.  add: x += a.  mul: x *= a (a odd).  div: x = a / x,
 * which swings between two values (a / x0 and x0) and never reaches 0.
 * mod: x = a % x then x |= b, keeping x at b or more; the "or" is a bit
 * operation whose cost lat_ops subtracts. */
CHAIN_INT(i_bit, unsigned int, x ^= a;)
CHAIN_INT(i_add, unsigned int, x += a;)
CHAIN_INT(i_mul, unsigned int, x *= a;)
CHAIN_INT(i_div, unsigned int, x = a / x;)
CHAIN_INT(i_mod, unsigned int, x = a % x; OPS_HIDE_INT(x); x |= b;)
CHAIN_INT(l_bit, uint64_t, x ^= a;)
CHAIN_INT(l_add, uint64_t, x += a;)
CHAIN_INT(l_mul, uint64_t, x *= a;)
CHAIN_INT(l_div, uint64_t, x = a / x;)
CHAIN_INT(l_mod, uint64_t, x = a % x; OPS_HIDE_INT(x); x |= b;)
/* Floating point: add alternates +a and -a so the value stays put; mul
 * alternates *a and *b (b = 1/a); div is x = a / x as for integers. */
CHAIN_FP(f_add, float, x += a; OPS_HIDE_FP(x); x -= a;)
CHAIN_FP(f_mul, float, x *= a; OPS_HIDE_FP(x); x *= b;)
CHAIN_FP(f_div, float, x = a / x;)
CHAIN_FP(d_add, double, x += a; OPS_HIDE_FP(x); x -= a;)
CHAIN_FP(d_mul, double, x *= a; OPS_HIDE_FP(x); x *= b;)
CHAIN_FP(d_div, double, x = a / x;)

uint64_t
ops_chain(enum ops_kind k, uint64_t n, const struct ops_args *v)
{
	switch (k) {
	case OPS_INT_BIT: return i_bit(n, (unsigned)v->x, (unsigned)v->a, 0);
	case OPS_INT_ADD: return i_add(n, (unsigned)v->x, (unsigned)v->a, 0);
	case OPS_INT_MUL: return i_mul(n, (unsigned)v->x, (unsigned)v->a, 0);
	case OPS_INT_DIV: return i_div(n, (unsigned)v->x, (unsigned)v->a, 0);
	case OPS_INT_MOD:
		return i_mod(n, (unsigned)v->x, (unsigned)v->a, (unsigned)v->b);
	case OPS_I64_BIT: return l_bit(n, v->x, v->a, 0);
	case OPS_I64_ADD: return l_add(n, v->x, v->a, 0);
	case OPS_I64_MUL: return l_mul(n, v->x, v->a, 0);
	case OPS_I64_DIV: return l_div(n, v->x, v->a, 0);
	case OPS_I64_MOD: return l_mod(n, v->x, v->a, v->b);
	case OPS_FLT_ADD:
		return (uint64_t)f_add(n, (float)v->fx, (float)v->fa, 0);
	case OPS_FLT_MUL:
		return (uint64_t)f_mul(n, (float)v->fx, (float)v->fa,
				       (float)v->fb);
	case OPS_FLT_DIV:
		return (uint64_t)f_div(n, (float)v->fx, (float)v->fa, 0);
	case OPS_DBL_ADD: return (uint64_t)d_add(n, v->fx, v->fa, 0);
	case OPS_DBL_MUL: return (uint64_t)d_mul(n, v->fx, v->fa, v->fb);
	case OPS_DBL_DIV: return (uint64_t)d_div(n, v->fx, v->fa, 0);
	}
	return 0;
}

void
ops_default_args(struct ops_args *v, uint64_t seed)
{
	/* Run-time values: the seed comes from the caller (e.g. the pid). */
	v->x = 3 + (seed & 1);
	v->a = 0x7fffff01ULL | (seed & 2); /* odd, large */
	v->b = 16 + (seed & 4);
	v->fx = 1.5 + (double)(seed & 1) * 0.25;
	v->fa = 1.0000001 + (double)(seed & 2) * 1e-9;
	v->fb = 1.0 / v->fa;
}

/* ------------------------------------------------------------------ */
/* par_ops: k independent chains of one operation in lockstep.         */

const int ops_par_k[OPS_NPAR] = { 1, 2, 3, 4, 6, 8, 12, 16 };

#define P1(S) S(0)
#define P2(S) P1(S) S(1)
#define P3(S) P2(S) S(2)
#define P4(S) P3(S) S(3)
#define P6(S) P4(S) S(4) S(5)
#define P8(S) P6(S) S(6) S(7)
#define P12(S) P8(S) S(8) S(9) S(10) S(11)
#define P16(S) P12(S) S(12) S(13) S(14) S(15)

/* One function per (operation, k): sixteen chains declared, k used. */
#define PARFN(name, type, K, S)                                             \
	static double name##_##K(uint64_t n, type x, type a, type b)       \
	{                                                                   \
		type x0 = x, x1 = x, x2 = x, x3 = x, x4 = x, x5 = x, x6 = x; \
		type x7 = x, x8 = x, x9 = x, x10 = x, x11 = x, x12 = x;     \
		type x13 = x, x14 = x, x15 = x;                             \
		while (n-- > 0) {                                           \
			TEN(P##K(S))                                        \
		}                                                           \
		(void)a;                                                    \
		(void)b;                                                    \
		return (double)(x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7 + x8 + \
				x9 + x10 + x11 + x12 + x13 + x14 + x15);    \
	}
#define PARALL(name, type, S)                                               \
	PARFN(name, type, 1, S) PARFN(name, type, 2, S)                     \
	PARFN(name, type, 3, S) PARFN(name, type, 4, S)                     \
	PARFN(name, type, 6, S) PARFN(name, type, 8, S)                     \
	PARFN(name, type, 12, S) PARFN(name, type, 16, S)                   \
	static double (*const name[OPS_NPAR])(uint64_t, type, type,       \
	                                      type) = {                    \
		name##_1, name##_2, name##_3,  name##_4,                    \
		name##_6, name##_8, name##_12, name##_16                    \
	};

#define IBIT(i) x##i ^= a; OPS_HIDE_INT(x##i);
#define IADD(i) x##i += a; OPS_HIDE_INT(x##i);
#define IMUL(i) x##i *= a; OPS_HIDE_INT(x##i);
#define IDIV(i) x##i = a / x##i; OPS_HIDE_INT(x##i);
#define IMOD(i) x##i = a % x##i; OPS_HIDE_INT(x##i); x##i |= b; OPS_HIDE_INT(x##i);
#define FADD(i) x##i += a; OPS_HIDE_FP(x##i); x##i -= a; OPS_HIDE_FP(x##i);
#define FMUL(i) x##i *= a; OPS_HIDE_FP(x##i); x##i *= b; OPS_HIDE_FP(x##i);
#define FDIV(i) x##i = a / x##i; OPS_HIDE_FP(x##i);

PARALL(ibit, unsigned int, IBIT)
PARALL(iadd, unsigned int, IADD)
PARALL(imul, unsigned int, IMUL)
PARALL(idiv, unsigned int, IDIV)
PARALL(imod, unsigned int, IMOD)
PARALL(qbit, uint64_t, IBIT)
PARALL(qadd, uint64_t, IADD)
PARALL(qmul, uint64_t, IMUL)
PARALL(qdiv, uint64_t, IDIV)
PARALL(qmod, uint64_t, IMOD)
PARALL(fadd, float, FADD)
PARALL(fmul, float, FMUL)
PARALL(fdiv, float, FDIV)
PARALL(dadd, double, FADD)
PARALL(dmul, double, FMUL)
PARALL(ddiv, double, FDIV)

double
ops_par_chains(enum ops_kind kind, int ki, uint64_t n,
               const struct ops_args *v)
{
	unsigned x = (unsigned)v->x, a = (unsigned)v->a;

	switch (kind) {
	case OPS_INT_BIT: return ibit[ki](n, x, a, 0);
	case OPS_INT_ADD: return iadd[ki](n, x, a, 0);
	case OPS_INT_MUL: return imul[ki](n, x, a, 0);
	case OPS_INT_DIV: return idiv[ki](n, x, a, 0);
	case OPS_INT_MOD: return imod[ki](n, x, a, (unsigned)v->b);
	case OPS_I64_BIT: return qbit[ki](n, v->x, v->a, 0);
	case OPS_I64_ADD: return qadd[ki](n, v->x, v->a, 0);
	case OPS_I64_MUL: return qmul[ki](n, v->x, v->a, 0);
	case OPS_I64_DIV: return qdiv[ki](n, v->x, v->a, 0);
	case OPS_I64_MOD: return qmod[ki](n, v->x, v->a, v->b);
	case OPS_FLT_ADD: return fadd[ki](n, (float)v->fx, (float)v->fa, 0);
	case OPS_FLT_MUL:
		return fmul[ki](n, (float)v->fx, (float)v->fa, (float)v->fb);
	case OPS_FLT_DIV: return fdiv[ki](n, (float)v->fx, (float)v->fa, 0);
	case OPS_DBL_ADD: return dadd[ki](n, v->fx, v->fa, 0);
	case OPS_DBL_MUL: return dmul[ki](n, v->fx, v->fa, v->fb);
	case OPS_DBL_DIV: return ddiv[ki](n, v->fx, v->fa, 0);
	}
	return 0;
}
