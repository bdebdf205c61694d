/*
 * peer.c - bare reference loops that the ratio benchmarks (bench.sh) set
 * beside lmbench-ng's programs, timed here with clock_gettime and no
 * harness at all.  Each prints one number on stdout.
 *
 *   peer read BYTES     MB/s of a plain 64-bit read loop (median of 11)
 *   peer memcpy BYTES   MB/s of glibc memcpy between two buffers
 *   peer getppid N      microseconds per getppid() over N calls
 *   peer chase MB       ns per load of a random cyclic pointer chase
 *   peer tcprtt SIZE    microseconds per round trip of SIZE bytes over
 *                       loopback TCP (TCP_NODELAY) to a forked echo
 *   peer udprtt SIZE    the same over loopback UDP
 *   peer tcpbw SIZE     MB/s read over loopback TCP from a forked writer
 *                       of SIZE-byte messages (64 MB per pass)
 * The network modes print the median of 11 passes of 0.1 s or more.
 */
#define _DEFAULT_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static void *
region(size_t len)
{
	void *p = mmap(NULL, len, PROT_READ | PROT_WRITE,
	               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED) {
		perror("peer: mmap");
		exit(1);
	}
	memset(p, 1, len);
	return p;
}

static volatile uint64_t sink;

/* Full reads and writes. */
static int
xfer(int fd, char *buf, size_t n, int wr)
{
	while (n > 0) {
		ssize_t r = wr ? write(fd, buf, n) : read(fd, buf, n);

		if (r <= 0)
			return -1;
		buf += r;
		n -= (size_t)r;
	}
	return 0;
}

