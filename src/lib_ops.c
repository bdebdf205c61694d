/*
 * lib_ops.c - dependent chains of one arithmetic operation, for lat_ops
 * and mhz.
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
