#!/bin/sh
# report.sh - scripts/report on fixture result files: a self-contained
# page (summary tables; with gnuplot, SVG plots of latency, bandwidth per
# kernel and context switches; several files side by side), the page's
# own note when gnuplot is missing, and, where Chromium is installed (CI
# installs it), the page rendered headless: every plot drawn, no console
# error, a screenshot kept in tests/artifacts/report.png.  Bad input:
# status 2.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
REP=$top/scripts/report
FX=$top/tests/fixtures/x86_64-linux-gnu
trap 'rm -rf "$T_TMP"' EXIT
page=$T_TMP/page.html

run_prog sh "$REP" -o "$page" "$FX/box1.0" "$FX/averyveryverylonghostname.3"
expect_rc 0 "report of two files"
if grep -q '^<!DOCTYPE html>' "$page" && grep -q 'L M B E N C H  3 \. 0   S U M M A R Y' "$page" &&
	grep -q '<h2>Every metric, side by side</h2>' "$page" && grep -q '<td>Simple syscall (microseconds)</td>' "$page"; then ok; else
	not_ok "report page: $(head -c 300 "$page")"
fi
# Two runs of one name from two directories are told apart (their
# columns and legends named by as much of the path as differs).
mkdir -p "$T_TMP/a/x86_64-linux-gnu" "$T_TMP/b/x86_64-linux-gnu"
cp "$FX/box1.0" "$T_TMP/a/x86_64-linux-gnu/vm.0"
cp "$FX/garbage.0" "$T_TMP/b/x86_64-linux-gnu/vm.0"
run_prog sh "$REP" -o "$T_TMP/two.html" "$T_TMP/a/x86_64-linux-gnu/vm.0" "$T_TMP/b/x86_64-linux-gnu/vm.0"
if [ "$RC" -eq 0 ] && grep -q '<th>a/x86_64-linux-gnu/vm.0</th>' "$T_TMP/two.html" &&
	grep -q '<th>b/x86_64-linux-gnu/vm.0</th>' "$T_TMP/two.html" && ! grep -q '<th>vm.0</th>' "$T_TMP/two.html"; then ok; else
	not_ok "report of two vm.0: status $RC, columns $(grep -o '<th>[^<]*</th>' "$T_TMP/two.html" | sort -u | tr '\n' ' ')"
fi
# Offline: nothing is fetched (no src= or href= to anywhere).
if ! grep -Eq '(src|href)="?(https?:)?//' "$page"; then ok; else not_ok "report fetches: $(grep -Eo '(src|href)=[^ >]*' "$page" | head -3)"; fi
if command -v gnuplot >/dev/null; then
	n=$(grep -c '<svg' "$page")
	# latency, context switches, the four bw_mem kernels the fixture
	# holds, file and mmap reread, par_mem
	if [ "$n" -eq 9 ] && grep -q 'plots: '"$n" "$page"; then ok; else not_ok "report: $n plots"; fi
	if grep -q '<h2>File and mmap reread</h2>' "$page" && grep -q '<h2>Memory load parallelism</h2>' "$page"; then ok; else
		not_ok "report: no reread or par_mem plots"
	fi
	# Every element id once on the page (gnuplot names them the same in
	# every SVG), size ticks as sizes are written, the legend below.
	dups=$(grep -o "id=[\"'][^\"']*[\"']" "$page" | sort | uniq -d | head -3)
	if [ -z "$dups" ]; then ok; else not_ok "report: ids used twice: $dups"; fi
	if grep -q '>4K</text>' "$page" && grep -q '>1M</text>' "$page" && ! grep -q '0\.0009765' "$page"; then ok; else
		not_ok "report: size ticks not 4K, 1M ..."
	fi
	# every SVG holds drawn paths
	if awk '/<svg/ { s++ } /<path/ && s > p { p = s } END { exit !(s > 0 && p == s) }' "$page"; then ok; else not_ok "report: an empty plot"; fi
	if grep -q "class='gridline'\|<title>Memory load latency\|Memory load latency (lat_mem_rd)" "$page"; then ok; else not_ok "report: latency plot title"; fi
else
	echo "report: plot checks skipped: gnuplot is not installed (Debian: gnuplot-nox)"
