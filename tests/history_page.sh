#!/bin/sh
# history_page.sh BUILD - lmbench-compare --history -o FILE.html: the
# page is written whole (beside its name, then renamed), valid HTML
# (tidy, where installed: CI installs it), fetches nothing, escapes every
# string read from a file (a set named with <script>, & and quotes, a
# figure and a program named so), holds one plot per figure with each
# step marked, the changes table linking to the plots; a long history's
# page stays small; and, where Chromium is installed, it renders with no
# console error, a screenshot kept in tests/artifacts/history_page.png.  An
# -o whose directory does not exist: status 2 before anything is read.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
CMP=$top/${1:-bin/x86_64-linux-gnu}/lmbench-compare
FX=$top/tests/fixtures/compare
trap 'rm -rf "$T_TMP"' EXIT

# Eight sets of five runs: four of base5, then four of new5 (lat_syscall
# 17 % slower from set 5); each set's directory named with markup and
# bytes no page may hold as they are (a control, DEL, a byte that is not
# UTF-8, a C1 control); Pipe bandwidth renamed with markup (its program
# and unit too).
evil=$(printf '%s\001\177\377\302\205' '<script>alert(1)&"q'"'")
mkdir "$T_TMP/h"
sets=
for i in 1 2 3 4 5 6 7 8; do
	d="$T_TMP/h/$i $evil"
	src=$FX/base5
	[ "$i" -gt 4 ] && src=$FX/new5
	cp -R "$src" "$d"
	for j in "$d"/*.json; do
		sed 's|"program":"bw_pipe"|"program":"bw_<pipe>\&"|; s|"metric":"Pipe bandwidth"|"metric":"Pipe <b>bandwidth</b> \& \\"co\\" '"'"'x'"'"'"|; s|"unit":"MB/s","value":4|"unit":"MB/<s>","value":4|' "$j" >"$j.new" &&
			mv "$j.new" "$j"
	done
	sets="$sets$i "
done
history() { # PAGE|- [OPTION...]: the history of the eight sets
	h_page=$1
	shift
	(
		cd "$T_TMP/h" || exit 2
		[ "$h_page" = - ] || set -- "$@" -o "$h_page"
		for i in $sets; do set -- "$@" "$i $evil"; done
		"$CMP" --history --no-cache "$@"
	)
}
page=$T_TMP/pg/page.html
mkdir "$T_TMP/pg"
run_prog history "$page"
expect_rc 0 "history -o page"
# the page changes nothing the text says
mv "$T_TMP/out" "$T_TMP/with"
run_prog history -
mv "$T_TMP/out" "$T_TMP/plain"
mv "$T_TMP/with" "$T_TMP/out"
if [ -s "$T_TMP/plain" ] && cmp -s "$T_TMP/plain" "$T_TMP/out"; then ok; else not_ok "history -o changes the text: $(diff "$T_TMP/plain" "$T_TMP/out" | head -5)"; fi
if head -n 1 "$page" | grep -q '^<!DOCTYPE html>$' && tail -n 1 "$page" | grep -q '^</html>$'; then ok; else
	not_ok "history page: $(head -c 300 "$page")"
fi
# Written beside its name and renamed: nothing else left there.
left=$(cd "$T_TMP/pg" && find . ! -name .)
if [ "$left" = "./page.html" ]; then ok; else not_ok "history -o leaves: $(printf '%s\n' "$left" | tr '\n' ' ')"; fi
# Offline: no script, style sheet, image or font from anywhere; every
# link on the page is to the page.
if ! grep -Eiq '<script|<link|<img|<iframe|@import|url\(|src=' "$page" &&
	[ -z "$(grep -Eo 'href="[^"#][^"]*"' "$page" | head -1)" ] && ! grep -q 'https\?:' "$page"; then ok; else
	not_ok "history page fetches: $(grep -Eio '<script[^>]*|<link[^>]*|src=[^ >]*|href="[^#][^"]*"|https?:[^ "]*' "$page" | head -3)"
fi
# Escaped: the names as text, no markup of theirs on the page.
esc='&lt;script&gt;alert(1)&amp;&quot;q&apos;??&#xFFFD;&#xFFFD;'
if grep -qF "<td>h/1 $esc</td>" "$page" || grep -qF "<td>1 $esc</td>" "$page"; then ok; else
	not_ok "history page: the set's label not escaped: $(grep -o '<tr id="s1">.*' "$page" | head -c 300)"
fi
if grep -qF '>bw_pipe Pipe &lt;b&gt;bandwidth&lt;/b&gt; &amp; &quot;co&quot; &apos;x&apos;</h3>' "$page" ||
	grep -qF '>bw_&lt;pipe&gt;&amp; Pipe &lt;b&gt;bandwidth&lt;/b&gt; &amp; &quot;co&quot; &apos;x&apos;</h3>' "$page"; then ok; else
	not_ok "history page: the figure's name not escaped: $(grep -o '<h3>[^<]*bandwidth.*' "$page" | head -c 300)"
fi
if grep -qF '<h2 id="g3">bw_&lt;pipe&gt;&amp;</h2>' "$page" && grep -qF 'MB/&lt;s&gt;, linear scale</text>' "$page" &&
	! grep -q '<b>\|<s>\|<pipe>' "$page"; then ok; else
	not_ok "history page: a program or unit not escaped: $(grep -o '<h2 id="g[0-9]*">[^/]*' "$page" | tr '\n' ' ')"
fi
# One plot per figure; every id once.
nfig=$(sed -n '1s/.*, \([0-9]*\) figures\{0,1\} on .*/\1/p' "$T_TMP/out")
if [ "$(grep -c '^<svg ' "$page")" -eq "$nfig" ] && [ "$(grep -c '^<section id="f[0-9]*">$' "$page")" -eq "$nfig" ] && [ "$nfig" -eq 4 ]; then ok; else
	not_ok "history page: $(grep -c '^<svg ' "$page") plots for $nfig figures"
