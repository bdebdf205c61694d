#!/bin/sh
# gate-check.sh BUILD [RUNS_DIR] - how often compare's gate cries wolf on
# this machine, and what it catches (make gate-check; a benchmark, never
# a pass/fail test).
#
# Without RUNS_DIR it makes 40 runs of the ci profile from this build
# (about 9 minutes on 2 vCPUs) in a scratch directory; with it, it uses
# the result files there (in the order of their numbers).
#
# (a) A/A: the runs split in order into four comparisons of 5 runs
#     against the next 5 (at most one may fail), and SPLITS (default
#     1000) random splits of the runs into two sets of 5: the share that
#     fails is the gate's measured false-alarm rate (target: at most 5 %).
# (b) Power: the first split again, with one figure's run values and
#     samples on the new side made 10 % and 25 % worse, one figure at a
#     time: the gate must flag that figure wherever its noise floor is
#     below the shift, and no other figure.
# (c) lmbench-ng ab, 5 rounds, of this build against itself (it must
#     pass) and against SLOWER, a copy built with LMBENCH_GATE_SLOWER
#     whose lat_ops integer division chain does a quarter more work (it
#     must flag lat_ops integer div where its floor is below 20 %, and
#     nothing else); GATE_AB=0 leaves this out.
# It prints a table: figures, their noise floors, false alarms,
# detections.  GATE_SEED seeds the random splits (default 1).
BUILD=${1:?usage: gate-check.sh BUILD [RUNS_DIR]}
top=$(cd "$(dirname "$0")/../.." && pwd)
CMP=$BUILD/lmbench-compare
SPLITS=${SPLITS:-1000}
SEED=${GATE_SEED:-1}
[ -x "$CMP" ] || { echo "gate-check: no $CMP (make builds it)" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/lmbench-gate.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

runs=${2:-}
if [ -z "$runs" ]; then
	echo "gate-check: 40 runs of the ci profile (about 9 minutes)" >&2
	LMBENCH_BIN=$(cd "$BUILD" && pwd) LMBENCH_RESULTS=$tmp/results \
		sh "$top/scripts/lmbench-ng" run --defaults --profile ci --runs 40 \
		FSDIR="$tmp" OUTPUT=/dev/null >"$tmp/run.log" 2>&1 ||
		{ tail -n 5 "$tmp/run.log" >&2; exit 1; }
	runs=$(find "$tmp/results" -mindepth 1 -maxdepth 1 -type d | head -n 1)
fi
# The result files with their companions, by run number.
find "$runs" -mindepth 1 -maxdepth 1 -type f -name '*.[0-9]*' ! -name '*.json' |
	sed -n 's/^\(.*\)\.\([0-9][0-9]*\)$/\2 \1.\2/p' | sort -n |
	while read -r _ f; do
		[ -s "$f.json" ] && printf '%s\n' "$f"
	done >"$tmp/files"
n=$(wc -l <"$tmp/files")
[ "$n" -ge 10 ] || { echo "gate-check: $n runs with JSON in $runs; 10 at least" >&2; exit 2; }

# list FROM COUNT: the files FROM (1-based) .. FROM+COUNT-1, comma-joined.
list() { sed -n "$1,$(($1 + $2 - 1))p" "$tmp/files" | paste -sd, -; }
# gate BASE NEW: true when the gate passes, false when it fails on
# regressions (compare's status 1); any other status ends the check.
gate() {
	"$CMP" --fail-on-regression --allow-missing "$1" "$2" >"$tmp/out" 2>&1
	rc=$?
	[ "$rc" -le 1 ] || { echo "gate-check: compare failed: $(tail -n 1 "$tmp/out")" >&2; exit 1; }
	return "$rc"
}

# ---------------------------------------------------------- (a) A/A
ordered=0 ordered_fail=0
: >"$tmp/flagged"
k=1
while [ $((k + 9)) -le "$n" ] && [ "$ordered" -lt 4 ]; do
	ordered=$((ordered + 1))
	if ! gate "$(list "$k" 5)" "$(list $((k + 5)) 5)"; then
		ordered_fail=$((ordered_fail + 1))
		grep ' regression (' "$tmp/out" | cut -c1-60 >>"$tmp/flagged"
	fi
	k=$((k + 10))
done
awk -v n="$n" -v s="$SPLITS" -v seed="$SEED" 'BEGIN {
	srand(seed)
	for (t = 0; t < s; t++) {
		for (i = 1; i <= n; i++) p[i] = i
		for (i = n; i > 1; i--) { j = int(rand() * i) + 1; x = p[i]; p[i] = p[j]; p[j] = x }
		print p[1], p[2], p[3], p[4], p[5], p[6], p[7], p[8], p[9], p[10]
	}
}' >"$tmp/splits"
random_fail=0
while read -r a1 a2 a3 a4 a5 b1 b2 b3 b4 b5; do
	base=$(sed -n "${a1}p;${a2}p;${a3}p;${a4}p;${a5}p" "$tmp/files" | paste -sd, -)
	new=$(sed -n "${b1}p;${b2}p;${b3}p;${b4}p;${b5}p" "$tmp/files" | paste -sd, -)
	if ! gate "$base" "$new"; then
		random_fail=$((random_fail + 1))
		grep ' regression (' "$tmp/out" | cut -c1-60 >>"$tmp/flagged"
	fi
