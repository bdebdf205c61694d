/*
 * lib_util_said.c - the lines of processes that report as one, said by
 * the one that reads them (lib_util.h's struct util_said): the first
 * error of all of them, and a warning unless it is the one last said.
 * The state is the reader's, handed to every call; nothing here is
 * shared with the writers, who write their lines as they would anyway.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib_util.h"

/* A warning's text as a number, never 0 (FNV-1a). */
static unsigned
text_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h | 1u;
}

int
util_said_line(struct util_said *said, const char *line)
{
	const char *name = util_progname();
	size_t len = strlen(name);
	unsigned warn;

	if (strncmp(line, name, len) != 0 || strncmp(line + len, ": ", 2) != 0)
		return 1;
	line += len + 2;
	if (strncmp(line, "warning: ", 9) != 0) {
		if (said->error)
			return 0;
		said->error = 1;
		return 1;
	}
	warn = text_hash(line);
	if (said->warning == warn)
		return 0;
	said->warning = warn;
	return 1;
}

/* Say the whole lines in said->text, and the rest where `rest` is set
 * or no room is left for the line's end. */
static void
say_lines(struct util_said *said, int rest)
{
	size_t start = 0, end;

	for (end = 0; end < said->len; end++)
		if (said->text[end] == '\n') {
			said->text[end] = '\0';
			if (util_said_line(said, said->text + start))
				fprintf(stderr, "%s\n", said->text + start);
			start = end + 1;
		}
	if (start < said->len &&
	    (rest || said->len == sizeof(said->text) - 1)) {
		said->text[said->len] = '\0';
		if (util_said_line(said, said->text + start))
			fputs(said->text + start, stderr);
		start = said->len;
	}
	memmove(said->text, said->text + start, said->len - start);
	said->len -= start;
}

int
util_said_read(struct util_said *said, int fd)
{
	for (;;) {
		ssize_t r = read(fd, said->text + said->len,
		                 sizeof(said->text) - 1 - said->len);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return r == 0;
		said->len += (size_t)r;
		say_lines(said, 0);
	}
}

void
util_said_rest(struct util_said *said)
{
	say_lines(said, 1);
}