fi
dups=$(grep -o ' id="[^"]*"' "$page" | sort | uniq -d | head -3)
if [ -z "$dups" ]; then ok; else not_ok "history page: ids used twice: $dups"; fi
# The step: in the table, linked to its plot, which marks it (toward
# worse) at set 5; its section first on the page.
row=$(grep '<td class="bad">step worse</td>' "$page")
id=$(printf '%s\n' "$row" | sed -n 's/.*<a href="#\(f[0-9]*\)">lat_syscall Simple syscall<.*/\1/p')
plot=$(awk -v id="$id" '$0 == "<section id=\"" id "\">" { on = 1 } on { print } on && /^<\/section>$/ { exit }' "$page")
if [ "$(printf '%s\n' "$row" | grep -c .)" -eq 1 ] && printf '%s\n' "$row" | grep -q '<a href="#s5">5</a>.*-17.0 %' &&
	printf '%s\n' "$plot" | grep -q '<g class="m bad"><path d="M[0-9.]* [0-9]*V[0-9]*"/><title>step worse at set 5: -17.0 %.*<text [^>]*>-17.0 %</text></g>' &&
	[ "$(grep -o '^<section id="f[0-9]*">$' "$page" | head -n 1)" = "<section id=\"$id\">" ]; then ok; else
	not_ok "history page: the step's row and mark: id '$id', row $row, marks $(printf '%s\n' "$plot" | grep -c '<g class="m')"
fi
# The others unmarked but for changes under the threshold (grey).
if [ "$(grep -c '<g class="m bad">' "$page")" -eq 1 ] && [ "$(grep -c '<g class="m \(bad\|good\|chg\)' "$page")" -eq 1 ]; then ok; else
	not_ok "history page: $(grep -c '<g class="m' "$page") change marks"
fi
if grep -q '<h2 id="sets">' "$page" && grep -q '<tr id="s5"><td class="n">5</td>' "$page" && grep -q '<h2 id="g0">lat_syscall</h2>' "$page"; then ok; else
	not_ok "history page: no sets table or sections"
fi
if command -v tidy >/dev/null; then
	if tidy -q -e "$page" >"$T_TMP/tidy" 2>&1; then ok; else not_ok "tidy: $(head -n 3 "$T_TMP/tidy")"; fi
else
	echo "history_page: HTML check skipped: tidy is not installed (Debian: tidy)"
fi

# The gate fails: status 1, the page written all the same, saying so.
run_prog history "$T_TMP/gate.html" --fail-on-step=4
if [ "$RC" -eq 1 ] && grep -q '<p id="gate"><strong class="bad">Gate (--fail-on-step=4): FAIL: 1 figure stepped worse' "$T_TMP/gate.html" &&
	grep -q 'the gate fails on it' "$T_TMP/gate.html"; then ok; else
	not_ok "history page with a failed gate: status $RC: $(grep -o 'Gate[^<]*' "$T_TMP/gate.html")"
fi
# An older page is replaced whole.
echo "old" >"$T_TMP/gate.html"
run_prog history "$T_TMP/gate.html"
if [ "$RC" -eq 0 ] && ! grep -q '^old$' "$T_TMP/gate.html" && tail -n 1 "$T_TMP/gate.html" | grep -q '^</html>$'; then ok; else
	not_ok "history page over an older one: status $RC"
fi

# gen DIR SETS RUNS: a synthetic history (tests/history-gen.awk) of 16
# figures of eight programs, 2 % set to set and 1 % run to run: figure m
# steps 15 % worse two thirds in when m % 5 == 0, 10 % better half way
# when m % 5 == 2, drifts 20 % worse over the middle third when m % 7 ==
# 3, is 4 times worse from three quarters on when m % 11 == 6.
gen() {
	m=0
	while [ $m -lt 16 ]; do
		p=$(echo lat_syscall lat_pipe bw_mem lat_mem_rd lat_ctx bw_pipe lat_tcp lat_proc | cut -d' ' -f$((m % 8 + 1)))
		# a change's size in the value: worse is up for a latency, down
		# for a bandwidth
		case $p in bw_*) w15=-13.04 b10=10 w20=-16.67 w4x=-75 ;; *) w15=15 b10=-9.09 w20=20 w4x=300 ;; esac
		if [ $((m % 5)) -eq 0 ]; then model="step $(($2 * 2 / 3 + 1)) $w15"
		elif [ $((m % 5)) -eq 2 ]; then model="step $(($2 / 2 + 1)) $b10"
		elif [ $((m % 7)) -eq 3 ]; then model="drift $(($2 / 3)) $(($2 * 2 / 3)) $w20"
		elif [ $((m % 11)) -eq 6 ]; then model="step $(($2 * 3 / 4 + 1)) $w4x"
		else model=none; fi
		echo "$p/figure_$m sd=0.01 $model"
		m=$((m + 1))
	done | awk -f "$top/tests/history-gen.awk" -v out="$1" -v sets="$2" -v runs="$3" -v setsd=0.02 -v seed=7 -
}

