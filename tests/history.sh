#!/bin/sh
# history.sh BUILD - lmbench-ng history (lmbench-compare --history) on
# series with known answers: no step, one step of 5 %, two steps, a slow
# drift, a single outlier, steps at the newest sets and the gate, with
# normal noise and with the run-to-run noise of real runs
# (tests/fixtures/history/noise); on real result sets with a step put
# in; hosts, order, the cache, the formats, and bad input.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
GEN=$top/tests/history-gen.awk
NOISE=$top/tests/fixtures/history/noise
REAL=$top/tests/fixtures/history/real
PROG="$(cd "$BUILD" && pwd)/lmbench-compare"
# hist ARGS / cached ARGS: a history without a cache / with the test's.
hist() {
	"$PROG" --history --no-cache "$@"
}
cached() {
	"$PROG" --history --cache "$T_TMP/cache" "$@"
}

# has FILE ERE DESC / hasnt FILE ERE DESC: a line of FILE matches / none.
has() {
	if grep -Eq -- "$2" "$1"; then ok; else not_ok "$3: no line /$2/ in: $(head -c 1500 "$1")"; fi
}
hasnt() {
	if grep -Eq -- "$2" "$1"; then not_ok "$3: a line /$2/: $(grep -E -- "$2" "$1" | head -n 3)"; else ok; fi
}
# gen DIR SETS SEED [RUNS] < SPEC: synthetic sets.
gen() {
	rm -rf "$1"
	awk -f "$GEN" -v out="$1" -v sets="$2" -v seed="$3" -v runs="${4:-1}" -v noise="$NOISE" - ||
		not_ok "history-gen.awk failed for $1"
}
# steps OUT: the listed changes' "SET KIND VERDICT FIGURE" lines.
steps() {
	awk '/^  SET/ { on = 1; next } on && /^  [0-9]/ { print $1, $2, $3, $NF; next } { on = 0 }' "$1"
}
# change OUT FIGURE: the listed change's percent of FIGURE.
change() {
	awk -v f="$2" '/^  [0-9]/ && $NF == f { print $4; exit }' "$1"
}
# within X LO HI DESC
within() {
	if awk -v x="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(x != "" && x + 0 >= lo && x + 0 <= hi) }'; then ok; else
		not_ok "$4: $1 not in [$2, $3]"
	fi
}

# ------------------------------------------------------------ known answers

# 1. No step, 60 figures: normal noise of 1 % and 3 %, and real noise.
{
	i=1
	while [ $i -le 20 ]; do
		echo "n1_$i sd=0.01 none"
		echo "n3_$i sd=0.03 none"
		echo "real_$i real=$i none"
		i=$((i + 1))
	done
} | gen "$T_TMP/none" 40 11
run_prog hist "$T_TMP/none"
expect_rc 0 "no step"
has "$T_TMP/out" '^0 steps and 0 drifts' "no step: none found"
hasnt "$T_TMP/out" 'smaller change' "no step: no smaller change either"
has "$T_TMP/out" '^History: 40 sets \(0 read from the cache, 0 unreadable\), 60 figures on 1 host$' "no step: the counts"

# 2. One step of 5 % (the latency 5.26 % up: 5 % worse) at set 21, among
# flat figures.
printf 'flat sd=0.01 none\nstep sd=0.01 step 21 5.263\nflat2 sd=0.005 none\n' | gen "$T_TMP/one" 40 5
run_prog hist "$T_TMP/one"
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(cat "$T_TMP/s")" = "21 step worse step" ]; then ok; else not_ok "one step: want '21 step worse step', got: $(cat "$T_TMP/s")"; fi
within "$(change "$T_TMP/out" step)" -5.8 -4.2 "one step: its size"
has "$T_TMP/out" '\[-[0-9.]+, -[0-9.]+\]' "one step: an interval clear of 0"

# 3. Two steps, 8 % worse at 11 and 6 % better at 26.
printf 'two sd=0.01 steps 11 8.696 26 -6\n' | gen "$T_TMP/two" 40 7
run_prog hist "$T_TMP/two"
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(tr '\n' ';' <"$T_TMP/s")" = "26 step better two;11 step worse two;" ]; then ok; else not_ok "two steps: got: $(tr '\n' ';' <"$T_TMP/s")"; fi

