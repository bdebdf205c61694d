/*
 * compare_hist.h - lmbench-compare --history (lmbench-ng history): many
 * result sets in order, every figure's series of set values, the steps
 * and drifts found in each, and the outputs.  Private to lmbench-compare.
 *
 * The unit of evidence is the run: a set's value of a figure is the mean
 * of its runs' log values (their geometric mean), one point of the
 * series; its runs' spread is shown, never counted as more points.
 */
#ifndef COMPARE_HIST_H
#define COMPARE_HIST_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "compare.h"

/* One result set: the runs of one build (a file, or a directory's files). */
struct hset {
	char *spec;      /* the path that names it */
	char *label;     /* as shown: the path, shortened */
	char **files;    /* its result files */
	size_t nfiles;
	char *host;      /* the host its files name ("" none) */
	char *date;      /* the first run's date, as the file says it */
	time_t when;     /* that date in seconds, -1 unknown */
	int bad;         /* unreadable: named and skipped */
	size_t nfigures; /* figures read from it */
};

/* One point of a series: one set's runs of one figure. */
struct hpoint {
	uint32_t set; /* the set's index (in the order analysed) */
	uint32_t runs; /* how many runs */
	uint32_t run0; /* its first run's log value in the series' runv */
	double y;     /* the mean of the runs' log values */
	double sd;    /* the runs' sd of log values, < 0 below two runs */
};

enum hkind { H_STEP, H_DRIFT };

/* A change found in a series, between points [from, at) and [at, to)
 * (a drift: over [from, to), at its middle). */
struct hchange {
	enum hkind kind;
	size_t from, at, to; /* point indices */
	double change;       /* %, + = better (or up, for a figure with no
	                        better side) */
	double lo, hi;       /* its 95 % interval, % */
	double p;            /* the test's p, corrected for the splits tried */
	double before, after; /* the levels either side, in the unit */
	int worse;           /* a change toward worse, past the threshold */
	int listed;          /* at or past the threshold: the outputs list it */
};

/* The series of one figure on one host. */
struct hseries {
	const char *host;
	const char *key;          /* compare's metric key */
	const char *name, *params, *size, *unit;
	const char *program;      /* the program that measured it ("" when
	                             the files do not say: classic only) */
	double size_bytes;
	int better;               /* +1 higher, -1 lower, 0 neither */
	int cross;
	struct hpoint *pt;
	size_t n, cap;
	double *runv;             /* every point's runs' log values */
	size_t nrunv, caprunv;
	struct hchange *ch;       /* the changes, oldest first */
	size_t nch;
	double noise;             /* set-to-set sd of log values within the
	                             segments, < 0 unknown */
	double limit;             /* the threshold, % */
	double floor;             /* the smallest step the newest set could
	                             show at the family's level, %; < 0
	                             unknown */
	double gate_p;            /* the gate's test of the newest sets, < 0
	                             none; gate_adj after Holm */
	double gate_adj;
	double gate_pt;           /* its t test's p alone (the window's
	                             correction made), < 0 none */
	struct hchange gate;      /* that test's change */
	int failed;               /* the gate fails on it */
	int apart;                /* its newest sets stand apart, worse, by
	                             the t test alone (Holm) */
	double apart_adj;         /* that test's Holm-adjusted p */
	struct hseries *next_in_order;
};

/* The options of a history. */
struct hopts {
	double threshold, alpha;
	int fail_on_step;   /* the gate: N newest sets, 0 off */
	int sort_time;
	int each_file;      /* each result file its own set */
	int markdown;
	const char *html;   /* -o FILE.html */
	const char *cache;  /* the cache directory, NULL none */
	struct opts *cmp;   /* compare's rules (--thresholds) */
};

/* The whole history. */
struct hist {
	struct hset *sets;
	size_t nsets, capsets;
	struct hseries **table;   /* by host and key, open addressing */
	size_t table_size, nseries;
	struct hseries *first, *last; /* in order of first appearance */
	struct cmp store;         /* its arena holds the series' strings */
	size_t nhosts;
	size_t nbad, ncached;     /* sets unreadable; sets read from the cache */
	size_t nshort;            /* series too short to judge */
	size_t nfamily;           /* series judged: the correction's family */
	size_t nsteps, ndrifts, nsmall; /* listed changes; significant ones
	                                   under the threshold */
	size_t nfailed;
	size_t napart;            /* series whose newest sets stand apart */
};