done <"$tmp/splits"

# ---------------------------------------------------------- floors
"$CMP" --json --allow-missing "$(list 1 5)" "$(list 6 5)" >"$tmp/aa.json" 2>/dev/null
awk 'match($0, /"floor_pct":[0-9.e+-]+/) { print substr($0, RSTART + 12, RLENGTH - 12) }
	/"floor_pct":null/ { print "none" }' "$tmp/aa.json" >"$tmp/floors"

# ---------------------------------------------------------- (b) power
# scale FILE.json LINE FACTOR OUT: record LINE's value and samples made
# FACTOR times worse (times for a time, divided for a rate).
scale() {
	awk -v line="$2" -v f="$3" 'NR != line { print; next }
	{
		m = $0 ~ /"unit":"(us|ns|ms|s)"/ ? f : 1 / f
		if (match($0, /"value":[0-9.eE+-]+/)) {
			v = substr($0, RSTART + 8, RLENGTH - 8)
			$0 = substr($0, 1, RSTART + 7) sprintf("%.9g", v * m) substr($0, RSTART + RLENGTH)
		}
		if (match($0, /"samples":\[[^]]*\]/)) {
			k = split(substr($0, RSTART + 11, RLENGTH - 12), x, ",")
			s = ""
			for (i = 1; i <= k; i++) s = s (i > 1 ? "," : "") sprintf("%.9g", x[i] * m)
			$0 = substr($0, 1, RSTART + 10) s substr($0, RSTART + RLENGTH - 1)
		}
		print
	}' "$1" >"$4"
}
first=$(sed -n 6p "$tmp/files")
# The judged records: a value and a unit that is better one way.
awk '/"value":/ && /"unit":"(us|ns|ms|s|MB\/s|KB\/s|1\/s)"/ { print NR }' "$first.json" >"$tmp/lines"
# rows JSON: per metric "change floor status".
rows() {
	awk '/"metric":/ && /"better_pct":/ {
		c = $0; sub(/.*"better_pct":/, "", c); sub(/[,}].*/, "", c)
		fl = $0; sub(/.*"floor_pct":/, "", fl); sub(/[,}].*/, "", fl)
		st = $0; sub(/.*"status":"/, "", st); sub(/".*/, "", st); gsub(/ /, "_", st)
		print c, fl, st
	}' "$1"
}
rows "$tmp/aa.json" >"$tmp/rows0"
mkdir -p "$tmp/new"
for shift in 1.10 1.25; do
	hit=0 should=0 caught=0 other=0 tried=0
	while read -r line; do
		tried=$((tried + 1))
		rm -f "$tmp/new"/*
		i=0
		sed -n '6,10p' "$tmp/files" >"$tmp/newfiles"
		while read -r f; do
			cp "$f" "$tmp/new/r.$i"
			scale "$f.json" "$line" "$shift" "$tmp/new/r.$i.json"
			i=$((i + 1))
		done <"$tmp/newfiles"
		"$CMP" --json --allow-missing "$(list 1 5)" "$tmp/new" >"$tmp/p.json" 2>/dev/null
		rows "$tmp/p.json" >"$tmp/rows"
		# The scaled figure is the row whose change moved (the base and
		# every other record are as in the A/A comparison).
		paste -d' ' "$tmp/rows0" "$tmp/rows" | awk -v want="$shift" '
			BEGIN { target = 100 * (1 - 1 / want) }
			{ n++; c0[n] = $1; fl[n] = $2; c[n] = $4; st[n] = $6 }
			END {
				best = 0
				for (i = 1; i <= n; i++) if (c[i] != c0[i]) best = i
				if (best == 0) { print 0, 0, 0; exit }
				for (i = 1; i <= n; i++) if (i != best && st[i] == "regression") other++
				should = (fl[best] != "null" && fl[best] + 0 < target) ? 1 : 0
				print should, (st[best] == "regression"), other + 0
			}' >"$tmp/verdict"
		read -r s c o <"$tmp/verdict"
		should=$((should + s))
		[ "$s" = 1 ] && [ "$c" = 1 ] && caught=$((caught + 1))
		[ "$c" = 1 ] && hit=$((hit + 1))
		other=$((other + o))
	done <"$tmp/lines"
	printf '%s\n' "$shift $tried $should $caught $hit $other" >>"$tmp/power"
done

# ---------------------------------------------------------- the table
echo "gate-check: $n runs of one build in $runs"
echo "compare: Welch's t on log run values, Holm over the tested figures, alpha 0.05, threshold 5 %"
awk '$1 != "none" { n++; f[n] = $1 + 0 } $1 == "none" { none++ }
END {
	for (i = 2; i <= n; i++) for (j = i; j > 1 && f[j - 1] > f[j]; j--) { t = f[j]; f[j] = f[j - 1]; f[j - 1] = t }
	for (i = 1; i <= n; i++) { if (f[i] <= 2) a++; else if (f[i] <= 5) b++; else if (f[i] <= 10) c++; else d++ }
	printf "figures: %d tested; noise floor with 5 runs a side: median %.1f %%, <= 2 %%: %d, 2-5 %%: %d, 5-10 %%: %d, > 10 %%: %d%s\n",
		n, n % 2 ? f[(n + 1) / 2] : (f[n / 2] + f[n / 2 + 1]) / 2, a, b, c, d, none ? sprintf(" (%d without a test)", none) : ""
}' "$tmp/floors"
echo "A/A, in order: $ordered comparisons of 5 runs against 5, $ordered_fail failed (target: at most 1)"
awk -v f="$random_fail" -v s="$SPLITS" 'BEGIN {
	printf "A/A, random splits: %d of %d failed: false-alarm rate %.1f %% (target: at most 5 %%)\n", f, s, 100 * f / s }'
if [ -s "$tmp/flagged" ]; then
	echo "  figures flagged in those failures (count, figure):"
	sort "$tmp/flagged" | uniq -c | sort -rn | head -n 10 | sed 's/^/   /'
fi
while read -r shift tried should caught hit other; do
	echo "power at ${shift}x worse, one figure at a time ($tried figures): flagged where the floor is below the shift: $caught of $should; flagged at all: $hit; other figures flagged: $other (target: $should of $should, 0 others)"
done <"$tmp/power"

# ---------------------------------------------------------- (c) ab
[ "${GATE_AB:-1}" = 0 ] && exit 0
slower=${SLOWER:-}
ab() { # ab OUT OLD NEW: lmbench-ng ab's status; the regressions into OUT.regressed
	LMBENCH_COMPARE=$CMP sh "$top/scripts/ab" --rounds 5 --seed "$SEED" --allow-missing \
		--out "$1" "$2" "$3" >"$1.out" 2>"$1.err"
	rc=$?
	grep ' regression (' "$1.out" | cut -c1-40 >"$1.regressed"
	return "$rc"
}
ab "$tmp/ab-same" "$BUILD" "$BUILD"
echo "ab, this build against itself, 5 rounds: status $? ($(wc -l <"$tmp/ab-same.regressed") figures flagged; target: 0, status 0)"
if [ -n "$slower" ] && [ -x "$slower/lat_ops" ]; then
	ab "$tmp/ab-slow" "$BUILD" "$slower"
	rc=$?
	row=$(grep '^lat_ops integer div ' "$tmp/ab-slow.out")
	# The target by the rules of (b): flagged where the floor is below
	# the shift (1 - 1/1.25 = 20 %), and nothing else flagged.
	floor=$(printf '%s\n' "$row" | sed -n 's/.*  \([0-9.]*\)%  [a-z~].*/\1/p')
	if [ -n "$floor" ] && awk -v f="$floor" 'BEGIN { exit !(f < 20) }'; then
		want="lat_ops integer div alone, status 1"
	else
		want="nothing (the floor ${floor:-?} % is above 20 %: cannot judge), status 0"
	fi
	echo "ab, against lat_ops integer div doing 25 % more work, 5 rounds: status $rc; flagged: $(paste -sd';' "$tmp/ab-slow.regressed" | tr -s ' ') (target: $want)"
	printf '%s\n' "$row" | sed 's/^/  /'
else
	echo "ab against a slower build: skipped (no SLOWER build; make gate-check makes bin/gate-slower)"
fi
