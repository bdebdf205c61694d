/*
 * lib_context.c - the context every JSON record carries (lib_json.h,
 * doc/lmbench-ng-json.5): where and how the program ran, as typed
 * members, each fact the machine does not state null.  Built once a
 * process, at its first record, and written alike into every record.
 */
#define _GNU_SOURCE /* open_memstream */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "lib_json.h"
#include "lib_topo.h"
#include "lib_util.h"

/* The suite's version and the build's flags: the Makefile passes them. */
#ifndef LMBENCH_VERSION
#define LMBENCH_VERSION "unknown"
#endif
#ifndef LMBENCH_CFLAGS
#define LMBENCH_CFLAGS ""
#endif

#define SYSCPU "/sys/devices/system/cpu/"
#define CTX_NODES 64 /* nodes listed, at most */

/* ,"name":"value", or null where value is NULL or empty. */
static void
str_member(FILE *f, const char *name, const char *value)
{
	fprintf(f, ",\"%s\":", name);
	if (value == NULL || *value == '\0')
		fputs("null", f);
	else
		json_string(f, value);
}

/* ,"name":N where text is a whole number (decimal or 0x hex), else null. */
static void
num_member(FILE *f, const char *name, const char *text)
{
	char *end;
	unsigned long long v;

	fprintf(f, ",\"%s\":", name);
	if (text == NULL || *text < '0' || *text > '9') {
		fputs("null", f);
		return;
	}
	v = strtoull(text, &end, 0);
	if (*end != '\0')
		fputs("null", f);
	else
		fprintf(f, "%llu", v);
}

/* The value of the first "KEY<blanks>: value" line of /proc/cpuinfo,
 * "" where there is none. */
static const char *
cpuinfo(const char *key, char *out, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char line[512];
	size_t klen = strlen(key);

	*out = '\0';
	if (f == NULL)
		return out;
	while (*out == '\0' && fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':');

		if (strncmp(line, key, klen) != 0 || colon == NULL ||
		    strspn(line + klen, " \t") != (size_t)(colon - line) - klen)
			continue;
		colon += 1 + strspn(colon + 1, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(out, len, "%s", colon);
	}
	fclose(f);
	return out;
}

/* ,"cpu":{...}: the processor's identity as /proc/cpuinfo states it
 * (x86: vendor, family, model, stepping, microcode; Arm: implementer,
 * architecture, variant, part, revision), each null where not stated. */
static void
cpu(FILE *f)
{
	static const struct {
		const char *name, *key;
		int number;
	} facts[] = {
		{ "vendor", "vendor_id", 0 },      { "family", "cpu family", 1 },
		{ "model", "model", 1 },           { "stepping", "stepping", 1 },
		{ "microcode", "microcode", 0 },   { "implementer", "CPU implementer", 1 },
		{ "architecture", "CPU architecture", 1 },
		{ "variant", "CPU variant", 1 },   { "part", "CPU part", 1 },
		{ "revision", "CPU revision", 1 },
	};
	char v[256];
	size_t i;

	fputs(",\"cpu\":{\"name\":", f);
	if (*cpuinfo("model name", v, sizeof(v)) == '\0' &&
	    *cpuinfo("uarch", v, sizeof(v)) == '\0')
		fputs("null", f);
	else
		json_string(f, v);
	for (i = 0; i < sizeof(facts) / sizeof(facts[0]); i++) {
		cpuinfo(facts[i].key, v, sizeof(v));
		if (facts[i].number)
			num_member(f, facts[i].name, v);
		else
			str_member(f, facts[i].name, v);
	}
	fputc('}', f);
}

