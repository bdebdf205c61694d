/*
 * lib_clock.h - the clock, the sinks that keep work alive, and the
 * calibration of the harness: ENOUGH (the interval length), TIMING_O
 * (one clock read) and LOOP_O (one empty loop iteration), each measured
 * once per process or taken from the environment as lmbench does.
 */
#ifndef LIB_CLOCK_H
#define LIB_CLOCK_H

#include <stdint.h>

/* Monotonic clock (CLOCK_MONOTONIC) in nanoseconds. */
uint64_t timing_now_ns(void);

/* The interval length used when none is imposed, in ns: $ENOUGH (µs)
 * or calibrated once per process.  -1 after a message if ENOUGH is bad. */
double timing_enough_ns(void);
/* Cost of one clock read, in ns: $TIMING_O (µs) or measured. */
double timing_overhead_ns(void);
/* Cost of one empty harness loop iteration, in ns: $LOOP_O (µs) or
 * measured. */
double timing_loop_overhead_ns(void);
/* Smallest step of the clock seen, in ns. */
double timing_granularity_ns(void);
/* Check ENOUGH, TIMING_O and LOOP_O early; -1 after a message. */
int timing_check_env(void);

/* A function in another translation unit, for lat_proc procedure: the
 * compiler cannot inline it (there is no LTO). */
int timing_procedure(int v);

/* Keep a value alive so the compiler cannot drop the work making it. */
void timing_use(uint64_t v);
void timing_use_ptr(const void *p);

/* How busy the machine is: every CPU's non-idle time (/proc/stat) less
 * this process's own (getrusage), from timing_load_start to
 * timing_load_share. */
struct timing_load {
	double others; /* seconds of CPU time the machine spent busy */
	double own;    /* seconds of CPU time this process spent */
	double wall;   /* when, in seconds; 0 when /proc/stat cannot tell */
};
void timing_load_start(struct timing_load *l);
/* The CPU time others took since timing_load_start, as a share of one
 * CPU's (0 when /proc/stat cannot tell). */
double timing_load_share(const struct timing_load *l);

#endif