# A long history: 400 sets of 16 figures, one run each.  Every plot
# holds at most one mark per 2 px column (336): the page under 8 KB a
# figure however many sets, and 160 bytes a set for the sets' tables.
gen "$T_TMP/long" 400 1
run_prog "$CMP" --history --no-cache -o "$T_TMP/long.html" "$T_TMP/long"
expect_rc 0 "history page of 400 sets"
size=$(wc -c <"$T_TMP/long.html")
marks=$(grep -o '<path class="pt[^"]*" d="[^"]*"' "$T_TMP/long.html" | awk -F M '{ if (NF - 1 > m) m = NF - 1 } END { print m + 0 }')
if [ "$(grep -c '^<svg ' "$T_TMP/long.html")" -eq 16 ] && [ "$size" -lt $((16 * 8192 + 400 * 160)) ] && [ "$marks" -gt 100 ] && [ "$marks" -le 336 ]; then ok; else
	not_ok "history page of 400 sets: $size bytes, at most $marks marks a plot"
fi
# A figure spanning more than a factor of 3 (figure 6: 4 times worse)
# is drawn on a log scale, the others on a linear one.
if grep -q 'us, log scale</text>' "$T_TMP/long.html" && grep -q 'us, linear scale</text>' "$T_TMP/long.html"; then ok; else
	not_ok "history page: log and linear axes"
fi
# The page of 40 sets, to look at.
gen "$T_TMP/short" 40 3
run_prog "$CMP" --history --no-cache -o "$T_TMP/short.html" "$T_TMP/short"
expect_rc 0 "history page of 40 sets"

# -o where no directory is: status 2 and one line, before any set is
# read (a set that does not exist is not named); -o a directory, or
# anything but a regular file (never renamed over): 2.
for o in "$T_TMP/nodir/page.html" "$T_TMP/pg" /dev/null; do
	run_prog "$CMP" --history --no-cache -o "$o" "$T_TMP/no-such-set"
	if [ "$RC" -eq 2 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && grep -q "^lmbench-compare: -o '$o': " "$T_TMP/err"; then ok; else
		not_ok "history -o $o: status $RC: $(head -c 300 "$T_TMP/err")"
	fi
done
# A page that cannot be written: status 1, one line, nothing left.
if [ -d /proc/self ]; then
	run_prog "$CMP" --history --no-cache -o /proc/self/page.html "$FX/base5"
	if [ "$RC" -eq 1 ] && [ "$(grep -c 'lmbench-compare:' "$T_TMP/err")" -eq 1 ]; then ok; else
		not_ok "history -o in /proc: status $RC: $(head -c 300 "$T_TMP/err")"
	fi
fi

# Headless Chromium: every plot in the DOM it builds (the names did not
# break out of their places), no console error, a screenshot.
browser=$(browser_find)
if [ -n "$browser" ]; then
	browser_run "$browser" --enable-logging=stderr --v=0 --dump-dom "file://$page" >"$T_TMP/dom" 2>"$T_TMP/log"
	if [ "$(grep -o '<svg ' "$T_TMP/dom" | wc -l)" -eq 4 ] && [ "$(grep -o '<section id="f' "$T_TMP/dom" | wc -l)" -eq 4 ] &&
		! grep -q '<script\|<b>\|<pipe' "$T_TMP/dom"; then ok; else
		not_ok "chromium: $(grep -o '<svg ' "$T_TMP/dom" | wc -l) plots in the DOM, want 4; $(grep -o '<script[^>]*>' "$T_TMP/dom" | head -2)"
	fi
	browser_console "$T_TMP/log"
	browser_shot "$browser" "$T_TMP/short.html" history_page 1000,3000
else
	echo "history_page: browser checks skipped: needs chromium (Debian: chromium)"
fi
finish history_page
