/*
 * lib_cpuid.h - what an x86 processor states of its first-level data
 * TLB through cpuid (elsewhere nothing is stated): the figure tlb's
 * answer is checked against, as cache's are against sysfs.
 */
#ifndef LIB_CPUID_H
#define LIB_CPUID_H

#include <stddef.h>
#include <stdint.h>

/* AMD (and Hygon) leaf 0x80000005: eax describes the first-level TLBs
 * of 2 MB and 4 MB pages, ebx those of 4 KB pages.  The data TLB's
 * entries for pages of `page` bytes (a 4 MB page takes two 2 MB
 * entries), 0 where the leaf states none. */
unsigned cpuid_amd_dtlb(uint32_t eax, uint32_t ebx, size_t page);

/* Intel leaf 0x18 (deterministic address translation parameters):
 * sub[k] is {eax, ebx, ecx, edx} of subleaf k, for k < n.  The entries
 * (ways x sets) of the first-level TLB that serves loads (a data or a
 * load-only one) for pages of `page` bytes; the largest where several
 * do; 0 where none is stated. */
unsigned cpuid_intel_dtlb(const uint32_t (*sub)[4], int n, size_t page);

/* The first-level data TLB entries for pages of `page` bytes as this
 * processor states them, 0 where it states none (not x86, another
 * vendor, a hypervisor that hides the leaf); *src names the leaf read
 * ("cpuid 0x80000005"), or is "" with 0. */
unsigned cpuid_dtlb_entries(size_t page, const char **src);

/* 1 when a TLB found to map `found` pages is more than a quarter off
 * the `stated` entries either way (0 stated: never). */
int cpuid_off_stated(size_t found, unsigned stated);

#endif
