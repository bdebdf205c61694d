#!/bin/sh
# unit.sh BUILD - run the unit test binaries of a build.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

for t in "$BUILD"/tests/test_*; do
	[ -x "$t" ] || continue
	# A binary that exits early (status 0, no totals) fails too.
	if "$t" >"$T_TMP/out" 2>&1 && grep -q "^${t##*/}: [0-9]* passed, 0 failed$" "$T_TMP/out"; then
		ok
	else
		not_ok "$(basename "$t"): $(cat "$T_TMP/out")"
	fi
	cat "$T_TMP/out"
done
[ "$PASS" -gt 0 ] || not_ok "no unit test binaries in $BUILD/tests"
finish unit
