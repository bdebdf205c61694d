/*
 * lib_params.c - a parsed command line's parameters as "KEY=VALUE"
 * words, for the records' typed params (lib_params.h).
 */
#include <stdio.h>
#include <string.h>

#include "lib_opts.h"
#include "lib_params.h"

/* Does option c take a value in optstring (opts_letters)? */
static int
valued(const char *optstring, int c)
{
	const char *p = c != ':' ? strchr(optstring, c) : NULL;

	return p != NULL && p[1] == ':';
}

/* The key of option c from its placeholder in usage ("-m <message
 * size>": message_bytes; "-M len[K|M]": len), into key (len bytes); 0,
 * or -1 when the usage gives it none. */
static int
param_key(const char *usage, int c, char *key, size_t len)
{
	const char *p = usage;
	size_t n = 0;

	while ((p = strchr(p, '-')) != NULL && !(p[1] == c && p > usage &&
	                                         p[-1] == '[' && p[2] == ' '))
		p++;
	if (p == NULL)
		return -1;
	for (p += 3; *p == '<' || *p == ' '; p++)
		;
	/* Letters, digits and '_' only ("<#descriptors>": descriptors). */
	for (; *p && strchr("]>[", *p) == NULL && n + 1 < len; p++)
		if (*p == ' ' || *p == '-' || *p == '_') {
			if (n > 0 && key[n - 1] != '_')
				key[n++] = '_';
		} else if ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9'))
			key[n++] = *p;
		else if (*p >= 'A' && *p <= 'Z')
			key[n++] = (char)(*p - 'A' + 'a');
	while (n > 0 && key[n - 1] == '_')
		n--;
	key[n] = '\0';
	if (n >= 4 && strcmp(key + n - 4, "size") == 0 && n + 1 < len)
		snprintf(key + n - 4, len - (n - 4), "bytes");
	return n > 0 ? 0 : -1;
}

/* Is word one of the alternatives of an "a|b|c" word of usage? */
static int
is_mode(const char *usage, const char *word)
{
	size_t wl = strlen(word);
	const char *p;

	if (wl == 0) /* strstr finds "" everywhere and would never move on */
		return 0;
	for (p = usage; (p = strstr(p, word)) != NULL; p += wl) {
		char before = p > usage ? p[-1] : ' ', after = p[wl];

		if ((before == '|' || after == '|') &&
		    strchr(" |[", before) != NULL && strchr(" |]", after) != NULL &&
		    !(before == ' ' && after == ' '))
			return 1;
	}
	return 0;
}

void
params_line(int argc, char **argv, const char *usage, int first, char *out,
            size_t len)
{
	char letters[128], key[48];
	size_t used = 0;
	int i;

	out[0] = '\0';
	if (opts_letters(usage, letters, sizeof(letters)) != 0)
		return;
	for (i = 1; i < first && i < argc; i++) {
		const char *a = argv[i], *v;

		if (a[0] != '-' || a[1] == '\0' || a[1] == '-' ||
		    !valued(letters, a[1]))
			continue;
		v = a[2] != '\0' ? a + 2 : i + 1 < first ? argv[++i] : NULL;
		if (v == NULL || strchr("PWN", a[1]) != NULL ||
		    strpbrk(v, " \t=") != NULL ||
		    param_key(usage, a[1], key, sizeof(key)) != 0)
			continue;
		used += (size_t)snprintf(out + used, used < len ? len - used : 0,
		                         "%s%s=%s", used ? " " : "", key, v);
	}
	for (i = first; i < argc; i++)
		if (strpbrk(argv[i], " \t=") == NULL && is_mode(usage, argv[i])) {
			used += (size_t)snprintf(out + used,
			                         used < len ? len - used : 0,
			                         "%smode=%s", used ? " " : "",
			                         argv[i]);
			break;
		}
	if (used >= len)
		out[0] = '\0'; /* too long: none rather than half */
}

