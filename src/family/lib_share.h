/*
 * lib_share.h - the cache line by false sharing (line's first method).
 */
#ifndef LIB_SHARE_H
#define LIB_SHARE_H

#include "lib_harness.h"

/* The line by false sharing (line_from_sharing on the median time of an
 * atomic add at offsets 8 ... 1024 against a page away); 0 when this
 * method cannot decide (why, in *why), -1 after a message. */
long share_line(const struct bench_opts *o, const char **why);

#endif
