#!/bin/sh
# run.sh FUZZ_BUILD SECONDS HARNESS... - run each libFuzzer harness
# (FUZZ_BUILD/fuzz_NAME) for SECONDS from its committed corpus
# (tests/fuzz/corpus/NAME, read only: new inputs go to a scratch
# directory), and print a line each: the executions, the corpus it
# reached and what it found.  A crash, a leak or a timeout leaves its
# input in FUZZ_BUILD/crash/ and fails the run (status 1).
set -u
build=$1 secs=$2
shift 2
dir=$(cd "$(dirname "$0")" && pwd)
rc=0
mkdir -p "$build/crash" || exit 1
for h in "$@"; do
	bin=$build/fuzz_$h
	if [ ! -x "$bin" ]; then
		echo "fuzz: $h: no $bin (make fuzz-build)" >&2
		rc=1
		continue
	fi
	work=$(mktemp -d "${TMPDIR:-/tmp}/lmbench-ng-fuzz-$h.XXXXXX") || exit 1
	log=$work.log
	mkdir "$work.tmp" || exit 1
	TMPDIR=$work.tmp "$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
		-close_fd_mask=3 -print_final_stats=1 -artifact_prefix="$build/crash/$h-" \
		"$work" "$dir/corpus/$h" >"$log" 2>&1
	st=$?
	execs=$(awk '/^stat::number_of_executed_units:/ { print $2 }' "$log")
	units=$(find "$work" -type f | wc -l)
	found=$(grep -E '^(==[0-9]+==ERROR|SUMMARY:|.*runtime error:|ALARM|Test unit written)' "$log" | head -n 3)
	if [ "$st" -eq 0 ] && [ -z "$found" ]; then
		echo "fuzz: $h: ${execs:-?} executions in $secs s, $units new inputs, no crash"
	else
		echo "fuzz: $h: status $st after ${execs:-?} executions: $found"
		tail -n 40 "$log" >&2
		rc=1
	fi
	rm -rf "$work" "$work.tmp" "$log"
done
exit $rc
