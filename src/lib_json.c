/*
 * lib_json.c - the pieces of a JSON record (lib_json.h).
 */
#define _GNU_SOURCE /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <sched.h>
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

void
json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			fprintf(f, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(f, "\\u%04x", ch);
		else
			fputc(ch, f);
	}
	fputc('"', f);
}

void
json_number(FILE *f, double v)
{
	char buf[40];
	int digits;

	if (!isfinite(v)) {
		fputs("null", f);
		return;
	}
	/* Whole numbers as integers ("2000", not "2e+03"). */
	if (v == floor(v) && fabs(v) < 1e15) {
		fprintf(f, "%.0f", v);
		return;
	}
	/* The fewest significant digits that read back as v: 17 always do. */
	for (digits = 1; digits < 17; digits++) {
		snprintf(buf, sizeof(buf), "%.*g", digits, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (digits == 17)
		snprintf(buf, sizeof(buf), "%.17g", v);
	fputs(buf, f);
}

/* A parameter's field name: known keys with their unit. */
static const char *
param_name(const char *key, size_t len)
{
	static const struct {
		const char *key, *name;
	} names[] = {
		{ "stride", "stride_bytes" }, { "size", "size_bytes" },
		{ "procs", "processes" },     { "jobs", "jobs" },
		{ "usecs", "work_us" },
	};
	size_t i;

	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strlen(names[i].key) == len &&
		    strncmp(key, names[i].key, len) == 0)
			return names[i].name;
	return NULL;
}

/* One KEY=VALUE word (len bytes at w) as a member, with sep before it. */
static void
param(FILE *f, const char *w, size_t len, const char *eq, const char *sep)
{
	char key[64], val[64];
	const char *name;
	uint64_t n;
	size_t klen = (size_t)(eq - w), vlen = len - klen - 1;

	if (klen >= sizeof(key) || vlen >= sizeof(val))
		return;
	memcpy(key, w, klen);
	key[klen] = '\0';
	memcpy(val, eq + 1, vlen);
	val[vlen] = '\0';
	name = param_name(key, klen);
	fputs(sep, f);
	json_string(f, name ? name : key);
	fputc(':', f);
	/* A number, or a size with its suffix (16k), as a number. */
	if (util_parse_size(val, 1, &n) == NULL)
		json_number(f, (double)n);
	else
		json_string(f, val);
}

/* Does words hold a word "KEY=..." for the key of the klen bytes at k? */
static int
has_key(const char *words, const char *k, size_t klen)
{
	const char *p = words;

	while (*p != '\0') {
		size_t len = strcspn(p, " ");

		if (len > klen && strncmp(p, k, klen) == 0 && p[klen] == '=')
			return 1;
		p += len;
		p += strspn(p, " ");
	}
	return 0;
}

/* The KEY=VALUE words of words as members (but those whose key skip
 * holds), *sep before each: ",\"params\":{" first, then ",". */
static void
params_of(FILE *f, const char *words, const char *skip, const char **sep)
{
	const char *p = words;

	while (*p != '\0') {
		size_t len = strcspn(p, " ");
		const char *eq = memchr(p, '=', len);

		if (eq != NULL && eq > p && (size_t)(eq - p) + 1 < len &&
		    (skip == NULL || !has_key(skip, p, (size_t)(eq - p)))) {
			param(f, p, len, eq, *sep);
			*sep = ",";
		}
		p += len;
		p += strspn(p, " ");
	}
}

void
json_params(FILE *f, const char *metric, const char *extra)
{
	const char *sep = ",\"params\":{";

	params_of(f, metric, NULL, &sep);
	if (extra != NULL)
		params_of(f, extra, metric, &sep);
	if (*sep == ',' && sep[1] == '\0')
		fputc('}', f);
}

/* The value of the first "KEY<tab>: value" line of /proc/cpuinfo. */
static int
cpuinfo(const char *key, char *out, size_t len)
{
	FILE *f = fopen("/proc/cpuinfo", "r");
	char line[512];
	size_t klen = strlen(key);
	int found = 0;

	if (f == NULL)
		return 0;
	while (!found && fgets(line, sizeof(line), f) != NULL) {
		char *colon = strchr(line, ':');

		if (strncmp(line, key, klen) != 0 || colon == NULL ||
		    strspn(line + klen, " \t") != (size_t)(colon - line) - klen)
			continue;
		colon += 1 + strspn(colon + 1, " \t");
		colon[strcspn(colon, "\n")] = '\0';
		snprintf(out, len, "%s", colon);
		found = *out != '\0';
	}
	fclose(f);
	return found;
}

/* ,"caches":{"L1d":49152,...} from cpu0's sysfs cache directories. */
static void
caches(FILE *f)
{
	const char *sep = ",\"caches\":{";
	int i;

	for (i = 0; i < 16; i++) {
		char path[128], level[16], type[32], size[32], name[40];
		unsigned long long kb;
		uint64_t bytes;
		char *end;
		const char *t;

		snprintf(path, sizeof(path),
		         "/sys/devices/system/cpu/cpu0/cache/index%d/level", i);
		if (util_first_line(path, level, sizeof(level)) != 0 || !*level)
			break;
		snprintf(path, sizeof(path),
		         "/sys/devices/system/cpu/cpu0/cache/index%d/type", i);
		if (util_first_line(path, type, sizeof(type)) != 0 || !*type)
			continue;
		snprintf(path, sizeof(path),
		         "/sys/devices/system/cpu/cpu0/cache/index%d/size", i);
		/* sysfs says "48K": kibibytes (K and M are powers of two
		 * here, unlike the suite's own size suffixes). */
		if (util_first_line(path, size, sizeof(size)) != 0 || !*size)
			continue;
		kb = strtoull(size, &end, 10);
		if (end == size)
			continue;
		bytes = (uint64_t)kb * (*end == 'M' ? 1048576 : *end == 'K' ? 1024 : 1);
		t = strcmp(type, "Data") == 0          ? "d"
		    : strcmp(type, "Instruction") == 0 ? "i"
		                                       : "";
		snprintf(name, sizeof(name), "L%s%s", level, t);
		fputs(sep, f);
		json_string(f, name);
		fprintf(f, ":%llu", (unsigned long long)bytes);
		sep = ",";
	}
	if (*sep == ',' && sep[1] == '\0')
		fputc('}', f);
}

/* "gcc 12.2.0" or "clang 14.0.6": the compiler that built the library. */
static const char *
compiler(void)
{
#if defined(__clang__)
	return "clang " __clang_version__;
#elif defined(__GNUC__)
	return "gcc " __VERSION__;
#else
	return "";
#endif
}

/* A string member, left out when the value is empty. */
static void
member(FILE *f, const char *name, const char *value)
{
	if (value == NULL || *value == '\0')
		return;
	fprintf(f, ",\"%s\":", name);
	json_string(f, value);
}

void
json_context(FILE *f)
{
	char host[256] = "", when[32] = "", model[256] = "", kernel[256] = "";
	static char nodes[8192];
	time_t now = time(NULL);
	struct tm tm;
	struct utsname u;
	cpu_set_t set;
	long n = sysconf(_SC_NPROCESSORS_ONLN), page = sysconf(_SC_PAGESIZE);

	if (gethostname(host, sizeof(host) - 1) != 0)
		host[0] = '\0';
	if (gmtime_r(&now, &tm) != NULL)
		strftime(when, sizeof(when), "%Y-%m-%dT%H:%M:%SZ", &tm);
	if (!cpuinfo("model name", model, sizeof(model)) &&
	    !cpuinfo("uarch", model, sizeof(model)))
		(void)cpuinfo("CPU part", model, sizeof(model));
	if (uname(&u) == 0)
		snprintf(kernel, sizeof(kernel), "%s %s", u.sysname, u.release);
	member(f, "host", host);
	member(f, "start_utc", when);
	member(f, "suite_version", LMBENCH_VERSION);
	member(f, "cpu_model", model);
	if (n > 0)
		fprintf(f, ",\"cpus_online\":%ld", n);
	CPU_ZERO(&set);
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		fprintf(f, ",\"cpus_allowed\":%d", CPU_COUNT(&set));
	caches(f);
	if (page > 0)
		fprintf(f, ",\"page_bytes\":%ld", page);
	if (topo_memory_nodes("", nodes, sizeof(nodes)) > 0)
		member(f, "memory_nodes", nodes);
	member(f, "kernel", kernel);
	member(f, "compiler", compiler());
	member(f, "build_flags", LMBENCH_CFLAGS);
}

void
json_emit(const char *path, const char *line, size_t len)
{
	int fd, close_it = 0;
	ssize_t w;

	if (strcmp(path, "-") == 0) {
		fflush(stdout);
		fd = STDOUT_FILENO;
	} else {
		fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
		if (fd < 0) {
			util_syserr("cannot open LMBENCH_JSON file %s", path);
			return;
		}
		close_it = 1;
	}
	do
		w = write(fd, line, len);
	while (w < 0 && errno == EINTR);
	if (w != (ssize_t)len)
		util_syserr("cannot write the JSON record");
	if (close_it)
		close(fd);
}