# 4. A slow drift: 10 % worse from set 10 to 35, with 0.5 % noise: one
# drift, no steps.
printf 'slow sd=0.005 drift 10 35 11.11\n' | gen "$T_TMP/drift" 40 9
run_prog hist "$T_TMP/drift"
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(wc -l <"$T_TMP/s")" -eq 1 ] && grep -q '^[0-9]*-[0-9]* drift worse slow$' "$T_TMP/s"; then ok; else
	not_ok "drift: want one drift, got: $(tr '\n' ';' <"$T_TMP/s")"
fi

# 5. A single outlier (30 % at set 20): not a step.
printf 'odd sd=0.01 outlier 20 30\nodd2 sd=0.01 outlier 5 -25\n' | gen "$T_TMP/odd" 40 13
run_prog hist "$T_TMP/odd"
has "$T_TMP/out" '^0 steps and 0 drifts' "outliers: not steps"

# 6. Real noise: the real runs' least noisy figures step 8 % at 21.
printf 'r1 real=1 step 21 8.696\nr2 real=2 step 21 8.696\nr3 real=3 none\n' | gen "$T_TMP/realstep" 40 17
run_prog hist "$T_TMP/realstep"
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(tr '\n' ';' <"$T_TMP/s")" = "21 step worse r1;21 step worse r2;" ] ||
	[ "$(tr '\n' ';' <"$T_TMP/s")" = "21 step worse r2;21 step worse r1;" ]; then ok; else
	not_ok "real noise, 8 % steps: got: $(tr '\n' ';' <"$T_TMP/s")"
fi

# ------------------------------------------------------------ the gate

# 7. A step of 10 % worse at the newest set (3 runs a set) fails the
# gate and names the figure; the same toward better, or an old step,
# does not fail it; --fail-on-step=3 sees a step at the third newest.
printf 'new sd=0.01 step 30 11.11\nflat sd=0.01 none\n' | gen "$T_TMP/newest" 30 19 3
run_prog hist --fail-on-step "$T_TMP/newest"
expect_rc 1 "gate: a step worse at the newest set"
has "$T_TMP/out" '^Gate \(--fail-on-step=1\): FAIL: 1 figure' "gate: FAIL said"
has "$T_TMP/out" '^  set 30: synth new -' "gate: the figure named"
run_prog hist "$T_TMP/newest"
expect_rc 0 "no gate asked: status 0"
printf 'new sd=0.01 step 30 -10\n' | gen "$T_TMP/better" 30 19 3
run_prog hist --fail-on-step "$T_TMP/better"
expect_rc 0 "gate: a step better passes"
printf 'old sd=0.01 step 15 11.11\n' | gen "$T_TMP/old" 30 19 3
run_prog hist --fail-on-step "$T_TMP/old"
expect_rc 0 "gate: an old step is reported, not failed"
has "$T_TMP/out" '^  15 +step worse' "gate: the old step reported"
printf 'third sd=0.01 step 28 11.11\n' | gen "$T_TMP/third" 30 23 3
run_prog hist --fail-on-step "$T_TMP/third"
expect_rc 0 "gate of 1: a step at the third newest is older"
run_prog hist --fail-on-step=3 "$T_TMP/third"
expect_rc 1 "gate of 3: a step at the third newest fails"

# ------------------------------------------------------------ real sets

# 8. Real runs of the suite (tests/fixtures/history/real: the ci
# profile's records, their samples and context left out), eight sets of
# one run, then the same eight again with lat_syscall's null 20 % slower:
# that one step, at set 9; the other figures repeat themselves exactly
# and step nowhere.
mkdir -p "$T_TMP/realsets"
i=0
for f in "$REAL"/vm.?; do
	i=$((i + 1))
	mkdir -p "$T_TMP/realsets/a$i" "$T_TMP/realsets/b$i"
	cp "$f" "$f.json" "$T_TMP/realsets/a$i/"
	cp "$f" "$T_TMP/realsets/b$i/"
	awk '/"program":"lat_syscall","args":\["-P","1","null"\]/ {
		match($0, /"value":[0-9.e+-]+/)
		v = substr($0, RSTART + 8, RLENGTH - 8)
		$0 = substr($0, 1, RSTART + 7) sprintf("%.6f", v * 1.2) substr($0, RSTART + RLENGTH)
	} { print }' "$f.json" >"$T_TMP/realsets/b$i/$(basename "$f").json"
