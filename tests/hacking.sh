#!/bin/sh
# hacking.sh BUILD - doc/HACKING stays true: its worked example program
# is cut out of the document, built against BUILD's libbench.a as the
# document says (one .c file, the library's headers), and run through
# the smoke suite with the test file the document gives for it; the
# files its steps name exist (tests/recipe.sh follows the three steps).
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
doc=$top/doc/HACKING
# the library's headers, as code outside the tree (or a program of it)
# reaches them: one -I for each of the library's folders
lib_inc="-I$top/src/core -I$top/src/harness -I$top/src/family"

# cut FILE: the block of doc/HACKING between "----8<---- FILE" and the
# next "----8<----".
cut_block() {
	awk -v f="$1" '$0 == "----8<----" { on = 0 } on { print } $0 == "----8<---- " f { on = 1 }' "$doc"
}

mkdir -p "$T_TMP/bin" "$T_TMP/tests/programs"
cut_block src/programs/lat_example.c >"$T_TMP/lat_example.c"
cut_block tests/programs/lat_example.sh >"$T_TMP/tests/programs/lat_example.sh"
if [ -s "$T_TMP/lat_example.c" ] && [ -s "$T_TMP/tests/programs/lat_example.sh" ]; then ok; else
	not_ok "doc/HACKING: the example's program or test file not found between ----8<---- lines"
fi

# Built with the project's own flags (warnings as errors), as one
# program of the tree would be.
# shellcheck disable=SC2086 # the -I options, split
if ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Wshadow -Wstrict-prototypes \
	-Wmissing-prototypes -Wformat=2 -Wvla -Werror -O2 $lib_inc \
	-o "$T_TMP/bin/lat_example" "$T_TMP/lat_example.c" "$BUILD/libbench.a" -lm -lpthread \
	2>"$T_TMP/cc.err"; then ok; else
	not_ok "doc/HACKING's example does not build: $(head -c 300 "$T_TMP/cc.err")"
fi

# The document's test file, through the smoke suite, on a build that
# holds the example alone.
cp "$top/tests/smoke.sh" "$top/tests/lib.sh" "$T_TMP/tests/"
if [ -x "$T_TMP/bin/lat_example" ]; then
	sh "$T_TMP/tests/smoke.sh" "$T_TMP/bin" >"$T_TMP/smoke.out" 2>&1
	line=$(grep -E '^smoke: [0-9]+ passed, [0-9]+ failed$' "$T_TMP/smoke.out")
	case $line in
	"smoke: "*" passed, 0 failed") ok ;;
	*) not_ok "doc/HACKING's example through its smoke cases: $(grep -v '^ok' "$T_TMP/smoke.out" | head -c 400)" ;;
	esac
else
	not_ok "doc/HACKING's example: not built, not run"
fi

# The places the steps name.
for f in src/programs.tab doc/lat_syscall.8 tests/programs/lat_syscall.sh tests/smoke.sh \
	scripts/lmbench scripts/suite scripts/config-run scripts/summary-read.awk scripts/summary.awk src/family/bench.h; do
	if [ -f "$top/$f" ]; then ok; else not_ok "doc/HACKING names $f, which is not there"; fi
done
if registry_rows "$top/src/programs.tab" | grep -q '^lat_syscall 8 lat_syscall -$'; then ok; else not_ok "doc/HACKING: src/programs.tab has no line for lat_syscall"; fi
for h in lib_bench lib_clock lib_harness lib_opts lib_util lib_party lib_super lib_report; do
	if ls "$top"/src/*/"$h.h" >/dev/null 2>&1 && grep -q "$h" "$doc"; then ok; else not_ok "doc/HACKING: module $h"; fi
done
# bench.h, the header for code outside the tree: it includes and lists
# every library module's header (not the harness's private one, nor a
# module a program keeps to itself in src/programs.tab), and a program
# with bench.h alone reaches a function of each in libbench.a.
own=$(registry_rows "$top/src/programs.tab" | awk '{ print $3 }' | tr ',' '\n')
{
	echo '#include <stddef.h>'
	echo '#include "bench.h"'
	echo 'int main(void) { void (*volatile f)(void) = NULL; int n = 0;'
} >"$T_TMP/outside.c"
for h in "$top"/src/*/lib_*.h; do
	m=${h##*/}
	m=${m%.h}
	case $m in *_impl) continue ;; esac
	printf '%s\n' "$own" | grep -qx "$m" && continue
	if grep -q "^#include \"$m.h\"" "$top/src/family/bench.h"; then ok; else not_ok "src/family/bench.h does not include $m.h"; fi
	if grep -q "^ \*   $m " "$top/src/family/bench.h"; then ok; else not_ok "src/family/bench.h's comment does not list $m"; fi
	fn=$(awk '/^(static|typedef|#|struct [a-z_]+ \{|enum|union)/ { next }
		match($0, /^[a-z][a-z0-9_ ]*[ *]([a-z][a-z0-9_]*)\(/) { s = substr($0, RSTART, RLENGTH - 1); n = split(s, w, /[ *]+/); print w[n]; exit }' "$h")
	[ -n "$fn" ] && echo "	f = (void (*)(void))$fn; n += f != NULL;" >>"$T_TMP/outside.c"
done
echo '	return n > 0 ? 0 : 1; }' >>"$T_TMP/outside.c"
# shellcheck disable=SC2086 # the -I options, split
if ${CC:-cc} -std=c11 -D_POSIX_C_SOURCE=200809L -Wall -Wextra -Werror -O2 $lib_inc \
	-o "$T_TMP/outside" "$T_TMP/outside.c" "$BUILD/libbench.a" -lm -lpthread 2>"$T_TMP/cc.err" &&
	"$T_TMP/outside"; then ok; else
	not_ok "a program with bench.h alone: $(head -c 400 "$T_TMP/cc.err")"
fi
finish hacking
