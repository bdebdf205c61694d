#!/bin/sh
# ab.sh BUILD - lmbench-ng ab (scripts/ab) and the series of runs
# (RUNS, PROFILE): rounds in a random order per round, both sides' runs
# paired, the comparison at the end, a failed run and SIGINT leaving the
# complete rounds marked incomplete, and bad input.  The runs here are
# tiny (one group of lat_syscall, ENOUGH=500): the mechanics, not the
# figures, are under test.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$(cd "$BUILD" && pwd)
AB=$top/scripts/ab
LMBENCH_COMPARE=$bin/lmbench-compare
export LMBENCH_COMPARE
# What config-run takes from the environment: one small group.
SUBSET=DEVELOPMENT BENCHMARK_SYSCALL=YES ENOUGH=500
export SUBSET BENCHMARK_SYSCALL ENOUGH

# runs DIR: the result files (not .json) below DIR.
runs() { find "$1" -type f -name '*.[0-9]*' ! -name '*.json' ! -name '.*' 2>/dev/null | wc -l; }

# ---------------------------------------------------------- a series of runs
run_prog env LMBENCH_RESULTS="$T_TMP/series" sh "$top/scripts/lmbench-ng" run --defaults --runs 3 FSDIR="$T_TMP" OUTPUT=/dev/null
expect_rc 0 "lmbench-ng run --runs 3"
if [ "$(runs "$T_TMP/series")" -eq 3 ]; then ok; else not_ok "--runs 3: $(runs "$T_TMP/series") result files"; fi
has_line() { if grep -Eq -- "$2" "$1"; then ok; else not_ok "$3: no line /$2/ in: $(head -c 600 "$1")"; fi; }
has_line "$T_TMP/out" '^lmbench-ng: 3 runs, the last in .*\.2 ' "--runs: the last file named"
for bad in 0 -1 x 1001 ''; do
	run_prog env LMBENCH_RESULTS="$T_TMP/series" sh "$top/scripts/lmbench-ng" run --defaults --runs "$bad"
	expect_rc 2 "--runs '$bad'"
	expect_one_line "$T_TMP/err" "--runs '$bad'"
done
run_prog env LMBENCH_RESULTS="$T_TMP/series" sh "$top/scripts/lmbench-ng" run --defaults --profile bogus
expect_rc 2 "--profile bogus"
expect_one_line "$T_TMP/err" "--profile bogus"
has_line "$T_TMP/err" "^config-run: bad PROFILE 'bogus': full or ci$" "--profile bogus: one line naming it"
run_prog env PROFILE=ci LMBENCH_RESULTS="$T_TMP/series" sh "$top/scripts/lmbench-ng" run --defaults FSDIR="$T_TMP" OUTPUT=/dev/null
expect_rc 0 "PROFILE=ci, one group"
f=$(find "$T_TMP/series" -name '*.3' | head -n 1)
has_line "$f" '^\[PROFILE: ci\]$' "the profile in the header"
has_line "$f" '^\[MB: 16\]$' "the ci profile's MB"

# ---------------------------------------------------------- ab
run_prog sh "$AB" --rounds 3 --seed 7 --out "$T_TMP/ab" "$bin" "$bin"
expect_rc 0 "ab of a build against itself"
if [ "$(runs "$T_TMP/ab/old")" -eq 3 ] && [ "$(runs "$T_TMP/ab/new")" -eq 3 ]; then ok; else
	not_ok "ab: 3 runs a side: old $(runs "$T_TMP/ab/old"), new $(runs "$T_TMP/ab/new")"
fi
if [ "$(wc -l <"$T_TMP/ab/order")" -eq 3 ] && grep -qx 'old new' "$T_TMP/ab/order" && grep -qx 'new old' "$T_TMP/ab/order"; then ok; else
	not_ok "ab: each round's order drawn (seed 7 gives both): $(cat "$T_TMP/ab/order")"
