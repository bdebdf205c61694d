/*
 * lib_json.h - the pieces of a JSON record (doc/lmbench-ng-json.5,
 * doc/lmbench-ng-record.schema.json): strings as valid UTF-8 and numbers
 * written exactly, a sweep's parameters and a placement as typed
 * fields, the context of a run, and the one-write output of a line.
 */
#ifndef LIB_JSON_H
#define LIB_JSON_H

#include <stddef.h>
#include <stdio.h>

/* The records' schema: 3 made the context an object in every record and
 * the placement an object (2 added the context record and params). */
#define JSON_SCHEMA 3

/* The length of the well-formed UTF-8 sequence at s (RFC 3629), or 0
 * when the byte at s does not start one. */
size_t json_utf8_len(const unsigned char *s);
/* s as a JSON string literal, quotes and escapes included; each byte
 * that does not start a well-formed UTF-8 sequence becomes U+FFFD
 * ("\ufffd"), the next byte read afresh, so the text is always valid. */
void json_string(FILE *f, const char *s);
/* v in the shortest form that reads back as the same double; null when
 * it is not finite. */
void json_number(FILE *f, double v);
/*
 * The "KEY=VALUE" words of a metric ("ctx size=16k procs=8",
 * "stride=128") as ,"params":{...}: the value a number where it is one
 * (a size with its k/m/g suffix in bytes), else a string; known keys
 * named with their unit (stride_bytes, size_bytes, processes, jobs,
 * work_us).  Then the words of extra (the command line's parameters,
 * params_line), a key the metric already gave left out.  Nothing when
 * neither has such a word.
 */
void json_params(FILE *f, const char *metric, const char *extra);
/* A placement's words ("CROSS cpus=0 main=0 helper=1 shared=L3") as an
 * object: {"policy":...,"text":...,"cpus":[...],"shared":...,
 * "parties":{"main":[[0]],"helper":[[1]]},...} (lib_json_place.c). */
void json_placement(FILE *f, const char *text);
/*
 * The suite's run, from env (LMBENCH_RUN: scripts/lmbench sets it, one
 * NAME=VALUE line per setting it used): ,"mb":N,"mhz":N,"config":{...},
 * all null for NULL or "" (a program run by hand).  A line that is not
 * NAME=VALUE with NAME of capitals, digits and underscores (a capital
 * first, under 64 bytes) is left out.
 */
void json_run(FILE *f, const char *env);
/* ,"context":{...}: where and how the program ran (lib_context.c), the
 * same in every record of a process; null members for facts not
 * stated.  allowed: how many CPUs the program may use, as placement
 * read them (place_allowed, lib_place.h: the one reading of the
 * affinity mask), or -1 when it could not. */
void json_context(FILE *f, int allowed);
/* One finished line to path ("-": standard output, else appended to the
 * file) in one write(), so concurrent writers never interleave. */
void json_emit(const char *path, const char *line, size_t len);

#endif
