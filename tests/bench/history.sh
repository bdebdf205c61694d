#!/bin/sh
# history.sh BUILD [RUN] - lmbench-ng history's speed and false alarms
# (a benchmark, never a pass/fail test).
#
# (a) Speed: 100, 1,000 and 3,000 sets built from RUN (a result file with
#     its .json, default the newest run of this host in results/<os>):
#     ten variants of it, every value scaled by its own factor (about
#     1 % noise), each set a directory of hard links to one of them; the
#     time of a history of each, from the files with no cache, the first
#     time with an empty cache (reading and writing it), and again with
#     nothing changed (from the cache).
# (b) False alarms and power, on synthetic series (tests/history-gen.awk)
#     with the real run-to-run noise of tests/fixtures/history/noise:
#     HISTORIES (default 40) histories of 40 sets, 50 figures with no
#     step each (the share of histories with any step listed, and the
#     share of figures: the family-wise and per-figure false-alarm rates;
#     and the share where --fail-on-step failed: the gate's);
#     then the same with one 5 % and one 10 % step at set 21 in every
#     figure (the share found at the right set).
#
# HISTORY_SPEED=0 leaves (a) out; HISTORY_RUNS=N makes (b)'s sets of N
# runs (default 1).
#
# history.sh noise RUN... writes the noise file from real runs (result
# files with .json): each figure all runs have, its name and its runs'
# log residuals about their mean, least noisy first.
top=$(cd "$(dirname "$0")/../.." && pwd)
if [ "${1:-}" = noise ]; then
	shift
	CMP=${LMBENCH_COMPARE:-}
	for c in "$top"/bin/*/lmbench-compare; do
		# (a cross build's does not run here)
		[ -n "$CMP" ] || ! "$c" --version >/dev/null 2>&1 || CMP=$c
	done
	for f in "$@"; do
		"$CMP" --samples "$f.json" | awk -v run="$f" -F '\t' '{ print run "\t" $1 "|" $2 "|" $3 "|" $7 "\t" $4 }'
	done | awk -F '\t' -v n=$# '
		!(($1, $2) in seen) { seen[$1, $2] = 1; c[$2]++; v[$2, c[$2]] = log($3) }
		END {
			for (k in c) {
				if (c[k] != n)
					continue
				m = 0
				for (i = 1; i <= n; i++) m += v[k, i]
				m /= n
				ss = 0
				line = k
				gsub(/[ \t]/, "_", line)
				for (i = 1; i <= n; i++) {
					r = v[k, i] - m
					ss += r * r
					line = line sprintf(" %.6f", r)
				}
				printf "%.8f %s\n", sqrt(ss / (n - 1)), line
			}
		}' | sort -g | cut -d' ' -f2-
	exit 0
fi
BUILD=${1:?usage: history.sh BUILD [RUN] | history.sh noise RUN...}
CMP=$(cd "$BUILD" && pwd)/lmbench-compare
[ -x "$CMP" ] || { echo "history bench: no $CMP (make builds it)" >&2; exit 2; }
RUN=${2:-}
SPEED=${HISTORY_SPEED:-1}
if [ "$SPEED" = 0 ]; then
	RUN=-
elif [ -z "$RUN" ]; then
	os=$(basename "$(cd "$BUILD" && pwd)")
	# The newest: the highest number.
	for f in "$top/results/$os/$(uname -n)".[0-9]*; do
		case $f in *.json | *.INFO) ;; *) [ -f "$f.json" ] && RUN=$f ;; esac
	done
fi
if [ "$SPEED" != 0 ] && { [ -z "$RUN" ] || [ ! -f "$RUN.json" ]; }; then echo "history bench: no run with its .json (make results makes one, or name RUN)" >&2; exit 2; fi
T=$(mktemp -d "${TMPDIR:-/tmp}/lmbench-ng-hbench.XXXXXX") || exit 1
trap 'rm -rf "$T"' EXIT
trap 'exit 130' INT TERM

# seconds CMD...: its wall time in seconds, its output thrown away.
seconds() {
	t0=$(date +%s.%N)
	"$@" >/dev/null 2>"$T/err" || { echo "history bench: $* failed: $(head -c 300 "$T/err")" >&2; exit 1; }
	t1=$(date +%s.%N)
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }'
}

echo "lmbench-ng history benchmark: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs"
[ "$SPEED" = 0 ] || {
echo "(a) speed, sets built from $RUN ($(grep -c . "$RUN.json") records, $(($(wc -c <"$RUN.json") / 1024)) KB of JSON each)"
v=0
while [ $v -lt 10 ]; do
	mkdir -p "$T/v$v"
	cp "$RUN" "$T/v$v/run"
	awk -v seed=$((v + 1)) 'BEGIN { srand(seed) }
		{
			out = ""
			s = $0
			while (match(s, /"value":[0-9.eE+-]+/)) {
				x = substr(s, RSTART + 8, RLENGTH - 8) * (1 + (rand() - 0.5) * 0.035)
				out = out substr(s, 1, RSTART + 7) sprintf("%.6g", x)
				s = substr(s, RSTART + RLENGTH)
			}
			print out s
		}' "$RUN.json" >"$T/v$v/run.json"
	v=$((v + 1))
done
made=0
mkdir -p "$T/sets"
printf '%8s %14s %14s %14s\n' sets "no cache (s)" "first (s)" "cached (s)"
for n in 100 1000 3000; do
	while [ $made -lt $n ]; do
		made=$((made + 1))
		cp -al "$T/v$((made % 10))" "$T/sets/$(printf %05d $made)"
	done
	set --
	for d in "$T"/sets/*; do
		[ "${d##*/}" -le "$n" ] && set -- "$@" "$d"
	done
	rm -rf "$T/cache"
	a=$(seconds "$CMP" --history --no-cache "$@")
	b=$(seconds "$CMP" --history --cache "$T/cache" "$@")
	c=$(seconds "$CMP" --history --cache "$T/cache" "$@")
	printf '%8d %14s %14s %14s\n' "$n" "$a" "$b" "$c"
