/*
 * lib_infer.h - inference between sets of runs (lmbench-compare's gate):
 * Student's t distribution, Welch's two-sample t test with its interval,
 * and Holm's adjustment of many p-values for their number.
 *
 * Why these: the gate judges run values (one per run), and at the run
 * counts a CI job affords (5 a side) a rank test cannot reach a level
 * corrected for hundreds of figures (its smallest two-sided p at 5 a
 * side is 2/252 = 0.0079), while a t test on log run values can.
 */
#ifndef LIB_INFER_H
#define LIB_INFER_H

#include <stddef.h>

/* P(T <= t) for Student's t with df > 0 degrees of freedom (df may be
 * fractional, as Welch's is; INFINITY gives the normal).  NAN for df <= 0
 * or a NaN argument. */
double infer_t_cdf(double t, double df);
/* The p-quantile of Student's t with df > 0 (0 < p < 1); NAN outside. */
double infer_t_quantile(double p, double df);

/* Welch's test of mean(y) - mean(x). */
struct infer_welch {
	double diff;   /* mean(y) - mean(x) */
	double se;     /* its standard error */
	double df;     /* degrees of freedom (Welch-Satterthwaite) */
	double t;      /* diff / se (+-INFINITY when se is 0 and diff is not) */
	double p;      /* two-sided p-value */
	double lo, hi; /* the conf interval of diff */
	int pooled; /* 1: one side had one value; the other's variance was used
	             */
};
/*
 * Welch's two-sample t test of y[ny] against x[nx] with a conf (e.g.
 * 0.95) interval of the difference of means, as R's t.test(y, x).  A
 * side of one value has no variance of its own: the other side's (at
 * least two values) stands for both, with its df (the new run judged
 * against a baseline's spread).  Both sides with no spread: p 1 when
 * the means are equal, else 0, and the interval the difference itself.
 * 0, or -1 when no test is possible (a side empty, or one value a side).
 */
int infer_welch(const double *x, size_t nx, const double *y, size_t ny,
                double conf, struct infer_welch *w);
/* The smallest |mean(y) - mean(x)| a two-sided test at level alpha
 * would call significant with standard error se and df degrees of
 * freedom (a Welch test's): t(1 - alpha/2, df) * se; 0 when se is 0. */
double infer_floor(double se, double df, double alpha);

/*
 * Holm's step-down adjustment of p[n] (R's p.adjust(p, "holm")): the
 * adjusted values into adj[n], in the input's order; a p < 0 (no test)
 * is left out of the family and its adj set to -1.  Rejecting where
 * adj < alpha holds the chance of any false rejection at alpha whatever
 * the dependence between the tests.  0, or -1 when out of memory.
 */
int infer_holm(const double *p, size_t n, double *adj);

#endif
