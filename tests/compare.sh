#!/bin/sh
# compare.sh BUILD - scripts/compare (and the lmbench-compare program of
# BUILD) on fixtures: five runs a side with every sample (a known 20 %
# regression, a figure too noisy to judge, noise, a metric missing from
# one side), one run a side (no test), failed and skipped records, mixed
# samples, Welch's p-values and intervals and Holm's correction against
# R's, machine mismatches, original lmbench 3 files, sets of runs, every
# output format's shape, paths with spaces, hostile names, unusable
# input, and its speed on large input.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
CMP=$top/scripts/compare
FX=$top/tests/fixtures/compare
ORIG=$top/tests/fixtures/x86_64-linux-gnu/box1.0
if [ -n "$BUILD" ] && [ -x "$BUILD/lmbench-compare" ]; then
	LMBENCH_COMPARE=$(cd "$BUILD" && pwd)/lmbench-compare
	export LMBENCH_COMPARE
fi

# has FILE ERE DESC: a line of FILE matches.
has() {
	if grep -Eq -- "$2" "$1"; then ok; else not_ok "$3: no line /$2/ in: $(head -c 1500 "$1")"; fi
}
# hasnt FILE ERE DESC: no line of FILE matches.
hasnt() {
	if grep -Eq -- "$2" "$1"; then not_ok "$3: a line /$2/: $(grep -E -- "$2" "$1" | head -n 3)"; else ok; fi
}
# count FILE ERE WANT DESC: exactly WANT lines match.
count() {
	n=$(grep -Ec -- "$2" "$1")
	if [ "$n" -eq "$3" ]; then ok; else not_ok "$4: $n lines /$2/, want $3: $(head -c 1500 "$1")"; fi
}
# json_ok FILE DESC: FILE is one valid JSON document.
json_ok() {
	if python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1" 2>"$T_TMP/pyerr"; then ok; else
		not_ok "$2: invalid JSON: $(head -c 300 "$T_TMP/pyerr")"
	fi
}
# jq_py FILE EXPR: print a Python expression over the JSON document d.
jq_py() {
	python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(eval(sys.argv[2]))' "$1" "$2"
}

# placed PLACEMENT PROG METRIC UNIT SAMPLES... (JSON): one measurement record.
placed() {
	pl=$1 p=$2 m=$3 u=$4
	shift 4
	s=$(echo "$@" | tr ' ' ',')
	printf '{"schema":1,"program":"%s","args":[],"metric":"%s","unit":"%s","value":%s,"statistic":"median","samples":[%s],"placement":"%s"}\n' \
		"$p" "$m" "$u" "$(printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2 }')" "$s" "$pl"
}
# record PROG METRIC UNIT SAMPLES...: placed by the DEFAULT policy.
record() { placed "DEFAULT cpus=0" "$@"; }
# result FILE: a text result file around the JSON companion FILE.json.
result() {
	{
		sed -n '1,/^\[VERSION/p' "$FX/base.0"
		echo 'Simple syscall: 1.0000 microseconds'
		echo ''
		echo '[Mon Nov 30 03:00:00 UTC 2026]'
	} >"$1"
}

# ---------------------------------------------------------- the entry point

# As the README types it: executable in git (in a tarball's tree, as
# unpacked), run directly.
if ! git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	if [ -x "$CMP" ]; then ok; else not_ok "scripts/compare is not executable"; fi
elif [ -x "$CMP" ] && (cd "$top" && git ls-files -s scripts/compare 2>/dev/null | grep -q '^100755'); then ok; else
	not_ok "scripts/compare is not executable in git (git update-index --chmod=+x)"
fi
# shellcheck disable=SC2016 # $1 is the inner shell's
run_prog sh -c 'cd "$1" && exec scripts/compare tests/fixtures/compare/base.0 tests/fixtures/compare/new.0' sh "$top"
expect_rc 0 "scripts/compare run directly"

# ---------------------------------------------------------- runs a side

# Five runs a side (tests/fixtures/compare/gen-runs.sh): each run one
# value, the test over run values, Holm over the three tested figures.
B5=$FX/base5
N5=$FX/new5
run_prog "$CMP" "$B5" "$N5"
expect_rc 0 "compare base5 new5"
count "$T_TMP/out" ' regression \(p=' 1 "one regression"
# + = better: 0.0996 -> 0.1202 us is 17 % slower (a rate of 1/1.206).
has "$T_TMP/out" '^lat_syscall Simple syscall +us +0\.09965 \+-0\.6% +5 +0\.1202 \+-0\.6% +5 +-17\.03% +\[-17\.7%, -16\.3%\] +1\.1%  regression \(p=2\.2e-11, Holm 6\.5e-11\)$' "the regression row: interval, floor, p and Holm's p"
has "$T_TMP/out" '^lat_pipe Pipe latency +us .* -4\.25% +\[-8\.9%, \+0\.6%\] +6\.7%  cannot judge 5% here \(floor 6\.7%\)$' "runs noisier than the threshold: cannot judge"
has "$T_TMP/out" '^bw_pipe Pipe bandwidth .* \+0\.48% .*  ~ \(p=0\.22\)$' "noise is ~"
has "$T_TMP/out" '^missing: lat_unix AF_UNIX sock stream latency \(only in base\)$' "the vanished metric"
has "$T_TMP/out" '^geomean +-7\.24%' "geomean, + = better like every row"
has "$T_TMP/out" '^metric +unit +compare/base5 +runs +compare/new5 +runs +change +95% interval +floor  status \(change: \+ = better\)$' "column headers name the sides"
has "$T_TMP/out" '^base: .*base5 \(5 runs, fixture, Mon Nov 30 03:00:00 UTC 2026\)$' "the base side: runs, host and date"
has "$T_TMP/out" "^note: the test: Welch's t on log run values, each run one value; Holm's correction over the 3 tested figures at alpha 0\\.05" "the method is said"
has "$T_TMP/out" '^3 compared \(3 tested\): 1 regression, 0 improvements, 1 cannot tell, ' "the summary counts what cannot be told"

# One run a side: no test is possible, so no change is a regression;
# the row says so, and what five runs could see at best.
run_prog "$CMP" --fail-on-regression --allow-missing "$FX/base.0" "$FX/new.0"
expect_rc 0 "one run a side: the gate cannot fail on a change"
has "$T_TMP/out" '^lat_syscall Simple syscall +us +0\.09965 +1 +0\.1201 +1 +-17\.00% +\? +cannot tell: 1 run a side, no test \(5 a side: about [0-9]+% at best\)$' "one run a side: cannot tell, and why"
has "$T_TMP/out" '^note: 3 figures with 1 run a side: no test possible, never a regression; 5 runs a side \(RUNS=5, or lmbench-ng ab\)' "one run a side: the note"
hasnt "$T_TMP/out" 'p=' "one run a side: no p-value from pooled samples"

# The gate: a regression, a vanished metric.
run_prog "$CMP" --fail-on-regression "$B5" "$N5"
expect_rc 1 "--fail-on-regression with a regression"
run_prog "$CMP" --fail-on-regression --threshold 25 "$B5" "$N5"
expect_rc 1 "--fail-on-regression: the vanished metric alone fails the gate"
has "$T_TMP/out" 'lat_unix AF_UNIX sock stream latency' "the vanished metric is named"
has "$T_TMP/out" 'gate: FAIL$' "the gate's verdict"
run_prog "$CMP" --fail-on-regression --allow-missing --threshold 25 "$B5" "$N5"
expect_rc 0 "--allow-missing"
# The other way round: an improvement, and a new metric is never a failure.
run_prog "$CMP" --fail-on-regression "$N5" "$B5"
expect_rc 0 "the other way round"
has "$T_TMP/out" '^lat_syscall Simple syscall .* \+20\.[0-9]+% .*  improvement \(p=' "the improvement"
has "$T_TMP/out" '^new: lat_unix AF_UNIX sock stream latency \(only in new\)$' "the new metric is listed"
# Thresholds: per-metric regular expressions, first match.
printf '# per-metric limits\nSimple.syscall 30\n' >"$T_TMP/limits"
run_prog "$CMP" --fail-on-regression --allow-missing --thresholds "$T_TMP/limits" "$B5" "$N5"
expect_rc 0 "--thresholds (syscall 30 %)"
# --strict fails what cannot be judged at its threshold (lat_pipe's runs
# vary by 3.4 %, too much to see 5 % with five runs).
run_prog "$CMP" --strict --allow-missing --thresholds "$T_TMP/limits" "$B5" "$N5"
expect_rc 1 "--strict: a figure that cannot be judged fails"
has "$T_TMP/out" '^geomean .*  no regression compared, but the gate fails: 1 unreliable or not judged \(--strict\)$' "--strict: why the gate fails"
printf 'Pipe.latency 20\n' >"$T_TMP/limits"
run_prog "$CMP" --thresholds="$T_TMP/limits" "$B5" "$N5"
has "$T_TMP/out" '^lat_pipe Pipe latency .*  ~ \(p=0\.08\)$' "a per-metric 20 % limit: judged, no change"
printf 'Pipe.latency 3\n' >"$T_TMP/limits"
run_prog "$CMP" --thresholds="$T_TMP/limits" "$B5" "$N5"
has "$T_TMP/out" '^lat_pipe Pipe latency .*  cannot judge 3% here \(floor 6\.7%\)$' "a per-metric 3 % limit: named in the row"

