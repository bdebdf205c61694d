/*
 * lib_peer.c - the process on this host at the other end of a client's
 * socket (lib_peer.h): /proc/net's socket tables give the inode of the
 * server's socket, the /proc/<pid>/fd links its owner.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dirent.h>
#include <netinet/in.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "lib_peer.h"

#define TCP_LISTEN     0x0A    /* st of a listening socket in /proc/net/tcp */
#define UNIX_ACCEPTCON 0x10000 /* Flags of a listening one in /proc/net/unix   \
	                        */

/* An end of a socket as /proc/net prints it: IPv4 as IPv4-mapped IPv6. */
struct end {
	unsigned char a[16];
	unsigned port;
};

static const unsigned char mapped[12] = { 0, 0, 0, 0, 0,    0,
	                                  0, 0, 0, 0, 0xff, 0xff };

/* sa as an end; -1 when it is neither IPv4 nor IPv6. */
static int
end_of(const struct sockaddr *sa, struct end *e)
{
	memset(e, 0, sizeof(*e));
	if (sa->sa_family == AF_INET) {
		const struct sockaddr_in *in = (const struct sockaddr_in *)sa;

		memcpy(e->a, mapped, sizeof(mapped));
		memcpy(e->a + 12, &in->sin_addr, 4);
		e->port = ntohs(in->sin_port);
		return 0;
	}
	if (sa->sa_family == AF_INET6) {
		const struct sockaddr_in6 *in6 =
		    (const struct sockaddr_in6 *)sa;

		memcpy(e->a, &in6->sin6_addr, 16);
		e->port = ntohs(in6->sin6_port);
		return 0;
	}
	return -1;
}

/* Every interface: :: or 0.0.0.0. */
static int
wildcard(const struct end *e)
{
	static const unsigned char zero[16];

	return memcmp(e->a, zero, 16) == 0 || (memcmp(e->a, mapped, 12) == 0 &&
	                                       memcmp(e->a + 12, zero, 4) == 0);
}

static int
loopback(const struct end *e)
{
	static const unsigned char one[16] = { 0, 0, 0, 0, 0, 0, 0, 0,
		                               0, 0, 0, 0, 0, 0, 0, 1 };

	return memcmp(e->a, one, 16) == 0 ||
	       (memcmp(e->a, mapped, 12) == 0 && e->a[12] == 127);
}

/* The address in /proc/net's hex (8 digits for IPv4, 32 for IPv6: each
 * group of 8 a 32-bit word in this host's order) into e->a; -1. */
static int
parse_addr(const char *hex, struct end *e)
{
	size_t n = strlen(hex), k;
	unsigned char *to = e->a;

	if (n == 8) {
		memcpy(e->a, mapped, sizeof(mapped));
		to = e->a + 12;
	} else if (n != 32) {
		return -1;
	}
	for (k = 0; k < n; k += 8) {
		char group[9];
		uint32_t w;

		memcpy(group, hex + k, 8);
		group[8] = '\0';
		w = (uint32_t)strtoul(group, NULL, 16);
		memcpy(to + k / 2, &w, 4);
	}
	return 0;
}

/* Split line at white space into at most max words; their count. */
static int
words(char *line, char **w, int max)
{
	char *save = NULL, *t;
	int n = 0;

	for (t = strtok_r(line, " \t\n", &save); t != NULL && n < max;
	     t = strtok_r(NULL, " \t\n", &save))
		w[n++] = t;
	return n;
}

/* A number of base 16 or 10 that is the whole of s; -1 when it is not. */
static int
number(const char *s, int base, unsigned long *v)
{
	char *end;

	if (*s == '\0')
		return -1;
	*v = strtoul(s, &end, base);
	return *end == '\0' ? 0 : -1;
}

/* "ADDR:PORT" in /proc/net's hex into e; -1 when it is not that. */
static int
parse_end(char *s, struct end *e)
{
	char *colon = strchr(s, ':');
	unsigned long port;

	if (colon == NULL)
		return -1;
	*colon = '\0';
	if (strspn(s, "0123456789ABCDEFabcdef") != strlen(s) ||
	    number(colon + 1, 16, &port) != 0 || port > 65535)
		return -1;
	e->port = (unsigned)port;
	return parse_addr(s, e);
}

/* One line of /proc/net/{tcp,udp}{,6} (sl local rem st tx:rx tr:when
 * retrnsmt uid timeout inode ...); -1 for the heading. */
static int
parse_line(char *line, struct end *local, struct end *rem, unsigned *st,
           unsigned long *inode)
{
	char *w[10];
	unsigned long v;

	if (words(line, w, 10) != 10 || parse_end(w[1], local) != 0 ||
	    parse_end(w[2], rem) != 0 || number(w[3], 16, &v) != 0 ||
	    number(w[9], 10, inode) != 0)
		return -1;
	*st = (unsigned)v;
	return 0;
}

/* Whether a socket of proto whose remote end is re (state st) is what
 * find_inode wants for l. */
static int
remote_ok(const char *proto, const struct end *re, unsigned st,
          const struct end *l)
{
	if (l == NULL)
		return st == TCP_LISTEN;
	if (memcmp(re->a, l->a, 16) == 0 && re->port == l->port)
		return 1;
	/* A UDP server's socket is not connected. */
	return strcmp(proto, "udp") == 0 && wildcard(re) && re->port == 0;
}

/*
 * The inode of the socket of proto ("tcp", "udp") whose local end is r
 * (its address, or every interface on its port) and whose remote end is
 * l (NULL: a listening TCP socket; for UDP, l or unconnected).  An exact
 * address is taken before a wildcard.  The inode (0 while a connection
 * waits to be accepted), or -1 when there is none.
 */
