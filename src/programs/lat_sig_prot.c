/*
 * lat_sig_prot.c - what lat_sig's prot mode stands on (lat_sig.h): its
 * file, the page of it mapped read-only, and the alternate stack both
 * of prot's signals are taken on.
 */
#define _DEFAULT_SOURCE /* sigaltstack, MAP_ANONYMOUS */
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lat_sig.h"
#include "lib_fd.h"
#include "lib_file.h"
#include "lib_util.h"

const char *
sigprot_file(const struct super_run *run, const char *named, char *made,
             size_t len, size_t pagesize)
{
	const char *file = named ? named : made;
	struct stat st;

	if (file == made &&
	    file_made(run, made, len, "lat_sig.page", NULL, pagesize) != 0)
		return NULL;
	if (stat(file, &st) != 0) {
		util_syserr("cannot use %s", file);
		return NULL;
	}
	if (!S_ISREG(st.st_mode) || st.st_size < 1) {
		util_err("cannot use %s: not a non-empty regular file", file);
		return NULL;
	}
	return file;
}

int
sigprot_map(struct state *s)
{
	int fd = fd_open(s->file, O_RDONLY, "cannot open ", "");

	if (fd < 0)
		return -1;
	s->page = mmap(NULL, s->pagesize, PROT_READ, MAP_PRIVATE, fd, 0);
	close(fd);
	if (s->page == MAP_FAILED) {
		s->page = NULL;
		util_syserr("cannot map %s", s->file);
		return -1;
	}
	return 0;
}

int
sigprot_stack(struct state *s)
{
	stack_t ss = { .ss_size = ALT_BYTES };

	s->alt = mmap(NULL, ALT_BYTES, PROT_READ | PROT_WRITE,
	              MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (s->alt == MAP_FAILED) {
		s->alt = NULL;
		util_syserr("cannot map a signal stack");
		return -1;
	}
	ss.ss_sp = s->alt;
	if (sigaltstack(&ss, &s->old_alt) != 0) {
		util_syserr("sigaltstack");
		return -1;
	}
	return 0;
}

void
sigprot_release(struct state *s)
{
	if (s->page != NULL)
		munmap(s->page, s->pagesize);
	s->page = NULL;
	if (s->alt != NULL) {
		stack_t off = { .ss_flags = SS_DISABLE };

		sigaltstack(s->old_alt.ss_sp != NULL ? &s->old_alt : &off, NULL);
		munmap(s->alt, ALT_BYTES);
		s->alt = NULL;
	}
}
