/*
 * lib_ddio.h - lmdd's transfer: every block from the input to the output
 * as its operands say, then the flushes they ask for, timed whole.
 */
#ifndef LIB_DDIO_H
#define LIB_DDIO_H

#include "lib_dd.h"

/* Open d's files, move every block, flush: the seconds it took (with
 * timeopen=, the opens included), or -1 after a message (then
 * dd_close). */
double ddio_timed(struct dd *d);

#endif
