#!/bin/sh
# hostile_scripts.sh BUILD - the suite's scripts against hostile input,
# as someone on the same host or a pull request's result file would try:
#  - report over result files and file names written to inject gnuplot
#    commands or HTML: no command runs (a canary file is not made), the
#    page holds only escaped text; its two escapes (html, gp) on hostile
#    strings, the gnuplot literal read back by gnuplot itself; a 1 MB
#    line;
#  - CONFIG values that are garbage or shell code: the runner stops with
#    status 2 and one line before anything runs, and runs nothing;
#    config-run's CONFIG, sourced, gives its values back and runs
#    nothing;
#  - fleet/lib/place over archives that hosts planted links, devices,
#    absolute names, '..' and other names in: each refused with a line
#    naming the host, nothing of the controller's copied, the good host
#    beside them placed;
#  - the runner (with BUILD): planted symlinks at every name it might use
#    are not followed; stale .partial files do not block a run and are
#    removed; two runs at once both finish with whole, correct files
#    (the second waits for the host-wide lock); SIGQUIT mid-run leaves
#    no file and no server.
# The runner's checks start servers on lmbench's ports: run under the
# shared lock (flock /tmp/lmng-net.lock ...) on a shared machine.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
REP=$top/scripts/report
ESC=$top/scripts/escape.awk
FX=$top/tests/fixtures
BUILD=${1:-}
case $BUILD in /* | '') ;; *) BUILD=$top/$BUILD ;; esac
host=$(uname -n)

# ---------------------------------------------------------------- escapes

# The HTML escape: every markup character as an entity, nothing else.
got=$(printf '%s\n' "<script>alert('x')</script> & \"q\" plain" | awk -v esc=html -f "$ESC")
want='&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot; plain'
if [ "$got" = "$want" ]; then ok; else not_ok "html escape: $got"; fi
# The gnuplot literal: single quotes, a quote as ."'"., a newline (which
# would start a new command) and other control characters as blanks.
got=$(printf '%s' "a'b
c\`touch x\` @m \\n	\"d\"" | awk -v esc=gp -f "$ESC")
want="'a'.\"'\".'b c\`touch x\` @m \\n \"d\"'"
if [ "$got" = "$want" ]; then ok; else not_ok "gnuplot literal: $got (want $want)"; fi

# gnuplot itself reads each literal back as the very string, runs nothing.
if command -v gnuplot >/dev/null; then
	mkdir "$T_TMP/gp" && cd "$T_TMP/gp" || exit 1
	for s in "x'); system('touch lmbench-canary'); print('" \
		"\`touch lmbench-canary\`" \
		"\"; system(\"touch lmbench-canary\"); \"" \
		"a
system('touch lmbench-canary')" \
		"@s \\\\ \\' '' end" "'''" "''''x''''" "'"; do
		lit=$(printf '%s' "$s" | awk -v esc=gp -f "$ESC")
		printf 's = %s\nset print "back"\nprint s\n' "$lit" >t.gp
		rm -f back
		gnuplot t.gp 2>err
		want=$(printf '%s' "$s" | tr '\n' ' ')
		if [ ! -e lmbench-canary ] && [ "$(cat back 2>/dev/null)" = "$want" ]; then ok; else
			not_ok "gnuplot read $lit as '$(cat back 2>/dev/null)' $(cat err) $(ls)"
		fi
		rm -f lmbench-canary
	done
	cd "$top" || exit 1
else
	echo "hostile_scripts: the gnuplot checks skipped: gnuplot is not installed (Debian: gnuplot-nox)"
fi

# ---------------------------------------------------------------- report

# Injection fixtures and file names made to break out of gnuplot's
# strings or the page's markup, in a directory of their own (a command
# that ran would leave lmbench-canary there).
w=$T_TMP/rep
mkdir -p "$w/files"
cp "$FX/hostile/inject.0" "$w/files/"
for n in "a'b\";system(\"touch lmbench-canary\");\".0" "q'); system('touch lmbench-canary'); ('.1" \
	"<img src=x onerror=alert(5)>.2" "x=y.3" "line
break.4" "\`touch lmbench-canary\`.5"; do
	cp "$FX/x86_64-linux-gnu/box1.0" "$w/files/$n"
done
cd "$w" || exit 1
run_prog sh "$REP" -o "$w/page.html" files/*
cd "$top" || exit 1
expect_rc 0 "report over hostile files"
if [ -z "$(find "$T_TMP" -name lmbench-canary)" ] && [ ! -e "$top/lmbench-canary" ]; then ok; else
	not_ok "report ran a command: $(find "$T_TMP" -name lmbench-canary)"
fi
# No markup from the files: no script but the page's own, no img.
if [ "$(grep -c '<script' "$w/page.html")" -eq 1 ] && ! grep -q '<img' "$w/page.html"; then ok; else
	not_ok "report page holds markup from the files: $(grep -n '<script\|<img' "$w/page.html" | head -5)"
fi
if grep -q '<td class="n">1&lt;script&gt;alert(3)&lt;/script&gt;</td>' "$w/page.html" &&
	grep -q '&lt;img src=x onerror=alert(5)&gt;.2' "$w/page.html" &&
	grep -q 'a&#39;b&quot;;system' "$w/page.html"; then ok; else
	not_ok "report page: escaped texts missing: $(grep -n 'alert' "$w/page.html" | head -5)"
fi
# The failure the file records is shown, escaped.
if grep -q 'status 1: &lt;script&gt;alert(4)&lt;/script&gt;' "$w/page.html"; then ok; else not_ok "report: failure not listed"; fi
if command -v gnuplot >/dev/null; then
	# the plots were still drawn (the hostile series left out)
	if grep -q 'plots: [1-9]' "$w/page.html"; then ok; else not_ok "report drew no plot: $(cat "$T_TMP/err")"; fi
fi

# A 1 MB line (a label, then a value) does not stop the report.
{
	cat "$FX/x86_64-linux-gnu/box1.0"
	awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; print s ": 1 microseconds"; print "\"stride=" s; print "0.5 " s }'
} >"$T_TMP/long.0"
run_prog sh "$REP" -o "$T_TMP/long.html" "$T_TMP/long.0" "$FX/x86_64-linux-gnu/box1.0"
expect_rc 0 "report with a 1 MB line"
if [ -s "$T_TMP/long.html" ] && grep -q '</html>' "$T_TMP/long.html"; then ok; else not_ok "report with a 1 MB line: $(head -c 300 "$T_TMP/err")"; fi

# ---------------------------------------------------------------- CONFIG

CR=$top/scripts/config-run
LM=$top/scripts/lmbench
if [ -n "$BUILD" ] && [ -x "$BUILD/lat_syscall" ]; then
	base=$T_TMP/CONFIG.base
	mkdir -p "$T_TMP/fs"
	cat >"$base" <<EOF
MB='8'
ENOUGH='500'
FSDIR='$T_TMP/fs'
BENCHMARK_HARDWARE='NO'
BENCHMARK_OS='NO'
BENCHMARK_SYSCALL='YES'
EOF
	mkdir "$T_TMP/cw"
	for bad in "SYNC_MAX='abc'" "SYNC_MAX=0" "SYNC_MAX=99999999999999999999" "LMBENCH_SCHED='garbage'" \
		"LMBENCH_SCHED='CUSTOM 0; touch lmbench-canary'" "LMBENCH_SCHED='CUSTOM 999'" "MB='99999999'" "MB=4" \
		"MHZ='\$(touch lmbench-canary)'" "MHZ=\$(touch lmbench-canary)" "ENOUGH=\`touch lmbench-canary\`" \
		"SYNC_MAX=1; touch lmbench-canary" "SYNC_MAX='1'
touch lmbench-canary" "FSDIR='/nonexistent'" "FASTMEM='maybe'" "BENCHMARK_MEM='\$(touch lmbench-canary)'" \
		"PATH=/nonexistent" "OUTPUT='/nonexistent/dir/file'" "SUBSET='ALL;'"; do
		{ cat "$base"; printf '%s\n' "$bad"; } >"$T_TMP/CONFIG.bad"
		(cd "$T_TMP/cw" && RESULTS_DIR=$T_TMP/cres sh "$LM" "$BUILD" "$T_TMP/CONFIG.bad") >"$T_TMP/out" 2>"$T_TMP/err"
		RC=$?
		expect_rc 2 "CONFIG with $bad"
		expect_one_line "$T_TMP/err" "CONFIG with $bad"
		if [ ! -e "$T_TMP/cw/lmbench-canary" ] && [ -z "$(find "$T_TMP/cres" -type f 2>/dev/null)" ]; then ok; else
			not_ok "CONFIG with $bad: ran something: $(ls "$T_TMP/cw") $(find "$T_TMP/cres" -type f 2>/dev/null)"
		fi
	done

	# The programs' knobs in the environment: garbage stops the run as
	# well (every program would fail and their errors be saved).
	# The calibrations too (issue 37: TIMING_O=nan ran the suite, wrote
	# '[TIMING_O: ]' and exited 0).
	for bad in "LMBENCH_TIMEOUT=abc" "LMBENCH_TIMEOUT=100000001" "LMBENCH_TIMEOUT=1;id" \
		"LMBENCH_SERVER_TIMEOUT=0" "LMBENCH_SERVER_TIMEOUT=-5" "TIMING_O=nan" "TIMING_O=-1e308" \
		"LOOP_O=nan" "LOOP_O=inf"; do
		(cd "$T_TMP/cw" && env RESULTS_DIR="$T_TMP/cres" "$bad" sh "$LM" "$BUILD" "$base") >"$T_TMP/out" 2>"$T_TMP/err"
		RC=$?
		expect_rc 2 "environment $bad"
		expect_one_line "$T_TMP/err" "environment $bad"
		if [ -z "$(find "$T_TMP/cres" -type f 2>/dev/null)" ]; then ok; else not_ok "environment $bad: saved $(find "$T_TMP/cres" -type f)"; fi
	done

	# config-run writes a CONFIG that sourcing gives back, running nothing;
	# a directory and a file whose names are shell code are fine answers.
	odd="$T_TMP/d'\$(touch lmbench-canary)\`touch lmbench-canary\`;\"x\" \\"
	mkdir -p "$odd"
	(cd "$T_TMP/cw" && LMBENCH_DEFAULTS=1 MB=8 FSDIR="$odd" OUTPUT="$odd/out'\$(id)" \
		LMBENCH_SCHED="CUSTOM 0" sh "$CR" "$BUILD" "$T_TMP/CONFIG.odd" </dev/null) >"$T_TMP/out" 2>"$T_TMP/err"
	RC=$?
	expect_rc 0 "config-run with odd names"
	# shellcheck disable=SC2016 # for the inner shell
	got=$(cd "$T_TMP/cw" && sh -c '. "$1" && printf "%s|%s|%s" "$FSDIR" "$OUTPUT" "$LMBENCH_SCHED"' sh "$T_TMP/CONFIG.odd")
	if [ "$got" = "$odd|$odd/out'\$(id)|CUSTOM 0" ] && [ ! -e "$T_TMP/cw/lmbench-canary" ]; then ok; else
		not_ok "config-run's CONFIG sourced gives '$got'; canary: $(ls "$T_TMP/cw")"
	fi
	# and the runner reads the same values from it
	# shellcheck disable=SC2016 # for the inner shell
	got=$(sh -c '. "$1" && config_read "$2"' sh "$top/scripts/config-check" "$T_TMP/CONFIG.odd" | grep '^FSDIR=')
	if [ "$got" = "FSDIR=$odd" ]; then ok; else not_ok "runner reads FSDIR as '$got'"; fi
	# shell code or garbage in the environment is refused, not written
	for bad in "BENCHMARK_MEM=\$(touch lmbench-canary)" "ENOUGH=1;touch lmbench-canary" "MB=8
MB=9"; do
		(cd "$T_TMP/cw" && env LMBENCH_DEFAULTS=1 MB=8 "$bad" sh "$CR" "$BUILD" "$T_TMP/CONFIG.env" </dev/null) >"$T_TMP/out" 2>"$T_TMP/err"
		RC=$?
		expect_rc 2 "config-run with $bad"
		if [ ! -e "$T_TMP/CONFIG.env" ] && [ ! -e "$T_TMP/cw/lmbench-canary" ]; then ok; else not_ok "config-run with $bad wrote CONFIG"; fi
	done
fi

# ---------------------------------------------------------------- fleet place
# Each host's archive as a host might send it; good is the one honest.
PL_STAGE=$T_TMP/stage PL_RES=$T_TMP/fleetres
echo outside-secret >"$T_TMP/secret"
mkdir -p "$PL_STAGE" "$PL_RES"
: >"$PL_STAGE/hosts"
# pack HOST SETUP: make HOST's files with SETUP (run in its directory), tar them.
pack() {
	d=$T_TMP/send/$1
	mkdir -p "$d" "$PL_STAGE/$1"
	(cd "$d" && echo "[lmbench3.0 results for $1]" >result && echo '{}' >result.json &&
		echo progress >progress && eval "$2")
	printf '%s|ok|10|8|x86_64-linux-gnu|0|\n' "$1" >>"$PL_STAGE/hosts"
}
pack good ''
tar -C "$T_TMP/send/good" -czf "$PL_STAGE/good/fetch.tar.gz" .
pack symres "rm result && ln -s '$T_TMP/secret' result"
pack symjson "rm result.json && ln -s '$T_TMP/secret' result.json"
pack hard 'rm result.json && ln result result.json'
pack fifo 'rm progress && mkfifo progress'
pack subdir 'mkdir sub && echo x >sub/x'
pack other 'echo x >evil'
for h in symres symjson hard fifo subdir other; do
	tar -C "$T_TMP/send/$h" -czf "$PL_STAGE/$h/fetch.tar.gz" .
done
pack abs ''
tar -P -czf "$PL_STAGE/abs/fetch.tar.gz" "$T_TMP/send/abs/result"
pack dotdot ''
(cd "$T_TMP/send/dotdot" && tar -P -czf "$PL_STAGE/dotdot/fetch.tar.gz" result ../../secret)
pack notgz ''
echo 'not an archive' >"$PL_STAGE/notgz/fetch.tar.gz"
# a link planted where the old place unpacked, beside an honest archive
pack planted ''
tar -C "$T_TMP/send/planted" -czf "$PL_STAGE/planted/fetch.tar.gz" ./result ./progress
ln -s "$T_TMP/secret" "$PL_STAGE/planted/result.json"
sh "$top/fleet/lib/place" "$PL_STAGE" "$PL_RES" 2>"$T_TMP/place.err"
rc=$?
if [ "$rc" -eq 0 ]; then ok; else not_ok "place over hostile archives: status $rc: $(head -c 300 "$T_TMP/place.err")"; fi
if cmp -s "$T_TMP/send/good/result" "$PL_RES/x86_64-linux-gnu/good.0" &&
	grep -q '^good|ok|10|8|' "$PL_STAGE/summary"; then ok; else
	not_ok "place: the honest host beside the hostile ones: $(grep '^good' "$PL_STAGE/summary")"
fi
if grep -rq outside-secret "$PL_RES"; then
	not_ok "place copied the controller's file: $(grep -rl outside-secret "$PL_RES" | tr '\n' ' ')"
else ok; fi
if [ -z "$(find "$PL_RES" -type l)" ]; then ok; else not_ok "place left links: $(find "$PL_RES" -type l | tr '\n' ' ')"; fi
for c in "symres result is a symbolic link" "symjson result.json is a symbolic link" \
	"hard result.json is a hard link" "fifo progress is not a plain file" \
	"subdir sub/ is a directory" "other evil is a file of another name" \
	"abs result is an absolute name" "dotdot secret is a name with '..'" "notgz not a readable tar.gz"; do
	h=${c%% *} want=${c#* }
	if grep -q "^$h|failed|.*|-|its archive" "$PL_STAGE/summary" &&
		[ "$(grep -c "^place: $h: " "$T_TMP/place.err")" -eq 1 ] &&
		grep -q "^place: $h: archive refused: .*$want" "$T_TMP/place.err" &&
		[ -z "$(find "$PL_RES" -name "$h.*")" ]; then ok; else
		not_ok "place, host $h's archive: $(grep "^$h|" "$PL_STAGE/summary"); stderr: $(grep "$h" "$T_TMP/place.err")"
	fi
done
# planted: its own result placed, the planted link not followed
if [ -f "$PL_RES/x86_64-linux-gnu/planted.0" ] && [ ! -s "$PL_RES/x86_64-linux-gnu/planted.0.json" ]; then ok; else
	not_ok "place, a link planted in the stage: $(grep '^planted|' "$PL_STAGE/summary")"
fi
if [ -z "$(find "$PL_STAGE" -name 'unpack.*')" ]; then ok; else not_ok "place left its unpack directories"; fi

# ---------------------------------------------------------------- runner files

# finished DIR: the one result file in DIR is whole (header, a figure,
# the closing date) and has its JSON records.
finished() {
	f=$(find "$1" -type f ! -name '*.json' ! -name '.*' | head -n 1)
	[ -n "$f" ] && [ ! -L "$f" ] && head -n 1 "$f" | grep -q '^\[lmbench3.0 results for ' &&
		grep -q '^Simple syscall: [0-9]' "$f" && tail -n 1 "$f" | grep -q '^\[.*[0-9]\]$' &&
		[ -s "$f.json" ] && ! grep -q FAILED "$f"
}

if [ -n "$BUILD" ] && [ -x "$BUILD/lat_syscall" ]; then
	# Symlinks planted at every name the runner might use: the result
	# names, the partial names of this runner and the earlier one, the
	# file benchmarks' names in FSDIR (XXX.<pid>, for the pids to come),
	# all pointing at a file that must stay as it is.
	victim=$T_TMP/victim
	echo precious >"$victim"
	res=$T_TMP/sym/$(basename "$BUILD")
	mkdir -p "$res" "$T_TMP/fs2"
	for n in "$host.0" "$host.0.json" ".$host.0.partial" ".$host.0.json.partial" "$host.1.json"; do
		ln -s "$victim" "$res/$n"
	done
	ln -s "$T_TMP" "$res/$host.2"
	awk -v p=$$ -v d="$T_TMP/fs2" 'BEGIN { for (i = p; i < p + 1000; i++) print d "/XXX." i }' |
		while read -r l; do ln -s "$victim" "$l"; done
	sed "s|^FSDIR=.*|FSDIR='$T_TMP/fs2'|; s|^BENCHMARK_SYSCALL=.*|BENCHMARK_SYSCALL='YES'\\nBENCHMARK_PAGEFAULT='YES'|" "$base" >"$T_TMP/CONFIG.sym"
	RESULTS_DIR=$T_TMP/sym run_prog sh "$LM" "$BUILD" "$T_TMP/CONFIG.sym"
	expect_rc 0 "runner among planted symlinks"
	if [ "$(cat "$victim")" = precious ] && [ -L "$res/$host.0" ] && [ -L "$T_TMP/fs2/XXX.$$" ]; then ok; else
		not_ok "runner followed a planted symlink: victim holds $(head -c 100 "$victim" | od -c | head -n 2)"
	fi
	if finished "$res" && [ -f "$res/$host.3" ]; then ok; else
		not_ok "runner among symlinks: result at $(ls -la "$res")"
	fi
	# a lock that is a link is refused, not opened
	ln -s "$victim" "$T_TMP/locklink"
	LMBENCH_LOCK=$T_TMP/locklink RESULTS_DIR=$T_TMP/sym run_prog sh "$LM" "$BUILD" "$base"
	expect_rc 1 "runner with a lock that is a symlink"
	if [ "$(cat "$victim")" = precious ] && grep -q 'cannot use the lock' "$T_TMP/err"; then ok; else
		not_ok "lock symlink: $(cat "$T_TMP/err")"
	fi
	# another user's lock file is refused (they could hold it for ever)
	: >"$T_TMP/otherlock"
	chown 65534 "$T_TMP/otherlock"
	LMBENCH_LOCK=$T_TMP/otherlock RESULTS_DIR=$T_TMP/sym run_prog sh "$LM" "$BUILD" "$base"
	expect_rc 1 "runner with another user's lock"
	if grep -q "another user's file" "$T_TMP/err"; then ok; else not_ok "another user's lock: $(cat "$T_TMP/err")"; fi
	# a lock held past LMBENCH_LOCK_WAIT: one line and status 1, no hang
	: >"$T_TMP/heldlock"
	flock "$T_TMP/heldlock" sleep 30 &
	holder=$!
	sleep 0.3
	t0=$(date +%s)
	LMBENCH_LOCK=$T_TMP/heldlock LMBENCH_LOCK_WAIT=1 RESULTS_DIR=$T_TMP/sym run_prog sh "$LM" "$BUILD" "$base"
	expect_rc 1 "runner with a lock held past LMBENCH_LOCK_WAIT"
	if grep -q 'still held after 1 s' "$T_TMP/err" && [ $(($(date +%s) - t0)) -le 10 ]; then ok; else
		not_ok "held lock: $(cat "$T_TMP/err")"
	fi
	pkill -P "$holder" 2>/dev/null
	kill "$holder" 2>/dev/null
	wait "$holder" 2>/dev/null
	LMBENCH_LOCK_WAIT=soon RESULTS_DIR=$T_TMP/sym run_prog sh "$LM" "$BUILD" "$base"
	expect_rc 2 "runner with LMBENCH_LOCK_WAIT=soon"

	# Stale partial files of dead runs (this runner's names and the
	# earlier .HOST.N.partial) do not block a run, and are removed.
	st=$T_TMP/stale/$(basename "$BUILD")
	mkdir -p "$st"
	: >"$st/.$host.0.partial"
	: >"$st/.$host.0.json.partial"
	: >"$st/.$host.partial.999999999.abcdef"
	RESULTS_DIR=$T_TMP/stale run_prog sh "$LM" "$BUILD" "$base"
	expect_rc 0 "runner with stale partial files"
	if finished "$st" && [ -z "$(find "$st" -name '.*partial*')" ] && grep -q 'removed .*left by a run' "$T_TMP/err"; then ok; else
		not_ok "stale partials: $(ls -a "$st") $(cat "$T_TMP/err")"
	fi

	# Two runs at once, separate result directories, network servers
	# included: both finish whole; the second waits for the first.
	sed "s|^BENCHMARK_SYSCALL=.*|BENCHMARK_SYSCALL='YES'\\nBENCHMARK_TCP='YES'|" "$base" >"$T_TMP/CONFIG.two"
	RESULTS_DIR=$T_TMP/two1 sh "$LM" "$BUILD" "$T_TMP/CONFIG.two" >/dev/null 2>"$T_TMP/two1.err" &
	p1=$!
	RESULTS_DIR=$T_TMP/two2 sh "$LM" "$BUILD" "$T_TMP/CONFIG.two" >/dev/null 2>"$T_TMP/two2.err" &
	p2=$!
	wait "$p1"
	r1=$?
	wait "$p2"
	r2=$?
	if [ "$r1" -eq 0 ] && [ "$r2" -eq 0 ] && finished "$T_TMP/two1" && finished "$T_TMP/two2"; then ok; else
		not_ok "two runs at once: status $r1 $r2: $(grep -h 'FAILED\|lmbench:' "$T_TMP"/two*/*/* "$T_TMP"/two*.err | head -5)"
	fi
	if grep -q 'TCP latency using localhost: [0-9]' "$(find "$T_TMP/two1" -type f ! -name '*.json' | head -n 1)" &&
		grep -q 'TCP latency using localhost: [0-9]' "$(find "$T_TMP/two2" -type f ! -name '*.json' | head -n 1)"; then ok; else
		not_ok "two runs at once: a TCP figure missing"
	fi
	if grep -q 'waiting for it to end' "$T_TMP/two1.err" "$T_TMP/two2.err"; then ok; else
		not_ok "two runs at once: neither waited: $(cat "$T_TMP"/two*.err)"
	fi

	# Another user's program on lat_tcp's port: the server's failure is
	# recorded and its client not run (it would measure the squatter).
	setpriv --reuid=65534 --regid=65534 --clear-groups perl - tbind 31234 60 \
		<"$top/tests/hostile.pl" >"$T_TMP/sq" 2>&1 &
	sq=$!
	i=0
	while ! grep -q held "$T_TMP/sq" 2>/dev/null && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
	RESULTS_DIR=$T_TMP/squat run_prog sh "$LM" "$BUILD" "$T_TMP/CONFIG.two"
	expect_rc 1 "runner beside a squatter on lat_tcp's port"
	sqf=$(find "$T_TMP/squat" -type f ! -name '*.json' ! -name '.*' | head -n 1)
	if [ -n "$sqf" ] && grep -q '^\[FAILED: lat_tcp -s -b localhost: status 1: server: lat_tcp: cannot listen' "$sqf" &&
		! grep -q 'TCP latency using localhost: [0-9]' "$sqf"; then ok; else
		not_ok "squatted port: $(grep -h 'TCP\|FAILED' "$sqf" | head -5)"
	fi
	kill "$sq" 2>/dev/null
	wait "$sq" 2>/dev/null

	# SIGQUIT in the network section: no file, complete-looking or not,
	# and none of the run's servers left.  (A command started with & here
	# begins with SIGQUIT ignored, which a shell cannot trap: env gives it
	# back its default, as a terminal's Ctrl-\ finds it.)
	if env --default-signal=QUIT true 2>/dev/null; then
		dflt="env --default-signal=QUIT"
	else
		dflt=
		echo "hostile_scripts: SIGQUIT checked by hand only: env has no --default-signal here"
	fi
	if [ -n "$dflt" ]; then
		# shellcheck disable=SC2086 # a command prefix
		RESULTS_DIR=$T_TMP/quit $dflt sh "$LM" "$BUILD" "$T_TMP/CONFIG.two" >/dev/null 2>"$T_TMP/progress" &
		pid=$!
		i=0
		while ! grep -q '^\[NET\]' "$T_TMP/progress" && [ $i -lt 300 ]; do
			sleep 0.1
			i=$((i + 1))
		done
		kill -QUIT "$pid"
		wait "$pid"
		rq=$?
		if [ "$rq" -eq 131 ] && [ -z "$(find "$T_TMP/quit" -type f)" ] && [ -z "$(find "$T_TMP/fs" -mindepth 1)" ]; then ok; else
			not_ok "SIGQUIT: status $rq, left $(find "$T_TMP/quit" "$T_TMP/fs" -mindepth 1)"
		fi
		sleep 0.3
		left=$(net_servers "$BUILD")
		if [ -z "$left" ]; then ok; else
			not_ok "SIGQUIT left servers: $(echo "$left" | tr '\n' ' ')"
		fi
	fi
else
	echo "hostile_scripts: the runner checks need a build (tests/hostile_scripts.sh bin/<triplet>)"
fi
finish hostile_scripts