/* The fewest points a series needs to be judged. */
#define HIST_MIN_POINTS 4

/* compare_hist_find.c */
/* The sets SPEC names (a file, a directory of result files, or a tree
 * whose directories hold them) appended to h; 0, or -1 after saying why
 * (nothing there at all). */
int hist_find(struct hist *h, const char *spec, int each_file);

/* compare_hist_series.c */
/* The series of figure key on host (made, empty, if it is new). */
struct hseries *hist_series(struct hist *h, const char *host, const char *key);
/* Add set's runs of a figure (a reading's or the cache's) as one point
 * of its series, made with these facts if it is new. */
void hist_point(struct hist *h, size_t set, const char *key, const char *name, const char *params,
                const char *size, double size_bytes, const char *unit, int better, int cross,
                const char *program, const double *runs, size_t nruns);

/* compare_hist_sets.c */
/* Read every set (from the cache where it is current) into series;
 * sets that cannot be read are named and marked bad.  0, or -1 when no
 * set could be read. */
int hist_read(struct hist *h, const struct hopts *o);
/* Order the sets by their recorded time (those without one keep their
 * place at the end, in the order given). */
void hist_sort_time(struct hist *h);
/* "Sat Nov 29 20:30:00 UTC 2025" (a result file's date line) in seconds,
 * the zone not read; -1 when it is not such a date. */
time_t hist_date(const char *d);
void hist_free(struct hist *h);

/* compare_hist_cache.c */
/* The cache file's path for a set, into out (len bytes); 0, or -1. */
int hcache_path(const char *dir, const struct hset *s, char *out, size_t len);
/* Read set s's figures from the cache into h; 1 read, 0 not current. */
int hcache_load(struct hist *h, size_t set, const char *dir);
/* Take set s's figures from a cache file's text (changed in place),
 * when it begins with head (the lines its files give now) and is whole:
 * 1; else 0, and nothing taken. */
int hcache_take(struct hist *h, size_t set, char *text, const char *head);
/* Write set s's figures (in cx, side BASE) to the cache; quietly does
 * nothing when it cannot. */
void hcache_store(const struct hist *h, size_t set, const char *dir, const struct cmp *cx);

/* compare_hist_split.c */
/* The shortest stretch a step is found between: two sets.  (The gate
 * judges the newest set alone: gate_test.) */
#define HIST_SEG_MIN 2
/* Most changes kept in one series. */
#define HIST_MAX_CHANGES 64
/* Prefix sums of a series' points (centred), for O(1) segment moments. */
struct psum {
	const struct hseries *s; /* the series (its runs, for ranks) */
	const double *y; /* the points' log values, centred */
	double *s1, *s2; /* sums of y and y*y over points [0, i) */
	size_t n;
	double wvar;     /* the newest point's runs' variance of their mean
	                    (sd^2 / runs), 0 below two runs */
};

/* The mean of points [a, b). */
double hseg_mean(const struct psum *ps, size_t a, size_t b);
/* The sum of squared deviations of points [a, b) from their mean. */
double hseg_ss(const struct psum *ps, size_t a, size_t b);
/* The pooled two-sample t test of [k, b) against [a, k) (the newest set
 * alone with its runs' own variance, when larger): its two-sided p; the
 * difference of means, its standard error and degrees of freedom into
 * *d, *se and *df. */
double hsplit_test(const struct psum *ps, size_t a, size_t k, size_t b, double *d, double *se, double *df);
/* The one-sided p that the runs of points [k, b) lie above (up 1) or
 * below (up 0) those of points [a, k) (the Mann-Whitney test, exact
 * while the two counts of runs multiply to at most 200000, else its
 * normal approximation); 1 when there are none. */
double hrank_tail(const struct hseries *s, size_t a, size_t k, size_t b, int up);
/* Whether the median of the runs of points [k, b) lies above (up 1) or
 * below (up 0) the share q of the runs of points [a, k); 0 when either
 * has none, or when out of memory. */
