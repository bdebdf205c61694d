#!/bin/sh
# json.sh BUILD - every program that reports a figure, run once with
# LMBENCH_JSON set: at least one record each, and every record as
# doc/lmbench-ng-json.5 says (key order and types, units, the number of
# samples, the value among the samples).
BUILD=$(cd "$1" && pwd)
top=$(cd "$(dirname "$0")/.." && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
ENOUGH=300
export ENOUGH
unset LMBENCH_SCHED
trap 'rm -rf "$T_TMP"' EXIT
J=$T_TMP/records
head -c 1048576 /dev/zero >"$T_TMP/f1m"
mkdir -p "$T_TMP/fs"
low=$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)
[ -n "$low" ] && [ "$low" -gt 12000 ] || low=32768
port=$(awk -v low="$low" 'BEGIN { srand(); print 10000 + int(rand() * (low - 10100)) }')

# rec PROG ARGS...: run with records going to $J.PROG; at least one.
rec() {
	prog=$1
	shift
	LMBENCH_JSON=$J.$prog "$BUILD/$prog" "$@" >/dev/null 2>"$T_TMP/err"
	rc=$?
	if [ "$rc" -eq 0 ] && [ -s "$J.$prog" ]; then ok; else
		not_ok "$prog $*: status $rc, $(wc -l <"$J.$prog" 2>/dev/null || echo 0) records: $(head -c 200 "$T_TMP/err")"
	fi
}
rec lat_syscall -N 3 null
rec lat_pipe -N 3
rec lat_fifo -N 3
rec lat_unix -N 3
rec lat_sem -N 3
rec lat_fcntl -N 3
rec bw_pipe -N 3
rec bw_unix -N 3
rec lat_ctx -N 3 -s 0 2 4
rec lat_proc -N 3 fork
rec lat_sig -N 3 catch
rec lat_select -N 3 -n 10 file
rec lat_usleep -N 3 100
rec lat_fs -s 1k "$T_TMP/fs"
rec bw_bonnie -x 2 -s 1m -n 100 "$T_TMP/fs"
rec lat_cmd -N 3 /bin/true
rec lat_pmake -N 3 2 100
rec lat_msg -N 3 -f 2 -l 10 1 2
rec lat_pipe_pairs -N 3 1 2
rec lat_pthread -N 3 -t 2 mutex
# contended, intervals of 100 ms whatever ENOUGH (300 us here) says
if grep -q '"metric":"Mutex lock+unlock threads=2 mutexes=1",.*,"enough_us":100000,' "$J.lat_pthread"; then ok; else
	not_ok "lat_pthread -t 2 mutex: intervals not of 100 ms: $(grep -o '"enough_us":[0-9]*' "$J.lat_pthread")"; fi
rec lat_pthread -N 3 futex
rec lat_mem_rd -N 3 1 64
rec bw_mem -N 3 -P 2 1m rd
rec bw_file_rd -N 3 1m io_only "$T_TMP/f1m"
rec bw_mmap_rd -N 3 1m mmap_only "$T_TMP/f1m"
rec lat_mmap -N 3 1m "$T_TMP/f1m"
rec lat_pagefault -N 3 "$T_TMP/f1m"
rec lat_ops -N 3
rec par_ops -N 3
rec mhz
rec stream -N 3 -M 3m
rec line -N 3 -M 1m
rec tlb -N 3 -M 1m
rec par_mem -N 3 -M 64k
rec cache -N 3 -M 4m
rec bw_mem_peak -N 3 -M 4m rd triad
rec numa_mem -N 3 -M 4m
if [ "$(nproc)" -ge 2 ]; then
	rec lat_mem_load -N 3 -M 4m -D 0,1000
	rec lat_c2c -N 3 load
fi
"$BUILD/lat_unix_connect" -s
rec lat_unix_connect -N 3
"$BUILD/lat_unix_connect" -S >/dev/null 2>&1
for p in lat_tcp bw_tcp lat_connect lat_udp bw_udp; do
	"$BUILD/$p" -s -p "$port"
	rec "$p" -N 3 -p "$port" 127.0.0.1
	"$BUILD/$p" -S -p "$port" 127.0.0.1 >/dev/null 2>&1
	port=$((port + 1))
done
if [ -x "$BUILD/lat_rpc" ]; then
	"$BUILD/lat_rpc" -s -p "$port"
	rec lat_rpc -N 3 -p "$port" 127.0.0.1
	"$BUILD/lat_rpc" -S -p "$port" 127.0.0.1 >/dev/null 2>&1
	port=$((port + 1))
