/*
 * compare.h - what the modules of lmbench-compare share: the metrics, the
 * sides, the rows of the comparison, the context of one run (struct cmp)
 * and each module's functions.  Private to lmbench-compare.
 */
#ifndef COMPARE_H
#define COMPARE_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "compare_lines.h"

enum { BASE, NEW };
/* The sides' names: "base", "new". */
extern const char *const side_name[];

enum format { F_TEXT, F_JSON, F_CSV, F_MARKDOWN, F_GITHUB, F_JUNIT };

/*
 * The cross-CPU figures: records whose placement's policy is CROSS (the
 * runner measures the two-party programs once more that way) are rows of
 * their own, their name ending in CROSS_TAG, compared only with the other
 * side's cross-CPU figure.
 */
#define CROSS_POLICY "CROSS"
#define CROSS_TAG " [CROSS]"

/* ------------------------------------------------------------ units */

/* How the first number of a classic section's "x y" pair is shown. */
enum xkind { X_MB, X_MIB, X_PROCS, X_AT };

/* What a row of the units table matches. */
enum unit_by {
	BY_NAME,    /* a unit by its JSON name: its definition */
	BY_WORD,    /* the unit word ending a classic "Label: value unit" */
	BY_SECTION, /* a substring of a classic section's "title/marker" */
	BY_LABEL,   /* a substring of a classic label with no unit word */
};

/* A growing array of doubles (malloc'd; freed with its metric). */
struct vec {
	double *v;
	size_t n, cap;
};

/* A growing string in the arena-free heap (one line's worth of work). */
struct buf {
	char *s;
	size_t n, cap;
};

/* ------------------------------------------------------------ metrics */

/* What one side holds of a metric. */
struct part {
	struct vec runs;    /* one value per run */
	struct vec samples; /* every sample of every run (JSON) */
	int last_run;       /* the run that added last, for duplicates */
	int dups;           /* how often it came again in that run */
	int mixed;          /* a run flagged its samples as mixed */
	double mixlo, mixhi;
	const char *program; /* the program and args that measured it */
	const char *args;
	const char *policy;  /* JSON: its placement's first word, first seen */
};

/* One metric: identity, unit, and both sides. */
struct metric {
	const char *key;    /* name, params and size: the identity */
	const char *name;   /* "lat_syscall Simple syscall", a classic label */
	const char *params; /* other parameters: "-t", "procs=8", or "" */
	const char *size;   /* the size as shown, "" when none */
	double size_bytes;  /* the size in bytes, < 0 when none */
	const char *unit;
	int better;
	int cross; /* a cross-CPU figure (placement CROSS): its own row */
	struct part part[2];
	int order;
	struct metric *next_in_order;
};

/* Where a value comes from while reading. */
struct source {
	int side;
	int run;             /* a number unique to the file */
	const char *program; /* JSON: the program and its args; else NULL */
	const char *args;
};

/* ------------------------------------------------------------ sides */

/* A failed or skipped program run, as the runner records it. */
struct record {
	int side;
	int failed; /* 1 failed, 0 skipped */
	const char *command; /* program and args, space-separated */
	const char *program, *args;
	int exit;
	const char *error;
	const char *file;
	int cross; /* a run of the cross-CPU figures */
	struct record *next;
};

/* The machine facts the two sides are checked for. */
enum fact { K_CPU, K_KERNEL, K_COMPILER, K_FLAGS, K_PLACEMENT, K_ENOUGH, K_MEMORY, NFACTS };
/* The facts' names, as warnings say them. */
extern const char *const fact_name[];
/* Whether two values of machine fact k are the same machine: equal
 * strings, or for the memory two lists of the same nodes whose sizes
 * are within 1 % (MemTotal moves by some MB with the kernel and what it
 * reserves). */
int fact_same(enum fact k, const char *a, const char *b);

struct side {
	const char *spec;  /* as given */
	const char *label; /* the column header */
	const char **files;
	size_t nfiles;
	const char *host, *date;
	const char *fact[NFACTS];
	int varied[NFACTS];
	size_t nrecords[2]; /* skipped, failed */
};

/* Facts of one file, before they are merged into its side. */
struct header {
	char *key[NFACTS];
	char *host, *date, *release, *sysname, *sched;
	int cross; /* inside the runner's bracketed cross-CPU section */
};

/* ---------------------------------------------- JSON records, one a line */

enum jtype { J_NONE, J_STR, J_NUM, J_NULL, J_BOOL, J_ARR, J_OBJ };

/* A record line being parsed. */
struct jparse {
	const char *p;  /* the next character */
	struct buf str; /* the last string decoded */
};

/* The top-level members of one record that compare uses. */
struct jrec {
	double schema;
	int has_schema;
	char *program, *metric, *unit, *status, *error, *placement;
	struct buf args; /* the args joined by single blanks */
	int nargs, has_t, has_conflict;
	double value, size_bytes, exitcode;
	int has_value, has_size, has_exit;
	struct vec samples, mixed;
	int has_mixed;
};