int hbeyond(const struct hseries *s, size_t a, size_t k, size_t b, int up, double q);
/* Binary segmentation of [a, b) at level: the change points into cp
 * (unsorted), their p (corrected for the splits tried) into cpp. */
void hist_segment(const struct psum *ps, size_t a, size_t b, double level, size_t *cp, double *cpp,
                  size_t *ncp, int depth);

/* compare_hist_detect.c */
/* Find the changes of every series, their significance over the family
 * of series judged, and the gate's verdict. */
void hist_detect(struct hist *h, const struct hopts *o);
/* A log difference d as % in s's sense (+ = better). */
double hist_pct(const struct hseries *s, double d);
/* Runs of steps the same way in s made drifts where a ramp fits better
 * (compare_hist_drift.c); mean is what the prefix sums ps are taken
 * about. */
void hist_drifts(struct hseries *s, const struct psum *ps, double mean);

/* compare_hist_out.c */
/* One listed change, as the outputs order them. */
struct hitem {
	const struct hseries *s;
	const struct hchange *c;
	size_t start; /* the set it starts at */
};

void hist_text(const struct hist *h, const struct hopts *o, FILE *f);
/* The listed changes, newest first (the set each starts at, then the
 * largest first), their number into *n; named[k] set to 1 for each set
 * k they name (nsets bytes).  NULL when out of memory (free() it). */
struct hitem *hist_items(const struct hist *h, size_t *n, unsigned char *named);
/* A figure's name with its parameters and size (and host, where the
 * history has several), unescaped, into out. */
void hist_figure(const struct hist *h, const struct hseries *s, char *out, size_t len);
/* The set a change starts at, as "38", or a drift's range "12-30". */
void hist_where(const struct hseries *s, const struct hchange *c, char *out, size_t len);
/* The gate's verdict (--fail-on-step), one sentence without its stop. */
void hist_gate_text(const struct hist *h, const struct hopts *o, char *out, size_t len);
/* "worse", "better", or "changed" (a figure with no better side). */
const char *hist_verdict(const struct hseries *s, const struct hchange *c);
/* A change's size as text: "-7.9 % [-9.1, -6.6]". */
void hist_change_text(char *out, size_t len, const struct hchange *c);

/* compare_hist_html.c */
/* The page, written beside FILE and renamed over it whole; 0, or -1
 * after saying why. */
int hist_html(const struct hist *h, const struct hopts *o, const char *file);
/* Whether FILE can be the page: its directory exists and it is not one;
 * 0, or -1 after saying why (-o's check, before any set is read). */
int hist_html_dir(const char *file);

/* compare_hist_sections.c */
/* One figure as the page orders it. */
struct hfig {
	const struct hseries *s;
	const char *group; /* its section: the program, else the name's
	                      first word (not NUL-terminated) */
	size_t glen;       /* the section name's length */
	size_t gno;        /* the section's number, in order of appearance */
	size_t no;         /* the figure's number (its id), in order of
	                      appearance */
	int changed;       /* a listed change, or the gate failed on it */
};

/* The figures in section order (*bys) and by series (*byp, for
 * hist_fig_no); 0, or -1 when out of memory (free() both). */
int hist_figs(const struct hist *h, struct hfig **bys, struct hfig **byp);
/* The number of series s (the page's id "f<number>"). */
size_t hist_fig_no(const struct hist *h, const struct hfig *byp, const struct hseries *s);
/* The figures' sections to f: their list, then each with its plots. */
void hist_sections(FILE *f, const struct hist *h, const struct hfig *bys);

/* compare_hist_svg.c */
/* One figure's history to f: a line of its facts, then its plot, an
 * inline SVG element. */
void hist_svg(FILE *f, const struct hist *h, const struct hseries *s);
/* The plots' style sheet (CSS), for the page's <style>. */
void hist_svg_style(FILE *f);
/* A paragraph saying what the plots' marks mean. */
void hist_svg_key(FILE *f);

/* compare_hist_main.c */
int hist_main(int argc, char **argv);

#endif /* COMPARE_HIST_H */