fi
echo doc.html >"$T_TMP/urls"
printf 'x' >"$T_TMP/doc.html"
(cd "$T_TMP" && "$BUILD/lmhttp" "$port")
rec lat_http -N 3 127.0.0.1 "$port" <"$T_TMP/urls"
"$BUILD/lat_http" -S 127.0.0.1 "$port" >/dev/null 2>&1

# check FILE...: every record against the schema (doc/lmbench-ng-record.schema.json,
# validated by python3-jsonschema) and what it cannot say (tests/json_check.py);
# a line of totals.
SCHEMA=$top/doc/lmbench-ng-record.schema.json
check() { python3 "$top/tests/json_check.py" "$SCHEMA" "$@"; }
# A valid context, and a record of each kind around it.
CTX=$(printf '%s' '{"host":"h","start_utc":"2026-12-02T00:00:00Z","suite_version":"v","kernel":"Linux 6",' \
	'"cpu":{"name":"c","vendor":"GenuineIntel","family":6,"model":143,"stepping":8,"microcode":"0x2b","implementer":null,' \
	'"architecture":null,"variant":null,"part":null,"revision":null},"cpus_online":2,"cpus_allowed":2,' \
	'"caches":{"L1d":49152,"L2":2097152},"cache_line_bytes":64,"page_bytes":4096,"memory":{"total_bytes":1024,' \
	'"nodes":[{"node":0,"total_bytes":1024}]},"thp":"madvise","clocksource":"tsc","cpu_mhz_stated":2100.5,' \
	'"governor":null,"mb":64,"mhz":null,"config":{"MB":"64"},"compiler":{"name":"gcc","version":"12.2.0"},"build_flags":"-O2"}')
HEAD='{"schema":3,"program":"x","args":[]'
CREC="$HEAD,\"type\":\"context\",\"context\":$CTX}"
MEAS=',"iterations":1,"repetitions":3,"warmup_us":0,"parallel":1,"placement":{"policy":"DEFAULT","cpus":[0],"parties":{"main":[[0]]}},"enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0'
# The checker itself refuses what the schema does not allow: a newer
# schema, a unit it does not know, a zero, too few samples, a value
# outside them, an unknown policy, a mixed pair out of order, a params
# member without a value, a context's time or count of the wrong form,
# a member the schema does not name, a context that is not the run's,
# bytes that are not UTF-8, NaN.
for badrec in "{\"schema\":4,\"program\":\"x\",\"args\":[],\"metric\":\"m\",\"unit\":\"us\",\"value\":1,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"furlongs\",\"value\":1,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":0,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":1,\"statistic\":\"median\",\"samples\":[1,2]$MEAS,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":9,\"statistic\":\"median\",\"samples\":[1,2,3]$MEAS,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":2,\"statistic\":\"median\",\"samples\":[1,2,3]$(printf '%s' "$MEAS" | sed 's/DEFAULT/NOWHERE/'),\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":2,\"statistic\":\"median\",\"samples\":[1,5,5],\"mixed\":[5,1]$MEAS,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"params\":{\"k\":},\"unit\":\"us\",\"value\":1,\"context\":$CTX}" \
	"$HEAD,\"type\":\"context\",\"context\":$(printf '%s' "$CTX" | sed 's/2026-12-02T00:00:00Z/yesterday/')}" \
	"$HEAD,\"type\":\"context\",\"context\":$(printf '%s' "$CTX" | sed 's/"cpus_online":2/"cpus_online":"two"/')}" \
	"$HEAD,\"type\":\"context\",\"context\":$(printf '%s' "$CTX" | sed 's/"thp":"madvise",//')}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":1,\"colour\":\"red\",\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":1,\"context\":$(printf '%s' "$CTX" | sed 's/"host":"h"/"host":"elsewhere"/')}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":1,\"context\":$(printf '%s' "$CTX" | sed "s/\"host\":\"h\"/\"host\":\"h$(printf '\377')\"/")}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":NaN,\"context\":$CTX}" \
	"$HEAD,\"status\":\"failed\",\"exit\":1,\"context\":$CTX}"; do
	printf '%s\n%s\n' "$CREC" "$badrec" >"$T_TMP/bad"
	if ! check "$T_TMP/bad" >/dev/null; then ok; else not_ok "the checker passed $badrec"; fi
done

