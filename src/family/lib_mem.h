/*
 * lib_mem.h - page-aligned buffers and their placement, pointer chains and
 * their validation, the line and page sizes the system states.
 */
#ifndef LIB_MEM_H
#define LIB_MEM_H

#include <stddef.h>
#include <stdint.h>

/* Page-aligned anonymous memory of len bytes (rounded up to pages, and
 * mapped with an untouched tail that makes the mapping an odd number of
 * pages, so buffers asked for one after the other are never a power of
 * two apart); NULL after a message.  Refuses more than the memory
 * available.  mem_free takes the same len. */
void *mem_alloc(size_t len);
void mem_free(void *p, size_t len);

/*
 * The pages of a buffer (-H of the memory programs): the system's
 * default (what mem_alloc gives), base pages only (MADV_NOHUGEPAGE),
 * transparent huge pages (the buffer whole huge pages, aligned, advised
 * with MADV_HUGEPAGE before the first touch) or hugetlbfs pages
 * (MAP_HUGETLB, from the pool /proc/sys/vm/nr_hugepages reserves).
 */
enum mem_pages {
	MEM_PAGES_DEFAULT = 0, /* as the system gives them */
	MEM_PAGES_NONE,        /* -H none */
	MEM_PAGES_THP,         /* -H thp */
	MEM_PAGES_HUGE         /* -H huge */
};
/* -H's value: thp, huge or none; NULL, or why not. */
const char *mem_pages_parse(const char *arg, enum mem_pages *pages);
/* "default", "none", "thp", "huge". */
const char *mem_pages_name(enum mem_pages pages);
/* The size of one page of that kind: the THP size (hpage_pmd_size),
 * hugetlbfs's default (Hugepagesize), else the base page. */
size_t mem_pages_size(enum mem_pages pages);
/*
 * Before measuring: whether the kernel gives pages of that kind for
 * `bytes` bytes at once.  Where it refuses (THP off or absent, too few
 * hugetlbfs pages free) one line, and the status for main() to exit with:
 * 77 (not supported here), or 1 where the probe failed otherwise; 0 when
 * given, with *page_bytes the size of the pages a probe mapping of one
 * page actually got (/proc/self/smaps; warns where it is smaller than
 * asked), 0 for the default.
 */
int mem_pages_require(enum mem_pages pages, uint64_t bytes,
                      size_t *page_bytes);
/* mem_alloc and mem_free on pages of that kind; the same len. */
void *mem_alloc_pages(size_t len, enum mem_pages pages);
void mem_free_pages(void *p, size_t len, enum mem_pages pages);
/* Append " pages=KIND+BYTES" to a placement text (nothing for the
 * default). */
void mem_pages_note(char *placement, size_t len, enum mem_pages pages,
		    size_t page_bytes);
/* For lib_mem: THP and hugetlbfs mappings of whole pages (the bytes
 * mapped for len; 0 for the other kinds), the mapping, and the advice
 * for base pages. */
size_t mem_pages_maplen(size_t len, enum mem_pages pages);
void *mem_pages_map(size_t len, enum mem_pages pages);
void mem_pages_advise(void *p, size_t len, enum mem_pages pages);
/* Bytes of memory the system reports available (MemAvailable). */
uint64_t mem_available(void);
/* This machine's memory in bytes (its physical pages; UINT64_MAX when
 * unknown). */
uint64_t mem_physical(void);
/* NULL when bytes fit in this machine's memory, else why not ("more than
 * this machine's N MB of memory", a static text): a size no run here
 * can have, refused as a usage error where the size is parsed. */
const char *mem_beyond(uint64_t bytes);
/* A memory size argument of at least lo bytes and within this machine's
 * memory: 0, or -1 after "prog: bad WHAT 'arg': why". */
int mem_size_arg(const char *what, const char *arg, uint64_t lo,
		 uint64_t *out);
/* The system page size. */
size_t mem_pagesize(void);

/*
 * Pointer chains over buf: `count` slots, slot i at buf + i*stride (stride
 * a multiple of sizeof(void *)).  Each slot holds the address of the next
 * slot of the ring.  Both return the first slot.
 */
/* Slot i points to slot i+1, the last to the first. */
void **mem_chain_stride(char *buf, size_t count, size_t stride);
/* A random single cycle through every slot; consecutive hops go to
 * different pages wherever the buffer spans more than one page. */
void **mem_chain_random(char *buf, size_t count, size_t stride, size_t pagesize,
                        uint64_t seed);
/* The same, noting in marks[k] the slot k * ceil(count / nmarks) hops
 * from the start (for k while that is under count), as mem_chain_walk
 * would, without walking. */
void **mem_chain_random_marks(char *buf, size_t count, size_t stride,
                              size_t pagesize, uint64_t seed, void ***marks,
                              size_t nmarks);
/* Walk the ring from start: 0 if it is one cycle through exactly count
 * slots of buf, -1 otherwise. */
