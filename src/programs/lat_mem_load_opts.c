/*
 * lat_mem_load_opts.c - lat_mem_load's options (lat_mem_load.h): the
 * defaults, the delay list, the chase and traffic CPUs checked against
 * the ones allowed, the buffers' size against the memory.
 */
#include <stdint.h>
#include <string.h>

#include "lat_mem_load.h"
#include "lib_load.h"
#include "lib_mem.h"
#include "lib_place.h"
#include "lib_util.h"

/* MLC's delays in spirit: dense where the memory saturates, sparse
 * where the traffic thins out. */
static const uint64_t default_delays[] = {
	0, 2, 8, 15, 50, 100, 200, 300, 500, 700, 1000, 1500, 2500, 5000, 10000
};

/* The defaults, before the options: the first allowed CPU chases, the
 * others load, MLC's delays, read traffic. */
void
mload_defaults(struct opts *p)
{
	p->chase_cpu = -1;
	p->ndelays = (int)(sizeof(default_delays) / sizeof(default_delays[0]));
	memcpy(p->delays, default_delays, sizeof(default_delays));
	(void)load_kind_parse("rd", &p->kind);
}

static int
parse_delays(struct opts *p, const char *arg)
{
	char buf[1024], *tok = buf, *comma;
	size_t len = strlen(arg);
	const char *why = len == 0 ? "empty" : NULL;

	/* Every entry between commas must be a number: "1,,2" and a
	 * trailing comma are refused, not read as "1,2". */
	p->ndelays = 0;
	if (len >= sizeof(buf))
		why = "too long";
	else
		memcpy(buf, arg, len + 1);
	while (why == NULL) {
		comma = strchr(tok, ',');
		if (comma != NULL)
			*comma = '\0';
		if (*tok == '\0')
			why = "an empty entry";
		else if (p->ndelays == MAX_DELAYS)
			why = "more than 64 delays";
		else
			why = util_parse_u64(tok, 0, 100000000,
					     &p->delays[p->ndelays++]);
		if (comma == NULL)
			break;
		tok = comma + 1;
	}
	if (why != NULL) {
		util_err("bad delay list '%s': %s (spin turns 0 to 100000000, "
			 "comma-separated)", arg, why);
		return -1;
	}
	return 0;
}

int
mload_option(void *ctx, int c, const char *arg)
{
	struct opts *p = ctx;
	int one;

	switch (c) {
	case 'c':
		if (place_parse_list("chase CPU", arg, &one, 1) != 1)
			return -1;
		p->chase_cpu = one;
		return 0;
	case 'C':
		p->ncpus = place_parse_list("load CPU list", arg, p->cpus,
					    PLACE_MAX_CPUS);
		return p->ncpus > 0 ? 0 : -1;
	case 'D':
		return parse_delays(p, arg);
	case 'M':
		return mem_size_arg("size", arg, 4096, &p->size);
	case 't':
		p->kind_rc = load_kind_parse(arg, &p->kind);
		return p->kind_rc == -1 ? -1 : 0;
	}
	return -1;
}

int
mload_cpus(struct opts *p)
{
	const int *all;
	int n = place_allowed(&all), i;

	if (n < 0)
		return EXIT_FAILED;
	if (n < 2) {
		util_err("this process may use one CPU only: loaded latency "
			 "needs another for the traffic");
		return EXIT_UNSUPPORTED;
	}
	if (p->chase_cpu < 0)
		p->chase_cpu = all[0];
	for (i = 0; i < p->ncpus; i++)
		if (p->cpus[i] == p->chase_cpu) {
			util_err("bad load CPU list: CPU %d is the chase CPU",
				 p->chase_cpu);
			return EXIT_USAGE;
		}
	if (p->ncpus == 0)
		for (i = 0; i < n; i++)
			if (all[i] != p->chase_cpu)
				p->cpus[p->ncpus++] = all[i];
	return 0;
}

size_t
mload_size(const struct opts *p)
{
	uint64_t llc = load_llc(), want;

	if (p->size != 0) {
		want = p->size * (uint64_t)(p->ncpus * p->kind.buffers + 1);
		if (want > mem_available() / 10 * 9) {
			util_err("%d buffers of %llu MB are more than the %llu "
				 "MB of memory available",
				 p->ncpus * p->kind.buffers + 1,
				 (unsigned long long)(p->size >> 20),
				 (unsigned long long)(mem_available() >> 20));
			return 0;
		}
		return (size_t)p->size;
	}
	want = llc * 2 > (64 << 20) ? llc * 2 : (64 << 20);
	return load_fit((size_t)want, p->ncpus * p->kind.buffers + 1, 1, 0,
			(size_t)llc);
}