printf '%s\n' "$CREC" \
	"{\"schema\":3,\"program\":\"x\",\"args\":[\"a\\\"b,c\",\"[d]\"],\"metric\":\"m: \\\"q\\\" \\ufffd \u00e9\",\"unit\":\"us\",\"value\":1.5,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"ctx size=16k procs=2\",\"params\":{\"size_bytes\":16384,\"processes\":2,\"mode\":\"S\"},\"unit\":\"us\",\"value\":1.5,\"context\":$CTX}" \
	"$HEAD,\"metric\":\"m\",\"unit\":\"us\",\"value\":3,\"statistic\":\"median\",\"samples\":[1,1,5,5],\"mixed\":[1,5],\"iterations\":1,\"repetitions\":4,\"warmup_us\":0,\"parallel\":1,\"placement\":{\"policy\":\"CROSS\",\"text\":\"CROSS cpus=0 main=0 helper=1+0 shared=L3 moved=helper\",\"cpus\":[0],\"shared\":\"L3\",\"moved\":[\"helper\"],\"parties\":{\"main\":[[0]],\"helper\":[[1,0]]}},\"enough_us\":1,\"timer_overhead_ns\":1,\"loop_overhead_ns\":0,\"context\":$CTX}" \
	"$HEAD,\"placement\":{\"policy\":\"CROSS\"},\"status\":\"skipped\",\"exit\":77,\"error\":\"x: no second CPU\",\"context\":$CTX}" \
	"{\"schema\":3,\"program\":\"lmbench\",\"args\":[],\"type\":\"context\",\"memory_nodes\":\"node0 1 MB\",\"memory_speed\":null,\"memory_dimms\":null,\"context\":$CTX}" >"$T_TMP/good"
if check "$T_TMP/good" >/dev/null; then ok; else not_ok "the checker refused a record with escapes or mixed samples: $(check "$T_TMP/good")"; fi

# Bytes that are not UTF-8 in an argument (a file name): the record is
# valid UTF-8 all the same, each such byte U+FFFD, well-formed UTF-8 kept.
odd=$(printf '%s/f\377\303\251.dat' "$T_TMP")
cp "$T_TMP/f1m" "$odd"
LMBENCH_JSON=$T_TMP/odd "$BUILD/lat_pagefault" -N 3 "$odd" >/dev/null 2>&1
if check "$T_TMP/odd" >/dev/null &&
	python3 -c 'import json, sys; r = [json.loads(l) for l in open(sys.argv[1], encoding="utf-8")]; sys.exit(0 if r[-1]["args"][-1].endswith("/f\ufffd\u00e9.dat") else 1)' "$T_TMP/odd"; then ok; else
	not_ok "a file name with a byte that is not UTF-8: $(check "$T_TMP/odd" | head -n 2) $(tail -c 300 "$T_TMP/odd" 2>/dev/null)"
fi
rm -f "$odd"