# ---------------------------------------------------------- real runs

# Ten runs of the ci profile of one build, made by the suite on the
# 2-vCPU AMD EPYC (Zen 5) development machine (lmbench-ng run --defaults
# --profile ci --runs 40, ENOUGH measured once; tests/fixtures/compare/aa
# holds the first ten), the first five against the next five: the gate
# must pass them.  The same with lat_ops's float div 25 % slower in every
# new run (value and samples) must fail it, on that figure alone: its
# floor there is about 7 %; Simple syscall's is about 57 % (its runs
# differ by 8 %), so a quarter slower is beyond what 5 runs can show.
AA=$FX/aa
run_prog "$CMP" --fail-on-regression "$AA/a" "$AA/b"
expect_rc 0 "real runs of one build: the gate passes"
count "$T_TMP/out" ' regression \(' 0 "real runs of one build: no regression"
has "$T_TMP/out" '^base: .*aa/a \(5 runs, ' "real runs: five a side"
mkdir -p "$T_TMP/slow"
for f in "$AA/b"/*; do
	case $f in
	*.json)
		awk '/"metric":"float div"/ {
			v = $0; sub(/.*"value":/, "", v); sub(/,.*/, "", v)
			sub(/"value":[0-9.e+-]+/, "\"value\":" v * 1.25)
			if (match($0, /"samples":\[[^]]*\]/)) {
				k = split(substr($0, RSTART + 11, RLENGTH - 12), x, ",")
				t = ""
				for (i = 1; i <= k; i++) t = t (i > 1 ? "," : "") x[i] * 1.25
				$0 = substr($0, 1, RSTART + 10) t substr($0, RSTART + RLENGTH - 1)
			}
		} { print }' "$f" >"$T_TMP/slow/${f##*/}"
		;;
	*) cp "$f" "$T_TMP/slow/" ;;
	esac
done
run_prog "$CMP" --fail-on-regression "$AA/a" "$T_TMP/slow"
expect_rc 1 "real runs, one figure 25 % slower: the gate fails"
count "$T_TMP/out" ' regression \(' 1 "real runs, one figure 25 % slower: one regression"
has "$T_TMP/out" '^lat_ops float div +ns .* -(1[5-9]|2[01])\.[0-9]+% .* regression \(p=' "real runs: the slower figure is the one flagged"
has "$T_TMP/out" '^lat_syscall Simple syscall .* cannot judge 5% here \(floor [0-9.]+%\)$' "real runs: a figure that varies more than the threshold cannot be judged"

# ---------------------------------------------------------- formats

# CSV: a header and one data row per metric, nothing else; the summary on stderr.
run_prog "$CMP" --format csv "$B5" "$N5"
expect_rc 0 "--format csv"
if [ "$(head -n 1 "$T_TMP/out")" = "metric,params,size_bytes,unit,better,base,base_runs,base_spread_pct,new,new_runs,new_spread_pct,better_pct,ci_lo_pct,ci_hi_pct,floor_pct,p,p_holm,test,threshold_pct,status" ]; then ok; else
	not_ok "csv header: $(head -n 1 "$T_TMP/out")"
fi
count "$T_TMP/out" '' 5 "csv: a header and four metric rows"
has "$T_TMP/out" '^"lat_syscall Simple syscall","",,"us",lower,0\.099648,5,0\.561,0\.12018,5,0\.582,-17\.0345,-17\.7210,-16\.3422,1\.093,2\.181e-11,6\.544e-11,welch,5,regression$' "csv regression row"
has "$T_TMP/out" '^"lat_pipe Pipe latency",.*,6\.740,0\.07959,0\.1592,welch,5,cannot tell$' "csv row that cannot be judged"
has "$T_TMP/out" '^"lat_unix AF_UNIX sock stream latency","",,"us",lower,5\.98469,5,0\.561,,0,,,,,,,,,5,missing$' "csv missing row"
hasnt "$T_TMP/out" 'geomean' "csv has no geomean row"
has "$T_TMP/err" '^compare: 3 compared \(3 tested\): 1 regression, .*geomean -7\.24% \(\+ = better\)$' "csv summary on stderr"
if python3 -c 'import csv, sys; rows = list(csv.reader(open(sys.argv[1]))); sys.exit(0 if all(len(r) == 20 for r in rows) else 1)' "$T_TMP/out"; then ok; else not_ok "csv: rows of unequal length"; fi

# JSON.
run_prog "$CMP" --json "$B5" "$N5"
expect_rc 0 "--json"
json_ok "$T_TMP/out" "compare json"
if [ "$(jq_py "$T_TMP/out" '[(m["metric"], m["status"]) for m in d["metrics"]]')" = "[('lat_syscall Simple syscall', 'regression'), ('lat_pipe Pipe latency', 'cannot tell'), ('lat_unix AF_UNIX sock stream latency', 'missing'), ('bw_pipe Pipe bandwidth', '~')]" ] &&
	[ "$(jq_py "$T_TMP/out" '(d["regressions"], d["missing"], d["gate"], d["sign"], d["base"]["label"], d["new"]["host"], d["schema"], d["correction"], d["tested"], d["cannot_tell"])')" = "(1, 1, 'fail', '+ = better', 'compare/base5', 'fixture', 3, 'holm', 3, 1)" ] &&
	[ "$(jq_py "$T_TMP/out" '[(m["base_runs"], m["new_runs"], m["base_samples"], [round(x, 2) for x in m["ci_pct"]], round(m["floor_pct"], 2), m["test"]) for m in d["metrics"][:1]]')" = "[(5, 5, 55, [-17.72, -16.34], 1.09, 'welch')]" ]; then ok; else
	not_ok "json content: $(head -c 800 "$T_TMP/out")"
fi

# Markdown: a table a pull-request comment shows as is (every row as many
# cells as the header; an escaped \| is no cell border).
run_prog "$CMP" --format markdown "$B5" "$N5"
expect_rc 0 "--format markdown"
has "$T_TMP/out" '^\| metric \| unit \| compare/base5 \| runs \| compare/new5 \| runs \| change \(\+ = better\) \| 95% interval \| floor \| status \|$' "markdown header names the sides"
has "$T_TMP/out" '^\|:--\|:--\|--:\|--:\|--:\|--:\|--:\|--:\|--:\|:--\|$' "markdown alignment row"
md_shape() {
	awk '/^\|/ { s = $0; gsub(/\\\|/, "", s); n = gsub(/\|/, "", s); if (n != 11) bad++ ; rows++ } END { exit (rows < 3 || bad) }' "$1"
}
if md_shape "$T_TMP/out"; then ok; else not_ok "markdown rows of unequal width: $(cat "$T_TMP/out")"; fi
has "$T_TMP/out" '^\| lat\\_syscall Simple syscall \| us \| 0\.09965 ±0\.6% \| 5 \| 0\.1202 ±0\.6% \| 5 \| -17\.03% \| \[-17\.7%, -16\.3%\] \| 1\.1% \| \*\*regression \(p=2\.2e-11, Holm 6\.5e-11\)\*\* \|$' "markdown regression row"
has "$T_TMP/out" "^Note: the test: Welch's t on log run values" "markdown: the method is said"