static long
find_inode(const char *proto, const struct end *r, const struct end *l)
{
	static const char *const sfx[2] = { "", "6" };
	long best = -1;
	int i, best_exact = 0;

	for (i = 0; i < 2; i++) {
		char path[32], line[512];
		FILE *f;

		snprintf(path, sizeof(path), "/proc/net/%s%s", proto, sfx[i]);
		f = fopen(path, "r");
		if (f == NULL)
			continue;
		while (fgets(line, sizeof(line), f) != NULL) {
			struct end lo, re;
			unsigned st;
			unsigned long ino;
			int exact;

			if (parse_line(line, &lo, &re, &st, &ino) != 0 ||
			    lo.port != r->port)
				continue;
			exact = memcmp(lo.a, r->a, 16) == 0;
			if (!exact && !wildcard(&lo))
				continue;
			if (!remote_ok(proto, &re, st, l))
				continue;
			if (best < 0 || (exact && !best_exact)) {
				best = (long)ino;
				best_exact = exact;
			}
		}
		fclose(f);
	}
	return best;
}

/* Whether process pid holds "socket:[inode]" among its descriptors. */
static int
holds(pid_t pid, const char *want)
{
	char dir[64], to[64];
	struct dirent *e;
	DIR *d;
	int found = 0;

	snprintf(dir, sizeof(dir), "/proc/%d/fd", (int)pid);
	d = opendir(dir);
	if (d == NULL)
		return 0; /* gone, or another user's */
	while (!found && (e = readdir(d)) != NULL) {
		ssize_t n;

		if (e->d_name[0] == '.')
			continue;
		n = readlinkat(dirfd(d), e->d_name, to, sizeof(to) - 1);
		if (n > 0) {
			to[n] = '\0';
			found = strcmp(to, want) == 0;
		}
	}
	closedir(d);
	return found;
}

/* The one process that holds socket inode: its pid, 0 when none this
 * user may see does, -1 when several do (a server forking). */
static pid_t
owner(unsigned long inode)
{
	char want[48];
	struct dirent *e;
	pid_t pid = 0, self = getpid();
	DIR *d = opendir("/proc");

	if (d == NULL)
		return 0;
	snprintf(want, sizeof(want), "socket:[%lu]", inode);
	while ((e = readdir(d)) != NULL) {
		char *end;
		long v = strtol(e->d_name, &end, 10);

		if (*end != '\0' || v <= 0 || (pid_t)v == self ||
		    !holds((pid_t)v, want))
			continue;
		if (pid != 0) {
			pid = -1;
			break;
		}
		pid = (pid_t)v;
	}
	closedir(d);
	return pid;
}

/* The owner of the socket find_inode finds, tried for up to a second
 * while the connection waits to be accepted or a forking server still
 * holds it too; what lib_peer.h says. */
static pid_t
owner_of(const char *proto, const struct end *r, const struct end *l)
{
	int tries;

	for (tries = 0; tries < 100; tries++) {
		struct timespec ts = { 0, 10000000 };
		long ino = find_inode(proto, r, l);
		pid_t pid;

		if (ino < 0)
			return loopback(r) ? PEER_UNKNOWN : PEER_REMOTE;
		if (ino > 0) {
			pid = owner((unsigned long)ino);
			if (pid > 0)
				return pid;
			if (pid == 0)
				return PEER_UNKNOWN;
		}
		nanosleep(&ts, NULL);
	}
	return PEER_UNKNOWN;
}

pid_t
peer_of_socket(int fd)
{
	struct sockaddr_storage ls, rs;
	socklen_t llen = sizeof(ls), rlen = sizeof(rs), tlen;
	struct end l, r;
	int type = 0;

	memset(&ls, 0, sizeof(ls));
	memset(&rs, 0, sizeof(rs));
	tlen = sizeof(type);
	if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &tlen) != 0 ||
	    getsockname(fd, (struct sockaddr *)&ls, &llen) != 0 ||
	    getpeername(fd, (struct sockaddr *)&rs, &rlen) != 0 ||
	    end_of((struct sockaddr *)&ls, &l) != 0 ||
	    end_of((struct sockaddr *)&rs, &r) != 0)
		return PEER_UNKNOWN;
	return owner_of(type == SOCK_DGRAM ? "udp" : "tcp", &r, &l);
}

pid_t
peer_listener(const struct sockaddr *addr)
{
	struct end r;

	if (end_of(addr, &r) != 0)
		return PEER_UNKNOWN;
	return owner_of("tcp", &r, NULL);
}

pid_t
peer_unix_listener(const char *path, size_t len)
{
	char want[128], line[512];
	unsigned long inode = 0;
	size_t i;
	pid_t pid;
	FILE *f;

	/* /proc/net/unix shows an abstract name's NULs as '@'. */
	if (len == 0 || len >= sizeof(want))
		return PEER_UNKNOWN;
	for (i = 0; i < len; i++)
		want[i] = path[i] == '\0' ? '@' : path[i];
	want[len] = '\0';
	f = fopen("/proc/net/unix", "r");
	if (f == NULL)
		return PEER_UNKNOWN;
	/* Num RefCount Protocol Flags Type St Inode Path */
	while (inode == 0 && fgets(line, sizeof(line), f) != NULL) {
		char *w[8];
		unsigned long flags, ino;

		if (words(line, w, 8) == 8 && number(w[3], 16, &flags) == 0 &&
		    number(w[6], 10, &ino) == 0 && (flags & UNIX_ACCEPTCON) &&
		    strcmp(w[7], want) == 0)
			inode = ino;
	}
	fclose(f);
	pid = inode != 0 ? owner(inode) : 0;
	return pid > 0 ? pid : PEER_UNKNOWN;
}
