/*
 * lib_mem_pages.c - buffers on the page size a program asks for (-H):
 * the system's default, base pages only, transparent huge pages or
 * hugetlbfs pages; whether the kernel gives them, and which size a
 * mapping actually got (lib_mem.h).
 */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS, MAP_HUGETLB, madvise */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "lib_mem.h"
#include "lib_util.h"

#define THP_ENABLED "/sys/kernel/mm/transparent_hugepage/enabled"
#define THP_SIZE    "/sys/kernel/mm/transparent_hugepage/hpage_pmd_size"

static const char *const kinds[] = { "default", "none", "thp", "huge" };

size_t
mem_pagesize(void)
{
	long ps = sysconf(_SC_PAGESIZE);

	return ps > 0 ? (size_t)ps : 4096;
}

const char *
mem_pages_parse(const char *arg, enum mem_pages *pages)
{
	int i;

	for (i = 1; i < 4; i++)
		if (strcmp(arg, kinds[i]) == 0) {
			*pages = (enum mem_pages)i;
			return NULL;
		}
	return "thp (transparent huge pages), huge (hugetlbfs) or none";
}

const char *
mem_pages_name(enum mem_pages pages)
{
	return kinds[pages];
}

size_t
mem_pages_size(enum mem_pages pages)
{
	char text[64];
	uint64_t v = 0;

	if (pages == MEM_PAGES_HUGE)
		v = util_meminfo_kb("Hugepagesize:") * 1024;
	else if (pages == MEM_PAGES_THP && util_first_line(THP_SIZE, text,
	                                              sizeof(text)) == 0)
		v = strtoull(text, NULL, 10);
	if (pages == MEM_PAGES_THP && v == 0)
		v = (uint64_t)2 << 20;
	return v >= mem_pagesize() ? (size_t)v : mem_pagesize();
}

size_t
mem_pages_maplen(size_t len, enum mem_pages pages)
{
	size_t h = mem_pages_size(pages);

	if (pages == MEM_PAGES_THP || pages == MEM_PAGES_HUGE)
		return (len + h - 1) / h * h + (len == 0) * h;
	return 0;
}

void *
mem_pages_map(size_t len, enum mem_pages pages)
{
	size_t h = mem_pages_size(pages), maplen = mem_pages_maplen(len, pages);
	char *p, *a;

	if (h == 0)
		return NULL;
	if (pages == MEM_PAGES_HUGE) {
		p = mmap(NULL, maplen, PROT_READ | PROT_WRITE,
		         MAP_PRIVATE | MAP_ANONYMOUS | MAP_HUGETLB, -1, 0);
		if (p != MAP_FAILED)
			return p;
		util_syserr("cannot map %zu bytes of %zu-byte huge pages (%llu "
		            "free)",
		            maplen, h,
		            (unsigned long long)util_meminfo_kb("HugePages_Free:"));
		return NULL;
	}
	/* THP: one page more, then the ends cut off, so that the buffer is
	 * whole huge pages, aligned, advised before the first touch. */
	p = mmap(NULL, maplen + h, PROT_READ | PROT_WRITE,
	         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (p == MAP_FAILED) {
		util_syserr("cannot allocate %zu bytes", maplen);
		return NULL;
	}
	a = p + (h - (uintptr_t)p % h) % h;
	if (a > p)
		munmap(p, (size_t)(a - p));
	if (a + maplen < p + maplen + h)
		munmap(a + maplen, (size_t)(p + maplen + h - (a + maplen)));
#ifdef MADV_HUGEPAGE
	madvise(a, maplen, MADV_HUGEPAGE);
#endif
	return a;
}

void
mem_pages_advise(void *p, size_t len, enum mem_pages pages)
{
#ifdef MADV_NOHUGEPAGE
	if (pages == MEM_PAGES_NONE && p != NULL)
		madvise(p, len, MADV_NOHUGEPAGE);
#else
	(void)p;
	(void)len;
	(void)pages;
#endif
}

/* The kB of a line "KEY: N kB" of smaps into *v; 1, or 0 for another
 * key. */
static int
smaps_field(const char *line, const char *key, unsigned long long *v)
{
	size_t n = strlen(key);

	if (strncmp(line, key, n) != 0)
		return 0;
	*v = strtoull(line + n, NULL, 10);
	return 1;
}

/* The size of the pages behind addr, as /proc/self/smaps shows its
 * mapping: the kernel's page size, or the THP size where most of what
 * is resident is in huge pages; 0 if the mapping is not found. */
static size_t
smaps_page(const void *addr, size_t thp)
{
	FILE *f = fopen("/proc/self/smaps", "r");
	char line[512], *e;
	unsigned long long lo, hi, rss = 0, anon_huge = 0, kps = 0;
	int in = 0;

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f)) {
		lo = strtoull(line, &e, 16);
		/* A mapping's line: "lo-hi perms ..." */
		if (e != line && *e == '-') {
			if (in)
				break;
			hi = strtoull(e + 1, NULL, 16);
			in = (uintptr_t)addr >= lo && (uintptr_t)addr < hi;
		} else if (in && !smaps_field(line, "Rss:", &rss) &&
			   !smaps_field(line, "AnonHugePages:", &anon_huge) &&
			   smaps_field(line, "KernelPageSize:", &kps))
			kps *= 1024;
	}
	fclose(f);
	if (kps > mem_pagesize())
		return (size_t)kps;
	if (kps != 0 && rss > 0 && 2 * anon_huge >= rss)
		return thp;
	return (size_t)kps;
}