fi
# The runner's cross-CPU section (fixtures/cross/box1.2): each two-party
# figure on one CPU (the classic line) beside the same across two, at the
# place scripts/report names (pipe, AF_UNIX, UDP, TCP, TCP conn, ctx
# 2p/0K; pipe and AF_UNIX bandwidth); a failed cross run (TCP) is no
# point.  lmbench's own files get no such plot (box1.0 above: 9 plots).
mkdir "$T_TMP/x"
sh "$top/scripts/compare" --classic "$top/tests/fixtures/cross/box1.2" |
	REPORT_DIR=$T_TMP/x awk -v registry="$top/src/programs.tab" -f "$top/scripts/escape.awk" -f "$top/scripts/lines.awk" \
		-f "$top/scripts/registry.awk" -f "$top/scripts/report.awk"
got=$(awk -F '\t' '$2 ~ /^x/ { printf "%s %s:", $2, $3; while ((getline l < $4) > 0) printf " %s", l; print "" }' "$T_TMP/x/series" | sort)
want='xbw cross-CPU: 2 4990.41 1 1961.48
xbw same CPU: 2 12345.67 1 4567.89
xlat cross-CPU: 1 30.1234 2 41.5 6 25.31 3 52.0 5 61.25
xlat same CPU: 1 4.8123 2 6.1044 3 9.2201 4 12.8800 5 23.4567 6 1.24'
if [ "$got" = "$want" ]; then ok; else not_ok "cross-CPU series: $got"; fi
if command -v gnuplot >/dev/null; then
	run_prog sh "$REP" -o "$T_TMP/cross.html" "$top/tests/fixtures/cross/box1.2"
	expect_rc 0 "report of a file with a cross-CPU section"
	if [ "$(grep -c '<svg' "$T_TMP/cross.html")" -eq 11 ] && grep -q '<h2>Same CPU and cross-CPU</h2>' "$T_TMP/cross.html" &&
		[ "$(grep -c '>cross-CPU<' "$T_TMP/cross.html")" -eq 2 ] && [ "$(grep -c '>same CPU<' "$T_TMP/cross.html")" -eq 2 ] &&
		grep -q '>ctx 2p/0K<' "$T_TMP/cross.html"; then ok; else
		not_ok "cross-CPU plots: $(grep -c '<svg' "$T_TMP/cross.html") plots, $(grep -c '>cross-CPU<' "$T_TMP/cross.html") cross-CPU keys"
	fi
	if ! grep -q 'Same CPU and cross-CPU' "$page"; then ok; else not_ok "report plots cross-CPU figures of files without any"; fi
fi
# The machine facts table; nothing meant for tests or lmbench's banner
# shown; valid HTML (tidy, where installed: CI installs it).
if grep -q '<h2>Machines</h2>' "$page" && grep -q '<tr><td>PROCESSORS</td><td>16</td>' "$page"; then ok; else
	not_ok "report: no facts table"
fi
if ! grep -q 'Alpha software' "$page" && grep -q '<p id="plotcheck" [^>]*hidden>' "$page"; then ok; else
	not_ok "report: the banner or the test hook shows"
fi
if command -v tidy >/dev/null; then
	if tidy -q -e "$page" >"$T_TMP/tidy" 2>&1; then ok; else not_ok "tidy: $(head -n 3 "$T_TMP/tidy")"; fi
else
	echo "report: HTML check skipped: tidy is not installed (Debian: tidy)"
fi
# A file with its JSON records beside it (fixtures/report/box2.0): the
# samples' spread as error bars on latency and bandwidth, a bad record
# ignored; STREAM's kernels; the facts the runner writes.
if command -v gnuplot >/dev/null; then
	run_prog sh "$REP" -o "$T_TMP/json.html" "$top/tests/fixtures/report/box2.0"
	expect_rc 0 "report of a file with JSON records"
	mkdir "$T_TMP/j"
	sh "$top/scripts/compare" --samples "$top/tests/fixtures/report/box2.0.json" >"$T_TMP/samples"
	REPORT_DIR=$T_TMP/j awk -v phase=json -v fi=1 -v registry="$top/src/programs.tab" -f "$top/scripts/escape.awk" \
		-f "$top/scripts/lines.awk" -f "$top/scripts/registry.awk" -f "$top/scripts/report.awk" "$T_TMP/samples"
	got=$(awk -F '\t' '{ printf "%s %s:", $2, $3; while ((getline l < $4) > 0) printf " [%s]", l; print "" }' "$T_TMP/j/errors" | sort)
	want='bw frd: [0.00390625 52000.1 51000 53500]
