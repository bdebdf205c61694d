#!/bin/sh
# truth.sh BUILD - where the machine states a fact, the benchmark finds
# it: a requested sleep is never cut short and overshoots little; the
# latency of a double add is a few cycles of the clock mhz measures;
# mhz agrees with the cycle counter where perf can read it.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# value FILE FIELD: field FIELD of the first line of FILE.
value() { awk -v f="$2" 'NR == 1 { print $f }' "$1"; }
between() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo && v + 0 <= hi) }'; }

# Sleeps: at least what was asked, at most 5 ms more (a loaded machine
# wakes late, but not by that much at the median).
run_prog "$BUILD/lat_usleep" -N 5 1000
v=$(value "$T_TMP/err" 4)
if between "$v" 1000 6000; then ok; else not_ok "lat_usleep 1000: $v us"; fi
run_prog "$BUILD/lat_usleep" -N 5 -u nanosleep 10000
v=$(value "$T_TMP/err" 4)
if between "$v" 10000 15000; then ok; else not_ok "lat_usleep -u nanosleep 10000: $v us"; fi
for m in select pselect itimer; do
	run_prog "$BUILD/lat_usleep" -N 5 -u $m 2000
	v=$(value "$T_TMP/err" 4)
	if between "$v" 2000 7000; then ok; else not_ok "lat_usleep -u $m 2000: $v us"; fi
done

# A double add takes a few cycles (2 to 6 on current cores), never 0.
run_prog "$BUILD/mhz" -c
period=$(value "$T_TMP/out" 1)
run_prog "$BUILD/lat_ops"
dadd=$(awk '/^double add:/ { print $3 }' "$T_TMP/err")
cycles=$(awk -v a="$dadd" -v p="$period" 'BEGIN { if (p > 0) printf "%.2f", a / p }')
if between "$cycles" 1.5 6.5; then ok; else not_ok "double add: $dadd ns = $cycles cycles of $period ns"; fi
iadd=$(awk '/^integer add:/ { print $3 }' "$T_TMP/err")
cycles=$(awk -v a="$iadd" -v p="$period" 'BEGIN { if (p > 0) printf "%.2f", a / p }')
if between "$cycles" 0.8 1.5; then ok; else not_ok "integer add: $iadd ns = $cycles cycles"; fi

# mhz against the cycle counter, where perf reads one.
if command -v perf >/dev/null && perf stat -e cycles true 2>&1 | grep -q '[0-9] *cycles'; then
	perf stat -x, -e cycles,task-clock "$BUILD/lat_ops" >/dev/null 2>"$T_TMP/perf"
	ghz=$(awk -F, '/cycles/ { c = $1 } /task-clock/ { t = $1 } END { if (t > 0) printf "%.3f", c / t / 1e6 }' "$T_TMP/perf")
	mhz=$(awk -v p="$period" 'BEGIN { printf "%.3f", 1 / p }')
	if awk -v a="$ghz" -v b="$mhz" 'BEGIN { d = a / b; exit !(d > 0.9 && d < 1.1) }'; then ok; else
		not_ok "mhz ${mhz} GHz, perf ${ghz} GHz"
	fi
else
	echo "truth: mhz against perf cycles skipped: perf cannot count cycles here"
fi
finish truth