/* ------------------------------------------------------------ results */

enum status { S_OK, S_SAME, S_IMPROVED, S_REGRESSED, S_CHANGED, S_CANNOT,
	      S_UNRELIABLE, S_MISSING, S_FAILED, S_SKIPPED, S_ADDED };
/* Each status as the outputs write it. */
extern const char *const status_word[];

/* One side's statistics of a metric: its runs, each one value. */
struct stat1 {
	double value;    /* median of the runs' values */
	size_t n;        /* runs */
	size_t nsamples; /* samples of all its runs (JSON), 0 without */
	double spread;   /* run-to-run spread: sd of the log values, %; < 0
	                    below two runs */
};

/* A row of the comparison.  Changes are %, + = better: the ratio of the
 * sides' geometric means of run values. */
struct row {
	struct metric *m;
	enum status st;
	struct stat1 s[2];
	double change;
	int tested;    /* a test over the runs was possible */
	int pooled;    /* one side had one run: the other's spread stood for it */
	double p;      /* Welch's two-sided p over log run values, < 0 none */
	double padj;   /* Holm-adjusted over every tested figure, < 0 none */
	double lo, hi; /* the change's 95 % interval (tested) */
	double se, df; /* the test's standard error (log units) and df */
	double floor;  /* the smallest change the runs could show at the
	                  corrected level, < 0 unknown (no test) */
	double hint;   /* no test: the floor 5 runs a side would have at
	                  best (from the samples' spread), < 0 unknown */
	double limit;
	const struct record *rec; /* failed or skipped record for it */
};

struct rule {
	regex_t re;
	double limit;
};

struct opts {
	double threshold, alpha;
	int gate, allow_missing, strict;
	enum format format;
	struct rule *rules;
	size_t nrules;
};

/* The number of runs a side at which the notes say what could be seen. */
#define RUNS_ADVISED 5

struct summary {
	size_t rows, regress, improve, missing, failed, added, unreliable;
	size_t cannot;   /* rows that cannot be judged at their threshold */
	size_t tested;   /* rows with a test: the family Holm corrects for */
	size_t untested; /* compared rows with no test (one run a side) */
	double hint;     /* their median hint, %, < 0 none */
	double geo;    /* geomean change, %, + = better */
	size_t ngeo;
	int fail;      /* the gate's verdict */
};

enum esc { E_TEXT, E_JSON, E_CSV, E_XML, E_MD, E_GH, E_GHPROP };
/* Classic-line reading state of one file. */
struct classic {
	char title[512];
	char marker[512];
	int dirty;      /* title or marker changed since sec was made */
	char sec[1100]; /* "title/marker", the metric's name */
	const struct unit_rule *unit; /* its unit, from the table */
	int kind;       /* enum xkind */
};

/* A row of the units table (compare_metrics.c). */
struct unit_rule {
	enum unit_by by;
	const char *match;
	const char *unit; /* the JSON name of the unit */
	int better;       /* BY_NAME rows: +1, -1, or 0 */
	enum xkind x;     /* BY_SECTION rows: how a pair's x is shown */
};

/* The state of one comparison, handed to every function that reads or
 * writes it: no file-scope state. */
struct cmp {
	struct block *arena;          /* strings and metrics, freed at exit */
	struct metric **table;        /* the metrics by key, open addressing */
	size_t table_size;            /* its slots, a power of two */
	size_t nmetrics;              /* the metrics in it */
	size_t nvalues_added;         /* values metric_add took, all files */
	struct metric *first, *last;  /* the metrics in order of appearance */
	struct buf add_key, add_name; /* metric_add's scratch strings */
	struct record *records;       /* failed and skipped runs, in order */
	struct record **records_tail; /* where the next one goes */
	struct side sides[2];         /* BASE and NEW */
	int next_run;                 /* the number of the next file read */
	size_t npolicy;               /* compared metrics whose placement
	                                 policies differ between the sides */
	const struct metric *policy_first; /* the first of them */
	int cell_ascii;               /* cells say "+-" (text), else "±" */
};

/* compare_util.c */
void arena_free(struct cmp *cx);
void buf_add(struct buf *b, const char *s, size_t n);
void buf_str(struct buf *b, const char *s);
int cmp_str(const void *a, const void *b);
void utf8_put(struct buf *b, unsigned long c);
int hex4(const char *p, unsigned long *c);
int is_number(const char *s, double *v);
void norm_name(char *s);
void size_text(char *out, size_t len, double b);
int split(char *s, char **w, int max);
char * trim(char *s);
void vec_add(struct vec *a, double x);
void * xalloc(struct cmp *cx, size_t n);
char * xstrdup(struct cmp *cx, const char *s);
/* FNV-1a: its offset basis; h with the bytes of s added; h mixed so that
 * its low bits index a table well. */