done
set --
for k in 1 2 3 4 5 6 7 8; do set -- "$@" "$T_TMP/realsets/a$k"; done
for k in 1 2 3 4 5 6 7 8; do set -- "$@" "$T_TMP/realsets/b$k"; done
run_prog hist "$@"
expect_rc 0 "real sets"
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(tr '\n' ';' <"$T_TMP/s")" = "9 step worse syscall;" ]; then ok; else not_ok "real sets, lat_syscall 20 % slower from set 9: got: $(tr '\n' ';' <"$T_TMP/s")"; fi
within "$(change "$T_TMP/out" syscall)" -18.5 -15 "real sets: the step's size (-16.7 %)"
# The gate over the real runs: eight sets of four runs each (vm.i to
# vm.i+3, round the eight), then a newest set of four: vm.4 to vm.7 as
# they are passes; vm.0 to vm.3 with lat_syscall 20 % slower fails,
# naming it.  (With one run a set the gate cannot fail: a stray run and
# a step look alike; the synthetic cases above have three.)
i=0
while [ $i -lt 8 ]; do
	mkdir -p "$T_TMP/gate/s$i"
	for j in 0 1 2 3; do
		k=$(((i + j) % 8))
		cp "$REAL/vm.$k" "$REAL/vm.$k.json" "$T_TMP/gate/s$i/"
	done
	i=$((i + 1))
done
mkdir -p "$T_TMP/gate/same" "$T_TMP/gate/slow"
for k in 4 5 6 7; do cp "$REAL/vm.$k" "$REAL/vm.$k.json" "$T_TMP/gate/same/"; done
for k in 0 1 2 3; do
	cp "$REAL/vm.$k" "$T_TMP/realsets/b$((k + 1))/vm.$k.json" "$T_TMP/gate/slow/"
done
set --
for k in 0 1 2 3 4 5 6 7; do set -- "$@" "$T_TMP/gate/s$k"; done
run_prog hist --fail-on-step "$@" "$T_TMP/gate/same"
expect_rc 0 "real sets: an unchanged newest set passes the gate"
run_prog hist --fail-on-step "$@" "$T_TMP/gate/slow"
expect_rc 1 "real sets: lat_syscall 20 % slower in the newest set fails the gate"
has "$T_TMP/out" 'set 9: lat_syscall Simple syscall' "real sets: the gate names lat_syscall"
if [ "$(grep -c '^  set 9: ' "$T_TMP/out")" -eq 1 ]; then ok; else not_ok "real sets: the gate names lat_syscall alone: $(grep '^  set' "$T_TMP/out")"; fi
# One run a set, among 20 figures: the same step cannot fail the gate
# (its rank p is at best 1/30), and is listed under "Newest set".
{
	printf 'new sd=0.01 step 30 11.11\n'
	i=0
	while [ $i -lt 20 ]; do i=$((i + 1)); echo "flat$i sd=0.01 none"; done
} | gen "$T_TMP/one1" 30 19 1
run_prog hist --fail-on-step "$T_TMP/one1"
expect_rc 0 "gate, one run a set: cannot fail"
run_prog hist "$T_TMP/one1"
has "$T_TMP/out" '^Newest set, cannot tell: 1 figure stands apart' "one run a set: the newest set's step said"
run_prog hist -o "$T_TMP/one1.html" "$T_TMP/one1"
if grep -q '^<p id="apart">Newest set, cannot tell: 1 figure stands apart' "$T_TMP/one1.html" &&
	grep -q '^<li>set 30: <a href="#f[0-9]*">synth new</a> -' "$T_TMP/one1.html"; then ok; else
	not_ok "one run a set: the page does not say the newest set's step: $(grep -c 'apart' "$T_TMP/one1.html")"
fi

# ------------------------------------------------------------ sets and hosts

