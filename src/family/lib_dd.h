/*
 * lib_dd.h - lmdd's operands (name=value, lmbench's names and sizes)
 * and the files they name: parsed, checked and opened.
 */
#ifndef LIB_DD_H
#define LIB_DD_H

#include <stdint.h>

/* One run: its arguments, what they set, and where the transfer is. */
struct dd {
	int argc;          /* the name=value arguments: argv[1..argc-1] */
	char **argv;
	uint64_t bs;       /* bs=: block size */
	uint64_t count;    /* count= or move=/bs: blocks at most */
	uint64_t skip;     /* skip=: blocks skipped before starting */
	uint64_t rnd;      /* rand=: random offsets below it (0: none) */
	uint64_t start;    /* start=: added to every random offset */
	uint64_t misses;   /* mismatch=: stop after that many (0: never) */
	int print;         /* print=: the result line's form */
	int ipat, opat;    /* check the input / write the output pattern */
	int poff, hash;    /* print offsets / a '#' per block */
	int touch;         /* touch every page after each transfer */
	int timeopen;      /* the opens are timed */
	int padin;         /* one untimed read first */
	long slp;          /* usleep=: microseconds between blocks */
	int tick;          /* time=: seconds at most (0: no bound) */
	const char *label; /* label=: printed first */
	unsigned short seed[3]; /* srand=: erand48's state */
	int in, out;       /* the files; -1: internal */
	uint32_t *buf;     /* one block, page aligned */
	uint64_t off;      /* where the next block is */
	uint64_t moved;    /* bytes moved */
	uint64_t bad;      /* words that did not hold the pattern */
};

/* The operands (argv[1..argc-1]) into d: 0, else the exit status (2
 * after a message, or 77 for an lmbench operand not offered here). */
int dd_parse(struct dd *d, int argc, char **argv);
/* The value of name=, or NULL. */
const char *dd_arg(const struct dd *d, const char *name);
/* Whether name=N is given with N != 0. */
int dd_flag(const struct dd *d, const char *name);
/* The buffer, the files, skip= and padin=; -1 after a message (then
 * dd_close). */
int dd_open(struct dd *d);
/* Close what dd_open opened (the output checked); 0 or -1. */
int dd_close(struct dd *d);

#endif