# GitHub annotations: one ::error per regression, failure or vanished metric.
run_prog "$CMP" --format github "$B5" "$N5"
expect_rc 0 "--format github"
count "$T_TMP/out" '^::error ' 2 "github: one error per regression and vanished metric"
has "$T_TMP/out" '^::error title=lmbench regression::lat_syscall Simple syscall: 0\.09965 \+-0\.6% -> 0\.1202 \+-0\.6% us \(-17\.03%25 \[-17\.7%25, -16\.3%25\], \+ = better; runs 5, 5\): regression \(p=2\.2e-11, Holm 6\.5e-11\)$' "github regression annotation (% escaped as %25)"
run_prog "$CMP" --format github --strict "$B5" "$N5"
has "$T_TMP/out" '^::error title=lmbench cannot tell::lat_pipe Pipe latency: .*cannot judge 5%25 here' "github --strict: what cannot be judged is an error"
expect_lines "$T_TMP/out" '^::(error|warning|notice) [^:]*::' "github: annotations only"

# JUnit: testsuite/testcase/failure, one test case per metric.
run_prog "$CMP" --format junit "$B5" "$N5"
expect_rc 0 "--format junit"
if python3 - "$T_TMP/out" <<'EOF'; then ok; else not_ok "junit shape: $(cat "$T_TMP/out")"; fi
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
assert root.tag == "testsuites"
suites = root.findall("testsuite")
assert len(suites) == 1
s = suites[0]
cases = s.findall("testcase")
assert len(cases) == 4 == int(s.get("tests"))
failed = [c for c in cases if c.find("failure") is not None]
assert len(failed) == 2 == int(s.get("failures"))
assert sorted(c.get("name") for c in failed) == ["lat_syscall Simple syscall", "lat_unix AF_UNIX sock stream latency"]
assert all(set(x.tag for x in c) <= {"failure", "skipped"} for c in cases)
skipped = [c.get("name") for c in cases if c.find("skipped") is not None]
assert skipped == ["lat_pipe Pipe latency"], skipped
EOF

# Unknown format: one line, status 2.
run_prog "$CMP" --format xml "$FX/base.0" "$FX/new.0"
expect_rc 2 "--format xml"
expect_one_line "$T_TMP/err" "--format xml"

# ---------------------------------------------------------- statistics

# Welch's test over run values, against R 4.2 (options(digits = 17)):
# x <- c(10.2, 9.8, 10.5, 10.1, 9.9); y <- c(11.0, 11.4, 10.8, 11.9, 11.2)
# t.test(log(y), log(x)): p = 0.001001325352454817, interval of the log
# ratio 0.060300038126484878 .. 0.156616520525330927, so (lower is
# better) a change of -(exp(0.10846) - 1) = -10.28 % in [-14.50, -5.85];
# a second figure, the same in every run, makes Holm double the p.  One
# run against six: x2 <- c(1.0, 1.1, 0.9, 1.05, 0.98, 1.02);
# t.test(log(1.3), log(x2), var.equal = TRUE)$p.value = 0.017563532857019303.
mkdir -p "$T_TMP/w/a" "$T_TMP/w/b" "$T_TMP/w/c" "$T_TMP/w/d"
# welch_runs DIR VALUES...: a run per value (lat_syscall at that value,
# bw_pipe the same in every run).
welch_runs() {
	d=$1 i=0
	shift
	for v in "$@"; do
		record lat_syscall "Simple syscall" us "$v" "$v" "$v" >"$d/r.$i.json"
		record bw_pipe "Pipe bandwidth" MB/s 100 101 102 >>"$d/r.$i.json"
		result "$d/r.$i"
		i=$((i + 1))
	done
}
welch_runs "$T_TMP/w/a" 10.2 9.8 10.5 10.1 9.9
welch_runs "$T_TMP/w/b" 11.0 11.4 10.8 11.9 11.2
run_prog "$CMP" --json "$T_TMP/w/a" "$T_TMP/w/b"
expect_rc 0 "Welch fixtures"
if [ "$(jq_py "$T_TMP/out" '[(m["metric"], m["status"], abs(m["p"] - 0.001001325) < 1e-8, abs(m["p_holm"] - 0.002002651) < 1e-8, m["test"], m["base_runs"], m["new_runs"], [round(x, 2) for x in m["ci_pct"]], round(m["better_pct"], 2)) for m in d["metrics"][:1]] + [(m["status"], m["p"], m["p_holm"]) for m in d["metrics"][1:]]')" = \
	"[('lat_syscall Simple syscall', 'regression', True, True, 'welch', 5, 5, [-14.5, -5.85], -10.28), ('~', 1, 1)]" ]; then ok; else
	not_ok "Welch's p, Holm's p and the interval: $(jq_py "$T_TMP/out" '[(m["metric"], m["status"], m["p"], m["p_holm"], m["ci_pct"], m["better_pct"]) for m in d["metrics"]]')"
fi
# The floor: qt(1 - 0.05 / 4, df) times the standard error, as a change
# (R: (exp(qt(1 - 0.0125, t$parameter) * se) - 1) * 100 = 5.9428750199383096
# with se the log ratio over t$statistic).
if [ "$(jq_py "$T_TMP/out" 'abs(d["metrics"][0]["floor_pct"] - 5.94287502) < 1e-4')" = True ]; then ok; else
	not_ok "the floor at alpha / 2 two-sided: $(jq_py "$T_TMP/out" 'd["metrics"][0]["floor_pct"]')"
fi
# One new run against six of the base: the base's spread stands for both.
i=0
for v in 1.0 1.1 0.9 1.05 0.98 1.02; do
	record lat_pipe "Pipe latency" us "$v" "$v" "$v" >"$T_TMP/w/c/r.$i.json"
	result "$T_TMP/w/c/r.$i"
	i=$((i + 1))
done
record lat_pipe "Pipe latency" us 1.3 1.3 1.3 >"$T_TMP/w/d/r.0.json"
result "$T_TMP/w/d/r.0"
run_prog "$CMP" --json "$T_TMP/w/c" "$T_TMP/w/d"
if [ "$(jq_py "$T_TMP/out" '[(abs(m["p"] - 0.017563533) < 1e-7, m["test"], m["status"]) for m in d["metrics"]]')" = "[(True, 'pooled', 'regression')]" ]; then ok; else
	not_ok "one run against six: $(head -c 900 "$T_TMP/out")"
fi

# ---------------------------------------------------------- placements

