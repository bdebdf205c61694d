/*
 * lib_cpuid.c - the first-level data TLB as cpuid states it (lib_cpuid.h).
 * The decoders take register values, so that the unit tests can feed
 * them what other processors return; only cpuid_dtlb_entries executes
 * the instruction, and only on x86.
 */
#include <string.h>

#include "lib_cpuid.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HAVE_CPUID 1
#endif

#define MB2 ((size_t)2 << 20)
#define MB4 ((size_t)4 << 20)

unsigned
cpuid_amd_dtlb(uint32_t eax, uint32_t ebx, size_t page)
{
	/* Bits 23:16 of each register: the L1 data TLB's entries. */
	if (page == 4096)
		return (ebx >> 16) & 0xff;
	if (page == MB2)
		return (eax >> 16) & 0xff;
	if (page == MB4)
		return ((eax >> 16) & 0xff) / 2;
	return 0;
}

/* The bit of leaf 0x18's ebx that says a TLB holds pages of `page`
 * bytes (4 KB, 2 MB, 4 MB, 1 GB: bits 0-3); 0 for another size. */
static uint32_t
page_bit(size_t page)
{
	if (page == 4096)
		return 1u;
	if (page == MB2)
		return 2u;
	if (page == MB4)
		return 4u;
	if (page == (size_t)1 << 30)
		return 8u;
	return 0;
}

unsigned
cpuid_intel_dtlb(const uint32_t (*sub)[4], int n, size_t page)
{
	uint32_t bit = page_bit(page);
	unsigned best = 0;
	int k;

	for (k = 0; k < n && bit != 0; k++) {
		uint32_t ebx = sub[k][1], ecx = sub[k][2], edx = sub[k][3];
		uint32_t type = edx & 0x1f, level = (edx >> 5) & 0x7;
		unsigned entries = ((ebx >> 16) & 0xffff) * ecx;

		/* Type 1 a data TLB, 4 a load-only one: what a chase of
		 * loads uses (2 instruction, 3 unified, 5 store-only). */
		if ((type == 1 || type == 4) && level == 1 && (ebx & bit) &&
		    entries > best)
			best = entries;
	}
	return best;
}

int
cpuid_off_stated(size_t found, unsigned stated)
{
	return stated != 0 && (found * 4 < (size_t)stated * 3 ||
	                       found * 4 > (size_t)stated * 5);
}

unsigned
cpuid_dtlb_entries(size_t page, const char **src)
{
#ifdef HAVE_CPUID
	unsigned a, b, c, d, max;
	char vendor[13];

	*src = "";
	max = __get_cpuid_max(0, NULL);
	if (max == 0)
		return 0;
	__cpuid(0, a, b, c, d);
	memcpy(vendor, &b, 4);
	memcpy(vendor + 4, &d, 4);
	memcpy(vendor + 8, &c, 4);
	vendor[12] = '\0';
	if (strcmp(vendor, "AuthenticAMD") == 0 ||
	    strcmp(vendor, "HygonGenuine") == 0) {
		unsigned e;

		if ((unsigned)__get_cpuid_max(0x80000000, NULL) < 0x80000005)
			return 0;
		__cpuid(0x80000005, a, b, c, d);
		e = cpuid_amd_dtlb(a, b, page);
		if (e != 0)
			*src = "cpuid 0x80000005";
		return e;
	}
	if (strcmp(vendor, "GenuineIntel") == 0 && max >= 0x18) {
		uint32_t sub[16][4];
		unsigned e;
		int n, k;

		/* Subleaf 0's eax: the last subleaf. */
		__cpuid_count(0x18, 0, a, b, c, d);
		n = a < 15 ? (int)a + 1 : 16;
		for (k = 0; k < n; k++) {
			__cpuid_count(0x18, (unsigned)k, a, b, c, d);
			sub[k][0] = a;
			sub[k][1] = b;
			sub[k][2] = c;
			sub[k][3] = d;
		}
		e = cpuid_intel_dtlb((const uint32_t(*)[4])sub, n, page);
		if (e != 0)
			*src = "cpuid 0x18";
		return e;
	}
	return 0;
#else
	(void)page;
	*src = "";
	return 0;
#endif
}
