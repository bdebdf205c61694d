#!/bin/sh
# recipe.sh BUILD - doc/HACKING's three steps, followed to the letter in
# a scratch copy of the tree: the program, its page and its registry
# line, cut out of the document, go where it says, and nothing else
# changes.  Then the new program is built by make, listed by lmbench-ng
# list, run by the suite (lmbench-ng run NAME), shown in make see's table
# of other programs, its page passes tests/man.sh, the registry holds
# (tests/registry.sh), its --help and a bad option answer as every
# program's, and its records are valid.
BUILD=$(cd "$1" && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
doc=$top/doc/HACKING
trap 'rm -rf "$T_TMP"' EXIT

cut_block() {
	awk -v f="$1" '$0 == "----8<----" { on = 0 } on { print } $0 == "----8<---- " f { on = 1 }' "$doc"
}

# The tree as a clone has it (git's files; in a tarball, all but the
# builds and results), and this build, its objects' times kept, so that
# make builds what the steps add.
tree=$T_TMP/tree
mkdir -p "$tree/bin"
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	(cd "$top" && git ls-files -z | xargs -0 cp -P --parents -t "$tree")
else
	(cd "$top" && tar --exclude=./bin --exclude=./results -cf - .) | (cd "$tree" && tar -xf -)
fi
t=${BUILD##*/}
cp -pR "$BUILD" "$tree/bin/$t"

# Steps 1 to 3.
cut_block src/programs/lat_example.c >"$tree/src/programs/lat_example.c"
cut_block doc/lat_example.8 >"$tree/doc/lat_example.8"
line=$(cut_block src/programs.tab)
if [ -s "$tree/src/programs/lat_example.c" ] && [ -s "$tree/doc/lat_example.8" ] && [ -n "$line" ]; then ok; else
	not_ok "doc/HACKING: the program, page or registry line not found between ----8<---- lines"
fi
# the line where the sorted registry has it
awk -v l="$line" 'l != "" && !/^#/ && NF && $1 > "lat_example" { print l; l = "" } { print } END { if (l != "") print l }' \
	"$top/src/programs.tab" >"$tree/src/programs.tab"

# Built: make reads the registry.
if make -C "$tree" -s -j2 DEVELOPER=1 BUILD="bin/$t" >"$T_TMP/make.out" 2>&1 && [ -x "$tree/bin/$t/lat_example" ]; then ok; else
	not_ok "make after the three steps: $(tail -c 600 "$T_TMP/make.out")"
fi
B=$tree/bin/$t
if [ -x "$B/lat_example" ]; then
	# Its help and a bad option, as every program's.
	run_prog "$B/lat_example" --help
	if [ "$RC" -eq 0 ] && [ "$(head -n 1 "$T_TMP/out")" = "Usage: lat_example [-P <parallelism>] [-W <warmup>] [-N <repetitions>]" ]; then ok; else
		not_ok "lat_example --help: status $RC: $(head -n 2 "$T_TMP/out")"
	fi
	run_prog "$B/lat_example" -Z
	if [ "$RC" -eq 2 ] && [ "$(head -n 1 "$T_TMP/err")" = "lat_example: unknown option '-Z'" ]; then ok; else
		not_ok "lat_example -Z: status $RC: $(cat "$T_TMP/err")"
	fi
	# Listed, with its page's NAME line.
	run_prog sh "$tree/scripts/lmbench-ng" list
	if grep -q '^lat_example  *the cost of one getppid() system call' "$T_TMP/out"; then ok; else
		not_ok "lmbench-ng list: $(grep lat_ "$T_TMP/out" | head -n 3)"
	fi
	# Run by the suite, its step after lmbench's own.
	LMBENCH_RESULTS=$T_TMP/res run_prog sh "$tree/scripts/lmbench-ng" run --defaults lat_example MB=8 ENOUGH=500 "FSDIR=$T_TMP"
	f=$(find "$T_TMP/res" -type f -name "$(uname -n).0" 2>/dev/null)
	if [ "$RC" -eq 0 ] && [ -n "$f" ] && grep -qx '\[OTHER: lat_example -P 1\]' "$f" &&
		grep -q '^Example getppid: [0-9.]* microseconds$' "$f" &&
		grep -q '"program":"lat_example","args":\["-P","1"\],"metric":"Example getppid"' "$f.json" &&
		python3 "$top/tests/json_check.py" "$top/doc/lmbench-ng-record.schema.json" "$f.json" >/dev/null; then ok; else
		not_ok "lmbench-ng run lat_example: status $RC: $(tail -n 3 "$T_TMP/err") $(grep -A2 OTHER "$f" 2>/dev/null)"
	fi
	# Shown by make see.
	run_prog sh "$tree/scripts/see" "$T_TMP/res"
	if grep -q '^Other programs' "$T_TMP/out" &&
		grep -q "^$(uname -n | cut -c1-9) *lat_example -P 1: Example getppid  *[0-9.]* microseconds$" "$T_TMP/out"; then ok; else
		not_ok "make see of the run: $(grep -A 6 '^Other' "$T_TMP/out")"
	fi
	# Its page and the registry, checked as the tree's are.
	sh "$tree/tests/man.sh" "$B" >"$T_TMP/man.out" 2>&1
	if grep -q '^man: [0-9]* passed, 0 failed$' "$T_TMP/man.out"; then ok; else
		not_ok "tests/man.sh with the new page: $(grep -v '^ok' "$T_TMP/man.out" | head -c 400)"
	fi
	# The smoke suite's default cases (it has no file of its own), on
	# a directory that holds it alone.
	mkdir "$T_TMP/one"
	cp -p "$B/lat_example" "$T_TMP/one/"
	sh "$tree/tests/smoke.sh" "$T_TMP/one" >"$T_TMP/smoke.out" 2>&1
	if grep -q '^smoke: [1-9][0-9]* passed, 0 failed$' "$T_TMP/smoke.out"; then ok; else
		not_ok "tests/smoke.sh of the new program alone: $(grep -v '^ok' "$T_TMP/smoke.out" | head -c 400)"
	fi
	sh "$tree/tests/registry.sh" "$B" >"$T_TMP/reg.out" 2>&1
	if grep -q '^registry: [0-9]* passed, 0 failed$' "$T_TMP/reg.out"; then ok; else
		not_ok "tests/registry.sh with the new line: $(grep -v '^ok' "$T_TMP/reg.out" | head -c 400)"
	fi
fi
finish recipe
