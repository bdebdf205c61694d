#!/bin/sh
# scripts.sh BUILD - the summary scripts on fixture result files: an
# original lmbench 3 file gives exactly lmbench's tables; truncated,
# garbled and incomplete files give what they hold and blanks, never a
# crash, a -1 or garbage; make see's file list and percent tables.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
fx=$top/tests/fixtures
SUM=$top/scripts/summary

# The original file: the same tables as lmbench 3.0-a9's getsummary.
run_prog sh "$SUM" "$fx/x86_64-linux-gnu/box1.0"
expect_rc 0 "summary box1.0"
if cmp -s "$T_TMP/out" "$fx/box1.0.summary"; then ok; else
	not_ok "summary of the original file differs: $(diff "$T_TMP/out" "$fx/box1.0.summary" | head -n 10)"
fi

# Every fixture together: one row per file in every one of the 12 tables.
run_prog sh "$SUM" "$fx"/x86_64-linux-gnu/*
expect_rc 0 "summary of every fixture"
n=$(grep -c '^--------- -------------' "$T_TMP/out")
if [ "$n" -eq 12 ]; then ok; else not_ok "want 12 tables, got $n"; fi
for h in box1 garbage nomemlat truncated averyveryverylonghostname; do
	n=$(grep -c "^$h " "$T_TMP/out")
	if [ "$n" -eq 12 ]; then ok; else not_ok "host $h: $n rows, want 12"; fi
done
if grep -q 'empty.0 is empty; skipped' "$T_TMP/err"; then ok; else not_ok "empty file not reported: $(cat "$T_TMP/err")"; fi
# Nothing wrong shown as right: no -1, nan, inf or printf debris.
if grep -E '^(box1|garbage|nomemlat|truncated|avery)' "$T_TMP/out" | grep -Eiq -- '-1|nan|inf|%|e-0'; then
	not_ok "garbage in a row: $(grep -E '^(garbage|truncated)' "$T_TMP/out" | grep -Ei -- '-1|nan|inf|%' | head -n 3)"
else
	ok
fi

row() { # row HOST TABLE-NUMBER: that host's row in the n-th table
	awk -v h="$1" -v t="$2" '/^--------- -------------/ { n++ } n == t && $1 == h' "$T_TMP/out"
}
# Garbage values give blanks; the rest of the file still counts.
if [ "$(row garbage 2)" = "garbage   Linux 6.8.0-4 2994      0.11 0.45 1.03 1.90 0.12 0.97 78.5 245. 612." ]; then ok; else
	not_ok "garbage processor row: $(row garbage 2)"
fi
if row garbage 1 | grep -q '2994          64   10.3'; then ok; else not_ok "garbage tlb: $(row garbage 1)"; fi
if row garbage 8 | grep -q '^garbage   Linux 6.8.0-4 1.240       6.10'; then ok; else not_ok "garbage pipe: $(row garbage 8)"; fi
# A truncated file: the sections before the cut, blanks after.
if [ "$(row truncated 2)" = "$(row box1 2 | sed 's/^box1     /truncated/')" ]; then ok; else not_ok "truncated processor row: $(row truncated 2)"; fi
if row truncated 12 | grep -Eq '^truncated Linux 6\.8\.0-4  2994 +$'; then ok; else not_ok "truncated memory row: $(row truncated 12)"; fi
# A missing section: its cells blank, the others whole.
if row nomemlat 12 | grep -Eq '^nomemlat  Linux 6\.8\.0-4  2994 +$'; then ok; else not_ok "nomemlat memory row: $(row nomemlat 12)"; fi
if [ "$(row nomemlat 11)" = "$(row box1 11 | sed 's/^box1    /nomemlat/')" ]; then ok; else not_ok "nomemlat bandwidth row: $(row nomemlat 11)"; fi
# Host names are not cut.
if row averyveryverylonghostname 1 | grep -q '^averyveryverylonghostname Linux'; then ok; else not_ok "long host name cut"; fi

# Bad calls.
run_prog sh "$SUM"
expect_rc 2 "summary with no file"
run_prog sh "$SUM" /nonexistent
expect_rc 2 "summary of a missing file"
if grep -q 'cannot read /nonexistent' "$T_TMP/err"; then ok; else not_ok "missing file message: $(cat "$T_TMP/err")"; fi
run_prog sh "$SUM" /nonexistent "$fx/x86_64-linux-gnu/box1.0"
expect_rc 0 "summary skips a missing file"

# Percent: the best host is 100, one twice as slow 200, half as fast 50.
mkdir -p "$T_TMP/r/x86_64-linux-gnu" "$T_TMP/r/other"
cp "$fx/x86_64-linux-gnu/box1.0" "$T_TMP/r/x86_64-linux-gnu/"
sed -e 's/^Simple syscall: 0.0712/Simple syscall: 0.1424/' \
	-e 's/^Pipe bandwidth: 4567.89/Pipe bandwidth: 2283.945/' \
	"$fx/x86_64-linux-gnu/box1.0" >"$T_TMP/r/other/slow.0"
echo 'not a result' >"$T_TMP/r/other/notes.txt"
cp "$fx/x86_64-linux-gnu/box1.0" "$T_TMP/r/other/box1.INFO"
run_prog sh "$SUM" -p "$T_TMP/r/x86_64-linux-gnu/box1.0" "$T_TMP/r/other/slow.0"
if row slow 2 | grep -q '^slow      Linux 6.8.0-4 2994  200  100'; then ok; else not_ok "percent latency: $(row slow 2)"; fi
if row slow 11 | grep -q '^slow      Linux 6.8.0-4   50  100'; then ok; else not_ok "percent bandwidth: $(row slow 11)"; fi
if row box1 11 | grep -q '^box1      Linux 6.8.0-4  100  100'; then ok; else not_ok "percent best: $(row box1 11)"; fi

# make see: result files only (first line [lmbench3...; no .INFO), in
# case-insensitive order, summary then percent, both saved.
run_prog sh "$top/scripts/see" "$T_TMP/r"
expect_rc 0 "see"
if [ "$(grep -c '^box1 ' "$T_TMP/out")" -eq 24 ] && [ "$(grep -c '^slow ' "$T_TMP/out")" -eq 24 ] &&
	! grep -q '^notes' "$T_TMP/out"; then ok; else not_ok "see rows: $(grep -c '^box1 ' "$T_TMP/out") $(grep -c '^slow ' "$T_TMP/out")"; fi
if [ -s "$T_TMP/r/summary.out" ] && [ -s "$T_TMP/r/percent.out" ]; then ok; else not_ok "see did not save its tables"; fi
mkdir -p "$T_TMP/none"
run_prog sh "$top/scripts/see" "$T_TMP/none"
expect_rc 1 "see with no result file"
finish scripts