/* Why the kernel gives no pages of that kind for bytes bytes (the text,
 * in why), or NULL. */
static const char *
refusal(enum mem_pages pages, uint64_t bytes, char *why, size_t len)
{
	char text[128];
	uint64_t h = mem_pages_size(pages), free_pages;

	if (pages == MEM_PAGES_THP) {
		if (util_first_line(THP_ENABLED, text, sizeof(text)) != 0)
			return "transparent huge pages: not in this kernel (no "
			       THP_ENABLED ")";
		if (strstr(text, "[never]") != NULL)
			return "transparent huge pages are off (" THP_ENABLED
			       ": never)";
		return NULL;
	}
	if (pages != MEM_PAGES_HUGE)
		return NULL;
	free_pages = util_meminfo_kb("HugePages_Free:");
	if (h > 0 && free_pages * h < bytes) {
		snprintf(why, len,
		         "hugetlbfs pages: %llu pages of %llu bytes needed, %llu free "
		         "(/proc/sys/vm/nr_hugepages reserves them)",
		         (unsigned long long)((bytes + h - 1) / h),
		         (unsigned long long)h,
		         (unsigned long long)free_pages);
		return why;
	}
	return NULL;
}

int
mem_pages_require(enum mem_pages pages, uint64_t bytes, size_t *page_bytes)
{
	char text[256];
	const char *why = refusal(pages, bytes, text, sizeof(text));
	size_t h = mem_pages_size(pages), got;
	char *p;

	*page_bytes = 0;
	if (pages == MEM_PAGES_DEFAULT)
		return 0;
	if (why != NULL) {
		util_err("%s", why);
		return EXIT_UNSUPPORTED;
	}
	*page_bytes = mem_pagesize();
	if (pages == MEM_PAGES_NONE)
		return 0;
	/* A probe of one page: what the kernel gives now. */
	p = mem_pages_map(h, pages);
	if (p == NULL)
		return errno == ENOMEM || errno == EINVAL ? EXIT_UNSUPPORTED
		                                          : EXIT_FAILED;
	memset(p, 1, h);
	got = smaps_page(p, h);
	munmap(p, mem_pages_maplen(h, pages));
	if (got != 0 && got < h)
		util_err("warning: %s pages asked, the kernel gave %zu-byte "
		         "pages",
		         mem_pages_name(pages), got);
	*page_bytes = got ? got : h;
	return 0;
}

void
mem_pages_note(char *placement, size_t len, enum mem_pages pages,
               size_t page_bytes)
{
	size_t used = strlen(placement);

	if (pages != MEM_PAGES_DEFAULT && used < len)
		snprintf(placement + used, len - used, " pages=%s+%zu",
		         mem_pages_name(pages), page_bytes);
}
