/*
 * line.h - line's latency method (line_latency.c).  Private to line.
 */
#ifndef LINE_H
#define LINE_H

#include "lib_harness.h"

/* The line by latency (loads within a line against loads across lines):
 * its bytes; 0 when this method cannot decide, -1 after a message. */
long latency_line(const struct bench_opts *o);

#endif