# One file with both figures of Pipe latency: the same-CPU one (SAME) and
# the cross-CPU one (CROSS), each compared with its own; the classic text
# carries the runner's cross-CPU section and a plain line naming a
# cross-CPU figure, neither read as the same-CPU figure.
mkdir -p "$T_TMP/x"
xfile() { # xfile FILE SAME-SAMPLES CROSS-SAMPLES
	{
		sed -n '1,/^\[VERSION/p' "$FX/base.0"
		echo 'Pipe latency: 5.0000 microseconds'
		echo ''
		echo '[CROSS-CPU: begin: LMBENCH_SCHED=CROSS, two CPUs sharing a cache]'
		echo '[CROSS-CPU: lat_pipe -P 1: 99.5 microseconds]'
		echo '[FAILED: lat_unix -P 1: status 1: lat_unix: socketpair: no]'
		echo 'Pipe latency: 99.5 microseconds'
		echo '[CROSS-CPU: end]'
		echo 'Pipe latency (cross-CPU): 99.5 microseconds'
		echo '[Mon Nov 30 03:00:00 UTC 2026]'
	} >"$1"
	# shellcheck disable=SC2086 # the sample lists split on purpose
	{
		placed "SAME cpus=0 helper=0" lat_pipe "Pipe latency" us $2
		placed "CROSS cpus=0 helper=1" lat_pipe "Pipe latency" us $3
	} >"$1.json"
}
# Three runs a side, each with both figures.
mkdir -p "$T_TMP/x/A" "$T_TMP/x/B"
xfile "$T_TMP/x/A/a.0" "5.0 5.1 4.9 5.0 5.05 4.95 5.0" "30 31 29 30 30.5 29.5 30"
xfile "$T_TMP/x/A/a.1" "5.05 5.1 4.9 5.05 5.05 4.95 5.05" "30.5 31 29 30.5 30.5 29.5 30.5"
xfile "$T_TMP/x/A/a.2" "4.95 5.1 4.9 4.95 5.05 4.95 4.95" "29.5 31 29 29.5 30.5 29.5 29.5"
xfile "$T_TMP/x/B/b.0" "5.0 5.1 4.9 5.0 5.05 4.95 5.0" "36 37.2 34.8 36 36.6 35.4 36"
xfile "$T_TMP/x/B/b.1" "5.05 5.1 4.9 5.05 5.05 4.95 5.05" "36.5 37.2 34.8 36.5 36.6 35.4 36.5"
xfile "$T_TMP/x/B/b.2" "4.95 5.1 4.9 4.95 5.05 4.95 4.95" "35.5 37.2 34.8 35.5 36.6 35.4 35.5"
cp "$T_TMP/x/A/a.0" "$T_TMP/x/a.0"
cp "$T_TMP/x/A/a.0.json" "$T_TMP/x/a.0.json"
cp "$T_TMP/x/B/b.0" "$T_TMP/x/b.0"
cp "$T_TMP/x/B/b.0.json" "$T_TMP/x/b.0.json"
run_prog "$CMP" --fail-on-regression "$T_TMP/x/A" "$T_TMP/x/B"
expect_rc 1 "a cross-CPU regression fails the gate"
count "$T_TMP/out" 'regression \(p=' 1 "one regression: the cross-CPU one"
has "$T_TMP/out" '^lat_pipe Pipe latency \[CROSS\] +us +30 +\+-[0-9.]+% +3 +36 +\+-[0-9.]+% +3 +-16\.67% .*  regression \(p=' "the cross-CPU row against its own"
has "$T_TMP/out" '^lat_pipe Pipe latency +us +5 +\+-[0-9.]+% +3 +5 +\+-[0-9.]+% +3 +\+0\.00% .*  ~ \(p=1\)$' "the same-CPU row against its own"
hasnt "$T_TMP/out" '^warning' "SAME and CROSS of one file: no placement warning"
hasnt "$T_TMP/out" 'FAILED' "the text's cross-CPU FAILED line is the JSON's business"
run_prog "$CMP" --json "$T_TMP/x/A" "$T_TMP/x/B"
if [ "$(jq_py "$T_TMP/out" '[(m["metric"], m["status"], m["base_runs"], m["new_runs"]) for m in d["metrics"]]')" = "[('lat_pipe Pipe latency', '~', 3, 3), ('lat_pipe Pipe latency [CROSS]', 'regression', 3, 3)]" ]; then ok; else
	not_ok "json: the two figures apart: $(head -c 800 "$T_TMP/out")"
fi
run_prog "$CMP" --format csv "$T_TMP/x/A" "$T_TMP/x/B"
has "$T_TMP/out" '^"lat_pipe Pipe latency \[CROSS\]",.*,regression$' "csv: the cross-CPU row"
run_prog "$CMP" --format junit "$T_TMP/x/A" "$T_TMP/x/B"
has "$T_TMP/out" 'name="lat_pipe Pipe latency \[CROSS\]"' "junit: the cross-CPU case"
# A threshold for the cross-CPU figures alone.
printf '\\[CROSS\\] 25\n' >"$T_TMP/x/limits"
run_prog "$CMP" --fail-on-regression --thresholds "$T_TMP/x/limits" "$T_TMP/x/A" "$T_TMP/x/B"
expect_rc 0 "--thresholds on [CROSS]"
# Only one side has the cross-CPU figure: it is missing, never pooled.
placed "SAME cpus=0 helper=0" lat_pipe "Pipe latency" us 5.0 5.1 4.9 5.0 5.05 4.95 5.0 >"$T_TMP/x/b.0.json"
run_prog "$CMP" "$T_TMP/x/a.0" "$T_TMP/x/b.0"
has "$T_TMP/out" '^missing: lat_pipe Pipe latency \[CROSS\] \(only in base\)$' "a vanished cross-CPU figure"
# Its run failed: the failure is the cross-CPU row's; the same-CPU row stands.
echo '{"schema":1,"program":"lat_pipe","args":[],"placement":"CROSS","status":"failed","exit":1,"error":"lat_pipe: no second CPU"}' >>"$T_TMP/x/b.0.json"
run_prog "$CMP" "$T_TMP/x/a.0" "$T_TMP/x/b.0"
has "$T_TMP/out" '^failed: lat_pipe Pipe latency \[CROSS\] \(lat_pipe \[CROSS\]: status 1: lat_pipe: no second CPU\)$' "the cross-CPU failure"
has "$T_TMP/out" '^lat_pipe Pipe latency +us .*  cannot tell: 1 run a side, no test' "the same-CPU row still compared"
# An original lmbench file against ours: the classic lines, the cross-CPU
# figures passed over (no row); a run that failed there is named as such.
run_prog "$CMP" "$ORIG" "$T_TMP/x/a.0"
expect_rc 0 "an original against a file with cross-CPU lines"
has "$T_TMP/out" '^Pipe latency +us +[0-9.]+ +1 +5 +1 ' "original: the same-CPU figure, not the cross-CPU one"
hasnt "$T_TMP/out" '[Cc]ross|99\.5' "original: no figure of the cross-CPU section"
has "$T_TMP/out" '^FAILED in new: lat_unix -P 1 \[CROSS\]: status 1: ' "original: the cross-CPU section's failed run, named so"
# The policies of one metric differ (SAME against DEFAULT): compared, warned.
xfile "$T_TMP/x/c.0" "5.0" "30"
placed "DEFAULT cpus=1" lat_pipe "Pipe latency" us 5.0 5.1 4.9 5.0 5.05 4.95 5.0 >"$T_TMP/x/c.0.json"
run_prog "$CMP" "$T_TMP/x/a.0" "$T_TMP/x/c.0"
has "$T_TMP/out" "^warning: the sides differ in placement policy of lat_pipe Pipe latency: base 'SAME', new 'DEFAULT'$" "a metric's policies differ: warned"
has "$T_TMP/out" '^lat_pipe Pipe latency +us .*  cannot tell: 1 run a side, no test' "and still compared"

# ---------------------------------------------------------- machines

sed -e 's/^\[RELEASE: 6\.1\.0\]/[RELEASE: 6.9.0]/' -e 's/^\[ENOUGH: 5000\]/[ENOUGH: 1000]/' \
	-e 's/^\[LMBENCH_SCHED: DEFAULT\]/[LMBENCH_SCHED: UNIQUE]/' -e '2i [CPU_MODEL: Other CPU @ 2.0GHz]' \
	-e '2i [COMPILER: clang 18]' "$FX/new.0" >"$T_TMP/other.0"