/* A loopback pair of type: *srv for the forked peer, *cli for us. */
static void
pair(int type, int *srv, int *cli)
{
	struct sockaddr_in a;
	socklen_t len = sizeof(a);
	int one = 1, l = socket(AF_INET, type, 0);

	memset(&a, 0, sizeof(a));
	a.sin_family = AF_INET;
	a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	if (l < 0 || bind(l, (struct sockaddr *)&a, sizeof(a)) != 0 ||
	    getsockname(l, (struct sockaddr *)&a, &len) != 0 ||
	    (type == SOCK_STREAM && listen(l, 1) != 0)) {
		perror("peer: socket");
		exit(1);
	}
	*cli = socket(AF_INET, type, 0);
	if (*cli < 0 || connect(*cli, (struct sockaddr *)&a, sizeof(a)) != 0) {
		perror("peer: connect");
		exit(1);
	}
	if (type == SOCK_STREAM) {
		*srv = accept(l, NULL, NULL);
		close(l);
		setsockopt(*srv, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		setsockopt(*cli, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	} else {
		struct sockaddr_in c;

		len = sizeof(c);
		if (getsockname(*cli, (struct sockaddr *)&c, &len) != 0 ||
		    connect(l, (struct sockaddr *)&c, sizeof(c)) != 0) {
			perror("peer: connect");
			exit(1);
		}
		*srv = l;
	}
}

/* Median of 11 passes of n round trips (n grown to 0.1 s a pass) of size
 * bytes on fd; microseconds per round trip.  A forked child echoes. */
static double
rtt(int type, size_t size)
{
	char *buf = calloc(1, size);
	int srv, cli;
	pid_t pid;
	double t[11];
	long n = 100, k;
	int i;

	pair(type, &srv, &cli);
	pid = fork();
	if (pid == 0) {
		close(cli);
		for (;;) {
			if (type == SOCK_STREAM ? xfer(srv, buf, size, 0)
						: (recv(srv, buf, size, 0) <= 0))
				_exit(0);
			if (type == SOCK_STREAM ? xfer(srv, buf, size, 1)
						: (send(srv, buf, size, 0) <= 0))
				_exit(0);
		}
	}
	close(srv);
	for (i = -1; i < 11; i++) {
		double t0 = now(), dt;

		for (k = 0; k < n; k++) {
			if (type == SOCK_STREAM) {
				xfer(cli, buf, size, 1);
				xfer(cli, buf, size, 0);
			} else {
				send(cli, buf, size, 0);
				recv(cli, buf, size, 0);
			}
		}
		dt = now() - t0;
		if (i < 0 && dt < 0.1) { /* calibrate, then warm again */
			n = (long)((double)n * 0.12 / (dt > 1e-6 ? dt : 1e-6)) + 1;
			i = -2;
			continue;
		}
		if (i >= 0)
			t[i] = dt / (double)n * 1e6;
	}
	close(cli);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	free(buf);
	qsort(t, 11, sizeof(t[0]), cmp);
	return t[5];
}

/* MB/s reading 64 MB per pass in reads of size from a forked writer. */
static double
tcpbw(size_t size)
{
	char *buf = calloc(1, size);
	size_t total = (size_t)64 << 20;
	int srv, cli, i;
	pid_t pid;
	double t[11];

	pair(SOCK_STREAM, &srv, &cli);
	pid = fork();
	if (pid == 0) {
		close(cli);
		while (xfer(srv, buf, size, 1) == 0)
			;
		_exit(0);
	}
	close(srv);
	for (i = -1; i < 11; i++) {
		double t0 = now();
		size_t got = 0;

		while (got < total) {
			ssize_t r = read(cli, buf, size);

			if (r <= 0)
				break;
			got += (size_t)r;
		}
		if (i >= 0)
			t[i] = (double)total / (now() - t0) / 1e6;
	}
	close(cli);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	free(buf);
	qsort(t, 11, sizeof(t[0]), cmp);
	return t[5];
}

int
main(int argc, char **argv)
{
	double t[11];
	int i;

	if (argc != 3) {
		fprintf(stderr, "Usage: peer read|memcpy|getppid|chase|tcprtt|udprtt|tcpbw N\n");
		return 2;
	}
	if (strcmp(argv[1], "read") == 0) {
		size_t len = strtoull(argv[2], NULL, 10), n = len / 8, j;
		uint64_t *p = region(len), s = 0;

		for (i = -1; i < 11; i++) { /* pass -1 warms */
			double t0 = now();

			for (j = 0; j < n; j++)
				s += p[j];
			if (i >= 0)
				t[i] = now() - t0;
		}
		sink = s;
		qsort(t, 11, sizeof(t[0]), cmp);
		printf("%.2f\n", (double)len / t[5] / 1e6);
	} else if (strcmp(argv[1], "memcpy") == 0) {
		size_t len = strtoull(argv[2], NULL, 10);
		char *a = region(len), *b = region(len);

		for (i = -1; i < 11; i++) {
			double t0 = now();

			memcpy(b, a, len);
			if (i >= 0)
				t[i] = now() - t0;
		}
		sink = (uint64_t)b[len / 2];
		qsort(t, 11, sizeof(t[0]), cmp);
		printf("%.2f\n", (double)len / t[5] / 1e6);
	} else if (strcmp(argv[1], "getppid") == 0) {
		long n = strtol(argv[2], NULL, 10), j;
		double t0 = now();

		for (j = 0; j < n; j++)
			(void)getppid();
		printf("%.4f\n", (now() - t0) / (double)n * 1e6);
	} else if (strcmp(argv[1], "chase") == 0) {
		size_t len = strtoull(argv[2], NULL, 10) << 20;
		size_t n = len / 64, j, k;
		char *b = region(len);
		size_t *perm = malloc(n * sizeof(*perm));
		uint64_t r = 88172645463325252ULL, loads = 20000000;
		void **p;

		/* A random cyclic permutation of the 64-byte slots. */
		for (j = 0; j < n; j++)
			perm[j] = j;
		for (j = n - 1; j > 0; j--) {
			r ^= r << 13;
			r ^= r >> 7;
			r ^= r << 17;
			k = r % (j + 1);
			size_t tmp = perm[j];
			perm[j] = perm[k];
			perm[k] = tmp;
		}
		for (j = 0; j < n; j++)
			*(void **)(b + perm[j] * 64) =
			    b + perm[(j + 1) % n] * 64;
		p = (void **)(b + perm[0] * 64);
		for (i = -1; i < 11; i++) {
			double t0 = now();

			for (k = 0; k < loads; k++)
				p = (void **)*p;
			if (i >= 0)
				t[i] = now() - t0;
		}
		sink = (uint64_t)(uintptr_t)p;
		qsort(t, 11, sizeof(t[0]), cmp);
		printf("%.3f\n", t[0] / (double)loads * 1e9);
	} else if (strcmp(argv[1], "tcprtt") == 0) {
		printf("%.4f\n", rtt(SOCK_STREAM, strtoull(argv[2], NULL, 10)));
	} else if (strcmp(argv[1], "udprtt") == 0) {
		printf("%.4f\n", rtt(SOCK_DGRAM, strtoull(argv[2], NULL, 10)));
	} else if (strcmp(argv[1], "tcpbw") == 0) {
		printf("%.2f\n", tcpbw(strtoull(argv[2], NULL, 10)));
	} else {
		fprintf(stderr, "peer: unknown mode %s\n", argv[1]);
		return 2;
	}
	return 0;
}
