/*
 * lib_mem.c - page-aligned buffers and the pointer chains that the
 * memory-latency programs chase.  Every chain is built so that it is one
 * cycle through every slot, and mem_chain_check proves it.
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib_mem.h"
#include "lib_util.h"

uint64_t
mem_available(void)
{
	uint64_t kb = util_meminfo_kb("MemAvailable:");

	return kb ? kb * 1024 : UINT64_MAX;
}

uint64_t
mem_physical(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);

	return pages > 0 ? (uint64_t)pages * mem_pagesize() : UINT64_MAX;
}

const char *
mem_beyond(uint64_t bytes)
{
	static char why[80];
	uint64_t phys = mem_physical();

	if (bytes <= phys)
		return NULL;
	snprintf(why, sizeof(why), "more than this machine's %llu MB of memory",
		 (unsigned long long)(phys >> 20));
	return why;
}

int
mem_size_arg(const char *what, const char *arg, uint64_t lo, uint64_t *out)
{
	const char *why;

	if (util_size_arg(what, arg, lo, UINT64_MAX / 4, out) != 0)
		return -1;
	why = mem_beyond(*out);
	if (why != NULL) {
		util_err("bad %s '%s': %s", what, arg, why);
		return -1;
	}
	return 0;
}

/* Whether len bytes fit in the memory available: 0, or -1 after a
 * message.  Asking for more than the kernel says is available would
 * wake the OOM killer instead of failing. */
static int
avail_check(size_t len)
{
	uint64_t avail = mem_available();

	if (avail != UINT64_MAX && len > avail / 10 * 9) {
		util_err("cannot use %zu MB: only %llu MB of memory available",
		         len >> 20, (unsigned long long)(avail >> 20));
		errno = ENOMEM;
		return -1;
	}
	return 0;
}

/* A mapping of len bytes (a whole number of pages) of the kind asked,
 * refused with a message when the memory available cannot hold it;
 * for huge pages (mem_pages_map) len is rounded up to whole ones. */
static void *
map_checked(size_t len, enum mem_pages pages)
{
	void *p;

	if (avail_check(len) != 0)
		return NULL;
	if (pages == MEM_PAGES_THP || pages == MEM_PAGES_HUGE)
		return mem_pages_map(len, pages);
	p = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS,
	         -1, 0);
	if (p == MAP_FAILED) {
		util_syserr("cannot allocate %zu bytes", len);
		return NULL;
	}
	mem_pages_advise(p, len, pages);
	return p;
}

/* The mapping behind a mem_alloc of len bytes: whole pages and an
 * unused tail that makes the count odd, at least MEM_SPREAD_GAP pages.
 * The kernel puts a new mapping right below the last one, so two buffers
 * asked for one after the other start this far apart: never a power of
 * two (the tail is address space only, never touched). */
static size_t
alloc_len(size_t len)
{
	size_t ps = mem_pagesize(), pages = (len + ps - 1) / ps;

	pages += MEM_SPREAD_GAP + (pages == 0);
	if (pages % 2 == 0)
		pages++;
	return pages * ps;
}

/* The bytes mapped for len bytes of pages of that kind. */
static size_t
map_len(size_t len, enum mem_pages pages)
{
	size_t n = mem_pages_maplen(len, pages);

	return n ? n : alloc_len(len);
}

void *
mem_alloc_pages(size_t len, enum mem_pages pages)
{
	return map_checked(map_len(len, pages), pages);
}

void
mem_free_pages(void *p, size_t len, enum mem_pages pages)
{
	if (p != NULL)
		munmap(p, map_len(len, pages));
}

void *
mem_alloc(size_t len)
{
	return mem_alloc_pages(len, MEM_PAGES_DEFAULT);
}

void
mem_free(void *p, size_t len)
{
	mem_free_pages(p, len, MEM_PAGES_DEFAULT);
}

#define HUGE_ALIGN ((size_t)2 << 20) /* the x86-64 huge page */

size_t
mem_set_distance(size_t len, enum mem_place place, long page_offset)
{
	size_t ps = mem_pagesize(), d;

	if (len > SIZE_MAX / 8)
		return 0;
	if (place == MEM_ALIGNED) {
		/* The worst case: the next power of two, so that buffer k
		 * starts where bit k of a power-of-two address flips. */
		for (d = ps; d < len; d *= 2)
			;
		return d + (page_offset >= 0 ? (size_t)page_offset % ps : 0);
	}
	/* A gap of MEM_SPREAD_GAP pages, one more when needed to make the
	 * distance an odd number of pages: an odd page count is never a
	 * power of two of 8 KB or more, nor a multiple of one, so the
	 * buffers land in different cache sets, DRAM banks and channels,
	 * and at a different offset within a 2 MB huge page; with a whole
	 * number of pages they share their offset within a page, which
	 * keeps a copy's loads clear of its own recent stores (4K
	 * aliasing) whichever way the copy goes.  See doc/bw_mem.8. */
	d = alloc_len(len);
	if (page_offset >= 0)
		d += (size_t)page_offset % ps;
	return d;
}

int
mem_set_alloc(struct mem_set *s, int n, size_t len, enum mem_place place,
	      long page_offset)
{
	return mem_set_alloc_pages(s, n, len, place, page_offset,
				   MEM_PAGES_DEFAULT);
}

int
mem_set_alloc_pages(struct mem_set *s, int n, size_t len,
		    enum mem_place place, long page_offset,
		    enum mem_pages pages)
{
	size_t d = mem_set_distance(len, place, page_offset);
	int huge = pages == MEM_PAGES_THP || pages == MEM_PAGES_HUGE;
	size_t align = place == MEM_ALIGNED && !huge ? HUGE_ALIGN : 0;
	size_t ps = mem_pagesize();
	int i;