sed -e '2i [CPU_MODEL: Intel(R) Xeon(R) Platinum 8592+]' -e '2i [COMPILER: cc 14]' "$FX/base.0" >"$T_TMP/base.0"
cp "$FX/new.0.json" "$T_TMP/other.0.json"
cp "$FX/base.0.json" "$T_TMP/base.0.json"
run_prog "$CMP" "$T_TMP/base.0" "$T_TMP/other.0"
expect_rc 0 "machines that differ"
has "$T_TMP/out" "^warning: the sides differ in CPU model: base 'Intel\(R\) Xeon\(R\) Platinum 8592\+', new 'Other CPU @ 2\.0GHz'$" "CPU model warned"
has "$T_TMP/out" "^warning: the sides differ in kernel: base 'Linux 6\.1\.0', new 'Linux 6\.9\.0'$" "kernel warned"
has "$T_TMP/out" "^warning: the sides differ in compiler: base 'cc 14', new 'clang 18'$" "compiler warned"
has "$T_TMP/out" "^warning: the sides differ in placement policy: base 'DEFAULT', new 'UNIQUE'$" "placement warned"
has "$T_TMP/out" "^warning: the sides differ in ENOUGH: base '5000', new '1000'$" "ENOUGH warned"
sed '2i [BUILD_FLAGS: cc -O2 -g]' "$T_TMP/base.0" >"$T_TMP/flags.0"
sed '2i [BUILD_FLAGS: cc -O0 -g]' "$T_TMP/base.0" >"$T_TMP/flags.1"
cp "$FX/base.0.json" "$T_TMP/flags.0.json"
cp "$FX/base.0.json" "$T_TMP/flags.1.json"
run_prog "$CMP" "$T_TMP/flags.0" "$T_TMP/flags.1"
count "$T_TMP/out" '^warning' 1 "build flags alone: one warning"
has "$T_TMP/out" "^warning: the sides differ in build flags: base 'cc -O2 -g', new 'cc -O0 -g'$" "build flags warned"
sed '2i [MEMORY_NODES: node0 64312 MB, node1 64511 MB]' "$T_TMP/base.0" >"$T_TMP/mem.0"
sed '2i [MEMORY_NODES: node0 128624 MB]' "$T_TMP/base.0" >"$T_TMP/mem.1"
cp "$FX/base.0.json" "$T_TMP/mem.0.json"
cp "$FX/base.0.json" "$T_TMP/mem.1.json"
run_prog "$CMP" "$T_TMP/mem.0" "$T_TMP/mem.1"
count "$T_TMP/out" '^warning' 1 "memory alone: one warning"
has "$T_TMP/out" "^warning: the sides differ in memory \(NUMA nodes\): base 'node0 64312 MB, node1 64511 MB', new 'node0 128624 MB'$" "memory warned"
run_prog "$CMP" --json "$T_TMP/mem.0" "$T_TMP/mem.1"
has "$T_TMP/out" '"memory_nodes":"node0 64312 MB, node1 64511 MB"}' "memory in the JSON sides"
# the same nodes within 1 % (a kernel's reservations): the same memory;
# 2 % apart: not
sed '2i [MEMORY_NODES: node0 64100 MB, node1 64511 MB]' "$T_TMP/base.0" >"$T_TMP/mem.1"
run_prog "$CMP" "$T_TMP/mem.0" "$T_TMP/mem.1"
hasnt "$T_TMP/out" '^warning' "memory within 1 %: no warning"
sed '2i [MEMORY_NODES: node0 64312 MB, node1 63200 MB]' "$T_TMP/base.0" >"$T_TMP/mem.1"
run_prog "$CMP" "$T_TMP/mem.0" "$T_TMP/mem.1"
count "$T_TMP/out" '^warning' 1 "memory 2 % apart: one warning"
run_prog "$CMP" "$FX/base.0" "$FX/new.0"
hasnt "$T_TMP/out" '^warning' "no warning for the same machine"

# ---------------------------------------------------------- failed, skipped, mixed

# The new run's lat_pipe failed: recorded in both files, its figure gone.
mkdir -p "$T_TMP/f"
grep -v '^Pipe latency' "$FX/new.0" | sed 's/^Pipe bandwidth.*/[FAILED: lat_pipe: status 1: lat_pipe: pipe: Too many open files]\n&/' >"$T_TMP/f/new.0"
{
	grep -v '"lat_pipe"' "$FX/new.0.json"
	echo '{"schema":1,"program":"lat_pipe","args":[],"status":"failed","exit":1,"error":"lat_pipe: pipe: Too many open files"}'
} >"$T_TMP/f/new.0.json"
run_prog "$CMP" --fail-on-regression --allow-missing --threshold 50 "$FX/base.0" "$T_TMP/f/new.0"
expect_rc 1 "a FAILED record fails the gate"
has "$T_TMP/out" '^failed: lat_pipe Pipe latency \(lat_pipe: status 1: lat_pipe: pipe: Too many open files\)$' "the failed metric is named"
has "$T_TMP/out" '^FAILED in new: lat_pipe: status 1: lat_pipe: pipe: Too many open files$' "the failed run is listed"
# The geomean row speaks as the gate does: no "no regression" alone when
# failed or missing figures fail it.
has "$T_TMP/out" '^geomean .*  no regression compared, but the gate fails: 1 failed run$' "geomean row: the gate fails on the failed run"
run_prog "$CMP" --threshold 50 "$FX/base.0" "$FX/new.0"
has "$T_TMP/out" '^geomean .*  no regression compared, but the gate fails: 1 missing$' "geomean row: the gate fails on the missing metric"
run_prog "$CMP" --allow-missing --threshold 50 "$FX/base.0" "$FX/new.0"
has "$T_TMP/out" '^geomean .*  no regression$' "geomean row: no regression when the gate passes"
run_prog "$CMP" --format github --allow-missing --threshold 50 "$FX/base.0" "$T_TMP/f/new.0"
has "$T_TMP/out" '^::error title=lmbench failed::lat_pipe Pipe latency: lat_pipe status 1: lat_pipe: pipe: Too many open files$' "github: the failure"
# The classic lines alone (an original file on the other side): still failed.
run_prog "$CMP" --fail-on-regression --allow-missing --threshold 50 "$ORIG" "$T_TMP/f/new.0"
expect_rc 1 "a FAILED line fails the gate (classic lines)"
has "$T_TMP/out" '^FAILED in new: lat_pipe: status 1: ' "the FAILED line is listed"
# The bracketed lines read as --classic shows them (one reader): a killed
# run's status; a line without one (status 1), all of it the command.
sed 's/^Pipe bandwidth.*/[FAILED: bw_pipe -P 1: status 137: killed by SIGKILL]\n[FAILED: lat_unix -P 1]\n&/' "$FX/new.0" >"$T_TMP/f/one.0"
run_prog "$CMP" --allow-missing "$ORIG" "$T_TMP/f/one.0"
has "$T_TMP/out" '^FAILED in new: bw_pipe -P 1: status 137: killed by SIGKILL$' "a FAILED line's status"
has "$T_TMP/out" '^FAILED in new: lat_unix -P 1: status 1: $' "a FAILED line without a status"
run_prog "$CMP" --classic "$T_TMP/f/one.0"
has "$T_TMP/out" '^failed	0	bw_pipe -P 1	killed by SIGKILL		\[FAILED: bw_pipe ' "--classic: the same command and why"
has "$T_TMP/out" '^failed	0	lat_unix -P 1			\[FAILED: lat_unix -P 1\]$' "--classic: the same command without a status"
# A skipped program: its metrics vanish (the gate fails unless allowed).
{
	grep -v '"lat_pipe"' "$FX/new.0.json"
	echo '{"schema":1,"program":"lat_pipe","args":[],"status":"skipped","exit":77,"error":"lat_pipe: not supported here"}'
} >"$T_TMP/f/new.0.json"
run_prog "$CMP" --fail-on-regression --threshold 50 "$FX/base.0" "$T_TMP/f/new.0"
expect_rc 1 "a skipped program's vanished metric fails the gate"
has "$T_TMP/out" '^skipped: lat_pipe Pipe latency \(lat_pipe: skipped, 77: lat_pipe: not supported here\)$' "the skipped metric is named"
run_prog "$CMP" --fail-on-regression --allow-missing --threshold 50 "$FX/base.0" "$T_TMP/f/new.0"
expect_rc 0 "a skipped program with --allow-missing"
# A failure whose args name the runner's private directory (lat_syscall
# stat FILE, a fresh mktemp name each run): the base's metric of those
# args failed, not vanished.  Nothing else compared: the geometric mean
# is n/a (JSON null), never a zero.
mkdir -p "$T_TMP/d"
echo '{"schema":1,"program":"lat_syscall","args":["-P","1","stat","/tmp/lmbench-ng-run.AbC123/lmbench"],"metric":"Simple stat","unit":"us","value":0.6,"samples":[0.6,0.61,0.59]}' >"$T_TMP/d/a.0.json"
echo '{"schema":1,"program":"lat_syscall","args":["-P","1","stat","/tmp/lmbench-ng-run.XyZ789/lmbench"],"status":"failed","exit":1,"error":"timed out: still running after 1 s (LMBENCH_TIMEOUT)"}' >"$T_TMP/d/b.0.json"
result "$T_TMP/d/a.0"
result "$T_TMP/d/b.0"
run_prog "$CMP" --fail-on-regression --allow-missing "$T_TMP/d/a.0" "$T_TMP/d/b.0"
expect_rc 1 "a failure in the runner's private directory fails the gate"
has "$T_TMP/out" '^failed: lat_syscall Simple stat \(lat_syscall -P 1 stat /tmp/lmbench-ng-run\.XyZ789/lmbench: status 1: timed out' "a failure in the runner's private directory is its metric's"
has "$T_TMP/out" '^geomean +n/a  ' "nothing compared: geomean n/a"
has "$T_TMP/out" 'geomean n/a \(\+ = better\); gate: FAIL$' "nothing compared: the summary's geomean n/a"
run_prog "$CMP" --json "$T_TMP/d/a.0" "$T_TMP/d/b.0"
if [ "$(jq_py "$T_TMP/out" '(d["geomean_better_pct"], d["failed_metrics"], d["missing"])')" = "(None, 1, 0)" ]; then ok; else
	not_ok "json: nothing compared: $(head -c 600 "$T_TMP/out")"