int mem_chain_check(void **start, const char *buf, size_t count, size_t stride);
/* The check for a ring built by linking a sequence of slots (both
 * builders above): one pass in address order, 0 if start and every
 * slot's successor are slots of buf and every slot is the successor of
 * exactly one (a permutation; linking the sequence made it one cycle),
 * -1 otherwise.  Rings of up to MEM_CHAIN_WALK_MAX slots are walked as
 * mem_chain_check walks them; a larger one costs a sequential read
 * instead of count dependent misses (a 512 MB random ring: seconds). */
#define MEM_CHAIN_WALK_MAX ((size_t)1 << 20)
int mem_chain_check_linked(void **start, const char *buf, size_t count,
                           size_t stride);
/* The same walk, noting in marks[k] the slot reached after k * ceil(count
 * / nmarks) hops (for k while that is under count). */
int mem_chain_walk(void **start, const char *buf, size_t count, size_t stride,
		   void ***marks, size_t nmarks);

/* The sum of len bytes as 64-bit words (and the tail as bytes), with
 * four accumulators: the file readers and lat_ctx touch every byte they
 * count, and the sum keeps the compiler from dropping the reads. */
uint64_t mem_sum(const void *buf, size_t len);
/* The cache line the system states (sysfs coherency_line_size, a power
 * of two), 0 where it states none; mem_line_size: that, else 64 (the
 * default -L of tlb and par_mem). */
size_t mem_line_stated(void);
size_t mem_line_size(void);

/* The data or unified cache of each level 1..max that the system states
 * (sysfs, cpu0): stated[L - 1] bytes, 0 where it states none.  The
 * largest of them, 0 if none. */
uint64_t mem_cache_stated(uint64_t *stated, int max);

/* Parse a -L line size: a power of two from 8 to max; NULL, or why not. */
const char *mem_parse_line(const char *arg, uint64_t max, uint64_t *line);
/* The memory programs' options (cache, tlb, par_mem). */
struct mem_opts {
	uint64_t line;        /* -L */
	uint64_t max;         /* -M */
	enum mem_pages pages; /* -H */
};
/* Their handler (struct bench_prog), ctx a struct mem_opts: -L
 * (mem_parse_line up to the page size), -H (mem_pages_parse), any other
 * c a size (util_parse_size) for max; 0, or -1 after "bad -c 'arg':
 * why". */
int mem_option(void *ctx, int c, const char *arg);
/* -H alone: 0, or -1 after "bad -H 'arg': why". */
int mem_pages_option(const char *arg, enum mem_pages *pages);

/* A small fast pseudo-random generator (splitmix64). */
uint64_t mem_rand(uint64_t *state);

/*
 * Buffer placement: the buffers of one copy (bw_mem's source and
 * destination, STREAM's three arrays) come from one mapping, each a
 * chosen distance after the one before, because buffers a large power of
 * two apart collide below the program (cache sets, DRAM banks and
 * channels, the memory disambiguation of loads and stores) and copy at
 * half speed.  MEM_SPREAD, the default, puts them a whole number of pages
 * plus MEM_SPREAD_GAP pages apart (an odd count), never at a power-of-two
 * distance of 1 MB or more; MEM_ALIGNED asks for the worst case on
 * purpose: the next power of two at or above the buffer size, the first
 * buffer 2 MB aligned.
 */
enum mem_place {
	MEM_SPREAD = 0, /* the default: off every power of two */
	MEM_ALIGNED     /* the worst case, on purpose */
};
#define MEM_SET_MAX    4 /* buffers in one set */
#define MEM_SPREAD_GAP 3 /* pages between spread buffers */
struct mem_set {
	char *map;            /* the mapping, and its length */
	size_t maplen;
	size_t len;           /* bytes asked for each buffer */
	size_t distance;      /* from each buffer to the next */
	int n;                /* buffers */
	enum mem_place place; /* the rule that chose the distance */
	enum mem_pages pages; /* their pages */
	char *buf[MEM_SET_MAX];
};
/* The distance between consecutive buffers of len bytes under place; a
 * page_offset >= 0 replaces the rule's offset within a page (bw_mem's
 * conflict: 1920).  0 when len is too large to place. */
size_t mem_set_distance(size_t len, enum mem_place place, long page_offset);
/* n (1..MEM_SET_MAX) buffers of len bytes, placed by place (and
 * page_offset, as mem_set_distance), each page touched once: 0, or -1
 * after a message.  Free with mem_set_free (harmless on a zeroed set). */
int mem_set_alloc(struct mem_set *s, int n, size_t len, enum mem_place place,
		  long page_offset);
/* The same on pages of that kind (huge pages: the set's mapping whole
 * huge pages, already aligned). */
int mem_set_alloc_pages(struct mem_set *s, int n, size_t len,
			enum mem_place place, long page_offset,
			enum mem_pages pages);
void mem_set_free(struct mem_set *s);
/* Record a placement in a result's placement text (struct
 * bench_result's): appends " buffers=SPREAD+268447744", the rule's name
 * and the distance in bytes from each buffer to the next. */
void mem_set_note(char *placement, size_t len, enum mem_place place,
		  size_t distance);

#endif
