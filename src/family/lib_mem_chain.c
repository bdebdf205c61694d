/*
 * lib_mem_chain.c - the pointer chains that the memory-latency programs
 * chase (lib_mem.h).  Every chain is built so that it is one cycle
 * through every slot, and mem_chain_check proves it.
 */
#include <stdint.h>
#include <stdlib.h>

#include "lib_mem.h"
#include "lib_util.h"

uint64_t
mem_rand(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Fisher-Yates shuffle of v[0..n-1]. */
static void
shuffle(size_t *v, size_t n, uint64_t *rng)
{
	size_t i;

	for (i = n; i > 1; i--) {
		size_t j = (size_t)(mem_rand(rng) % i), t = v[i - 1];

		v[i - 1] = v[j];
		v[j] = t;
	}
}

void **
mem_chain_stride(char *buf, size_t count, size_t stride)
{
	size_t i;

	for (i = 0; i + 1 < count; i++)
		*(void **)(buf + i * stride) = buf + (i + 1) * stride;
	*(void **)(buf + (count - 1) * stride) = buf;
	return (void **)buf;
}

void **
mem_chain_random(char *buf, size_t count, size_t stride, size_t pagesize,
                 uint64_t seed)
{
	return mem_chain_random_marks(buf, count, stride, pagesize, seed,
	                              NULL, 0);
}

void **
mem_chain_random_marks(char *buf, size_t count, size_t stride,
                       size_t pagesize, uint64_t seed, void ***marks,
                       size_t nmarks)
{
	size_t every = nmarks ? (count + nmarks - 1) / nmarks : 0;
	size_t per_page, npages, *pages, *cols, *order, n = 0, c, p;
	uint64_t rng = seed;

	if (count == 0 || stride == 0) {
		util_err("internal error: an empty chain");
		return NULL;
	}
	/* Slots are grouped by page.  The walk takes one slot column at a
	 * time (columns in random order) and, within a column, the pages in
	 * a fresh random order: consecutive hops change page, and every
	 * slot is visited once. */
	per_page = stride >= pagesize ? 1 : pagesize / stride;
	if (per_page > count)
		per_page = count;
	npages = (count + per_page - 1) / per_page;
	pages = malloc(npages * sizeof(*pages));
	cols = malloc(per_page * sizeof(*cols));
	order = malloc(count * sizeof(*order));
	if (pages == NULL || cols == NULL || order == NULL) {
		free(pages);
		free(cols);
		free(order);
		util_err("out of memory building a chain of %zu slots", count);
		return NULL;
	}
	for (c = 0; c < per_page; c++)
		cols[c] = c;
	shuffle(cols, per_page, &rng);
	for (c = 0; c < per_page; c++) {
		for (p = 0; p < npages; p++)
			pages[p] = p;
		shuffle(pages, npages, &rng);
		for (p = 0; p < npages; p++) {
			size_t slot = pages[p] * per_page + cols[c];

			if (slot < count) /* the last page may be partial */
				order[n++] = slot;
		}
	}
	if (n != count) { /* cannot happen: every slot is taken once */
		free(pages);
		free(cols);
		free(order);
		util_err("internal error: chain of %zu slots has %zu", count,
		         n);
		return NULL;
	}
	for (c = 0; c < n; c++)
		*(void **)(buf + order[c] * stride) =
		    buf + order[(c + 1) % n] * stride;
	/* the slot k * every hops from the start, as mem_chain_walk notes */
	for (c = 0; every && c < nmarks && c * every < n; c++)
		marks[c] = (void **)(buf + order[c * every] * stride);
	p = order[0];
	free(pages);
	free(cols);
	free(order);
	return (void **)(buf + p * stride);
}

/* The slot p is, or count when p is no slot of the ring's buffer. */
static size_t
slot_of(const void *p, const char *buf, size_t count, size_t stride)
{
	const char *c = p;

	if (c < buf || c >= buf + count * stride ||
	    (size_t)(c - buf) % stride != 0)
		return count;
	return (size_t)(c - buf) / stride;
}

int
mem_chain_walk(void **start, const char *buf, size_t count, size_t stride,
	       void ***marks, size_t nmarks)
{
	void **p = start;
	size_t steps = 0, every = nmarks ? (count + nmarks - 1) / nmarks : 0;

	do {
		if (slot_of(p, buf, count, stride) == count)
			return -1;
		if (every && steps % every == 0 && steps / every < nmarks)
			marks[steps / every] = p;
		p = (void **)*p;
		steps++;
		if (steps > count)
			return -1;
	} while (p != start);
	/* A ring that returns to its start after exactly count in-range,
	 * slot-aligned hops is one cycle over all count slots. */
	return steps == count ? 0 : -1;
}

int
mem_chain_check(void **start, const char *buf, size_t count, size_t stride)
{
	return mem_chain_walk(start, buf, count, stride, NULL, 0);
}

int
mem_chain_check_linked(void **start, const char *buf, size_t count,
                       size_t stride)
{
	unsigned char *seen;
	size_t i, k;
	int rc = 0;

	if (count <= MEM_CHAIN_WALK_MAX)
		return mem_chain_walk(start, buf, count, stride, NULL, 0);
	if (slot_of(start, buf, count, stride) == count)
		return -1;
	seen = calloc(count / 8 + 1, 1);
	if (seen == NULL) /* no memory to check cheaply: walk */
		return mem_chain_walk(start, buf, count, stride, NULL, 0);
	for (i = 0; i < count && rc == 0; i++) {
		k = slot_of(*(void *const *)(buf + i * stride), buf, count,
		            stride);
		if (k == count || (seen[k / 8] & (1u << (k % 8))))
			rc = -1; /* no slot, or a second predecessor */
		else
			seen[k / 8] |= (unsigned char)(1u << (k % 8));
	}
	free(seen);
	return rc;
}