/* ,"caches":{"L1d":49152,...} from cpu0's sysfs cache directories. */
static void
caches(FILE *f)
{
	const char *sep = "";
	int i;

	fputs(",\"caches\":{", f);
	for (i = 0; i < 16; i++) {
		char path[128], level[16], type[32], size[32];
		unsigned long long kb;
		char *end;
		const char *t;

		snprintf(path, sizeof(path), SYSCPU "cpu0/cache/index%d/level", i);
		if (util_first_line(path, level, sizeof(level)) != 0 || !*level)
			break;
		snprintf(path, sizeof(path), SYSCPU "cpu0/cache/index%d/type", i);
		if (util_first_line(path, type, sizeof(type)) != 0 || !*type)
			continue;
		snprintf(path, sizeof(path), SYSCPU "cpu0/cache/index%d/size", i);
		/* sysfs says "48K": kibibytes (K and M are powers of two
		 * here, unlike the suite's own size suffixes). */
		if (util_first_line(path, size, sizeof(size)) != 0 || !*size)
			continue;
		kb = strtoull(size, &end, 10);
		if (end == size || level[strspn(level, "0123456789")] != '\0')
			continue;
		t = strcmp(type, "Data") == 0          ? "d"
		    : strcmp(type, "Instruction") == 0 ? "i"
		                                       : "";
		fprintf(f, "%s\"L%s%s\":%llu", sep, level, t,
		        kb * (*end == 'M' ? 1048576ull : *end == 'K' ? 1024ull : 1ull));
		sep = ",";
	}
	fputc('}', f);
}

/* ,"memory":{"total_bytes":N,"nodes":[{"node":0,"total_bytes":N}]}. */
static void
memory(FILE *f)
{
	static struct topo_node nodes[CTX_NODES];
	uint64_t kb = util_meminfo_kb("MemTotal:");
	int n = topo_node_memory("", nodes, CTX_NODES), i;

	fputs(",\"memory\":{\"total_bytes\":", f);
	if (kb > 0)
		fprintf(f, "%llu", (unsigned long long)kb * 1024);
	else
		fputs("null", f);
	fputs(",\"nodes\":[", f);
	for (i = 0; i < n; i++)
		fprintf(f, "%s{\"node\":%d,\"total_bytes\":%llu}", i ? "," : "",
		        nodes[i].node, nodes[i].kb * 1024);
	fputs("]}", f);
}

/* The first line of a sysfs file, the bracketed word where it has one
 * ("always [madvise] never": madvise); "" where there is none. */
static const char *
sys_word(const char *path, char *out, size_t len)
{
	char *open, *close;

	if (util_first_line(path, out, len) != 0)
		*out = '\0';
	open = strchr(out, '[');
	close = open != NULL ? strchr(open, ']') : NULL;
	if (close != NULL) {
		*close = '\0';
		memmove(out, open + 1, strlen(open + 1) + 1);
	}
	return out;
}

/* The leading number of text ("3669 MHz, 0.2725 nanosec clock": 3669),
 * or null. */
static void
lead_number(FILE *f, const char *name, const char *text)
{
	double v;
	char buf[32];
	size_t n = text != NULL ? strspn(text, "0123456789.") : 0;

	fprintf(f, ",\"%s\":", name);
	if (n == 0 || n >= sizeof(buf)) {
		fputs("null", f);
		return;
	}
	memcpy(buf, text, n);
	buf[n] = '\0';
	if (util_parse_double(buf, &v) != NULL)
		fputs("null", f);
	else
		json_number(f, v);
}

void
json_run(FILE *f, const char *env)
{
	const char *p;
	char mb[32] = "", mhz[64] = "";
	const char *sep = "";

	if (env == NULL || *env == '\0') {
		fputs(",\"mb\":null,\"mhz\":null,\"config\":null", f);
		return;
	}
	for (p = env; *p != '\0'; p += strcspn(p, "\n"), p += *p == '\n') {
		size_t len = strcspn(p, "\n"), k = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");

		if (k > 0 && k < 64 && k < len && p[k] == '=' && p[0] >= 'A' && p[0] <= 'Z') {
			if (k == 2 && strncmp(p, "MB", 2) == 0)
				snprintf(mb, sizeof(mb), "%.*s", (int)(len - 3), p + 3);
			if (k == 3 && strncmp(p, "MHZ", 3) == 0)
				snprintf(mhz, sizeof(mhz), "%.*s", (int)(len - 4), p + 4);
		}
	}
	lead_number(f, "mb", mb);
	lead_number(f, "mhz", mhz);
	fputs(",\"config\":{", f);
	for (p = env; *p != '\0'; p += strcspn(p, "\n"), p += *p == '\n') {
		size_t len = strcspn(p, "\n"), k = strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
		char *v;

		if (k == 0 || k >= 64 || k >= len || p[k] != '=' || p[0] < 'A' || p[0] > 'Z')
			continue;
		v = strndup(p + k + 1, len - k - 1);
		if (v == NULL)
			continue;
		fprintf(f, "%s\"%.*s\":", sep, (int)k, p);
		json_string(f, v);
		free(v);
		sep = ",";
	}
	fputc('}', f);
}