fi

# Mixed samples: unreliable, neither passed nor failed; --strict fails it.
mkdir -p "$T_TMP/m"
cp "$FX/new.0" "$T_TMP/m/new.0"
sed 's/"metric":"Pipe latency",\(.*\)"samples":\[\([^]]*\)\],/"metric":"Pipe latency",\1"samples":[\2],"mixed":[4.6,5.3],/' "$FX/new.0.json" >"$T_TMP/m/new.0.json"
run_prog "$CMP" --fail-on-regression --allow-missing --threshold 50 "$FX/base.0" "$T_TMP/m/new.0"
expect_rc 0 "a mixed record does not fail the gate"
has "$T_TMP/out" '^lat_pipe Pipe latency .*  unreliable \(mixed samples\)$' "mixed: reported unreliable"
has "$T_TMP/out" '^note: 1 unreliable: ' "mixed: said why"
run_prog "$CMP" --strict --allow-missing --threshold 50 "$FX/base.0" "$T_TMP/m/new.0"
expect_rc 1 "--strict fails a mixed record"
run_prog "$CMP" --json "$FX/base.0" "$T_TMP/m/new.0"
if [ "$(jq_py "$T_TMP/out" '[(m["status"], m["new_mixed"]) for m in d["metrics"] if m["metric"] == "lat_pipe Pipe latency"]')" = "[('unreliable', [4.6, 5.3])]" ]; then ok; else
	not_ok "json mixed: $(head -c 600 "$T_TMP/out")"
fi

# ---------------------------------------------------------- original lmbench 3 files

# One value each: no test is possible, so no change fails the gate (a
# pooled or guessed p was what made identical builds fail it).
awk '/^Simple syscall: / { printf "Simple syscall: %.4f microseconds\n", $3 * 1.2; next } { print }' "$ORIG" >"$T_TMP/slower.0"
run_prog "$CMP" --fail-on-regression "$ORIG" "$T_TMP/slower.0"
expect_rc 0 "original files, one run a side: 20 % slower cannot be told from noise"
count "$T_TMP/out" ' regression \(' 0 "no regression from one run a side"
has "$T_TMP/out" '^Simple syscall +us +0\.0712 +1 +0\.0854 +1 +-16\.63% +\? +cannot tell: 1 run a side, no test$' "original: the row says why"
has "$T_TMP/out" '^note: [0-9]+ figures with 1 run a side: no test possible, never a regression' "original: the note"
run_prog "$CMP" --fail-on-regression --strict "$ORIG" "$T_TMP/slower.0"
expect_rc 1 "--strict: figures that cannot be judged fail the gate"
run_prog "$CMP" --fail-on-regression "$ORIG" "$ORIG"
expect_rc 0 "an original file with itself"
hasnt "$T_TMP/out" 'regression \(' "no regression against itself"
# Units from the one table, sizes as fields.
run_prog "$CMP" --json "$ORIG" "$ORIG"
json_ok "$T_TMP/out" "original json"
if [ "$(jq_py "$T_TMP/out" '[(m["metric"], m["unit"], m["size_bytes"], m["params"], m["better"]) for m in d["metrics"] if m["metric"] in ("Memory load parallelism", "mappings", "tlb", "Socket bandwidth using localhost", "Memory load latency/stride=128", "File /var/tmp/XXX write bandwidth") or m["params"] == "procs=8"][:8]')" = \
	"[('File /var/tmp/XXX write bandwidth', 'KB/s', None, '', 'higher'), ('mappings', 'us', 524288, '', 'lower'), ('mappings', 'us', 8388608, '', 'lower'), ('Socket bandwidth using localhost', 'MB/s', 1, '', 'higher'), ('Socket bandwidth using localhost', 'MB/s', 10000000, '', 'higher'), ('Context switch size=16k', 'us', None, 'procs=8', 'lower'), ('Context switch size=64k', 'us', None, 'procs=8', 'lower'), ('tlb', 'pages', None, '', 'none')]" ]; then ok; else
	not_ok "original units and sizes: $(jq_py "$T_TMP/out" '[(m["metric"], m["unit"], m["size_bytes"], m["params"]) for m in d["metrics"]][30:]')"
fi
if [ "$(jq_py "$T_TMP/out" '[(m["unit"], m["size_bytes"]) for m in d["metrics"] if m["metric"] == "Memory load parallelism"]')" = "[('loads', 1024), ('loads', 4194304)]" ]; then ok; else
	not_ok "Memory load parallelism is loads: $(grep parallelism "$T_TMP/out")"
fi
# Units from the one table, whichever way a classic line gives them: a
# unit word spelled as a unit's own name (cache's "bytes", "MHz") is that
# unit, a fact shown but never judged; "MB/s" is a rate.
{
	sed '$d' "$ORIG"
	echo 'L1 cache: 32768 bytes 1.23 nanoseconds 64 linesize'
	echo 'Processor clock: 3000 MHz'
	echo 'Some rate: 100 MB/s'
	tail -n 1 "$ORIG"
} >"$T_TMP/u1.0"
sed -e 's/^L1 cache: 32768/L1 cache: 49152/' -e 's/^Processor clock: 3000/Processor clock: 3600/' \
	-e 's/^Some rate: 100/Some rate: 120/' "$T_TMP/u1.0" >"$T_TMP/u2.0"
run_prog "$CMP" --fail-on-regression "$T_TMP/u1.0" "$T_TMP/u2.0"
expect_rc 0 "units by their names: no regression"
has "$T_TMP/out" '^L1 cache +bytes .* \+50\.00% .* cannot tell' "bytes: a fact"
has "$T_TMP/out" '^Processor clock +MHz .* \+20\.00% .* cannot tell' "MHz: a fact"
has "$T_TMP/out" '^Some rate +MB/s .* \+20\.00% .* cannot tell' "MB/s: higher is better"
run_prog "$CMP" --json "$T_TMP/u1.0" "$T_TMP/u2.0"
if [ "$(jq_py "$T_TMP/out" '[(m["unit"], m["better"]) for m in d["metrics"] if m["metric"] in ("L1 cache", "Processor clock", "Some rate")]')" = "[('bytes', 'none'), ('MHz', 'none'), ('MB/s', 'higher')]" ]; then ok; else
	not_ok "units by their names: $(grep -E 'L1 cache|Processor|Some rate' "$T_TMP/out")"
fi
# Ours against an original: the classic lines on both sides.
run_prog "$CMP" "$ORIG" "$FX/new.0"
expect_rc 0 "an original against ours"
has "$T_TMP/out" '^Simple syscall ' "original vs ours: syscall"
has "$T_TMP/out" '^Pipe latency ' "original vs ours: pipe"

# ---------------------------------------------------------- sets, spaces

# Five runs a side (directories with spaces in their names, and comma
# lists), one value a run: Pipe latency 30 % slower, every run: exact p =
# 2 / C(10,5).
mkdir -p "$T_TMP/a side" "$T_TMP/b side"
for i in 0 1 2 3 4; do
	awk -v f=$((100 + i)) '/^Pipe latency: / { printf "Pipe latency: %.4f microseconds\n", $3 * f / 100; next } { print }' "$ORIG" >"$T_TMP/a side/box1.$i"
	awk -v f=$((130 + i)) '/^Pipe latency: / { printf "Pipe latency: %.4f microseconds\n", $3 * f / 100; next } { print }' "$ORIG" >"$T_TMP/b side/box1.$i"