	memset(s, 0, sizeof(*s));
	if (n < 1 || n > MEM_SET_MAX || d == 0) {
		util_err("cannot place %d buffers of %zu bytes", n, len);
		return -1;
	}
	/* Room for n buffers d apart, the last one's pages, and the
	 * alignment slack (huge pages come aligned). */
	s->maplen = (size_t)(n - 1) * d + (len + ps - 1) / ps * ps + ps + align;
	if (huge)
		s->maplen = mem_pages_maplen(s->maplen, pages);
	s->map = map_checked(s->maplen, pages);
	if (s->map == NULL) {
		s->maplen = 0;
		return -1;
	}
	s->len = len;
	s->distance = d;
	s->n = n;
	s->place = place;
	s->pages = pages;
	s->buf[0] = s->map;
	if (align)
		s->buf[0] += (align - (uintptr_t)s->map % align) % align;
	for (i = 1; i < n; i++)
		s->buf[i] = s->buf[i - 1] + d;
	return 0;
}

void
mem_set_free(struct mem_set *s)
{
	if (s->map != NULL)
		munmap(s->map, s->maplen);
	memset(s, 0, sizeof(*s));
}

void
mem_set_note(char *placement, size_t len, enum mem_place place,
	     size_t distance)
{
	size_t used = strlen(placement);

	if (used < len)
		snprintf(placement + used, len - used, " buffers=%s+%zu",
			 place == MEM_ALIGNED ? "ALIGNED" : "SPREAD", distance);
}

uint64_t
mem_sum(const void *buf, size_t len)
{
	const uint64_t *p = buf;
	uint64_t a = 0, b = 0, c = 0, d = 0;
	size_t i, n = len / sizeof(*p);

	for (i = 0; i + 4 <= n; i += 4) {
		a += p[i];
		b += p[i + 1];
		c += p[i + 2];
		d += p[i + 3];
	}
	for (; i < n; i++)
		a += p[i];
	for (i = n * sizeof(*p); i < len; i++)
		a += ((const unsigned char *)buf)[i];
	return a + b + c + d;
}

size_t
mem_line_stated(void)
{
	FILE *f = fopen("/sys/devices/system/cpu/cpu0/cache/index0/"
	                "coherency_line_size",
	                "r");
	char buf[32];
	uint64_t v = 0;

	if (f != NULL) {
		if (fgets(buf, sizeof(buf), f) != NULL) {
			buf[strcspn(buf, "\n")] = '\0';
			if (util_parse_u64(buf, 8, 4096, &v) != NULL ||
			    (v & (v - 1)) != 0)
				v = 0;
		}
		fclose(f);
	}
	return (size_t)v;
}

size_t
mem_line_size(void)
{
	size_t v = mem_line_stated();

	return v ? v : 64;
}

const char *
mem_parse_line(const char *arg, uint64_t max, uint64_t *line)
{
	const char *why = util_parse_size(arg, 1, line);

	if (why == NULL && (*line < sizeof(void *) || *line > max ||
			    (*line & (*line - 1)) != 0))
		why = "a power of two from 8 to the page size";
	return why;
}

int
mem_pages_option(const char *arg, enum mem_pages *pages)
{
	struct mem_opts m = { 0, 0, *pages };
	int rc = mem_option(&m, 'H', arg);

	*pages = m.pages;
	return rc;
}

int
mem_option(void *ctx, int c, const char *arg)
{
	struct mem_opts *m = ctx;
	const char *why = c == 'L' ? mem_parse_line(arg, mem_pagesize(), &m->line)
			  : c == 'H' ? mem_pages_parse(arg, &m->pages)
				     : util_parse_size(arg, 1, &m->max);

	if (why == NULL && c == 'M')
		why = mem_beyond(m->max);

	if (why != NULL) {
		util_err("bad -%c '%s': %s", c, arg, why);
		return -1;
	}
	return 0;
}

/* The first line of cpu0's cache file index<i>/<name> (sysfs), without
 * its newline, in text; -1 where there is none. */
static int
sysfs_cache(int i, const char *name, char *text, size_t len)
{
	char path[96];

	snprintf(path, sizeof(path),
	         "/sys/devices/system/cpu/cpu0/cache/index%d/%s", i, name);
	return util_first_line(path, text, len);
}

uint64_t
mem_cache_stated(uint64_t *stated, int max)
{
	uint64_t best = 0, v, level;
	char size[32], lev[32], type[32];
	int i;

	memset(stated, 0, (size_t)max * sizeof(*stated));
	for (i = 0; i < 8; i++) {
		size_t n;

		if (sysfs_cache(i, "size", size, sizeof(size)) != 0)
			continue;
		/* sysfs's "48K" is 48 KiB; the parser's K is 1000, as
		 * lmbench's, its k 1024. */
		n = strlen(size);
		if (n > 0 && strchr("KMG", size[n - 1]) != NULL)
			size[n - 1] = (char)tolower((unsigned char)size[n - 1]);
		if (sysfs_cache(i, "level", lev, sizeof(lev)) != 0 ||
		    sysfs_cache(i, "type", type, sizeof(type)) != 0 ||
		    strcmp(type, "Instruction") == 0 ||
		    util_parse_size(size, 1, &v) != NULL ||
		    util_parse_u64(lev, 1, (uint64_t)max, &level) != NULL)
			continue;
		stated[level - 1] = v;
		if (v > best)
			best = v;
	}
	return best;
}