/* "gcc" and "12.2.0": the compiler that built the library. */
static void
compiler(FILE *f)
{
#if defined(__clang__)
	fputs(",\"compiler\":{\"name\":\"clang\",\"version\":", f);
	json_string(f, __clang_version__);
#elif defined(__GNUC__)
	fputs(",\"compiler\":{\"name\":\"gcc\",\"version\":", f);
	json_string(f, __VERSION__);
#else
	fputs(",\"compiler\":{\"name\":null,\"version\":null", f);
#endif
	fputc('}', f);
}

/* The context object, built into f. */
static void
build(FILE *f, int allowed)
{
	char host[256] = "", when[32] = "", kernel[256] = "", v[256];
	time_t now = time(NULL);
	struct tm tm;
	struct utsname u;
	long n = sysconf(_SC_NPROCESSORS_ONLN), page = sysconf(_SC_PAGESIZE);

	if (gethostname(host, sizeof(host) - 1) != 0)
		host[0] = '\0';
	if (gmtime_r(&now, &tm) != NULL)
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (uname(&u) == 0)
		snprintf(kernel, sizeof(kernel), "%s %s", u.sysname, u.release);
	fputs("{\"host\":", f);
	if (*host == '\0')
		fputs("null", f);
	else
		json_string(f, host);
	str_member(f, "start_utc", when);
	str_member(f, "suite_version", LMBENCH_VERSION);
	str_member(f, "kernel", kernel);
	cpu(f);
	fputs(",\"cpus_online\":", f);
	if (n > 0)
		fprintf(f, "%ld", n);
	else
		fputs("null", f);
	fputs(",\"cpus_allowed\":", f);
	if (allowed > 0)
		fprintf(f, "%d", allowed);
	else
		fputs("null", f);
	caches(f);
	if (util_first_line(SYSCPU "cpu0/cache/index0/coherency_line_size", v, sizeof(v)) != 0)
		*v = '\0';
	num_member(f, "cache_line_bytes", v);
	fputs(",\"page_bytes\":", f);
	if (page > 0)
		fprintf(f, "%ld", page);
	else
		fputs("null", f);
	memory(f);
	str_member(f, "thp", sys_word("/sys/kernel/mm/transparent_hugepage/enabled", v, sizeof(v)));
	str_member(f, "clocksource",
	           sys_word("/sys/devices/system/clocksource/clocksource0/current_clocksource", v, sizeof(v)));
	lead_number(f, "cpu_mhz_stated", cpuinfo("cpu MHz", v, sizeof(v)));
	str_member(f, "governor", sys_word(SYSCPU "cpu0/cpufreq/scaling_governor", v, sizeof(v)));
	json_run(f, getenv("LMBENCH_RUN"));
	compiler(f);
	str_member(f, "build_flags", LMBENCH_CFLAGS);
	fputc('}', f);
}

void
json_context(FILE *f, int allowed)
{
	static char *text;
	static size_t len;

	if (text == NULL) {
		FILE *m = open_memstream(&text, &len);

		if (m != NULL)
			build(m, allowed);
		if (m == NULL || fclose(m) != 0) {
			free(text);
			text = NULL;
			fputs(",\"context\":null", f); /* memory short */
			return;
		}
	}
	fputs(",\"context\":", f);
	fwrite(text, 1, len, f);
}
