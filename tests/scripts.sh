#!/bin/sh
# scripts.sh BUILD - the summary scripts on fixture result files: an
# original lmbench 3 file gives exactly lmbench's tables; truncated,
# garbled and incomplete files give what they hold and blanks, never a
# crash, a -1 or garbage; make see's file list and percent tables.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
SUM=$top/scripts/summary

# The original file: the same tables as lmbench 3.0-a9's getsummary.
run_prog sh "$SUM" "$fx/x86_64-linux-gnu/box1.0"
expect_rc 0 "summary box1.0"
if cmp -s "$T_TMP/out" "$fx/box1.0.summary"; then ok; else
	not_ok "summary of the original file differs: $(diff "$T_TMP/out" "$fx/box1.0.summary" | head -n 10)"
fi

# Every fixture together: one row per file in every one of the 12
# tables, but for the operation tables (integer, int64, float, double),
# where a file without a figure has no row, as lmbench's getsummary has
# it: the truncated file stops after its integer operations.
run_prog sh "$SUM" "$fx"/x86_64-linux-gnu/*
expect_rc 0 "summary of every fixture"
n=$(grep -c '^--------- -------------' "$T_TMP/out")
if [ "$n" -eq 12 ]; then ok; else not_ok "want 12 tables, got $n"; fi
for h in box1 garbage nomemlat truncated averyveryverylonghostname; do
	n=$(grep -c "^$h " "$T_TMP/out")
	want=12
	[ "$h" = truncated ] && want=9
	if [ "$n" -eq "$want" ]; then ok; else not_ok "host $h: $n rows, want $want"; fi
done
if grep -q 'empty.0 is empty; skipped' "$T_TMP/err"; then ok; else not_ok "empty file not reported: $(cat "$T_TMP/err")"; fi
# Nothing wrong shown as right: no -1, nan, inf or printf debris.
if grep -E '^(box1|garbage|nomemlat|truncated|avery)' "$T_TMP/out" | grep -Eiq -- '-1|nan|inf|%|e-0'; then
	not_ok "garbage in a row: $(grep -E '^(garbage|truncated)' "$T_TMP/out" | grep -Ei -- '-1|nan|inf|%' | head -n 3)"
else
	ok
fi

row() { # row HOST TABLE-NUMBER: that host's row in the n-th table
	awk -v h="$1" -v t="$2" '/^--------- -------------/ { n++ } n == t && $1 == h' "$T_TMP/out"
}
titled() { # titled HOST TITLE: that host's row in the table of that title
	awk -v h="$1" -v t="$2" 'index($0, t) == 1 { on = 1; next } /^[A-Z*].* - / { on = 0 } on && $1 == h' "$T_TMP/out"
}
# Garbage values give blanks; the rest of the file still counts.
if [ "$(row garbage 2)" = "garbage   Linux 6.8.0-4 2994      0.11 0.45 1.03 1.90 0.12 0.97 78.5 245. 612." ]; then ok; else
	not_ok "garbage processor row: $(row garbage 2)"
fi
if row garbage 1 | grep -q '2994          64   10.3'; then ok; else not_ok "garbage tlb: $(row garbage 1)"; fi
if row garbage 8 | grep -q '^garbage   Linux 6.8.0-4 1.240       6.10'; then ok; else not_ok "garbage pipe: $(row garbage 8)"; fi
# A truncated file: the sections before the cut, blanks after.
if [ "$(row truncated 2)" = "$(row box1 2 | sed 's/^box1     /truncated/')" ]; then ok; else not_ok "truncated processor row: $(row truncated 2)"; fi
if row truncated 12 | grep -Eq '^truncated Linux 6\.8\.0-4  2994 +$'; then ok; else not_ok "truncated memory row: $(row truncated 12)"; fi
# A missing section: its cells blank, the others whole.
if row nomemlat 12 | grep -Eq '^nomemlat  Linux 6\.8\.0-4  2994 +$'; then ok; else not_ok "nomemlat memory row: $(row nomemlat 12)"; fi
if [ "$(row nomemlat 11)" = "$(row box1 11 | sed 's/^box1    /nomemlat/')" ]; then ok; else not_ok "nomemlat bandwidth row: $(row nomemlat 11)"; fi
# Host names are not cut.
if row averyveryverylonghostname 1 | grep -q '^averyveryverylonghostname Linux'; then ok; else not_ok "long host name cut"; fi

# Failed runs ([FAILED: ...] lines, fixtures/failures/box1.1 is box1.0
# with five runs failed or skipped): their cells say FAIL, a skipped
# one stays as the file has it, every other cell is box1.0's (the
# description is the directory's name); the
# failure's free text (which names other metrics) is read as nothing.
run_prog sh "$SUM" "$fx/failures/box1.1"
expect_rc 0 "summary of a file with failures"
cp "$T_TMP/out" "$T_TMP/failed.out"
run_prog sh "$SUM" "$fx/x86_64-linux-gnu/box1.0"
if diff "$T_TMP/out" "$T_TMP/failed.out" | grep '^>' | sed 's/^> //' >"$T_TMP/diff" &&
	[ "$(cat "$T_TMP/diff")" = "box1      Linux 6.8.0-4                failures 2994    64    64   10.3    1
box1      Linux 6.8.0-4 2994 FAIL 0.11 0.45 1.03 1.90 0.12 0.97 78.5 245. 612.
box1      Linux 6.8.0-4 1.2400   FAIL 4.4400   FAIL 4.5600    FAIL 4.72000
box1      Linux 6.8.0-4 4567 12.K 9876  11.2K  23.5K  15.4K 9876.5 FAIL 11.1K
box1      Linux 6.8.0-4  2994 1.3360 4.0130        61.2        FAIL" ]; then ok; else
	not_ok "summary of failures: $(diff "$T_TMP/out" "$T_TMP/failed.out")"
fi
# Relative to the best host, a bandwidth's best is the biggest: two
# hosts' cross-CPU lines (pipe and AF_UNIX bandwidth 4000 and 2000 MB/s:
# 100 and 50; pipe latency 12.5 and 20 us: 100 and 160).
{ sed -n '1p' "$fx/failures/box1.1"; echo '[CROSS-CPU: begin: LMBENCH_SCHED=CROSS, two CPUs sharing a cache]'
	echo '[CROSS-CPU: lat_pipe -P 1: 12.5 microseconds]'; echo '[CROSS-CPU: bw_pipe -P 1: 4000 MB/sec]'
	echo '[CROSS-CPU: bw_unix -P 1: 4000 MB/sec]'; echo '[CROSS-CPU: end]'; } >"$T_TMP/xa.0"
sed 's/12.5 micro/20 micro/; s/4000 MB/2000 MB/' "$T_TMP/xa.0" >"$T_TMP/xb.0"
run_prog sh "$SUM" -p "$T_TMP/xa.0" "$T_TMP/xb.0"
if grep -A 8 '^Cross-CPU' "$T_TMP/out" | grep -q '^xa .* 100 .* 100  *100$' &&
	grep -A 8 '^Cross-CPU' "$T_TMP/out" | grep -q '^xb .* 160 .*  50  *50$'; then ok; else
	not_ok "percent of cross-CPU bandwidths: $(grep -A 8 '^Cross-CPU' "$T_TMP/out" | tail -n 3)"
fi
# A failed run's command is the file's text: the registry's rules put a
# word of it into a key ({W}), and a word that looks like {W} itself is
# not read again (it made the summary loop for ever).
{ sed -n '1p' "$fx/failures/box1.1"; echo '[FAILED: lat_ctx -P 1 -s {-s} 2: status 1: x]'
	echo '[FAILED: lat_ctx -P 1 -s {-s}{-s} 2 4: status 1: x]'; } >"$T_TMP/braces.0"
run_prog timeout 20 sh "$SUM" "$T_TMP/braces.0"
expect_rc 0 "summary of a failed run whose command holds {-s}"
run_prog sh "$SUM" -p "$fx/failures/box1.1" "$fx/x86_64-linux-gnu/box1.0"
if grep -q '^box1      Linux 6.8.0-4 2994 FAIL  100' "$T_TMP/out"; then ok; else not_ok "percent of a failure: $(grep -m 2 'FAIL' "$T_TMP/out")"; fi

# The runner's cross-CPU section (fixtures/cross/box1.2 is box1.0 with
# one, a skipped and a failed run in it): lmbench's twelve tables exactly
# as box1.0's, then the cross-CPU table, whose failed cell says FAIL and
# skipped one stays blank; the failure's text (which names the classic
# TCP metric) is read as nothing else.  An original file beside it gets
# a blank row there; alone, no such table.
run_prog sh "$SUM" "$fx/cross/box1.2"
expect_rc 0 "summary of a file with a cross-CPU section"
if head -n 89 "$T_TMP/out" | sed 's/^\(box1      Linux 6.8.0-4\)                   cross /\1        x86_64-linux-gnu /' |
	cmp -s - "$fx/box1.0.summary"; then ok; else
	not_ok "cross section changed lmbench's tables: $(head -n 89 "$T_TMP/out" | diff - "$fx/box1.0.summary" | head -n 6)"
fi
if [ "$(row box1 13)" = "box1      Linux 6.8.0-4  30.1  41.5   25.3         FAIL  52.0  61.2 1961 4990" ] &&
	grep -q '^Cross-CPU communication latencies' "$T_TMP/out"; then ok; else
	not_ok "cross-CPU row: $(row box1 13)"
fi
run_prog sh "$SUM" "$fx/x86_64-linux-gnu/box1.0" "$fx/cross/box1.2"
if [ "$(grep -c '^--------- -------------' "$T_TMP/out")" -eq 13 ] &&
	row box1 13 | head -n 1 | grep -Eq '^box1      Linux 6\.8\.0-4 +$'; then ok; else
	not_ok "original file beside a cross-CPU one: $(row box1 13)"
fi

# Bad calls.
run_prog sh "$SUM"
expect_rc 2 "summary with no file"
run_prog sh "$SUM" /nonexistent
expect_rc 2 "summary of a missing file"
if grep -q 'cannot read /nonexistent' "$T_TMP/err"; then ok; else not_ok "missing file message: $(cat "$T_TMP/err")"; fi
run_prog sh "$SUM" /nonexistent "$fx/x86_64-linux-gnu/box1.0"
expect_rc 0 "summary skips a missing file"

# Percent: the best host is 100, one twice as slow 200, half as fast 50.
mkdir -p "$T_TMP/r/x86_64-linux-gnu" "$T_TMP/r/other"
cp "$fx/x86_64-linux-gnu/box1.0" "$T_TMP/r/x86_64-linux-gnu/"
sed -e 's/^Simple syscall: 0.0712/Simple syscall: 0.1424/' \
	-e 's/^Pipe bandwidth: 4567.89/Pipe bandwidth: 2283.945/' \
	"$fx/x86_64-linux-gnu/box1.0" >"$T_TMP/r/other/slow.0"
echo 'not a result' >"$T_TMP/r/other/notes.txt"
cp "$fx/x86_64-linux-gnu/box1.0" "$T_TMP/r/other/box1.INFO"
run_prog sh "$SUM" -p "$T_TMP/r/x86_64-linux-gnu/box1.0" "$T_TMP/r/other/slow.0"
if row slow 2 | grep -q '^slow      Linux 6.8.0-4 2994  200  100'; then ok; else not_ok "percent latency: $(row slow 2)"; fi
if row slow 11 | grep -q '^slow      Linux 6.8.0-4   50  100'; then ok; else not_ok "percent bandwidth: $(row slow 11)"; fi
if row box1 11 | grep -q '^box1      Linux 6.8.0-4  100  100'; then ok; else not_ok "percent best: $(row box1 11)"; fi

# make see: result files only (first line [lmbench3...; no .INFO), in
# case-insensitive order, summary then percent, both saved.
run_prog sh "$top/scripts/see" "$T_TMP/r"
expect_rc 0 "see"
if [ "$(grep -c '^box1 ' "$T_TMP/out")" -eq 24 ] && [ "$(grep -c '^slow ' "$T_TMP/out")" -eq 24 ] &&
	! grep -q '^notes' "$T_TMP/out"; then ok; else not_ok "see rows: $(grep -c '^box1 ' "$T_TMP/out") $(grep -c '^slow ' "$T_TMP/out")"; fi
if [ -s "$T_TMP/r/summary.out" ] && [ -s "$T_TMP/r/percent.out" ]; then ok; else not_ok "see did not save its tables"; fi
mkdir -p "$T_TMP/none"
run_prog sh "$top/scripts/see" "$T_TMP/none"
expect_rc 1 "see with no result file"
# Every entry point of scripts/ (a file with a #! line; the rest are
# sourced or read by awk) run the way the README types it, scripts/NAME
# from the top directory: executable in git (a clone gets git's mode)
# and in this tree, and -h answers with its usage: one line on stderr
# and status 2, or the help on stdout and status 0; never "Permission
# denied" (126).
n=0
for f in "$top"/scripts/*; do
	[ "$(head -c 2 "$f")" = '#!' ] || continue
	name=${f##*/}
	n=$((n + 1))
	if (cd "$top" && git rev-parse --git-dir >/dev/null 2>&1); then
		mode=$(cd "$top" && git ls-files -s "scripts/$name" | cut -d ' ' -f 1)
		if [ "$mode" = 100755 ]; then ok; else
			not_ok "scripts/$name has mode ${mode:-none} in git, want 100755 (git update-index --chmod=+x)"
		fi
	fi
	# shellcheck disable=SC2016 # $1 and $2 are the inner shell's
	run_prog sh -c 'cd "$1" && exec "scripts/$2" -h </dev/null' sh "$top" "$name"
	if [ "$RC" = 0 ]; then
		if grep -q '^Usage: ' "$T_TMP/out"; then ok; else not_ok "scripts/$name -h: status 0 without a usage on stdout"; fi
	else
		expect_rc 2 "scripts/$name -h, run directly"
		expect_one_line "$T_TMP/err" "scripts/$name -h, run directly"
	fi