# Every record of every program, against the schema.
cat "$J".* >"$T_TMP/all"
check "$T_TMP/all" >"$T_TMP/check"
rc=$?
cat "$T_TMP/check"
if [ "$rc" -eq 0 ]; then ok; else not_ok "records against the schema: $(head -n 5 "$T_TMP/check")"; fi
# The fixtures of schema 3 (tests/fixtures/json: a run's own context
# record, measurements, a CROSS placement, a skipped run) against it too;
# those of schemas 1 and 2 (tests/fixtures/compare, report) are there for
# the readers' sake, which read every schema up to 3 (compare.sh).
if check "$top"/tests/fixtures/json/*.json >"$T_TMP/check"; then ok; else not_ok "fixtures against the schema: $(head -n 3 "$T_TMP/check")"; fi
# The schema and its page agree (every member the schema names is on
# lmbench-ng-json(5), the version its NAME line states); and the page
# test itself fails on a member it does not describe.
if python3 "$top/tests/json_page.py" "$SCHEMA" "$top/doc/lmbench-ng-json.5" >"$T_TMP/page"; then ok; else not_ok "schema and page: $(head -n 3 "$T_TMP/page")"; fi
sed 's/"governor"/"regulator"/g' "$SCHEMA" >"$T_TMP/schema2"
if ! python3 "$top/tests/json_page.py" "$T_TMP/schema2" "$top/doc/lmbench-ng-json.5" >/dev/null; then ok; else not_ok "json_page.py passed a member the page lacks"; fi
# Every program's records start with one context record.
for f in "$J".*; do
	if head -n 1 "$f" | grep -q '"type":"context"'; then ok; else not_ok "${f##*.}: the first record is not the context"; fi
done
# Loaded without string parsing (jq, where installed: CI installs it):
# the context's facts, the typed parameters, the samples as numbers.
if command -v jq >/dev/null; then
	# The caches come from sysfs: where it states none (some VMs), the
	# context's caches are empty rather than guessed; where it does, they
	# are there, as numbers.
	cache_rule='(.caches.L1d | type) == "number"'
	[ -d /sys/devices/system/cpu/cpu0/cache/index0 ] || cache_rule='(.caches | length) == 0'
	# The NUMA nodes' memory likewise, the same as memfacts' words where
	# sysfs states a node's MemTotal, an empty list where it states none.
	nodes=$(LMBENCH_DMIDECODE=none sh "$top/scripts/memfacts" | sed -n 's/^\[MEMORY_NODES: \(node.*\)\]$/\1/p')
	cache_rule="($cache_rule) and ([.memory.nodes[] | \"node\\(.node) \\(.total_bytes / 1048576 | floor) MB\"] | join(\", \")) == \"$nodes\""
	if jq -e -s '[.[] | select(.type == "context") | .context] | length > 0 and all(.[]; (.cpus_online | type) == "number" and ('"$cache_rule"') and (.start_utc | test("^[0-9-]+T[0-9:]+Z$")) and (.cpu | has("vendor")))' "$T_TMP/all" >/dev/null; then ok; else
		not_ok "jq: context records ($cache_rule): $(jq -c -s '[.[] | select(.type == "context")][0].context | {cpus_online, caches, memory, start_utc}' "$T_TMP/all")"
	fi
	got=$(jq -r -s '[.[] | select(.program == "lat_ctx" and .params)][0].params | "\(.size_bytes) \(.processes)"' "$T_TMP/all")
	if [ "$got" = "0 2" ]; then ok; else not_ok "jq: lat_ctx params: $got"; fi
	got=$(jq -r -s '[.[] | select(.program == "lat_mem_rd" and .metric)][0] | "\(.params.stride_bytes) \(.size_bytes) \(.samples | map(type) | unique | join(","))"' "$T_TMP/all")
	if [ "$got" = "64 512 number" ]; then ok; else not_ok "jq: lat_mem_rd stride, size and samples: $got"; fi
	# The command line's parameters, typed: a mode, a message size.
	got=$(jq -r -s '[.[] | select(.program == "lat_syscall" and .metric)][0].params.mode' "$T_TMP/all")
	if [ "$got" = "null" ] && jq -e -s '[.[] | select(.program == "lat_syscall" and .metric)][0].params | has("mode")' "$T_TMP/all" >/dev/null; then ok; else
		not_ok "jq: lat_syscall params.mode: $got"
	fi
	got=$(jq -r -s '[.[] | select(.program == "bw_mem" and .metric)][0].params.mode' "$T_TMP/all")
	if [ "$got" = "rd" ]; then ok; else not_ok "jq: bw_mem params.mode: $got"; fi
	got=$(jq -r -s '[.[] | select(.program == "lat_tcp" and .metric)][0].params | "\(.port | type)"' "$T_TMP/all")
	if [ "$got" = "number" ]; then ok; else not_ok "jq: lat_tcp params.port: $got"; fi
else
	echo "json: jq checks skipped: jq is not installed (Debian: jq)"
fi
# Programs in the build that report a figure but were not run above fail
# this test, so a new program must add itself, or have the registry's
# SUITE column (src/programs.tab), whose arguments run here.
for p in "$BUILD"/*; do
	if [ ! -f "$p" ] || [ ! -x "$p" ] || [ -s "$J.${p##*/}" ]; then continue; fi
	args=$(registry_rows "$top/src/programs.tab" | awk -v n="${p##*/}" '$1 == n && NF >= 7 { for (i = 8; i <= NF; i++) printf "%s ", $i; print "" }')
	# shellcheck disable=SC2086 # the arguments, words
	[ -z "$args" ] || rec "${p##*/}" -N 2 $args
done
check "$J".* >"$T_TMP/check" || not_ok "the registry's programs' records: $(head -n 3 "$T_TMP/check")"
for p in "$BUILD"/*; do
	if [ ! -f "$p" ] || [ ! -x "$p" ]; then continue; fi
	name=$(basename "$p")
	case $name in
	lat_mem_load | lat_c2c) [ "$(nproc)" -ge 2 ] || continue ;;
	hello | msleep | enough | timing_o | loop_o | memsize | lmhttp | lmdd | disk | flushdisk | lat_dram_page | lmbench-compare) continue ;; # no timed figure of the harness, or not every run has one
	esac
	if [ -s "$J.$name" ]; then ok; else not_ok "$name: no JSON record checked (add it to tests/json.sh)"; fi
done
finish json