# 9. Order: the sets given newest first, --sort time puts them right.
printf 'step sd=0.01 step 21 11.11\n' | gen "$T_TMP/ord" 30 29
printf '%s\n' "$T_TMP"/ord/* | sort -r >"$T_TMP/rev"
# shellcheck disable=SC2046 # paths without blanks, one a line
run_prog hist --sort time $(cat "$T_TMP/rev")
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(cat "$T_TMP/s")" = "21 step worse step" ]; then ok; else not_ok "--sort time: got: $(cat "$T_TMP/s")"; fi
# shellcheck disable=SC2046
run_prog hist $(cat "$T_TMP/rev")
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(cat "$T_TMP/s")" = "11 step better step" ]; then ok; else not_ok "given order, reversed: got: $(cat "$T_TMP/s")"; fi

# 10. A tree of two hosts: kept apart, one series each.
printf 'a sd=0.01 step 11 11.11\n' | gen "$T_TMP/tree/hostA" 20 31
printf 'a sd=0.01 none\n' | awk -f "$GEN" -v out="$T_TMP/tree/hostB" -v sets=20 -v seed=37 -v host=other -
run_prog hist "$T_TMP/tree"
has "$T_TMP/out" '^History: 40 sets .*, 2 figures on 2 hosts$' "two hosts: two series"
has "$T_TMP/out" '^  11 +step worse .*synth: synth a$' "two hosts: the step named with its host"
# A set naming no host among sets that do: refused, named.
mkdir -p "$T_TMP/nohost"
sed '/^\[HOSTNAME:/d' "$T_TMP/one/0001/run.1" >"$T_TMP/nohost/run.1"
cp "$T_TMP/one/0001/run.1.json" "$T_TMP/nohost/"
run_prog hist "$T_TMP/one" "$T_TMP/nohost"
expect_rc 2 "a set without a host among hosts"
has "$T_TMP/err" "nohost names no host while others name one \\(synth\\)" "no host: named"

# 11. Each file its own set; lmbench-ng history with no SET reads this
# host's runs in the results directory that way.
mkdir -p "$T_TMP/res/x86_64-linux-gnu"
k=0
for d in "$T_TMP"/one/*; do
	cp "$d/run.1" "$T_TMP/res/x86_64-linux-gnu/synth.$k"
	cp "$d/run.1.json" "$T_TMP/res/x86_64-linux-gnu/synth.$k.json"
	k=$((k + 1))
done
run_prog hist --each-file "$T_TMP/res/x86_64-linux-gnu"
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$(cat "$T_TMP/s")" = "21 step worse step" ]; then ok; else not_ok "--each-file (synth.0 .. synth.39 in version order): got: $(cat "$T_TMP/s")"; fi
# Options apply wherever they stand: --each-file after the directory.
run_prog hist "$T_TMP/res/x86_64-linux-gnu" --each-file
if grep -q '^History: 40 sets' "$T_TMP/out"; then ok; else not_ok "--each-file after its SET: $(head -n 1 "$T_TMP/out")"; fi
# A bad option is said before any SET is looked at.
run_prog hist /nonexistent -Z
if [ "$RC" -eq 2 ] && grep -q "unknown option '-Z'" "$T_TMP/err" && ! grep -q nonexistent "$T_TMP/err"; then ok; else
	not_ok "a bad option after a missing SET: status $RC: $(head -c 300 "$T_TMP/err")"
fi
# (in a checkout, lmbench-ng names the results' directory after the
# build's: bin/x86_64-linux-gnu-sanitize's runs are in .../x86_64-linux-gnu-sanitize)
os=$(basename "$(cd "$BUILD" && pwd)")
mkdir -p "$T_TMP/ng"
cp -R "$T_TMP/res/x86_64-linux-gnu" "$T_TMP/ng/$os"
LMBENCH_BIN=$(cd "$BUILD" && pwd) LMBENCH_RESULTS=$T_TMP/ng XDG_CACHE_HOME=$T_TMP/xdg run_prog sh "$top/scripts/lmbench-ng" history
steps "$T_TMP/out" >"$T_TMP/s"
if [ "$RC" -eq 0 ] && [ "$(cat "$T_TMP/s")" = "21 step worse step" ]; then ok; else not_ok "lmbench-ng history, no SET: status $RC: $(cat "$T_TMP/s") $(head -c 300 "$T_TMP/err")"; fi

# ------------------------------------------------------------ the cache

run_prog cached "$T_TMP/one"
cp "$T_TMP/out" "$T_TMP/cold"
has "$T_TMP/out" '^History: 40 sets \(0 read from the cache' "cache: first read from the files"
run_prog cached "$T_TMP/one"
has "$T_TMP/out" '^History: 40 sets \(40 read from the cache' "cache: then from the cache"
sed 1d "$T_TMP/cold" >"$T_TMP/a"
sed 1d "$T_TMP/out" >"$T_TMP/b"
if cmp -s "$T_TMP/a" "$T_TMP/b"; then ok; else not_ok "cache: the same history from the cache: $(diff "$T_TMP/a" "$T_TMP/b" | head -5)"; fi
# A file changed: its set read again.
sleep 0.01
touch "$T_TMP/one/0007/run.1.json"
run_prog cached "$T_TMP/one"
has "$T_TMP/out" '^History: 40 sets \(39 read from the cache' "cache: a changed set read again"
# Cache files damaged (truncated, garbage, emptied): read from the files,
# the same history.
n=0
for f in "$T_TMP"/cache/*.hc; do
	n=$((n + 1))
	case $((n % 3)) in
	0) head -c 200 "$f" >"$f.x" && mv "$f.x" "$f" ;;
	1) printf 'lmbench-ng history cache 1\n\001\377garbage\tM\n' >"$f" ;;
	2) : >"$f" ;;
	esac
	[ $n -lt 9 ] || break
done
run_prog cached "$T_TMP/one"
has "$T_TMP/out" '^History: 40 sets \(31 read from the cache' "cache: damaged files read again"
sed 1d "$T_TMP/out" >"$T_TMP/b"
if cmp -s "$T_TMP/a" "$T_TMP/b"; then ok; else not_ok "cache: damaged, the same history: $(diff "$T_TMP/a" "$T_TMP/b" | head -5)"; fi

# The order by time from the cache as from the files (the dates kept).
# shellcheck disable=SC2046 # paths without blanks, one a line
run_prog cached --sort time $(cat "$T_TMP/rev")
# shellcheck disable=SC2046
run_prog cached --sort time $(cat "$T_TMP/rev")
steps "$T_TMP/out" >"$T_TMP/s"
if grep -q '^History: 30 sets (30 read from the cache' "$T_TMP/out" && [ "$(cat "$T_TMP/s")" = "21 step worse step" ]; then ok; else
	not_ok "--sort time from the cache: $(head -n 1 "$T_TMP/out") $(cat "$T_TMP/s")"
fi

# ------------------------------------------------------------ formats

run_prog hist --format markdown "$T_TMP/two"
has "$T_TMP/out" '^## History: 40 sets' "markdown: a heading"
has "$T_TMP/out" '^\| Set \| Kind \| Change \| 95 % interval \| Before \| After \| Figure \|$' "markdown: the table's head"
has "$T_TMP/out" '^\| 26 \| step better \| \+6\.[0-9] % \|' "markdown: a row"

# ------------------------------------------------------------ bad input

# Unreadable sets named and skipped; the rest analysed.
mkdir -p "$T_TMP/bad/empty" "$T_TMP/bad/junk" "$T_TMP/bad/newer"
head -c 3000 /dev/urandom >"$T_TMP/bad/junk/run.1"
printf '[lmbench3.0 results for x]\n[HOSTNAME: synth]\n\n[Mon Nov 30 00:00:00 UTC 2026]\n' >"$T_TMP/bad/newer/run.1"
printf '{"schema":99,"program":"synth","args":[],"metric":"step","unit":"us","value":1}\n' >"$T_TMP/bad/newer/run.1.json"
run_prog hist "$T_TMP/one" "$T_TMP/bad/missing" "$T_TMP/bad/empty" "$T_TMP/bad/junk/run.1" "$T_TMP/bad/newer"
expect_rc 0 "bad sets skipped"
has "$T_TMP/err" 'missing' "a missing set named"
has "$T_TMP/err" 'no result file in the directory .*/empty' "an empty directory said"
has "$T_TMP/err" 'junk/run.1: ' "a file of garbage named"
has "$T_TMP/err" 'schema newer' "a newer schema named"
has "$T_TMP/out" '^History: 42 sets \(0 read from the cache, 4 unreadable\)' "the bad ones counted"
run_prog hist "$T_TMP/bad/empty"
expect_rc 2 "nothing readable"
run_prog hist
expect_rc 2 "no SET"
for bad in "--alpha 2" "--alpha x" "--threshold -1" "--fail-on-step=0" "--fail-on-step=1.5" "--sort x" "--format csv" "-Z" "--cache" "-o"; do
	# shellcheck disable=SC2086 # the option and its value, split
	run_prog hist $bad "$T_TMP/one"
	if [ "$RC" -eq 2 ] && [ -s "$T_TMP/err" ] && [ "$(grep -c . "$T_TMP/err")" -le 2 ]; then ok; else
		not_ok "bad option '$bad': status $RC, stderr: $(head -c 300 "$T_TMP/err")"
	fi
done
# Hostile names: markdown escapes them, the text shows them as they are.
printf '%s sd=0.01 step 11 11.11\n' 'a|b<script>&' | gen "$T_TMP/hostile" 20 41
run_prog hist --format markdown "$T_TMP/hostile"
has "$T_TMP/out" 'a\\\|b' "markdown: a | in a name escaped"

finish history