done
: >"$T_TMP/a side/notes.txt"
run_prog "$CMP" --fail-on-regression "$T_TMP/a side" "$T_TMP/b side"
expect_rc 1 "directories with spaces, 5 runs a side"
has "$T_TMP/out" '^metric +unit +[^ ]+/a side +runs +[^ ]+/b side +runs ' "directory sides named (with the directory above)"
has "$T_TMP/out" '^Pipe latency +us +4\.909 \+-1\.6% +5 +6\.352 \+-1\.2% +5 +-22\.7[0-9]% .*  regression \(p=' "the set's regression"
count "$T_TMP/out" 'regression \(' 1 "only that one"
run_prog "$CMP" "$T_TMP/a side/box1.0,$T_TMP/a side/box1.1" "$T_TMP/b side/box1.0"
expect_rc 0 "comma lists with spaces"
has "$T_TMP/out" '^base: .*a side/box1\.0,.*a side/box1\.1 \(2 runs' "a comma list"
mkdir -p "$T_TMP/sp ace"
cp "$FX/base.0" "$FX/base.0.json" "$T_TMP/sp ace/"
cp "$FX/new.0" "$T_TMP/sp ace/new, one.0"
cp "$FX/new.0.json" "$T_TMP/sp ace/new, one.0.json"
run_prog "$CMP" "$T_TMP/sp ace/base.0" "$T_TMP/sp ace/new, one.0"
expect_rc 0 "a file name with a space and a comma"
has "$T_TMP/out" '^lat_syscall Simple syscall .* cannot tell: 1 run a side, no test \(5 a side' "spaces: compared from the JSON"
# The top of a RESULTS_DIR (results/<os>/<host>.<n>): the one directory
# below it with result files; with several, one line naming them.
mkdir -p "$T_TMP/res a/x86_64-linux-gnu" "$T_TMP/res b/x86_64-linux-gnu"
cp "$FX/base.0" "$FX/base.0.json" "$T_TMP/res a/x86_64-linux-gnu/"
cp "$FX/new.0" "$FX/new.0.json" "$T_TMP/res b/x86_64-linux-gnu/"
run_prog "$CMP" "$T_TMP/res a" "$T_TMP/res b"
expect_rc 0 "the top of a RESULTS_DIR"
has "$T_TMP/out" '^lat_syscall Simple syscall .* cannot tell' "RESULTS_DIR: the files one level down compared"
has "$T_TMP/out" '^metric +unit +res a/x86_64-linux-gnu +runs +res b/x86_64-linux-gnu +runs ' "RESULTS_DIR: sides named by results/<os>"
mkdir -p "$T_TMP/res b/aarch64-linux-gnu"
cp "$FX/new.0" "$FX/new.0.json" "$T_TMP/res b/aarch64-linux-gnu/"
run_prog "$CMP" "$T_TMP/res a" "$T_TMP/res b"
expect_rc 2 "a RESULTS_DIR of two systems"
expect_one_line "$T_TMP/err" "a RESULTS_DIR of two systems"
has "$T_TMP/err" 'in 2 directories below it: name one \(.*res b/aarch64-linux-gnu, .*res b/x86_64-linux-gnu\)$' "RESULTS_DIR of two systems: says what to pass"
run_prog make -s -C "$top" compare BASE="$FX/base.0" NEW="$FX/new.0"
expect_rc 0 "make compare"

# ---------------------------------------------------------- hostile names

mkdir -p "$T_TMP/h"
printf '%s\n' '{"schema":1,"program":"lat_x","args":[],"metric":"back\\slash \"quoted\" <b>|pipe|</b> & \u0001ctl","unit":"us","value":1,"samples":[1,1.1,0.9,1,1,1]}' >"$T_TMP/h/a.0.json"
printf '%s\n' '{"schema":1,"program":"lat_x","args":[],"metric":"back\\slash \"quoted\" <b>|pipe|</b> & \u0001ctl","unit":"us","value":2,"samples":[2,2.1,1.9,2,2,2]}' >"$T_TMP/h/b.0.json"
result "$T_TMP/h/a.0"
result "$T_TMP/h/b.0"
run_prog "$CMP" --json "$T_TMP/h/a.0" "$T_TMP/h/b.0"
json_ok "$T_TMP/out" "a name with a backslash, quotes and a control character"
if [ "$(jq_py "$T_TMP/out" 'd["metrics"][0]["metric"]')" = "$(printf 'lat_x back\\slash "quoted" <b>|pipe|</b> & \001ctl')" ]; then ok; else
	not_ok "the hostile name did not survive JSON: $(head -c 400 "$T_TMP/out")"
fi
run_prog "$CMP" --format junit "$T_TMP/h/a.0" "$T_TMP/h/b.0"
if python3 -c 'import sys, xml.etree.ElementTree as ET; ET.parse(sys.argv[1])' "$T_TMP/out" 2>/dev/null; then ok; else not_ok "junit with a hostile name: $(cat "$T_TMP/out")"; fi
run_prog "$CMP" --format markdown "$T_TMP/h/a.0" "$T_TMP/h/b.0"
if md_shape "$T_TMP/out"; then ok; else not_ok "markdown with a hostile name: $(cat "$T_TMP/out")"; fi
hasnt "$T_TMP/out" '<b>' "markdown: no raw HTML from a name"
run_prog "$CMP" --format csv "$T_TMP/h/a.0" "$T_TMP/h/b.0"
if python3 -c 'import csv, sys; rows = list(csv.reader(open(sys.argv[1]))); sys.exit(0 if len(rows) == 2 and all(len(r) == 20 for r in rows) else 1)' "$T_TMP/out"; then ok; else not_ok "csv with a hostile name: $(cat "$T_TMP/out")"; fi
run_prog "$CMP" --format github --strict "$T_TMP/h/a.0" "$T_TMP/h/b.0"
count "$T_TMP/out" '' 2 "github: a hostile name stays on its line"

# A 1 MB line (a label, and a JSON record) is read whole.
awk 'BEGIN { s = "x"; while (length(s) < 1048576) s = s s; print "[lmbench3.0 results for Linux long]"; print s ": 1.5 microseconds"; print "Simple syscall: 1.0 microseconds"; print "[Mon Nov 30 03:00:00 UTC 2026]" }' >"$T_TMP/long.0"
run_prog "$CMP" "$T_TMP/long.0" "$T_TMP/long.0"
expect_rc 0 "a 1 MB line"
has "$T_TMP/out" '^Simple syscall ' "after the 1 MB line"

# ---------------------------------------------------------- bad input

: >"$T_TMP/empty.0"
printf 'garbage\n%%%% not a result\n12 x y\n' >"$T_TMP/garbage.0"
head -c 3000 /dev/urandom >"$T_TMP/binary.0"
printf '[lmbench3.0 results for x]\n\000\001\002\n[Mon Nov 30 03:00:00 UTC 2026]\n' >"$T_TMP/nul.0"
cp "$FX/base.0" "$T_TMP/trunc.0"
head -c 700 "$FX/base.0.json" >"$T_TMP/trunc.0.json"
cp "$FX/base.0" "$T_TMP/v2.0"
sed 's/"schema":1/"schema":4/' "$FX/base.0.json" >"$T_TMP/v2.0.json"
cat "$FX/base.0" "$FX/new.0" >"$T_TMP/two.0"
sed -n '1,/^\[VERSION/p' "$FX/base.0" >"$T_TMP/nometric.0"
echo '[Mon Nov 30 03:00:00 UTC 2026]' >>"$T_TMP/nometric.0"
printf '[lmbench3.0 results for x]\nSome label: 3 microseconds\n[Mon Nov 30 03:00:00 UTC 2026]\n' >"$T_TMP/other.1"
mkdir -p "$T_TMP/emptydir"
printf 'Simple.syscall ten\n' >"$T_TMP/badlimits"
for c in "$T_TMP/empty.0|$FX/new.0" "$FX/base.0|$T_TMP/garbage.0" "$FX/base.0|/nonexistent" \
	"$FX/base.0" "$FX/base.0|$FX/new.0|$FX/new.0" "--format|xml|$FX/base.0|$FX/new.0" "--threshold|abc|$FX/base.0|$FX/new.0" \
	"--bogus|$FX/base.0|$FX/new.0" "$T_TMP/emptydir|$FX/new.0" "$FX/base.0|$T_TMP/binary.0" "$T_TMP/nul.0|$FX/new.0" \
	"$FX/base.0|$ORIG.nonexistent" "$FX/base.0|$top/tests/fixtures/x86_64-linux-gnu/truncated.0" \
	"$T_TMP/trunc.0|$FX/new.0" "$FX/base.0|$T_TMP/v2.0" "$T_TMP/two.0|$FX/new.0" "$T_TMP/nometric.0|$FX/new.0" \
	"$FX/base.0|$T_TMP/other.1" "--thresholds|$T_TMP/badlimits|$FX/base.0|$FX/new.0" "--thresholds|/nonexistent|$FX/base.0|$FX/new.0" \
	"--alpha|2|$FX/base.0|$FX/new.0" "--format"; do
	old=$IFS
	IFS='|'
	# shellcheck disable=SC2086 # split on | on purpose
	set -- $c
	IFS=$old
	run_prog "$CMP" "$@"
	expect_rc 2 "compare $c"
	expect_refusal lmbench-compare "$(usage_line "$CMP")" "compare $c"
	if [ -s "$T_TMP/out" ]; then not_ok "compare $c: wrote to stdout"; else ok; fi
