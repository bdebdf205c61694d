/*
 * lib_json.h - the pieces of a JSON record (doc/lmbench-ng-json.5):
 * strings and numbers written exactly, a sweep's parameters as typed
 * fields, the context of a run, and the one-write output of a line.
 */
#ifndef LIB_JSON_H
#define LIB_JSON_H

#include <stddef.h>
#include <stdio.h>

#define JSON_SCHEMA 2

/* s as a JSON string literal, quotes and escapes included. */
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
/*
 * The fields of a run's context record after its program and args:
 * ,"host":...,"start_utc":...,"suite_version":...,"cpu_model":...,
 * "cpus_online":N,"cpus_allowed":N,"caches":{...},"page_bytes":N,
 * "memory_nodes":...,"kernel":...,"compiler":...,"build_flags":...
 * A fact the machine does not tell is left out, not guessed.
 */
void json_context(FILE *f);
/* One finished line to path ("-": standard output, else appended to the
 * file) in one write(), so concurrent writers never interleave. */
void json_emit(const char *path, const char *line, size_t len);

#endif