#define FNV_BASIS 1469598103934665603ULL
uint64_t fnv_add(uint64_t h, const char *s);
uint64_t fnv_mix(uint64_t h);
/* The thresholds file's rules (REGEX PCT a line) into o; 0, or -1 after
 * saying why. */
int read_rules(struct opts *o, const char *file);
/* The value of --name VALUE or --name=VALUE at argv[*i] (*i moved past
 * a separate value); NULL when argv[*i] is not that option, or when its
 * value is missing (then *missing is set). */
const char *opt_value(int argc, char **argv, int *i, const char *name, int *missing);

/* compare_metrics.c */
struct metric * metric_add(struct cmp *cx, const struct source *src, const char *name, const char *params, const char *size, double size_bytes, const char *unit, int better, double value, const struct vec *samples);
const struct unit_rule * unit_classic(const char *word, const char *s, int section, enum xkind *x);
const struct unit_rule * unit_find(const char *name);

/* compare_json.c */
/* Skip the blanks (space, tab, CR, LF) at j->p. */
void jws(struct jparse *j);
/* A string at j->p (after its quote) into j->str; 0, or -1 on bad syntax. */
int jstring(struct jparse *j);
/* One value at j->p (what goes where: above its definition); its type,
 * or J_NONE on bad syntax. */
enum jtype jvalue(struct jparse *j, double *num, struct vec *nums, struct buf *strs, int *nstrs, int depth);

/* compare_jrec.c */
void jrec_free(struct jrec *r);
int jrec_parse(const char *line, struct jrec *r);

/* compare_classic.c */
void classic_line(struct cmp *cx, const struct source *src, struct classic *c, char *line);

/* compare_read.c */
void add_record(struct cmp *cx, int side, int failed, const char *command, const char *program, const char *args, int exitcode, const char *error, const char *file, int cross);
void policy(char *out, size_t len, const char *s);
void header_merge(struct cmp *cx, struct side *sd, struct header *h, const char *json_placement);
int read_text(struct cmp *cx, int side, const char *file, int classic, struct header *h, size_t *nvalues);

/* compare_read_json.c */
int read_json(struct cmp *cx, int side, const char *file, const char *text, char **placement, size_t *nvalues);
/* --samples: each measurement record of a .json companion as one line,
 * PROGRAM<tab>METRIC<tab>SIZE_BYTES<tab>VALUE<tab>LOWEST<tab>HIGHEST<tab>
 * FLAGS (size empty where there is none; flags "t" for lat_mem_rd -t,
 * "c" for a bw_mem conflict run) on stdout, read with the real parser;
 * 0, or -1 after saying why (a newer schema, a line not JSON). */
int dump_samples(const char *file);

/* compare_sides.c */
/* Whether path is a regular file that begins as an lmbench result file. */
int is_result_file(const char *path);
/* Whether file has a non-empty FILE.json beside it. */
int has_companion(const char *file);
/* One result file of side into cx: its header, and its figures from its
 * classic body, or from FILE.json when json; how many values into
 * *nvalues.  0, or -1 after one line saying why. */
int read_file(struct cmp *cx, int side, const char *file, int json, size_t *nvalues);
int read_sides(struct cmp *cx, int *json_mode);
int side_files(struct cmp *cx, struct side *s, const char *spec);

/* compare_stats.c */
/* The limit of a figure: the first --thresholds rule whose regular
 * expression matches "NAME[ PARAMS][ size=SIZE]", else the threshold. */
double rule_limit(const struct opts *o, const char *name, const char *params, const char *size);
struct row * compare(struct cmp *cx, const struct opts *o, struct summary *sum);

/* compare_put.c */
void cell(struct cmp *cx, char *out, size_t len, const struct stat1 *s);
void interval_text(char *out, size_t len, const struct row *r);
void floor_text(char *out, size_t len, const struct row *r);
void put(FILE *f, const char *str, enum esc e);
void put_name(FILE *f, const struct metric *m, enum esc e);
int row_compared(const struct row *r);
void status_text(char *out, size_t len, const struct row *r);

/* compare_out_text.c */
/* The notes every format shares, one a line, each begun by pre. */
void notes(FILE *f, const struct summary *sum, const struct opts *o, const char *pre);
void out_text(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum, const struct opts *o);
void side_line(struct cmp *cx, FILE *f, int s, enum esc e);
void summary_line(struct cmp *cx, FILE *f, const struct summary *s, const struct opts *o, const char *end);
int warnings(struct cmp *cx, FILE *f, const char *prefix, const char *suffix, enum esc e);

/* compare_out_data.c */
void out_csv(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum, const struct opts *o);
void out_json(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum, const struct opts *o);

/* compare_out_ci.c */
void out_github(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum, const struct opts *o);
void out_junit(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum, const struct opts *o);
void out_markdown(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum, const struct opts *o);

#endif /* COMPARE_H */
