#!/bin/sh
# compare.sh - scripts/compare on fixtures: a baseline and a new run with
# every sample (a known 20 % regression in one metric, noise in another,
# a metric missing from one side), original lmbench 3 files (one value
# per metric: significance unknown), sets of runs, every output format,
# thresholds, and unusable input.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
CMP=$top/scripts/compare
FX=$top/tests/fixtures/compare
ORIG=$top/tests/fixtures/x86_64-linux-gnu/box1.0
trap 'rm -rf "$T_TMP"' EXIT

# The sampled pair: exactly one regression, the noise is "~", the missing
# metric is named.
run_prog sh "$CMP" "$FX/base.0" "$FX/new.0"
expect_rc 0 "compare base new"
if [ "$(grep -c ' regression (p=' "$T_TMP/out")" -eq 1 ] &&
	grep -q '^lat_syscall Simple syscall .* +20\.[0-9]*%  regression (p=' "$T_TMP/out"; then ok; else
	not_ok "compare: the regression: $(cat "$T_TMP/out")"
fi
if grep -q '^lat_pipe Pipe latency .*  ~ (p=' "$T_TMP/out"; then ok; else not_ok "compare: noise not ~: $(cat "$T_TMP/out")"; fi
if grep -q '^bw_pipe Pipe bandwidth .*  ok$' "$T_TMP/out"; then ok; else not_ok "compare: a small change is not ok: $(cat "$T_TMP/out")"; fi
if grep -q '^missing: lat_unix AF_UNIX sock stream latency (only in base)$' "$T_TMP/out"; then ok; else
	not_ok "compare: the missing metric: $(cat "$T_TMP/out")"
fi
if grep -q '^geomean (better +) .* -[0-9.]*%  1 regression$' "$T_TMP/out"; then ok; else not_ok "compare: geomean row: $(tail -n 3 "$T_TMP/out")"; fi
run_prog sh "$CMP" --fail-on-regression "$FX/base.0" "$FX/new.0"
expect_rc 1 "compare --fail-on-regression with a regression"
run_prog sh "$CMP" --fail-on-regression "$FX/new.0" "$FX/base.0"
expect_rc 0 "compare --fail-on-regression, the other way round (an improvement)"
if grep -q '^lat_syscall Simple syscall .*  improvement (p=' "$T_TMP/out"; then ok; else not_ok "compare reversed: $(cat "$T_TMP/out")"; fi
run_prog sh "$CMP" --fail-on-regression --threshold 25 "$FX/base.0" "$FX/new.0"
expect_rc 0 "compare --threshold 25"
printf '# per-metric limits\nSimple.syscall 30\n' >"$T_TMP/limits"
run_prog sh "$CMP" --fail-on-regression --thresholds "$T_TMP/limits" "$FX/base.0" "$FX/new.0"
expect_rc 0 "compare --thresholds (syscall 30 %)"
printf 'Pipe.bandwidth 0.1\n' >"$T_TMP/limits"
run_prog sh "$CMP" --thresholds "$T_TMP/limits" "$FX/base.0" "$FX/new.0"
if grep -q '^bw_pipe Pipe bandwidth .*  improvement (p=' "$T_TMP/out"; then ok; else not_ok "compare per-metric 0.1 %: $(cat "$T_TMP/out")"; fi

# CSV and JSON.
run_prog sh "$CMP" --format csv "$FX/base.0" "$FX/new.0"
expect_rc 0 "compare --format csv"
if [ "$(head -n 1 "$T_TMP/out")" = "metric,unit,better,base,base_ci_pct,new,new_ci_pct,change_pct,p,threshold_pct,status" ] &&
	[ "$(wc -l <"$T_TMP/out")" -eq 6 ] && grep -q '^"lat_syscall Simple syscall","us",lower,.*,regression$' "$T_TMP/out"; then ok; else
	not_ok "compare csv: $(cat "$T_TMP/out")"
