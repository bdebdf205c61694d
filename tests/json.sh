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

# check FILE: every record of FILE against the schema; a line of totals.
check() {
awk '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
	function fail(why) { printf "%s: %s\n", why, substr($0, 1, 160); bad++; return 1 }
	# The line with every string value (not key) written "S": the shape
	# is then checked with plain patterns (escapes in strings handled).
	function skel(l,    out, i, c, str, inq) {
		out = ""; inq = 0
		for (i = 1; i <= length(l); i++) {
			c = substr(l, i, 1)
			if (inq) {
				if (c == "\\") { str = str c substr(l, i + 1, 1); i++; continue }
				if (c == "\"") {
					inq = 0
					out = out (substr(l, i + 1, 1) == ":" ? "\"" str "\"" : "\"S\"")
					continue
				}
				str = str c
				continue
			}
			if (c == "\"") { inq = 1; str = ""; continue }
			out = out c
		}
		return inq ? "" : out
	}
	{
		n++
		line = skel($0)
		# Each run starts with its context record (schema 2).
		rec = "^[{]\"schema\":2,\"program\":\"S\",\"args\":[[](\"S\"(,\"S\")*)?[]]"
		if (line ~ (rec ",\"type\":\"S\"")) {
			cre = rec ",\"type\":\"S\",\"host\":\"S\",\"start_utc\":\"S\",\"suite_version\":\"S\",(\"cpu_model\":\"S\",)?\"cpus_online\":[0-9]+,\"cpus_allowed\":[0-9]+,(\"caches\":[{](\"L[0-9][di]?\":[0-9]+,?)+[}],)?\"page_bytes\":[0-9]+,(\"memory_nodes\":\"S\",)?\"kernel\":\"S\",\"compiler\":\"S\"(,\"build_flags\":\"S\")?[}]$"
			if (line !~ cre || $0 !~ /"type":"context"/ || $0 !~ /"start_utc":"[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z"/) { fail("context record keys, order or types"); next }
			ctx++
			next
		}
		re = rec ",\"metric\":\"S\",(\"size_bytes\":[0-9]+,)?(\"params\":[{](\"[a-z_]+\":(\"S\"|[0-9.e+-]+),?)+[}],)?\"unit\":\"S\",\"value\":[-0-9.e+]+"
		if (line !~ re || index(line, "{\"schema\":2,\"program\":") != 1) { fail("keys, order or types"); next }
		u = $0; sub(/.*"unit":"/, "", u); sub(/".*/, "", u)
		if (u !~ /^(us|ns|MB\/s|1\/s|pages|loads|bytes|MHz|%|)$/) { fail("unit " u); next }
		if (!match($0, /"program":"[a-z][a-z0-9_]*"/)) { fail("program name"); next }
		v = line; sub(/.*"value":/, "", v); sub(/[,}].*/, "", v)
		rest = substr(line, index(line, "\"value\":") + 8 + length(v))
		if (!num(v) || v + 0 <= 0) { fail("value not a positive number"); next }
		if (rest == "}") { plain++; next }
		st = $0; sub(/.*"statistic":"/, "", st); sub(/".*/, "", st)
		if (rest != "}" && st !~ /^(median|minimum)( difference)?$/) { fail("statistic " st); next }
		re2 = "^,\"statistic\":\"S\",\"samples\":[[][-0-9.e+,]+[]],(\"mixed\":[[][-0-9.e+]+,[-0-9.e+]+[]],)?\"iterations\":[0-9]+,\"repetitions\":[0-9]+,\"warmup_us\":[0-9]+,\"parallel\":[0-9]+,\"placement\":\"S\",\"enough_us\":[-0-9.e+]+,\"timer_overhead_ns\":[-0-9.e+]+,\"loop_overhead_ns\":[-0-9.e+]+[}]$"
		if (!match(rest, re2)) { fail("measurement keys, order or types"); next }
		s = rest; sub(/.*"samples":\[/, "", s); sub(/\].*/, "", s)
		k = split(s, x, ",")
		r = rest; sub(/.*"repetitions":/, "", r); sub(/,.*/, "", r)
		p = rest; sub(/.*"parallel":/, "", p); sub(/,.*/, "", p)
		if (k != r * p) { fail("samples " k ", want parallel x repetitions = " r * p); next }
		lo = x[1]; hi = x[1]
		for (i = 1; i <= k; i++) {
			if (!num(x[i])) { fail("a sample is not a number"); next }
			if (x[i] + 0 < lo + 0) lo = x[i]
			if (x[i] + 0 > hi + 0) hi = x[i]
		}
		if (st !~ /difference/ && (v + 0 < lo * 0.999999 || v + 0 > hi * 1.000001)) { fail("value outside the samples"); next }
		# placement: the policy, the CPU of each copy, then every party
		# with the CPUs it was seen on (at least main=).
		pl = $0; sub(/.*"placement":"/, "", pl); sub(/".*/, "", pl)
		if (pl !~ /^(DEFAULT|SINGLE|SAME|CROSS|BALANCED|BALANCED_SPREAD|UNIQUE|UNIQUE_SPREAD|CUSTOM|CUSTOM_UNIQUE|CUSTOM_SPREAD)( [0-9 ,]+)? cpus=[0-9?,]+ main=[0-9?,+]+/) { fail("placement " pl); next }
		if (rest ~ /"mixed":/) {
			mx = rest; sub(/.*"mixed":\[/, "", mx); sub(/\].*/, "", mx)
			split(mx, m2, ",")
			if (!num(m2[1]) || !num(m2[2]) || m2[1] + 0 >= m2[2] + 0 || m2[1] + 0 < lo * 0.999999 || m2[2] + 0 > hi * 1.000001) { fail("mixed " mx); next }
			mixed++
		}
		meas++
	}
	END { printf "json: %d records (%d context, %d measurements, %d plain values, %d mixed), %d bad\n", n, ctx, meas, plain, mixed, bad; exit bad > 0 }' "$1"
}
# The checker itself refuses what the schema does not allow.
for badrec in '{"schema":3,"program":"x","args":[],"metric":"m","unit":"us","value":1}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"furlongs","value":1}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":1,"statistic":"median","samples":[1,2],"iterations":1,"repetitions":3,"warmup_us":0,"parallel":1,"placement":"DEFAULT cpus=0","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":9,"statistic":"median","samples":[1,2,3],"iterations":1,"repetitions":3,"warmup_us":0,"parallel":1,"placement":"DEFAULT cpus=0 main=0","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":2,"statistic":"median","samples":[1,2,3],"iterations":1,"repetitions":3,"warmup_us":0,"parallel":1,"placement":"DEFAULT cpus=0","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":2,"statistic":"median","samples":[1,2,3],"iterations":1,"repetitions":3,"warmup_us":0,"parallel":1,"placement":"NOWHERE cpus=0 main=0","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":2,"statistic":"median","samples":[1,1,5,5],"mixed":[5,1],"iterations":1,"repetitions":4,"warmup_us":0,"parallel":1,"placement":"SAME cpus=0 main=0 helper=0","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":2,"statistic":"median","samples":[1,1,5,5],"iterations":1,"mixed":[1,5],"repetitions":4,"warmup_us":0,"parallel":1,"placement":"SAME cpus=0 main=0 helper=0","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","params":{"k":},"unit":"us","value":1}' \
	'{"schema":2,"program":"x","args":[],"type":"context","host":"h","start_utc":"yesterday","suite_version":"v","cpus_online":2,"cpus_allowed":2,"page_bytes":4096,"kernel":"k","compiler":"c"}' \
	'{"schema":2,"program":"x","args":[],"type":"context","host":"h","start_utc":"2026-12-02T00:00:00Z","suite_version":"v","cpus_online":"two","cpus_allowed":2,"page_bytes":4096,"kernel":"k","compiler":"c"}'; do
	printf '%s\n' "$badrec" >"$T_TMP/bad"
	if ! check "$T_TMP/bad" >/dev/null; then ok; else not_ok "the checker passed $badrec"; fi
