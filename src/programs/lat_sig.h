/*
 * lat_sig.h - lat_sig's state and prot's setting up (lat_sig_prot.c):
 * the file, its page mapped read-only, the alternate signal stack.
 * Private to lat_sig.
 */
#ifndef LAT_SIG_H
#define LAT_SIG_H

#include <signal.h>
#include <stddef.h>
#include <sys/types.h>

#include "lib_super.h"

struct state {
	const char *file; /* the file init maps (prot's figure), or NULL */
	const char *prot; /* the file prot maps */
	char *page;       /* the read-only mapping */
	size_t pagesize;  /* its length */
	pid_t self;       /* getpid(), taken once */
	int sig;          /* what catch and its baseline send: SIGUSR1, 0 */
	char *alt;        /* prot: the alternate signal stack, or NULL */
	stack_t old_alt;  /* the one it replaced (a sanitizer's) */
};

#define ALT_BYTES (256 << 10) /* an AVX-512 frame is under 4 KB */

/* prot's file: named, or a page of zeros made in the run's private
 * directory (its path in made, len bytes); NULL after a message when it
 * is no non-empty regular file. */
const char *sigprot_file(const struct super_run *run, const char *named,
                         char *made, size_t len, size_t pagesize);
/* The first page of s->file mapped read-only and private in s->page: 0,
 * or -1 after a message. */
int sigprot_map(struct state *s);
/* The alternate signal stack, page-aligned, in s->alt (the one it
 * replaces in s->old_alt): 0, or -1 after a message. */
int sigprot_stack(struct state *s);
/* The page and the alternate stack given back (the one before restored),
 * whichever was made. */
void sigprot_release(struct state *s);

#endif
