# lib.sh - helpers sourced by the shell test suites.
#
# Each suite calls ok/not_ok (or the checks below) and ends with
# `finish NAME`, which prints "NAME: N passed, N failed" and gives the
# exit status that tests/run.sh adds up.

PASS=0
FAIL=0
# An awk program: bw_mem's rate, from its result line only (a warning is
# a line of its own).
# shellcheck disable=SC2016,SC2034 # an awk program, used where sourced
BW_RATE='NF == 2 && $1 ~ /^[0-9.]+$/ { print $2 }'
# The tree of the suite that sources this file (tests/.., or
# tests/bench/../..), read by the registry's helpers below.
T_TREE=$(cd "$(dirname "$0")/.." && pwd)
[ -f "$T_TREE/scripts/registry.awk" ] || T_TREE=$(cd "$T_TREE/.." && pwd)
T_TMP=$(mktemp -d "${TMPDIR:-/tmp}/lmbench-ng-test.XXXXXX") || exit 1
trap 'rm -rf "$T_TMP"' EXIT
trap 'exit 130' INT TERM

ok() {
	PASS=$((PASS + 1))
}

not_ok() {
	FAIL=$((FAIL + 1))
	printf 'FAIL %s\n' "$*" >&2
}

finish() {
	printf '%s: %d passed, %d failed\n' "$1" "$PASS" "$FAIL"
	[ "$FAIL" -eq 0 ]
}

# run_prog CMD...: run with stdout/stderr to $T_TMP/out and $T_TMP/err,
# status in $RC.
run_prog() {
	"$@" >"$T_TMP/out" 2>"$T_TMP/err"
	RC=$?
}

# expect_rc WANT DESC: check $RC.
expect_rc() {
	if [ "$RC" -eq "$1" ]; then
		ok
	else
		not_ok "$2: exit status $RC, want $1; stderr: $(head -c 300 "$T_TMP/err")"
	fi
}

# expect_lines FILE REGEX DESC: every line of FILE matches REGEX (ERE)
# and there is at least one line.  A program's "PROG: warning: " lines
# (mixed samples, a party that moved CPUs: lmbench-ng(7)) come beside
# its result on a loaded machine and are left out.
expect_lines() {
	grep -Ev '^[A-Za-z0-9_-]+: warning: ' "$1" >"$1.nowarn" || :
	if [ -s "$1.nowarn" ] && ! grep -Evq -- "$2" "$1.nowarn"; then
		ok
	else
		not_ok "$3: output does not match /$2/: $(head -c 300 "$1")"
	fi
}

# expect_range FILE FIELD LO HI DESC: field FIELD (awk numbering) of
# every non-empty line not starting with a quote (a section marker) is a
# number in [LO, HI].
expect_range() {
	if awk -v f="$2" -v lo="$3" -v hi="$4" '
		/^[^"]/ {
			n++
			if ($f !~ /^[0-9]+(\.[0-9]+)?$/ || $f + 0 < lo || $f + 0 > hi) bad = 1
		}
		END { exit (n == 0 || bad) }' "$1"; then
		ok
	else
		not_ok "$5: a value outside [$3, $4]: $(head -c 300 "$1")"
	fi
}

# usage_line CMD...: the usage line CMD prints on a usage error: the
# first line of its --help, each "   or: " form after it joined on with
# " | " (lib_opts.h).
usage_line() {
	"$@" --help 2>/dev/null | awk 'NR == 1 { u = $0; next }
		sub(/^   or: /, "") { u = u " | " $0; next } { exit } END { print u }'
}

# expect_named LINE USAGE DESC: $T_TMP/err is exactly LINE (the line
# naming the option at fault: "PROG: unknown option '-Z'"), then USAGE.
expect_named() {
	if [ "$(wc -l <"$T_TMP/err")" -eq 2 ] && [ "$(sed -n 1p "$T_TMP/err")" = "$1" ] &&
		[ "$(sed -n 2p "$T_TMP/err")" = "$2" ]; then ok; else
		not_ok "$3: want '$1' then '$2', got: $(head -c 400 "$T_TMP/err")"
	fi
}

# expect_refusal NAME USAGE DESC: a usage error's stderr, $T_TMP/err:
# one line; or, where it names an option at fault ("NAME: unknown option
# '-Z'", "NAME: option '-m' needs a value"), that line, then USAGE.
expect_refusal() {
	if grep -Eq "^$1: (unknown option '.*'|option '.*' needs a value)\$" "$T_TMP/err"; then
		expect_named "$(head -n 1 "$T_TMP/err")" "$2" "$3"
	else
		expect_one_line "$T_TMP/err" "$3"
	fi
}

# expect_one_line FILE DESC: exactly one line, not empty.
expect_one_line() {
	if [ "$(wc -l <"$1")" -eq 1 ] && [ -s "$1" ]; then
		ok
	else
		not_ok "$2: want one line, got: $(head -c 300 "$1")"
	fi
}

# browser_find: the Chromium on PATH (chromium, chromium-browser,
# google-chrome); nothing where there is none.
browser_find() {
	for bf in chromium chromium-browser google-chrome; do
		if command -v "$bf" >/dev/null; then
			echo "$bf"
			return
		fi
	done
}