done

printf '%s\n' '{"schema":2,"program":"x","args":["a\"b,c","[d]"],"metric":"m: \"q\"","unit":"us","value":1.5}' \
	'{"schema":2,"program":"x","args":[],"type":"context","host":"h","start_utc":"2026-12-02T00:00:00Z","suite_version":"v","cpu_model":"c","cpus_online":2,"cpus_allowed":1,"caches":{"L1d":49152,"L2":2097152},"page_bytes":4096,"kernel":"Linux 6","compiler":"gcc 12","build_flags":"-O2"}' \
	'{"schema":2,"program":"x","args":[],"metric":"ctx size=16k procs=2","params":{"size_bytes":16384,"processes":2,"mode":"S"},"unit":"us","value":1.5}' \
	'{"schema":2,"program":"x","args":[],"metric":"m","unit":"us","value":3,"statistic":"median","samples":[1,1,5,5],"mixed":[1,5],"iterations":1,"repetitions":4,"warmup_us":0,"parallel":1,"placement":"CROSS cpus=0 main=0 helper=1+0 shared=L3 moved=helper","enough_us":1,"timer_overhead_ns":1,"loop_overhead_ns":0}' >"$T_TMP/good"
if check "$T_TMP/good" >/dev/null; then ok; else not_ok "the checker refused a record with escapes or mixed samples: $(check "$T_TMP/good")"; fi

# Every record of every program, against the schema.
cat "$J".* >"$T_TMP/all"
check "$T_TMP/all" >"$T_TMP/check"
rc=$?
cat "$T_TMP/check"
if [ "$rc" -eq 0 ]; then ok; else not_ok "records against the schema: $(head -n 5 "$T_TMP/check")"; fi
# Every program's records start with one context record.
for f in "$J".*; do
	if head -n 1 "$f" | grep -q '"type":"context"'; then ok; else not_ok "${f##*.}: the first record is not the context"; fi
done
# Loaded without string parsing (jq, where installed: CI installs it):
# the context's facts, the typed parameters, the samples as numbers.
if command -v jq >/dev/null; then
	# The caches come from sysfs: where it states none (some VMs), the
	# context leaves them out rather than guess; where it does, they are
	# there, as numbers.
	cache_rule='(.caches.L1d | type) == "number"'
	[ -d /sys/devices/system/cpu/cpu0/cache/index0 ] || cache_rule='has("caches") | not'
	# The NUMA nodes' memory likewise, in memfacts' words where sysfs
	# states a node's MemTotal, absent where it states none.
	nodes=$(LMBENCH_DMIDECODE=none sh "$top/scripts/memfacts" | sed -n 's/^\[MEMORY_NODES: \(.*\)\]$/\1/p')
	if [ -n "$nodes" ]; then
		cache_rule="($cache_rule) and .memory_nodes == \"$nodes\""
	else
		cache_rule="($cache_rule) and (has(\"memory_nodes\") | not)"
	fi
	if jq -e -s '[.[] | select(.type == "context")] | length > 0 and all(.[]; (.cpus_online | type) == "number" and ('"$cache_rule"') and (.start_utc | test("^[0-9-]+T[0-9:]+Z$")))' "$T_TMP/all" >/dev/null; then ok; else
		not_ok "jq: context records ($cache_rule): $(jq -c -s '[.[] | select(.type == "context")][0] | {cpus_online, caches, memory_nodes, start_utc}' "$T_TMP/all")"
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
# this test, so a new program must add itself.
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