done
rm -rf "$T/sets" "$T/cache"
}

H=${HISTORIES:-40}
RUNS=${HISTORY_RUNS:-1}
echo "(b) $H histories of 40 sets of $RUNS run(s), 50 figures each, real noise (tests/fixtures/history/noise, $(grep -c . "$top/tests/fixtures/history/noise") figures)"
nreal=$(grep -c . "$top/tests/fixtures/history/noise")
printf '%-22s %12s %12s\n' model histories figures
for model in none "step 21 5.263" "step 21 11.11"; do
	h=0 any=0 found=0 figs=0 gate=0
	while [ $h -lt "$H" ]; do
		h=$((h + 1))
		i=0
		while [ $i -lt 50 ]; do
			i=$((i + 1))
			echo "f$i real=$(((h * 50 + i) % nreal + 1)) $model"
		done | awk -f "$top/tests/history-gen.awk" -v out="$T/g" -v sets=40 -v seed="$h" -v runs="$RUNS" \
			-v noise="$top/tests/fixtures/history/noise" -
		"$CMP" --history --no-cache --fail-on-step "$T/g" >"$T/out" 2>/dev/null
		[ $? -eq 1 ] && gate=$((gate + 1))
		n=$(awk '/^  SET/ { on = 1; next } on && /^  [0-9]/ { c++; next } { on = 0 } END { print c + 0 }' "$T/out")
		right=$(awk '/^  SET/ { on = 1; next } on && /^  21 +step/ { c++; next } on && /^  [0-9]/ { next } { on = 0 } END { print c + 0 }' "$T/out")
		[ "$n" -gt 0 ] && any=$((any + 1))
		figs=$((figs + n))
		found=$((found + right))
		rm -rf "$T/g"
	done
	if [ "$model" = none ]; then
		printf '%-22s %11.1f%% %11.2f%%   (any step listed: false alarms)\n' "$model" \
			"$(awk -v a=$any -v h="$H" 'BEGIN { print 100 * a / h }')" "$(awk -v a=$figs -v h="$H" 'BEGIN { print 100 * a / (h * 50) }')"
		printf '%-22s %11.1f%% %12s   (--fail-on-step failed: the gate'"'"'s false alarms)\n' "$model" \
			"$(awk -v a=$gate -v h="$H" 'BEGIN { print 100 * a / h }')" ""
	else
		printf '%-22s %11s %11.1f%%   (figures with their step found at set 21)\n' "$model" "" \
			"$(awk -v a=$found -v h="$H" 'BEGIN { print 100 * a / (h * 50) }')"
	fi
done