fi
has_line "$T_TMP/out" '^base: .*/old/[^ ]+ \(3 runs' "ab: compare of the old side's runs"
has_line "$T_TMP/ab/compare.out" 'gate: pass$' "ab: the gate's verdict kept"
if [ -e "$T_TMP/ab/INCOMPLETE" ]; then not_ok "ab: a complete series marked INCOMPLETE"; else ok; fi
# The same seed, the same order.
run_prog sh "$AB" --rounds 3 --seed 7 --out "$T_TMP/ab2" "$bin" "$bin"
if cmp -s "$T_TMP/ab/order" "$T_TMP/ab2/order"; then ok; else not_ok "ab: --seed 7 twice, two orders"; fi
# A program that fails: the round is cut, the rounds before kept.
run_prog env LMBENCH_FAIL=lat_syscall sh "$AB" --rounds 2 --out "$T_TMP/abf" "$bin" "$bin"
expect_rc 1 "ab: a run that fails"
has_line "$T_TMP/err" "round 1: the (old|new) build's run failed" "ab: the failure named"
if [ -s "$T_TMP/abf/INCOMPLETE" ]; then ok; else not_ok "ab: no INCOMPLETE after a failed run"; fi
# SIGINT in the second round: 130, the first round kept and paired.
# (a background job of a script starts with SIGINT ignored, which a shell
# cannot undo: python3 puts the default back before it runs ab, as a
# terminal's Ctrl-C would find it)
python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp("sh", ["sh"] + sys.argv[1:])' \
	"$AB" --rounds 50 --seed 3 --out "$T_TMP/abi" "$bin" "$bin" >"$T_TMP/out" 2>"$T_TMP/err" &
pid=$!
i=0
while [ "$i" -lt 300 ] && [ "$(runs "$T_TMP/abi")" -lt 3 ]; do
	sleep 0.1
	i=$((i + 1))
done
kill -INT "$pid"
wait "$pid"
rc=$?
if [ "$rc" -eq 130 ]; then ok; else not_ok "ab: SIGINT: status $rc, want 130: $(tail -n 2 "$T_TMP/err")"; fi
o=$(runs "$T_TMP/abi/old") n=$(runs "$T_TMP/abi/new")
if [ "$o" -eq "$n" ] && [ "$o" -ge 1 ]; then ok; else not_ok "ab: SIGINT: unpaired runs kept: old $o, new $n"; fi
has_line "$T_TMP/abi/INCOMPLETE" '^interrupted in round [0-9]+ of 50' "ab: SIGINT marked"
if [ -z "$(find "$T_TMP/abi" -name '.*partial*')" ]; then ok; else not_ok "ab: SIGINT: a half-written file: $(find "$T_TMP/abi" -name '.*partial*')"; fi
sleep 0.2
if [ -z "$(build_pids "$bin")" ]; then ok; else not_ok "ab: SIGINT: programs left running: $(build_pids "$bin")"; fi

# ---------------------------------------------------------- bad input
mkdir -p "$T_TMP/notempty" "$T_TMP/plain"
: >"$T_TMP/notempty/x"
for c in "" "$bin" "--rounds|0|$bin|$bin" "--rounds|abc|$bin|$bin" "--rounds|1001|$bin|$bin" \
	"--profile|x|$bin|$bin" "--seed|-1|$bin|$bin" "--bogus|$bin|$bin" "/nonexistent|$bin" \
	"$T_TMP/plain|$bin" "--out|$T_TMP/notempty|$bin|$bin" "--rounds"; do
	old=$IFS
	IFS='|'
	# shellcheck disable=SC2086 # split on | on purpose
	set -- $c
	IFS=$old
	run_prog sh "$AB" "$@"
	expect_rc 2 "ab $c"
	expect_refusal "lmbench-ng ab" "$(usage_line sh "$AB")" "ab $c"
done
run_prog sh "$AB" --help
expect_rc 0 "ab --help"
has_line "$T_TMP/out" '^Usage: lmbench-ng ab ' "ab --help: the usage"
# A source tree that does not build: one line, 1, its log kept.
mkdir -p "$T_TMP/tree/scripts" "$T_TMP/tree/src/harness"
printf 'all:\n\t@echo broken >&2; false\n' >"$T_TMP/tree/Makefile"
: >"$T_TMP/tree/scripts/lmbench"
: >"$T_TMP/tree/src/harness/lib_bench.c"
run_prog sh "$AB" --out "$T_TMP/abb" "$T_TMP/tree" "$bin"
expect_rc 1 "ab: a tree that does not build"
has_line "$T_TMP/err" 'old: the tree .* does not build' "ab: the broken tree named"
if [ -s "$T_TMP/abb/build.old.log" ]; then ok; else not_ok "ab: the build log not kept"; fi
# A bad calibration in the environment: refused before any round.
run_prog env TIMING_O=nan sh "$AB" --rounds 1 --out "$T_TMP/abt" "$bin" "$bin"
expect_rc 2 "ab with TIMING_O=nan"
has_line "$T_TMP/err" "cannot calibrate.*TIMING_O 'nan'" "ab with TIMING_O=nan: the value named"
if [ "$(runs "$T_TMP/abt")" -eq 0 ]; then ok; else not_ok "ab with TIMING_O=nan: ran"; fi

finish ab