done
if [ "$n" -ge 7 ]; then ok; else not_ok "only $n entry points found in scripts/"; fi

# config-run without a terminal: defaults, environment overrides, and
# bad answers refused (status 2) before anything runs.
CR=$top/scripts/config-run
BUILD=${1:-}
if [ -n "$BUILD" ] && [ -x "$BUILD/lat_syscall" ]; then
	cfg=$T_TMP/CONFIG.test
	LMBENCH_DEFAULTS=1 MB=8 ENOUGH=500 FSDIR="$T_TMP" run_prog sh "$CR" "$BUILD" "$cfg" </dev/null
	expect_rc 0 "config-run with defaults"
	if grep -q "^MB='8'$" "$cfg" && grep -q "^SUBSET='ALL'$" "$cfg" && grep -q "^FSDIR='$T_TMP'$" "$cfg"; then ok; else
		not_ok "config-run wrote: $(cat "$cfg")"
	fi
	for bad in "SUBSET=BOGUS" "MB=abc" "MB=99999999" "FSDIR=/nonexistent" "FSDIR=$T_TMP/cfgfile" \
		"SYNC_MAX=0" "LMBENCH_SCHED=nonsense" "FASTMEM=maybe" "DISKS=/nonexistent"; do
		: >"$T_TMP/cfgfile"
		env LMBENCH_DEFAULTS=1 "$bad" sh "$CR" "$BUILD" "$T_TMP/CONFIG.bad" </dev/null >"$T_TMP/out" 2>"$T_TMP/err"
		RC=$?
		expect_rc 2 "config-run $bad"
		if [ ! -e "$T_TMP/CONFIG.bad" ] && grep -q 'config-run: bad' "$T_TMP/err"; then ok; else
			not_ok "config-run $bad: $(cat "$T_TMP/err")"
		fi
	done
	LMBENCH_DEFAULTS=1 REMOTE=nohost LMBENCH_RSH=false run_prog sh "$CR" "$BUILD" "$T_TMP/CONFIG.bad" </dev/null
	expect_rc 2 "config-run with a remote host that does not answer"

	# At a terminal (script(1) gives it one): each question asked with
	# its explanation and default; Enter takes the default; a bad answer
	# is said to be bad and asked again.
	if command -v script >/dev/null; then
		printf '\n\nabc\n64\nBOGUS\nOS\n\n\n\n\n\n%s\n\n' "$T_TMP" |
			timeout 60 script -qec "sh $CR $BUILD $T_TMP/CONFIG.tty" /dev/null >"$T_TMP/tty" 2>&1
		if grep -q "^MB='64'$" "$T_TMP/CONFIG.tty" && grep -q "^SUBSET='OS'$" "$T_TMP/CONFIG.tty" &&
			grep -q "^SYNC_MAX='1'$" "$T_TMP/CONFIG.tty" && grep -q "^FSDIR='$T_TMP'$" "$T_TMP/CONFIG.tty"; then ok; else
			not_ok "config-run at a terminal wrote: $(cat "$T_TMP/CONFIG.tty" 2>/dev/null)"
		fi
		if [ "$(grep -ac 'MB \[' "$T_TMP/tty")" -eq 2 ] && [ "$(grep -ac 'SUBSET \[' "$T_TMP/tty")" -eq 2 ] &&
			grep -aq 'Memory size in MB for the memory benchmarks' "$T_TMP/tty"; then ok; else
			not_ok "config-run at a terminal: questions not asked again: $(tr -d '\r' <"$T_TMP/tty" | head -c 600)"
		fi
	else
		echo "scripts: the terminal dialogue test skipped: no script(1)"
	fi

	# The runner with a tiny configuration: a complete result file that
	# the summary reads, its JSON records beside it.
	RESULTS_DIR=$T_TMP/results run_prog sh "$top/scripts/lmbench" "$BUILD" "$cfg"
	expect_rc 0 "lmbench runner"
	res=$(find "$T_TMP/results" -type f -name "$(uname -n).0")
	if [ -n "$res" ] && head -n 1 "$res" | grep -q '^\[lmbench3.0 results for ' &&
		[ -s "$res.json" ] && tail -n 1 "$res" | grep -q '^\[.*[0-9]\]$'; then ok; else
		not_ok "runner result file: $(ls -R "$T_TMP/results")"
	fi
	if grep -q 'elapsed, about' "$T_TMP/err"; then ok; else not_ok "runner progress: $(head -c 300 "$T_TMP/err")"; fi
	# The summary's last lines: each section's time, then where the file is.
	if grep -Eq 'section times: [A-Z_]+ [0-9]+\.[0-9] s' "$T_TMP/err" &&
		grep -A1 'section times:' "$T_TMP/err" | grep -q 'results in '; then ok; else
		not_ok "runner section times: $(tail -c 300 "$T_TMP/err")"
	fi
	# The header keeps what the machine states, as the truth check's
	# table does: caches and line (sysfs), the processor's generation,
	# the page size, the clock source and /proc/cpuinfo's clock.
	src=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)
	# (cpu MHz may be the last clock sampled, which moves: its shape)
	mhz=$(awk -F': *' '/^cpu MHz/ { print "[0-9.]* MHz"; exit }' /proc/cpuinfo 2>/dev/null)
	fam=$(awk -F': *' '/^cpu family/ { print $2; exit }' /proc/cpuinfo 2>/dev/null)
	if [ -n "$res" ] && grep -q '^\[CACHES:' "$res" &&
		grep -qx "\[PAGE_SIZE: $(getconf PAGESIZE)\]" "$res" &&
		grep -qx "\[CLOCKSOURCE: $src\]" "$res" && grep -qx "\[CPU_CLOCK_STATED: $mhz\]" "$res" &&
		{ [ -z "$fam" ] || grep -q "^\[CPU_ID: .*family $fam model [0-9]*\]\$" "$res"; }; then ok; else
		not_ok "runner header facts: $(grep -E '^\[(CACHES|CPU_ID|PAGE_SIZE|CLOCKSOURCE|CPU_CLOCK_STATED):' "$res" 2>/dev/null | tr '\n' ' ')"
	fi
	# The memory facts (scripts/memfacts): the nodes sysfs states, the
	# speed and modules in their form or "not stated (why)"; the same in
	# the JSON's first record.
	nodes=$(find /sys/devices/system/node -maxdepth 1 -name 'node[0-9]*' 2>/dev/null | wc -l)
	if [ -n "$res" ] && { [ "$nodes" -eq 0 ] || grep -Eqx "\[MEMORY_NODES: node[0-9]+ [0-9]+ MB(, node[0-9]+ [0-9]+ MB){$((nodes - 1))}\]" "$res"; } &&
		grep -Eqx '\[MEMORY_SPEED: ([0-9]+ MT/s.* \(dmidecode\)|not stated \([a-zA-Z ]+\))\]' "$res" &&
		grep -Eqx '\[MEMORY_DIMMS: ([0-9]+ of [0-9]+ slots.* \((dmidecode|EDAC)\)|not stated \([a-zA-Z ;]+\))\]' "$res" &&
		head -n 1 "$res.json" | grep -q '^{"schema":3,"program":"lmbench","args":\[\],"type":"context","memory_nodes":.*,"context":{"host":.*"config":{"BENCHMARK_HARDWARE":.*"MB":"[0-9]*"' &&
		python3 "$top/tests/json_check.py" "$top/doc/lmbench-ng-record.schema.json" "$res.json" >"$T_TMP/jcheck"; then ok; else
		not_ok "runner memory facts and records: $(grep '^\[MEMORY_' "$res" 2>/dev/null | tr '\n' ' ') $(head -n 1 "$res.json" 2>/dev/null | head -c 300) $(head -n 3 "$T_TMP/jcheck")"
	fi
	# bw_bonnie's step, in the table of its own.
	if grep -Eq '^Bonnie block write: [0-9.]+ MB/sec [0-9]+ %CPU$' "$res" &&
		sh "$SUM" "$res" | grep -A 5 '^Bonnie file I/O' | tail -n 1 | awk '{ exit !($4 + 0 > 0) }'; then ok; else
		not_ok "runner bw_bonnie step: $(grep -i bonnie "$res" | head -n 3)"
	fi
	run_prog sh "$SUM" "$res"
	# Every figure the programs built so far give is in the tables:
	# table:column (1-based, after host and OS) of each.
	cells="1:4 1:5 1:6 1:7 2:3 3:3 3:4 3:5 3:6 3:7 4:3 4:5 4:6 4:7 5:3 5:4 5:5 5:6 6:3 6:4 6:5 6:6 12:3 2:4 2:5 2:6 2:7 2:8 2:9 2:10 2:11 2:12 7:3 7:4 7:5 7:6 7:7 7:8 7:9 8:3 8:4 8:5 8:6 8:8 8:10 11:5 10:3 10:4 10:5 10:6 10:7 10:8 10:9 10:10 11:3 11:4 11:6 11:7 11:8 11:9 11:10 11:11 12:4 12:5 12:6 12:7"
	[ -x "$BUILD/lat_rpc" ] && cells="$cells 8:7 8:9"
	# The cross-CPU figures (LMBENCH_SCHED=CROSS, after the classic
	# ones): one line each, the JSON records placed CROSS, the table
	# filled; with one CPU each is skipped.
	if [ "$(nproc)" -ge 2 ]; then
		n=0
		for c in "lat_pipe -P 1" "lat_unix -P 1" "lat_ctx -P 1 -s 0 2" "lat_ctx -P 1 -s 16 2" \
			"lat_udp -P 1 localhost" "lat_tcp -P 1 localhost" "lat_connect localhost"; do
			grep -q "^\[CROSS-CPU: $c: [0-9.]* microseconds\]\$" "$res" && n=$((n + 1))
		done
		for c in "bw_pipe -P 1" "bw_unix -P 1"; do
			grep -q "^\[CROSS-CPU: $c: [0-9.]* MB/sec\]\$" "$res" && n=$((n + 1))
		done
		if [ "$n" -eq 9 ] && [ "$(grep -c '"placement":{"policy":"CROSS","text":"CROSS .*shared=' "$res.json")" -ge 9 ]; then ok; else
			not_ok "cross-CPU lines: $n of 9: $(sed -n '/^\[CROSS-CPU: begin/,/^\[CROSS-CPU: end/p' "$res" | head -n 12)"
		fi
		cells="$cells 13:3 13:4 13:5 13:6 13:7 13:8 13:9 13:10 13:11"
	else
		if [ "$(sed -n '/^\[CROSS-CPU: begin/,/^\[CROSS-CPU: end/p' "$res" | grep -c '^\[SKIPPED: ')" -eq 9 ]; then ok; else
			not_ok "cross-CPU lines on one CPU: not 9 skipped"
		fi
	fi
	if awk -v cells="$cells" '
		/^--------- -------------/ { n++; nf = split($0, d, " "); pos = 1
			for (k = 1; k <= nf; k++) { s[n, k] = index(substr($0, pos), d[k]) + pos - 1; w[n, k] = length(d[k]); pos = s[n, k] + w[n, k] }
			cols[n] = nf; next }
		n > 0 && /^[^ -]/ && !done[n]++ { for (k = 3; k <= cols[n]; k++) cell[n, k] = substr($0, s[n, k], w[n, k] + 0) }
		END {
			split(cells, want, " ")
			for (i in want) { split(want[i], tc, ":"); v = cell[tc[1], tc[2]]; gsub(/ /, "", v)
				if (v == "") { printf "table %d column %d empty\n", tc[1], tc[2]; bad = 1 } }
			exit bad }' "$T_TMP/out" >"$T_TMP/cells"; then
		ok
	else
		not_ok "summary of a fresh run: $(cat "$T_TMP/cells")"
	fi

	# A program made to fail (LMBENCH_FAIL, the runner's knob for this):
	# everything else is saved, the file and its JSON name the failure,
	# the run exits 1, and make see shows the cell as FAIL.
	sub=$T_TMP/CONFIG.sub
	cat >"$sub" <<EOF
MB='8'
ENOUGH='500'
FSDIR='$T_TMP'
BENCHMARK_HARDWARE='NO'
BENCHMARK_OS='NO'
BENCHMARK_SYSCALL='YES'
BENCHMARK_PIPE='YES'
EOF
	LMBENCH_FAIL=lat_pipe RESULTS_DIR=$T_TMP/rfail run_prog sh "$top/scripts/lmbench" "$BUILD" "$sub"
	expect_rc 1 "runner with a failing program"
	f=$(find "$T_TMP/rfail" -type f -name "$(uname -n).0")
	if [ -n "$f" ] && grep -q '^\[FAILED: lat_pipe -P 1: status 1: lat_pipe: failed on purpose (LMBENCH_FAIL)\]$' "$f" &&
		grep -q '^Simple syscall: [0-9]' "$f" && grep -q '^Pipe bandwidth: [0-9]' "$f"; then ok; else
		not_ok "failed run's file: $(grep -v '^\[mount' "$f" 2>/dev/null | tail -n 12)"
	fi
	if grep -q '^{"schema":3,"program":"lat_pipe","args":\["-P","1"\],"status":"failed","exit":1,"error":"lat_pipe: failed on purpose (LMBENCH_FAIL)","context":{"host":.*}}$' "$f.json" &&
		python3 "$top/tests/json_check.py" "$top/doc/lmbench-ng-record.schema.json" "$f.json" >/dev/null &&
		[ "$(grep -c '"metric":"Simple syscall"' "$f.json")" -eq 1 ]; then ok; else
		not_ok "failed run's JSON: $(grep -v "metric\|context" "$f.json" 2>/dev/null | head -n 3)"
	fi
	if grep -q 'failed; see the \[FAILED' "$T_TMP/err"; then ok; else not_ok "failed run: no final message: $(tail -n 2 "$T_TMP/err")"; fi
	run_prog sh "$SUM" "$f"
	# The null call cell (columns 30-33 of the processor row) holds a
	# figure: 0.3 us on one machine, 1.01 on another under PTI.
	# (a run without operations: no operation tables, as getsummary)
	if titled "$(uname -n)" "*Local* Communication latencies" | grep -q "FAIL" &&
		titled "$(uname -n)" "Processor, Processes" | cut -c30-33 | grep -Eq '^[0-9]+\.?[0-9]*$' &&
		! grep -q '^Basic integer operations' "$T_TMP/out"; then ok; else
		not_ok "summary of a failed run: $(titled "$(uname -n)" "*Local* Communication latencies") / $(titled "$(uname -n)" "Processor, Processes")"
	fi

	# Skipped (77) and killed, through the same knob.
	LMBENCH_FAIL=lat_pipe:77,bw_pipe:SIGKILL RESULTS_DIR=$T_TMP/rskip run_prog sh "$top/scripts/lmbench" "$BUILD" "$sub"
	expect_rc 1 "runner with a skipped and a killed program"
	f=$(find "$T_TMP/rskip" -type f -name "$(uname -n).0")
	if [ -n "$f" ] && grep -q '^\[SKIPPED: lat_pipe -P 1: lat_pipe: not supported here, on purpose (LMBENCH_FAIL)\]$' "$f" &&
		grep -q '^\[FAILED: bw_pipe -P 1: status 137: killed by SIGKILL\]$' "$f" &&
		grep -q '"program":"lat_pipe","args":\["-P","1"\],"status":"skipped","exit":77,' "$f.json" &&
		grep -q '"program":"bw_pipe","args":\["-P","1"\],"status":"failed","exit":137,"error":"killed by SIGKILL"' "$f.json"; then ok; else
		not_ok "skipped and killed: $(grep '^\[FAILED\|^\[SKIPPED' "$f" 2>/dev/null) $(grep status "$f.json" 2>/dev/null)"
	fi

	# Output that is not a result (status 0, no figure: LMBENCH_FAIL's
	# :0) is a failure too, named as such.
	grep -v '^BENCHMARK_SYSCALL' "$sub" >"$T_TMP/CONFIG.pipe"
	LMBENCH_FAIL=lat_pipe:0 RESULTS_DIR=$T_TMP/rjunk run_prog sh "$top/scripts/lmbench" "$BUILD" "$T_TMP/CONFIG.pipe"
	expect_rc 1 "runner with a program whose output is not a result"
	f=$(find "$T_TMP/rjunk" -type f -name "$(uname -n).0")
	if [ -n "$f" ] && grep -q '^\[FAILED: lat_pipe -P 1: status 0: output not understood (no figure in its output)\]$' "$f" &&
		grep -q '"program":"lat_pipe","args":\["-P","1"\],"status":"failed","exit":0,"error":"output not understood (no figure in its output)"' "$f.json" &&
		grep -q '^Pipe bandwidth: [0-9]' "$f"; then ok; else
		not_ok "output not understood: $(grep '^\[FAILED' "$f" 2>/dev/null | head -n 2) $(grep status "$f.json" 2>/dev/null | head -n 2)"
	fi

	# One CPU (taskset -c 0): the cross-CPU runs are skipped, with their
	# reason, in the file and the JSON; the run still succeeds.
	if command -v taskset >/dev/null 2>&1; then
		RESULTS_DIR=$T_TMP/rone run_prog taskset -c 0 sh "$top/scripts/lmbench" "$BUILD" "$sub"
		expect_rc 0 "runner on one CPU"
		f=$(find "$T_TMP/rone" -type f -name "$(uname -n).0")
		if [ -n "$f" ] && grep -q '^Pipe latency: [0-9]' "$f" &&
			sed -n '/^\[CROSS-CPU: begin/,/^\[CROSS-CPU: end\]$/p' "$f" | grep -q '^\[SKIPPED: lat_pipe -P 1: lat_pipe: .*CROSS.*\]$' &&
			sed -n '/^\[CROSS-CPU: begin/,/^\[CROSS-CPU: end\]$/p' "$f" | grep -q '^\[SKIPPED: bw_pipe -P 1: ' &&
			grep -q '"program":"lat_pipe","args":\["-P","1"\],"placement":{"policy":"CROSS"},"status":"skipped","exit":77,' "$f.json"; then ok; else
			not_ok "one CPU: $(sed -n '/^\[CROSS-CPU: begin/,$p' "$f" 2>/dev/null | head -n 5) $(tail -n 2 "$T_TMP/err")"
		fi
	else
		echo "scripts: the one-CPU runner test skipped: no taskset(1)"
	fi

	# A program stopped by its LMBENCH_TIMEOUT: 2 s measurements, 1 s
	# allowed (lat_select's eight runs skipped: each would wait its 1 s;
	# the loop overhead given: loop_o takes 74 s to measure it at 2 s).
	sed "s/^ENOUGH=.*/ENOUGH='2000000'/; /^BENCHMARK_PIPE/d" "$sub" >"$T_TMP/CONFIG.slow"
	LOOP_O=0.001 LMBENCH_FAIL=lat_select:77 LMBENCH_TIMEOUT=1 RESULTS_DIR=$T_TMP/rslow run_prog sh "$top/scripts/lmbench" "$BUILD" "$T_TMP/CONFIG.slow"
	expect_rc 1 "runner with a program past LMBENCH_TIMEOUT"
	f=$(find "$T_TMP/rslow" -type f -name "$(uname -n).0")
	if [ -n "$f" ] && grep -q '^\[FAILED: lat_syscall -P 1 null: status 1: timed out: still running after 1 s (LMBENCH_TIMEOUT)\]$' "$f" &&
		grep -q '"program":"lat_syscall","args":\["-P","1","null"\],"status":"failed","exit":1,"error":"timed out: still running after 1 s (LMBENCH_TIMEOUT)"' "$f.json"; then ok; else
		not_ok "timed out: $(grep '^\[FAILED' "$f" 2>/dev/null | head -n 2) $(head -c 300 "$T_TMP/err")"
	fi

	# The CI gate end to end: a clean run of the same configuration as
	# base; against it, the run with a failing program and the run with
	# a program past LMBENCH_TIMEOUT each fail compare's gate (exit 1)
	# and name the failure; the clean run against itself passes.
	RESULTS_DIR=$T_TMP/rbase run_prog sh "$top/scripts/lmbench" "$BUILD" "$sub"
	expect_rc 0 "runner, base for the gate"
	base=$(find "$T_TMP/rbase" -type f -name "$(uname -n).0")
	for new in rfail rslow; do
		nf=$(find "$T_TMP/$new" -type f -name "$(uname -n).0")
		LMBENCH_COMPARE=$BUILD/lmbench-compare run_prog sh "$top/scripts/compare" --fail-on-regression "$base" "$nf"
		expect_rc 1 "compare gate against the $new run"
		case $new in rfail) what=lat_pipe ;; *) what=lat_syscall ;; esac
		if grep -qi "fail" "$T_TMP/out" && grep -q "$what" "$T_TMP/out"; then ok; else
			not_ok "compare gate against $new: $what's failure not named: $(head -c 600 "$T_TMP/out")"
		fi
	done
	LMBENCH_COMPARE=$BUILD/lmbench-compare run_prog sh "$top/scripts/compare" --fail-on-regression --threshold 1000 "$base" "$base"
	expect_rc 0 "compare gate, the base against itself"

	# (servers by PID: a pattern would match another checkout's)
	abs=$(cd "$BUILD" && pwd)
	# An interrupted run leaves no result file, complete-looking or not,
	# and no server: stopped early, and in its network section.
	for at in 2 net; do
		RESULTS_DIR=$T_TMP/results2 sh "$top/scripts/lmbench" "$BUILD" "$cfg" >/dev/null 2>"$T_TMP/progress" &
		pid=$!
		if [ "$at" = net ]; then
			i=0
			while ! grep -q '^\[NET\]' "$T_TMP/progress" && [ $i -lt 300 ]; do
				sleep 0.1
				i=$((i + 1))
			done
		else
			sleep "$at"
		fi
		kill -TERM "$pid"
		wait "$pid"
		if [ -z "$(find "$T_TMP/results2" -type f 2>/dev/null)" ]; then ok; else
			not_ok "run interrupted at $at left: $(find "$T_TMP/results2" -type f)"
		fi
		sleep 0.3
		left=$(net_servers "$abs")
		if [ -z "$left" ]; then ok; else
			not_ok "run interrupted at $at left servers: $(echo "$left" | tr '\n' ' ')"
			for p in $left; do kill "$p" 2>/dev/null; done
		fi
	done
