#!/bin/sh
# run.sh BUILD SUITE... - run test suites (unit smoke signals) against the
# programs in BUILD and print the total "N passed, N failed".
BUILD=$1
shift
dir=$(dirname "$0")
passed=0
failed=0
status=0
for suite in "$@"; do
	t0=$(date +%s)
	out=$(sh "$dir/$suite.sh" "$BUILD") || status=1
	printf '%s\n' "$out"
	# Each suite's time, so a CI log shows where the minutes go.
	printf 'suite %s: %d s\n' "$suite" "$(($(date +%s) - t0))"
	line=$(printf '%s\n' "$out" | grep -E "^$suite: [0-9]+ passed, [0-9]+ failed$" | tail -n 1)
	if [ -z "$line" ]; then
		printf 'suite %s gave no totals\n' "$suite" >&2
		status=1
		continue
	fi
	p=$(printf '%s\n' "$line" | sed -E 's/.*: ([0-9]+) passed.*/\1/')
	f=$(printf '%s\n' "$line" | sed -E 's/.* ([0-9]+) failed$/\1/')
	passed=$((passed + p))
	failed=$((failed + f))
done
printf '%d passed, %d failed\n' "$passed" "$failed"
[ "$failed" -eq 0 ] && exit "$status"
exit 1