lat stride 64: [0.00048828125 1.1 1.1 1.3] [0.0625 3.9 3.9 5.2]'
	if [ "$got" = "$want" ]; then ok; else not_ok "report: error bars from JSON: $got"; fi
	# Records of a newer schema: refused by the reader with a line, the
	# page made from the classic file all the same.
	mkdir "$T_TMP/v4"
	cp "$top/tests/fixtures/report/box2.0" "$T_TMP/v4/box2.0"
	sed 's/"schema":1/"schema":4/' "$top/tests/fixtures/report/box2.0.json" >"$T_TMP/v4/box2.0.json"
	run_prog sh "$REP" -o "$T_TMP/v4.html" "$T_TMP/v4/box2.0"
	if [ "$RC" -eq 0 ] && grep -q "^report: the samples of $T_TMP/v4/box2.0 left out: .*schema newer than this lmbench-ng reads" "$T_TMP/err" &&
		grep -q '<h2>STREAM</h2>' "$T_TMP/v4.html"; then ok; else
		not_ok "report of a newer schema's records: status $RC: $(head -c 300 "$T_TMP/err")"
	fi
	if grep -q '<h2>STREAM</h2>' "$T_TMP/json.html" && grep -q '<tr><td>CPU_MODEL</td><td>Example CPU 3000</td>' "$T_TMP/json.html"; then ok; else
		not_ok "report: no STREAM plot or CPU_MODEL fact"
	fi
	# The memory configuration the header states; an empty one not shown.
	if grep -q '<tr><td>MEMORY_NODES</td><td>node0 64312 MB, node1 64511 MB</td>' "$T_TMP/json.html" &&
		grep -q '<tr><td>MEMORY_SPEED</td><td>4800 MT/s (dmidecode)</td>' "$T_TMP/json.html" &&
		! grep -q '<td>MEMORY_DIMMS</td>' "$T_TMP/json.html"; then ok; else
		not_ok "report: memory facts: $(grep -o '<tr><td>MEMORY_[^/]*' "$T_TMP/json.html" | tr '\n' ' ')"
	fi
fi

# Failed and skipped runs are listed, and FAIL shows in the summary.
run_prog sh "$REP" -o "$T_TMP/failed.html" "$top/tests/fixtures/failures/box1.1"
expect_rc 0 "report of a file with failures"
if grep -q '<h2>Failed and skipped runs</h2>' "$T_TMP/failed.html" &&
	[ "$(grep -c '^<li>box1.1: <code>\[FAILED: ' "$T_TMP/failed.html")" -eq 4 ] &&
	[ "$(grep -c '^<li>box1.1: <code>\[SKIPPED: ' "$T_TMP/failed.html")" -eq 1 ] &&
	grep -q '2994 FAIL 0.11' "$T_TMP/failed.html"; then ok; else
	not_ok "report of failures: $(grep -n 'FAIL' "$T_TMP/failed.html" | head -5)"
fi
if ! grep -q 'Failed and skipped' "$page"; then ok; else not_ok "report lists failures of files without any"; fi
# The escapes the page uses (escape.awk): hostile strings in
# tests/hostile_scripts.sh.

# Without gnuplot the page says how to get the plots.
run_prog env GNUPLOT=/nonexistent/gnuplot sh "$REP" -o "$T_TMP/noplot.html" "$FX/box1.0"
expect_rc 0 "report without gnuplot"
if grep -q 'apt-get install gnuplot-nox' "$T_TMP/noplot.html" && ! grep -q '<svg' "$T_TMP/noplot.html"; then ok; else
	not_ok "report without gnuplot: no note"
fi

# Headless Chromium: every plot drawn, no console error, a screenshot.
browser=$(browser_find)
if [ -n "$browser" ] && command -v gnuplot >/dev/null; then
	browser_run "$browser" --enable-logging=stderr --v=0 --dump-dom "file://$page" >"$T_TMP/dom" 2>"$T_TMP/log"
	want=$(grep -o 'data-expected="[0-9]*"' "$page" | tr -dc 0-9)
	if grep -q "plots drawn: $want of $want" "$T_TMP/dom" && [ "$want" -gt 0 ]; then ok; else
		not_ok "chromium: $(grep -o 'plots drawn: [0-9]* of [0-9]*' "$T_TMP/dom") (want $want of $want)"
	fi
	browser_console "$T_TMP/log"
	browser_shot "$browser" "$page" report 1200,3000
else
	echo "report: browser checks skipped: needs chromium and gnuplot (Debian: chromium, gnuplot-nox)"
fi

# Bad input: status 2, one line.
printf 'not a result\n' >"$T_TMP/junk"
: >"$T_TMP/empty"
for c in "" "-o" "$T_TMP/junk" "$T_TMP/empty" "/nonexistent" "--bogus $FX/box1.0"; do
	# shellcheck disable=SC2086
	run_prog sh "$REP" $c
	expect_rc 2 "report $c"
	expect_one_line "$T_TMP/err" "report $c"
done
finish report