# browser_run BROWSER ARG...: BROWSER headless with ARGs (no sandbox, no
# GPU, a profile of its own in $T_TMP), for at most 120 s.
browser_run() {
	br_b=$1
	shift
	timeout 120 "$br_b" --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$T_TMP/profile" "$@"
}

# browser_console LOG: ok where LOG, a browser's stderr, shows no
# console error.
browser_console() {
	if ! grep -i 'CONSOLE' "$1" | grep -qi 'error\|uncaught'; then ok; else
		not_ok "chromium console: $(grep -i 'CONSOLE' "$1" | head -3)"
	fi
}

# browser_shot BROWSER PAGE SUITE WIDTH,HEIGHT: a screenshot of PAGE kept
# in tests/artifacts/SUITE.png; ok where one is made.
browser_shot() {
	bs_png=$(cd "$(dirname "$0")" && pwd)/artifacts/$3.png
	mkdir -p "${bs_png%/*}"
	rm -f "$bs_png"
	browser_run "$1" --window-size="$4" --screenshot="$bs_png" "file://$2" >/dev/null 2>&1
	if [ -s "$bs_png" ]; then ok; else not_ok "chromium: no screenshot of $2"; fi
	echo "$3: screenshot in tests/artifacts/$3.png"
}

# build_pids DIR [PROG [ARGS]]: the PIDs of live processes running the
# programs in DIR (an absolute path; PROG only, its command line holding
# ARGS as whole words), found by their executable's own path: never by a
# pattern on command lines, which would also match another checkout's
# programs (bin/x86_64-linux-gnu/lat_tcp is in every checkout).
build_pids() {
	for d in /proc/[0-9]*; do
		exe=$(readlink "$d/exe" 2>/dev/null) || continue
		case $exe in
		"$1"/*) ;;
		*) continue ;;
		esac
		[ -z "${2:-}" ] || [ "$exe" = "$1/$2" ] || continue
		if [ -n "${3:-}" ]; then
			case " $(tr '\0' ' ' <"$d/cmdline" 2>/dev/null)" in
			*" $3 "*) ;;
			*) continue ;;
			esac
		fi
		echo "${d#/proc/}"
	done
}

# net_servers DIR: the PIDs of DIR's network servers (-s) still running.
net_servers() {
	for n_prog in lat_tcp bw_tcp lat_udp bw_udp lat_connect lat_rpc; do
		build_pids "$1" "$n_prog" -s
	done
}

# port_base: the first of 100 ports of this run's own, below the
# ephemeral range (where a client's socket in TIME_WAIT could hold one)
# and away from lmbench's.
port_base() {
	low=$(awk '{ print $1 }' /proc/sys/net/ipv4/ip_local_port_range 2>/dev/null)
	[ -n "$low" ] && [ "$low" -gt 12000 ] || low=32768
	awk -v low="$low" 'BEGIN { srand(); print 10000 + int(rand() * (low - 10200)) }'
}

# rounds_ratio A B [OPTION...] (make bench): the rounds in files A and B
# (a value a line, line k of each from round k) through tests/ratio
# ($RATIO) with OPTIONs; "absent" where either file is empty.
rounds_ratio() {
	if [ ! -s "$1" ] || [ ! -s "$2" ]; then
		echo "absent"
		return
	fi
	rr_a=$1 rr_b=$2
	shift 2
	paste -d ' ' "$rr_a" "$rr_b" | "$RATIO" "$@"
}

# cache_kb LEVEL TYPE: the size in KB of cpu0's cache of LEVEL and TYPE
# (Data, Unified) as sysfs states it; llc_kb: the largest cache's; nothing
# where sysfs states none.
cache_kb() {
	for d in /sys/devices/system/cpu/cpu0/cache/index*; do
		if [ "$(cat "$d/level" 2>/dev/null)" = "$1" ] && [ "$(cat "$d/type" 2>/dev/null)" = "$2" ]; then
			awk '{ v = $1; m = 1; if (v ~ /M$/) m = 1024; sub(/[KM]$/, "", v); printf "%d\n", v * m }' "$d/size"
		fi
	done
}
llc_kb() {
	cat /sys/devices/system/cpu/cpu0/cache/index*/size 2>/dev/null |
		awk '{ v = $1; m = 1; if (v ~ /M$/) m = 1024; sub(/[KM]$/, "", v); if (v * m > b) b = v * m } END { if (b) printf "%d\n", b }'
}

# The registry (src/programs.tab) through its one reader,
# scripts/registry.awk.  registry_query QUERY [FILE]: its answer (FILE
# default src/programs.tab).
registry_query() {
	awk -v registry="${2:-$T_TREE/src/programs.tab}" -v registry_query="$1" \
		-f "$T_TREE/scripts/registry.awk"
}

# registry_names [FILE]: the programs, one a line.
registry_names() {
	registry_query names "$1"
}

# registry_rows [FILE]: the program lines of the registry without their
# attributes (the WORD=VALUE columns after NEEDS): "NAME SECTION SOURCES
# NEEDS [SUITE...]", one a line.
registry_rows() {
	registry_query rows "$1"
}

# registry_attr NAME ATTR [FILE]: the value of a program's attribute in
# the registry ("" where it has none).
registry_attr() {
	registry_query "attr $1 $2" "$3"
}

# registry_with ATTR VALUE [FILE]: the programs whose attribute ATTR is VALUE.
registry_with() {
	registry_query "with $1 $2" "$3"
}