fi
# The suite's steps and the programs they run: each SUITE row of
# scripts/suite names a step, step_STEP, defined there (a section of
# several programs' parts) or in a program's src/programs/NAME.steps;
# the registry's steps= says whose each step is (LMBENCH_ONLY goes by
# it).  Held both ways: a program's steps= names rows, and each step_
# function of its file; its file names (outside comments and quoted
# strings) no program but itself and its server=; a section step of
# scripts/suite is in the steps= of the programs whose parts it runs.
SU=$top/scripts/suite
PT=$top/src/programs.tab
LM=$top/scripts/lmbench
# code FILE: its text, comments and quoted strings left out.
code() { awk '{ sub(/(^|[ \t])#.*/, ""); gsub(/"[^"]*"/, ""); gsub(/'"'"'[^'"'"']*'"'"'/, ""); print }' "$1"; }
# suite_problems SUITE REGISTRY STEPSDIR: a line for each way they disagree.
suite_problems() {
	su=$1 pt=$2 sd=$3
	sed -n "/^SUITE='/,/^'/p" "$su" | grep '|' | cut -d'|' -f5 | sort -u >"$T_TMP/rowsteps"
	names=" $(registry_names "$pt" | tr '\n' ' ') "
	while read -r st; do
		[ "$st" = out ] && continue
		grep -q "^step_$st() {" "$su" "$sd"/*.steps || echo "$st: a SUITE row, no step_$st"
	done <"$T_TMP/rowsteps"
	for f in "$sd"/*.steps; do
		n=${f##*/}
		n=${n%.steps}
		case $names in *" $n "*) ;; *) echo "$n.steps: no program $n in the registry" ;; esac
		own=",$(registry_attr "$n" steps "$pt"),"
		server=$(registry_attr "$n" server "$pt")
		# shellcheck disable=SC2013 # one name a line
		for fn in $(sed -n 's/^step_\([a-z0-9_]*\)() {.*/\1/p' "$f"); do
			case $own in *",$fn,"*) ;; *) echo "$n.steps: step_$fn, not in its steps=" ;; esac
		done
		for w in $(code "$f" | tr -c 'a-z0-9_\n' ' ' | tr ' ' '\n' | sort -u); do
			[ "$w" = "$n" ] || [ "$w" = "$server" ] && continue
			case $names in *" $w "*) echo "$n.steps: names $w" ;; esac
		done
		for st in $(echo "$own" | tr ',' ' '); do
			grep -qx "$st" "$T_TMP/rowsteps" || echo "$n: steps=$st, no SUITE row"
			grep -q "^step_$st() {" "$f" && continue
			if grep -q "^step_$st() {" "$su"; then
				# a section of parts: the program's file gives one
				grep -q '^\(net\|beyond\)_[a-z0-9_]*() {' "$f" || echo "$n: steps=$st, a section, and no part of it in $n.steps"
			else
				echo "$n: steps=$st, no step_$st in $n.steps"
			fi
		done
		if grep -q '^net_[a-z0-9_]*() {' "$f"; then
			case $own in *,net_local,*) ;; *) echo "$n.steps: network parts, not in steps=net_local" ;; esac
		fi
		if grep -q '^beyond_[a-z0-9_]*() {' "$f"; then
			case $own in *,mem_beyond,*) ;; *) echo "$n.steps: a part beyond lmbench, not in steps=mem_beyond" ;; esac
		fi
	done
	for w in $(code "$su" | tr -c 'a-z0-9_\n' ' ' | tr ' ' '\n' | sort -u); do
		case $names in *" $w "*) echo "scripts/suite names $w" ;; esac
	done
	# a step defined twice (the file sourced last would win)
	sed -n 's/^\(step_[a-z0-9_]*\)() {.*/\1/p' "$su" "$sd"/*.steps | sort | uniq -d | sed 's/$/: defined twice/'
	# The sections' parts: each part of a list in scripts/suite is
	# defined, in one program's file, whose steps= names the sections
	# that run the list; and each part defined is in a list.
	for list in NET_SERVED:net_serve_:net_local,net_remote NET_PARTS:net_:net_local,net_remote \
		NET_PARTS:net_stop_:net_local,net_remote NET_CROSS:net_:cross_net BEYOND_PARTS:beyond_:mem_beyond; do
		lname=${list%%:*} rest=${list#*:}
		pre=${rest%%:*} secs=${rest#*:}
		# shellcheck disable=SC2013 # one part a word
		for part in $(sed -n "s/^$lname=\"\(.*\)\"$/\1/p" "$su"); do
			f=$(grep -l "^$pre$part() {" "$sd"/*.steps)
			if [ "$(echo "$f" | grep -c .)" -ne 1 ]; then echo "$lname: $pre$part defined in $(echo "$f" | grep -c .) files"; continue; fi
			n=${f##*/}
			n=${n%.steps}
			for sec in $(echo "$secs" | tr ',' ' '); do
				case ",$(registry_attr "$n" steps "$pt")," in *",$sec,"*) ;; *) echo "$n: runs $pre$part in $lname, not steps=$sec" ;; esac
			done
		done
	done
	# shellcheck disable=SC2013 # one name a line
	for fn in $(sed -n 's/^\(\(net\|beyond\)_[a-z0-9_]*\)() {.*/\1/p' "$sd"/*.steps); do
		p=${fn#net_serve_}
		p=${p#net_stop_}
		p=${p#net_}
		p=${p#beyond_}
		grep -q "^\(NET_SERVED\|NET_PARTS\|NET_CROSS\|BEYOND_PARTS\)=\".*\b$p\b" "$su" || echo "$fn: a part in no list of scripts/suite"
	done
}
nrows=$(sed -n "/^SUITE='/,/^'/p" "$SU" | grep -c '|')
out=$(suite_problems "$SU" "$PT" "$top/src/programs")
if [ "$nrows" -gt 40 ] && [ -z "$out" ]; then ok; else not_ok "SUITE's steps and the registry's steps= ($nrows rows): $(echo "$out" | head -5 | tr '\n' ';')"; fi
# Each kind of disagreement planted in a copy is seen.
mkdir -p "$T_TMP/sd"
cp "$top"/src/programs/*.steps "$T_TMP/sd/"
sed 's/ steps=syscall / /' "$PT" >"$T_TMP/pt"
printf 'step_extra() { run lat_pipe; }\n' >>"$T_TMP/sd/lat_ops.steps"
sed 's/^OS|3|-|OS SELECT|select$/OS|3|-|OS SELECT|selects/' "$SU" >"$T_TMP/su"
printf 'step_ops() { :; }\nnet_gopher() { :; }\n' >>"$T_TMP/sd/lat_ops.steps"
sed -i 's/^NET_CROSS="udp tcp connect"$/NET_CROSS="udp tcp connect rpc"/; s/^BEYOND_PARTS="load peak c2c numa"$/BEYOND_PARTS="load peak c2c numa tlb"/' "$T_TMP/su"
out=$(suite_problems "$T_TMP/su" "$T_TMP/pt" "$T_TMP/sd")
for want in "lat_syscall.steps: step_syscall, not in its steps=" "lat_ops.steps: step_extra, not in its steps=" \
	"lat_ops.steps: names lat_pipe" "selects: a SUITE row, no step_selects" "lat_select: steps=select, no SUITE row" \
	"step_ops: defined twice" "lat_rpc: runs net_rpc in NET_CROSS, not steps=cross_net" \
	"BEYOND_PARTS: beyond_tlb defined in 0 files" "net_gopher: a part in no list"; do
	case $out in *"$want"*) ok ;; *) not_ok "suite_problems did not see: $want ($(echo "$out" | tr '\n' ';'))" ;; esac
done

if [ -n "$BUILD" ] && [ -x "$BUILD/lat_pipe" ]; then
	# lmbench-ng run PROGRAM...: just those programs' steps through the
	# runner (header, calibration, records, the cross-CPU run of a two-party
	# program), the run saying which; a name that is no program refused.
	NG=$top/scripts/lmbench-ng
	LMBENCH_RESULTS=$T_TMP/only run_prog sh "$NG" run --defaults lat_pipe MB=8 ENOUGH=500 "FSDIR=$T_TMP"
	expect_rc 0 "lmbench-ng run lat_pipe"
	f=$(find "$T_TMP/only" -type f -name "$(uname -n).0")
	if [ -n "$f" ] && grep -q '^Pipe latency: [0-9]' "$f" && grep -qx '\[ONLY: lat_pipe\]' "$f" &&
		! grep -q '^Simple syscall\|^"libc bcopy\|^Memory load latency' "$f" &&
		{ [ "$(nproc)" -lt 2 ] || grep -q '^\[CROSS-CPU: lat_pipe -P 1: [0-9.]* microseconds\]$' "$f"; } &&
		grep -q '"config":{.*"LMBENCH_ONLY":"lat_pipe"' "$f.json" &&
		[ "$(grep -c '"metric"' "$f.json")" -eq "$(grep -c '"program":"lat_pipe".*"metric"' "$f.json")" ] &&
		python3 "$top/tests/json_check.py" "$top/doc/lmbench-ng-record.schema.json" "$f.json" >/dev/null; then ok; else
		not_ok "lmbench-ng run lat_pipe: $(grep -v '^\[' "$f" 2>/dev/null | head -n 5) $(tail -n 2 "$T_TMP/err")"
	fi
	if ! grep -q "$(printf '\033')" "$T_TMP/err" && grep -q '^\[OS\] lat_pipe' "$T_TMP/err"; then ok; else
		not_ok "progress not on a terminal: $(cat -v "$T_TMP/err" | head -n 3)"
	fi
	LMBENCH_RESULTS=$T_TMP/only run_prog sh "$NG" run --defaults lat_pipe no_such_prog MB=8
	if [ "$RC" -eq 2 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && grep -q "'no_such_prog' is neither NAME=VALUE nor a program" "$T_TMP/err"; then ok; else
		not_ok "lmbench-ng run of no program: status $RC: $(cat "$T_TMP/err")"
	fi
	LMBENCH_ONLY="lat_pipe ../bin/x" run_prog sh "$LM" "$BUILD" "$cfg"
	if [ "$RC" -eq 2 ] && grep -q "^lmbench: bad LMBENCH_ONLY 'lat_pipe ../bin/x': no program '../bin/x' in " "$T_TMP/err"; then ok; else
		not_ok "runner with a bad LMBENCH_ONLY: status $RC: $(cat "$T_TMP/err")"
	fi
	# A tree whose registry lacks a program's steps, or has no registry:
	# the runner stops before measuring, saying which.
	mkdir -p "$T_TMP/tree/src/programs"
	cp -R "$top/scripts" "$T_TMP/tree/"
	cp "$top"/src/programs/*.steps "$T_TMP/tree/src/programs/"
	cp "$top/src/programs.tab" "$T_TMP/tree/src/"
	rm "$T_TMP/tree/src/programs/lat_pipe.steps"
	LMBENCH_ONLY=lat_pipe RESULTS_DIR=$T_TMP/tree/r run_prog sh "$T_TMP/tree/scripts/lmbench" "$BUILD" "$cfg"
	if [ "$RC" -eq 1 ] && grep -q "^lmbench: the suite's steps without their step_ function .*: pipe_lat$" "$T_TMP/err" &&
		[ ! -d "$T_TMP/tree/r" ]; then ok; else not_ok "runner without lat_pipe.steps: status $RC: $(cat "$T_TMP/err")"; fi
	rm "$T_TMP/tree/src/programs.tab"
	LMBENCH_ONLY=lat_pipe RESULTS_DIR=$T_TMP/tree/r run_prog sh "$T_TMP/tree/scripts/lmbench" "$BUILD" "$cfg"
	if [ "$RC" -eq 1 ] && grep -q "^lmbench: no registry " "$T_TMP/err"; then ok; else not_ok "runner without a registry: status $RC: $(cat "$T_TMP/err")"; fi
	# On a terminal the progress is one line redrawn in place (a bar, the
	# percentage, the section and the program).
	if command -v script >/dev/null 2>&1; then
		LMBENCH_RESULTS=$T_TMP/only TERM=xterm COLUMNS=120 timeout 120 script -qec \
			"sh $NG run --defaults lat_syscall MB=8 ENOUGH=500 FSDIR=$T_TMP" /dev/null >"$T_TMP/tty" 2>&1
		esc=$(printf '\033')
		if tr '\r' '\n' <"$T_TMP/tty" | grep -q "^$esc\[K\[[#.]\{20\}\] *[0-9]*% OS: lat_syscall -P 1 null (" &&
			grep -q '^\[finished\] results in ' "$T_TMP/tty"; then ok; else
			not_ok "progress bar on a terminal: $(tr '\r' '\n' <"$T_TMP/tty" | cat -v | head -n 6)"
		fi
	else
		echo "scripts: the progress bar test skipped: no script(1)"
	fi
fi

# scripts/memfacts on fixtures (a fake sysfs, dmidecode outputs): what
# the machine states, in the header's form and as the context record;
# nothing where it states nothing.
MF=$top/tests/fixtures/memfacts
memfacts() { LMBENCH_SYSROOT=$1 LMBENCH_DMIDECODE=$2 sh "$top/scripts/memfacts" ${3:+"$3"}; }
expect_eq() { if [ "$2" = "$3" ]; then ok; else not_ok "$1: wanted '$2', got '$3'"; fi; }
expect_eq "memfacts, two nodes, a server's dmidecode" "[MEMORY_NODES: node0 64312 MB, node1 64511 MB]
[MEMORY_SPEED: 4800 MT/s, 4400 MT/s (dmidecode)]
[MEMORY_DIMMS: 4 of 5 slots; P0 channel 0 1/2, P0 channel 1 2/2, P1 channel 0 1/1 (dmidecode)]" "$(memfacts "$MF" "$MF/server.dmi")"
expect_eq "memfacts, a desktop's dmidecode (channels in the locator, the older speed key)" "[MEMORY_SPEED: 2133 MT/s (dmidecode)]
[MEMORY_DIMMS: 2 of 4 slots; channel A 1/2, channel B 1/2 (dmidecode)]" "$(memfacts "$MF" "$MF/desktop.dmi" | tail -n 2)"
expect_eq "memfacts, no channels in dmidecode: EDAC's" "[MEMORY_SPEED: not stated (DMI states none)]
[MEMORY_DIMMS: 3 of 4 slots; mc0 channel 0 1/2, mc0 channel 1 1/1, mc1 channel 0 1/1 (EDAC)]" "$(memfacts "$MF" "$MF/qemu.dmi" | tail -n 2)"
expect_eq "memfacts, no channels anywhere: the count" "[MEMORY_DIMMS: 1 of 1 slots (dmidecode)]" "$(memfacts "$MF/none" "$MF/qemu.dmi" | tail -n 1)"
expect_eq "memfacts, nothing stated" "[MEMORY_NODES: not stated (no NUMA nodes in sysfs)]
[MEMORY_SPEED: not stated (no dmidecode)]
[MEMORY_DIMMS: not stated (no dmidecode; no EDAC)]" "$(memfacts "$MF/none" none)"
printf 'Handle 0x1, DMI type 16\nPhysical Memory Array\n\tLocation: Other\n' >"$T_TMP/nodev.dmi"
expect_eq "memfacts, DMI without memory devices" "[MEMORY_SPEED: not stated (no DMI memory tables)]
[MEMORY_DIMMS: not stated (no DMI memory tables; no EDAC)]" "$(memfacts "$MF/none" "$T_TMP/nodev.dmi" | tail -n 2)"
expect_eq "memfacts -j, nothing stated" '{"schema":3,"program":"lmbench","args":[],"type":"context","memory_nodes":null,"memory_speed":null,"memory_dimms":null}' "$(memfacts "$MF/none" none -j)"
printf 'Handle 0x1, DMI type 17\nMemory Device\n\tSize: 8 GB\n\tLocator: DIMM_"A\\1\n\tConfigured Memory Speed: 3200 MT/s "x\\y"\n' >"$T_TMP/quote.dmi"
expect_eq "memfacts -j, quotes and backslashes escaped" '{"schema":3,"program":"lmbench","args":[],"type":"context","memory_nodes":null,"memory_speed":"3200 MT/s \"x\\y\" (dmidecode)","memory_dimms":"1 of 1 slots (dmidecode)"}' "$(memfacts "$MF/none" "$T_TMP/quote.dmi" -j)"
# Firmware bytes that are not UTF-8: U+FFFD each, the record valid.
printf 'Handle 0x1, DMI type 17\nMemory Device\n\tSize: 8 GB\n\tLocator: DIMM_A\n\tConfigured Memory Speed: 3200 MT/s \377\303\251\n' >"$T_TMP/odd.dmi"
expect_eq "memfacts -j, bytes that are not UTF-8" '{"schema":3,"program":"lmbench","args":[],"type":"context","memory_nodes":null,"memory_speed":"3200 MT/s \ufffdé (dmidecode)","memory_dimms":"1 of 1 slots (dmidecode)"}' "$(memfacts "$MF/none" "$T_TMP/odd.dmi" -j)"

# The files are read by lmbench-compare --classic: one it refuses (binary
# data, no lmbench header) is one line and no row, the others are read;
# with none left, status 2.
printf '[lmbench3.0 results for x]\nSimple syscall: 1\0 microseconds\n' >"$T_TMP/nul.0"
run_prog sh "$SUM" "$T_TMP/nul.0" "$fx/x86_64-linux-gnu/box1.0"
if [ "$RC" -eq 0 ] && [ "$(cat "$T_TMP/err")" = "summary: $T_TMP/nul.0: binary data: not an lmbench result file" ] &&
	cmp -s "$T_TMP/out" "$fx/box1.0.summary"; then ok; else
	not_ok "summary of a binary file and box1.0: status $RC: $(cat "$T_TMP/err")"
fi
run_prog sh "$SUM" "$fx/compare/base.0.json"
if [ "$RC" -eq 2 ] && [ ! -s "$T_TMP/out" ] && [ "$(sed -n 2p "$T_TMP/err")" = "summary: no result file to read" ] &&
	grep -q "^summary: .*base.0.json: not an lmbench result file" "$T_TMP/err"; then ok; else
	not_ok "summary of a file that is no result file: status $RC: $(cat "$T_TMP/err")"
fi
finish scripts