done
run_prog "$CMP" -h
expect_rc 0 "compare -h"
has "$T_TMP/out" '^Usage: lmbench-compare ' "-h: the usage line"
has "$T_TMP/out" '^  --fail-on-regression ' "-h: a line per option"

# ---------------------------------------------------------- speed

# Linear time, judged by growth, not by a clock: these machines are shared,
# and an absolute limit (it was 2 s of CPU for a 4 MB file, about 1.4 s
# here) failed in CI under load.  Each input is compared at one size and at
# four times that size; the CPU time of each is the least of three runs
# (noise only adds), and the larger must take under 8 times the smaller:
# linear work grows 4 times, quadratic 16.  A sanitizer build is slower
# by design: its figures would say nothing, so these checks are left to
# the plain build.
cpu() {
	best=
	for _ in 1 2 3; do
		/usr/bin/time -f '%U %S' -o "$T_TMP/time" "$@" >/dev/null 2>"$T_TMP/err" || {
			echo fail
			return
		}
		best=$(awk -v b="$best" '{ t = $1 + $2; if (b == "" || t < b) b = t; printf "%.2f", b }' "$T_TMP/time")
	done
	printf '%s\n' "$best"
}
# grows WHAT SMALL BIG: the check that BIG is under 8 times SMALL (a floor
# of 0.05 s under SMALL, so that a run too quick to time cannot fail it).
grows() {
	if [ "$2" = fail ] || [ "$3" = fail ]; then
		not_ok "$1: the comparison failed: $(head -c 300 "$T_TMP/err")"
	elif awk -v s="$2" -v b="$3" 'BEGIN { if (s < 0.05) s = 0.05; exit !(b < 8 * s) }'; then ok; else
		not_ok "$1: $2 s of CPU at one size, $3 s at four times it (linear: about 4 times)"
	fi
}
big_file() { # big_file FILE LINES: a classic file of one section, LINES figures
	{
		sed -n '1,/^\[VERSION/p' "$FX/base.0"
		echo 'Memory read bandwidth'
		awk -v n="$2" 'BEGIN { for (i = 1; i <= n; i++) printf "%.6f %.2f\n", i / 1e6, 100 + i % 7 }'
		echo ''
		echo '[Mon Nov 30 03:00:00 UTC 2026]'
	} >"$1"
}
case $BUILD in *-sanitize*) speed=0 ;; *) speed=1 ;; esac
if [ -x /usr/bin/time ] && [ "$speed" = 1 ]; then
	# Directories of runs of 600 metrics x 11 samples (a full default run):
	# 10 runs a side, then 20 runs of 1200.
	sh "$FX/gen.sh" "$T_TMP/g1" 10 600 11 1
	sh "$FX/gen.sh" "$T_TMP/g2" 10 600 11 1.1
	sh "$FX/gen.sh" "$T_TMP/G1" 20 1200 11 1
	sh "$FX/gen.sh" "$T_TMP/G2" 20 1200 11 1.1
	grows "directories of runs" "$(cpu "$CMP" "$T_TMP/g1" "$T_TMP/g2")" "$(cpu "$CMP" "$T_TMP/G1" "$T_TMP/G2")"
	# One file against itself: 1 MB (65000 figures), then 4 MB.
	big_file "$T_TMP/small.0" 65000
	big_file "$T_TMP/big.0" 260000
	grows "a file against itself" "$(cpu "$CMP" "$T_TMP/small.0" "$T_TMP/small.0")" "$(cpu "$CMP" "$T_TMP/big.0" "$T_TMP/big.0")"
fi

# --samples: a JSON companion's measurements through the real parser,
# seven tab-separated fields a line; a newer schema or a missing file
# refused with one line and status 2.
run_prog sh "$CMP" --samples "$top/tests/fixtures/json/vm.0.json"
if [ "$RC" -eq 0 ] && [ "$(awk -F '\t' 'NF != 7 { bad++ } END { print NR - bad }' "$T_TMP/out")" -ge 10 ] &&
	grep -q "^lat_pipe	Pipe latency		[0-9.e+-]*	[0-9.e+-]*	[0-9.e+-]*	\$" "$T_TMP/out" &&
	grep -q "^bw_mem	rd	1048576	" "$T_TMP/out"; then ok; else
	not_ok "--samples of the schema-3 fixture: status $RC: $(head -n 3 "$T_TMP/out") $(cat "$T_TMP/err")"
fi
sed 's/"schema":3/"schema":4/' "$top/tests/fixtures/json/vm.0.json" >"$T_TMP/v4.json"
for f in "$T_TMP/v4.json" "$T_TMP/nonexistent.json"; do
	run_prog sh "$CMP" --samples "$f"
	if [ "$RC" -eq 2 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && [ ! -s "$T_TMP/out" ]; then ok; else
		not_ok "--samples $f: status $RC: $(cat "$T_TMP/err")"
	fi
done

# --classic: each line of classic result files as one record (kind,
# cross-CPU flag, three fields, the line), after a "file" record per
# file; a file it cannot use is left out with one line, status 2.
run_prog sh "$CMP" --classic "$top/tests/fixtures/x86_64-linux-gnu/box1.0" "$top/tests/fixtures/cross/box1.2"
if [ "$RC" -eq 0 ] && [ ! -s "$T_TMP/err" ] &&
	[ "$(grep -c '^file	' "$T_TMP/out")" -eq 2 ] &&
	[ "$(awk -F '\t' '$1 != "file" && NF != 6' "$T_TMP/out" | wc -l)" -eq 0 ] &&
	[ "$(grep -vc '^file	' "$T_TMP/out")" -eq "$(cat "$top/tests/fixtures/x86_64-linux-gnu/box1.0" "$top/tests/fixtures/cross/box1.2" | wc -l)" ] &&
	grep -q '^label	0	Simple syscall	0\.0712	microseconds	Simple syscall: 0\.0712 microseconds$' "$T_TMP/out" &&
	grep -q '^other	0				0k\\t1000\\t285714\\t625000$' "$T_TMP/out" &&
	grep -q '^marker	0	stride=128			"stride=128$' "$T_TMP/out" &&
	grep -q '^cross	1	lat_pipe -P 1	30\.1234	microseconds	' "$T_TMP/out" &&
	grep -q '^failed	1	lat_tcp -P 1 localhost	' "$T_TMP/out"; then ok; else
	not_ok "--classic of box1.0 and box1.2: status $RC: $(head -c 300 "$T_TMP/err") $(grep -m 3 'stride\|0k\|cross' "$T_TMP/out")"
fi
printf 'x\0y\n' >"$T_TMP/nul.0"
printf '[lmbench4.0 results for x]\n' >"$T_TMP/v4.0"
printf 'hello\n' >"$T_TMP/not.0"
: >"$T_TMP/empty.0"
for f in "$T_TMP/nul.0" "$T_TMP/v4.0" "$T_TMP/not.0" "$T_TMP/empty.0" "$T_TMP/nonexistent.0" "$T_TMP"; do
	run_prog sh "$CMP" --classic "$f"
	if [ "$RC" -eq 2 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && grep -q "^lmbench-compare: .*${f##*/}" "$T_TMP/err" && [ ! -s "$T_TMP/out" ]; then ok; else
		not_ok "--classic $f: status $RC: $(cat "$T_TMP/err")"
	fi
done
# the others still read
run_prog sh "$CMP" --classic "$T_TMP/nul.0" "$top/tests/fixtures/x86_64-linux-gnu/box1.0"
if [ "$RC" -eq 2 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && [ "$(grep -c '^file	' "$T_TMP/out")" -eq 1 ]; then ok; else
	not_ok "--classic of a bad file and a good one: status $RC: $(cat "$T_TMP/err")"
fi

finish compare