fi
run_prog sh "$CMP" --json "$FX/base.0" "$FX/new.0"
expect_rc 0 "compare --json"
if grep -q '^{"schema":1,' "$T_TMP/out" && grep -q '"status":"regression"' "$T_TMP/out" &&
	grep -q '"missing":\[{"metric":"lat_unix AF_UNIX sock stream latency","only_in":"base"}\]' "$T_TMP/out" &&
	grep -q '"regressions":1,' "$T_TMP/out"; then ok; else not_ok "compare json: $(cat "$T_TMP/out")"; fi
if command -v python3 >/dev/null; then
	if python3 -m json.tool "$T_TMP/out" >/dev/null 2>&1; then ok; else not_ok "compare json does not parse"; fi
fi

# Original lmbench 3 files: one value each, so a change past the threshold
# is a regression whose significance is unknown.
awk '/^Simple syscall: / { printf "Simple syscall: %.4f microseconds\n", $3 * 1.2; next } { print }' "$ORIG" >"$T_TMP/slower.0"
run_prog sh "$CMP" --fail-on-regression "$ORIG" "$T_TMP/slower.0"
expect_rc 1 "compare original lmbench files with a 20 % regression"
if [ "$(grep -c 'regression (significance unknown)' "$T_TMP/out")" -eq 1 ] &&
	grep -Eq '^Simple syscall .*\+(19|20)\.[0-9]*%  regression \(significance unknown\)$' "$T_TMP/out" &&
	grep -q '^note: 1 change past the threshold without samples on both sides: significance unknown$' "$T_TMP/out"; then ok; else
	not_ok "compare original: $(grep -v '  ok$' "$T_TMP/out" | head -c 600)"
fi
run_prog sh "$CMP" --fail-on-regression "$ORIG" "$ORIG"
expect_rc 0 "compare an original file with itself"
if ! grep -q 'regression (' "$T_TMP/out" && [ "$(grep -c '  ok$' "$T_TMP/out")" -gt 50 ]; then ok; else
	not_ok "compare original with itself: $(head -c 400 "$T_TMP/out")"
fi
# Ours against an original: the classic lines on both sides.
run_prog sh "$CMP" "$ORIG" "$FX/new.0"
expect_rc 0 "compare original against ours"
if grep -q '^Simple syscall ' "$T_TMP/out" && grep -q '^Pipe latency ' "$T_TMP/out"; then ok; else not_ok "compare original vs ours: $(head -c 400 "$T_TMP/out")"; fi

# Sets: five runs a side (directories and lists), one value per run;
# with two a side no rank test can be significant, and the threshold
# decides, saying so.
mkdir -p "$T_TMP/b" "$T_TMP/n"
for i in 0 1 2 3 4; do
	awk -v f=$((100 + i)) '/^Pipe latency: / { printf "Pipe latency: %.4f microseconds\n", $3 * f / 100; next } { print }' "$ORIG" >"$T_TMP/b/box1.$i"
	awk -v f=$((130 + i)) '/^Pipe latency: / { printf "Pipe latency: %.4f microseconds\n", $3 * f / 100; next } { print }' "$ORIG" >"$T_TMP/n/box1.$i"
done
run_prog sh "$CMP" --fail-on-regression "$T_TMP/b" "$T_TMP/n"
XX

# Unusable input: status 2 and one clear line.
: >"$T_TMP/empty.0"
printf 'garbage\n%%%% not a result\n12 x y\n' >"$T_TMP/garbage.0"
for c in "$T_TMP/empty.0 $FX/new.0" "$FX/base.0 $T_TMP/garbage.0" "$FX/base.0 /nonexistent" \
	"$FX/base.0" "--format xml $FX/base.0 $FX/new.0" "--threshold abc $FX/base.0 $FX/new.0" \
	"--bogus $FX/base.0 $FX/new.0" "$T_TMP/emptydir $FX/new.0"; do
	mkdir -p "$T_TMP/emptydir"
	# shellcheck disable=SC2086
	run_prog sh "$CMP" $c
	expect_rc 2 "compare $c"
	expect_one_line "$T_TMP/err" "compare $c"
done
printf 'Simple.syscall ten\n' >"$T_TMP/limits"
run_prog sh "$CMP" --thresholds "$T_TMP/limits" "$FX/base.0" "$FX/new.0"
expect_rc 2 "compare with a bad thresholds file"
finish compare
