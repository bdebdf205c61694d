#!/bin/sh
# registry.sh BUILD - src/programs.tab, the registry of programs, holds
# to the tree: every line names sources, a page and smoke cases that
# exist, every main() in src/ has its line, every smoke file names a
# program, the build holds what the registry says and the Makefile
# builds exactly it without naming any program itself.  The checks run
# on the tree, then on scratch copies broken on purpose, so a check that
# cannot fail is seen.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)

# A rule list of the cells= and cross= attributes: rules separated by
# commas, each KEY/KEY... with a condition before it and "=" or not, the
# condition words ("!" before one: absent; "~" joining two: in a row)
# joined by "+"; a key may start with "+" (a table), hold {WORD} and end
# in "@".
w='!?[-A-Za-z0-9_.]+(~[-A-Za-z0-9_.]+)*'
k='[+]?[a-z0-9_{}-]+@?'
r="($w([+]$w)*=)?$k(/$k)*"
RULES_RE="^$r(,$r)*\$"

# problems TOP: one line per way TOP's registry and tree disagree.
problems() {
	(
		cd "$1" || exit 1
		registry_rows src/programs.tab >"$T_TMP/rows"
		# the attributes (WORD=VALUE after NEEDS): parties= the other
		# party of a two-party program (placement.sh, signals.sh);
		# steps= its steps in lmbench's suite (scripts.sh holds them to
		# scripts/suite and its NAME.steps), server= the program that
		# serves it; cells= and cross= the rules of the cells it fills
		# in lmbench's tables (scripts/summary-lib.awk).  The table's
		# own words, read here without scripts/registry.awk (the one
		# reader the tree uses), which would hide an attribute given
		# twice or one misplaced among the SUITE words
		awk -v rules="$RULES_RE" 'NR == FNR { if (!/^[[:space:]]*(#|$)/) names[$1]; next }
		!/^[[:space:]]*(#|$)/ {
			for (i = 5; i <= NF && $i ~ /^[a-z]+=/; i++) {
				a = $i
				sub(/=.*/, "", a)
				v = substr($i, length(a) + 2)
				if (a == "parties") {
					if (v !~ /^(helper|child|server)$/)
						print $1 ": parties=" v " (helper, child or server)"
				} else if (a == "steps") {
					if (v !~ /^[a-z0-9_]+(,[a-z0-9_]+)*$/)
						print $1 ": steps=" v " (STEP,STEP...)"
				} else if (a == "report") {
					if (v !~ /^(latency|bandwidth)$/)
						print $1 ": report=" v " (latency or bandwidth)"
				} else if (a == "runner") {
					if (v !~ /^(ENOUGH|TIMING_O|LOOP_O|LINE_MEASURED|MHZ|context|probe|compare)$/)
						print $1 ": runner=" v " (ENOUGH, TIMING_O, LOOP_O, LINE_MEASURED, MHZ, context, probe or compare)"
					else if (tool[v]++)
						print $1 ": runner=" v ", which another program is"
				} else if (a == "server") {
					if (!(v in names))
						print $1 ": server=" v ", no program of the registry"
				} else if (a == "cells" || a == "cross") {
					if (v !~ rules)
						print $1 ": " a "=" v " ([COND=]KEY/KEY,... rules)"
				} else
					print $1 ": unknown attribute " $i
				if (seen[$1, a]++)
					print $1 ": " a "= twice"
			}
		}' src/programs.tab src/programs.tab
		prev=
		while read -r name section sources needs extra; do
			# the SUITE column: SECTION GATE run|par ARGUMENT...
			if [ -n "$extra" ]; then
				set -f
				# shellcheck disable=SC2086 # the column's words
				set -- $extra
				set +f
				case "$1 $2 ${3-}" in
				[A-Z]*" "[A-Z]*" run" | [A-Z]*" "[A-Z]*" par") ;;
				*) echo "$name: SUITE '$extra' (SECTION GATE run|par ARGUMENT...)" ;;
				esac
				case "$1$2" in *[!A-Z_,]*) echo "$name: SUITE '$extra': section and gates in capitals" ;; esac
			fi
			case $name in
			'' | *[!a-z0-9_-]* | [!a-z]*) echo "bad name '$name'" ;;
			esac
			[ -z "$prev" ] || [ "$(printf '%s\n%s\n' "$prev" "$name" | LC_ALL=C sort | head -1)" = "$prev" ] ||
				echo "$name: after $prev (the lines are kept sorted)"
			[ "$prev" != "$name" ] || echo "$name: two lines"
			prev=$name
			case $section in 1 | 8) ;; *) echo "$name: section '$section' (1 or 8)" ;; esac
			case $needs in
			- | [a-z]*[!?] | [a-z]*\?) ;;
			*) echo "$name: package '$needs'" ;;
			esac
			mains=0
			for s in $(echo "$sources" | tr ',' ' '); do
				found=0
				# a program's sources: src/programs, compare's src/compare
				for f in src/programs/$s.c src/compare/$s.c; do
					[ -f "$f" ] || continue
					found=1
					grep -q '^main(' "$f" && mains=$((mains + 1))
					echo "$f" >>"$T_TMP/owned"
				done
				[ "$found" -eq 1 ] || echo "$name: no source src/programs/$s.c"
			done
			[ "$mains" -eq 1 ] || echo "$name: $mains of its sources define main()"
			[ -f "doc/$name.$section" ] || echo "$name: no page doc/$name.$section"
			[ -f "tests/programs/$name.sh" ] || [ -n "$extra" ] ||
				echo "$name: no smoke cases tests/programs/$name.sh, nor a SUITE column for the default ones"
		done <"$T_TMP/rows"
		for f in src/*.c src/*/*.c; do
			[ -f "$f" ] || continue
			grep -q '^main(' "$f" || continue
			grep -qx "$f" "$T_TMP/owned" 2>/dev/null || echo "$f: a main() without a line in src/programs.tab"
		done
		for f in tests/programs/*.sh; do
			n=${f##*/}
			n=${n%.sh}
			awk -v n="$n" '$1 == n { f = 1 } END { exit !f }' "$T_TMP/rows" ||
				echo "$f: smoke cases of '$n', which has no line"
		done
		rm -f "$T_TMP/owned"
	)
}

# The tree as it is.
out=$(problems "$top")
if [ -z "$out" ]; then ok; else not_ok "src/programs.tab and the tree: $(echo "$out" | head -5 | tr '\n' ';')"; fi

# Broken copies: each must be seen.
scratch=$T_TMP/tree
mkdir -p "$scratch/tests"
cp -R "$top/src" "$top/doc" "$scratch/"
cp -R "$top/tests/programs" "$scratch/tests/"
# a program without its line
grep -v '^lat_pipe ' "$top/src/programs.tab" >"$scratch/src/programs.tab"
out=$(problems "$scratch")
case $out in *"src/programs/lat_pipe.c: a main() without a line"*) ok ;; *) not_ok "a program without its line not seen: $out" ;; esac
case $out in *"tests/programs/lat_pipe.sh: smoke cases of 'lat_pipe'"*) ok ;; *) not_ok "smoke cases without a line not seen: $out" ;; esac
# a line naming a source, a page and smoke cases that are not there
{ cat "$top/src/programs.tab"; echo "zz_none             8        zz_none                 -"; } >"$scratch/src/programs.tab"
out=$(problems "$scratch")
for want in "zz_none: no source src/programs/zz_none.c" "zz_none: 0 of its sources" "zz_none: no page doc/zz_none.8" \
	"zz_none: no smoke cases"; do
	case $out in *"$want"*) ok ;; *) not_ok "not seen: $want ($out)" ;; esac
done
# a SUITE column of the wrong shape; a right one stands for smoke cases
{ cat "$top/src/programs.tab"; echo "zz_suite            8        zz_suite                -       os SYSCALL go x"; } >"$scratch/src/programs.tab"
out=$(problems "$scratch")
case $out in *"zz_suite: SUITE 'os SYSCALL go x'"*) ok ;; *) not_ok "a bad SUITE column not seen: $out" ;; esac
{ cat "$top/src/programs.tab"; echo "zz_suite            8        zz_suite                -       OS OS,SYSCALL par null"; } >"$scratch/src/programs.tab"
out=$(problems "$scratch")
case $out in *"zz_suite: no smoke cases"* | *"zz_suite: SUITE"*) not_ok "a SUITE column not taken for smoke cases: $out" ;; *) ok ;; esac
# attributes: an unknown one, a bad party, rules of the wrong shape, twice
{ cat "$top/src/programs.tab"; echo "zz_attr             8        zz_attr                 -       parties=two colour=red cells=a=b=c cross=x_a cross=x_b steps=a,,b server=zz_none runner=FOO report=pie"; } >"$scratch/src/programs.tab"
out=$(problems "$scratch")
for want in "zz_attr: parties=two" "zz_attr: unknown attribute colour=red" "zz_attr: cells=a=b=c" "zz_attr: cross= twice" \
	"zz_attr: steps=a,,b" "zz_attr: server=zz_none, no program" "zz_attr: runner=FOO" "zz_attr: report=pie"; do
	case $out in *"$want"*) ok ;; *) not_ok "not seen: $want ($out)" ;; esac
done
# out of order, twice, a bad section and package
{ echo "stream 8 stream -"; cat "$top/src/programs.tab"; echo "tlb 5 tlb ?x"; } >"$scratch/src/programs.tab"
out=$(problems "$scratch")
for want in "bw_bonnie: after stream" "tlb: two lines" "tlb: section '5'" "tlb: package '?x'"; do
	case $out in *"$want"*) ok ;; *) not_ok "not seen: $want ($out)" ;; esac
done

# The one reader (scripts/registry.awk) answers each query from a line
# with attributes and a SUITE column, between a comment and a blank
# line, tabs and spaces alike; an unknown query is status 2, no
# registry status 1, each with one line.
printf '# c\nzz_a\t8 zz_a,zz_b  libx?  parties=helper steps=s1,s2\tcells=-s=k_{-s}\n\nzz_c 1 zz_c - steps=s3 OS SYSCALL run -x 1\n' >"$T_TMP/reg.tab"
for q in "names|zz_a zz_c" "rows|zz_a 8 zz_a,zz_b libx?;zz_c 1 zz_c - OS SYSCALL run -x 1" "attr zz_a cells|-s=k_{-s}" \
	"attr zz_c parties|" "with parties helper|zz_a" "pairs steps|zz_a s1,s2;zz_c s3"; do
	got=$(registry_query "${q%%|*}" "$T_TMP/reg.tab" | tr '\n' ';')
	want=${q#*|}
	[ "${q%%|*}" != names ] || want=$(echo "$want" | tr ' ' ';')
	[ -z "$want" ] || want="${want%;};"
	if [ "$got" = "$want" ]; then ok; else not_ok "registry.awk's ${q%%|*}: '$got', want '$want'"; fi
done
for q in "bogus|2" "attr zz_a|2" "names|1"; do
	f=$T_TMP/reg.tab
	[ "${q%%|*}" != names ] || f=$T_TMP/none.tab
	registry_query "${q%%|*}" "$f" >"$T_TMP/out" 2>"$T_TMP/err"
	RC=$?
	expect_rc "${q#*|}" "registry.awk's ${q%%|*}"
	if [ ! -s "$T_TMP/out" ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ]; then ok; else not_ok "registry.awk's ${q%%|*}: not one line on stderr: $(cat "$T_TMP/out" "$T_TMP/err")"; fi
done

# The Makefile builds exactly the registry's programs (less those whose
# required package is missing here), and names none of them itself
# outside its comments.
# shellcheck disable=SC2016 # make expands it
made=$(printf 'registry-programs:\n\t@echo $(PROGRAMS)\n' | make -s --no-print-directory -C "$top" -f Makefile -f - registry-programs 2>&1)
want=$(registry_rows "$top/src/programs.tab" | while read -r n _ _ k _; do
	case $k in - | *\?) echo "$n" ;; *) pkg-config --exists "$k" 2>/dev/null && echo "$n" ;; esac
done | tr '\n' ' ')
# (blanks and line ends as single spaces, none at the ends)
norm() { printf '%s\n' "$1" | tr -s ' \n\t' '   ' | sed 's/^ //; s/ $//'; }
if [ "$(norm "$made")" = "$(norm "$want")" ]; then ok; else not_ok "the Makefile's programs: '$made', the registry's: '$want'"; fi
named=
for n in $(registry_names "$top/src/programs.tab"); do
	grep -v '^[[:space:]]*#' "$top/Makefile" | grep -qw -- "$n" && named="$named $n"
done
if [ -z "$named" ]; then ok; else not_ok "the Makefile names programs:$named"; fi
# Every key the cells= and cross= rules give is one the summary reads
# (scripts/summary.awk's tables, summary-read.awk): a misspelt key would
# never show FAIL.  A {W} stands for any of 0, 16, 64 (lat_ctx's sizes
# in the tables), a key ending in @ is read both for this host and as
# r_KEY.
keys=$({ registry_query "pairs cells" "$top/src/programs.tab"; registry_query "pairs cross" "$top/src/programs.tab"; } | awk '{
	nr = split($2, r, ",")
	for (j = 1; j <= nr; j++) {
		k = r[j]
		sub(/^.*=/, "", k)
		nk = split(k, kk, "/")
		for (m = 1; m <= nk; m++) {
			if (kk[m] ~ /^\+/) continue
			if (kk[m] ~ /@$/) { sub(/@$/, "", kk[m]); print $1, kk[m]; print $1, "r_" kk[m]; continue }
			if (index(kk[m], "{")) { a = kk[m]; gsub(/\{[^}]*\}/, "(0|16|64)", a); print $1, a; continue }
			print $1, kk[m]
		}
	}
}')
unread=$(printf '%s\n' "$keys" | while read -r prog key; do
	[ -n "$key" ] || continue
	cat "$top/scripts/summary.awk" "$top/scripts/summary-read.awk" | grep -qwE -- "$key" || printf ' %s:%s' "$prog" "$key"
done)
if [ -n "$keys" ] && [ -z "$unread" ]; then ok; else not_ok "cells= and cross= keys the summary does not read:$unread"; fi
# Rooms of a size one can hold: no file of src/ or scripts/ over 400 lines.
long=$(wc -l "$top"/src/*/*.[ch] "$top"/src/*/*.steps "$top"/src/*.tab "$top"/scripts/* | awk '$1 > 400 && $2 != "total" { printf " %s (%d)", $2, $1 }')
if [ -z "$long" ]; then ok; else not_ok "files over 400 lines:$long"; fi
# Nor do the scripts, outside their comments (the names with a _ or
# lm at their start: line, cache or stream are words too), but where a
# name is text, not a program run or listed, each name allowed by file:
# the configuration's help (config-run); the report's plot titles and
# legends (report, report.awk); the summary's table titles and the
# programs' own output lines it reads, which begin with the program's
# name ("lat_mem_load ..., "numa_mem: ...), and lmbench's cell keys
# that are spelt as programs are (bw_pipe, bw_unix, bw_tcp:
# summary-read.awk, summary.awk).  Changing them would change what a
# user sees; a name anywhere else fails.
text_names() {
	case $1 in
	config-run) echo "bw_mem lat_mem_rd lat_msg lat_pipe_pairs lat_pmake lat_pthread" ;;
	report) echo "bw_file_rd bw_mem bw_mmap_rd lat_ctx lat_mem_rd lat_msg lat_pipe_pairs lat_pmake par_mem" ;;
	report.awk) echo "par_mem" ;;
	summary-read.awk) echo "bw_mem_peak bw_pipe bw_tcp bw_unix lat_c2c lat_mem_load numa_mem" ;;
	summary.awk) echo "bw_mem_peak bw_pipe bw_tcp bw_unix lat_c2c lat_mem_load lat_msg lat_pipe_pairs lat_pmake numa_mem" ;;
	esac
}
names=$(registry_names "$top/src/programs.tab" | grep -E '_|^lm')
for f in "$top"/scripts/*; do
	allowed=" $(text_names "${f##*/}") "
	named=
	for n in $names; do
		case $allowed in *" $n "*) continue ;; esac
		grep -v '^[[:space:]]*#' "$f" | grep -qw -- "$n" && named="$named $n"
	done
	if [ -z "$named" ]; then ok; else not_ok "scripts/${f##*/} names programs (the registry should):$named"; fi
done
# Every program built is in the registry, and every one it builds here is built.
for p in "$BUILD"/*; do
	{ [ -f "$p" ] && [ -x "$p" ]; } || continue
	n=${p##*/}
	case " $want " in *" $n "*) ok ;; *) not_ok "$BUILD/$n is built but not in src/programs.tab" ;; esac
done
for n in $want; do
	if [ -x "$BUILD/$n" ]; then ok; else not_ok "$n: in the registry, not built in $BUILD"; fi
done
# The graph of includes and calls between the files of src/ has no
# cycle and no dependency up a layer, and src/layers.tab places every
# file in its layer's folder (scripts/graph, make graph); a cycle, an
# upward dependency, a file placed nowhere or twice, a pattern placing
# nothing, a module placed against the registry and a file outside its
# layer's folder, each planted in a copy, are seen.
out=$(sh "$top/scripts/graph" "$BUILD" 2>&1)
rc=$?
case $out in *", 0 cycles, 0 up") if [ "$rc" -eq 0 ]; then ok; else not_ok "scripts/graph: status $rc: $out"; fi ;;
*) not_ok "scripts/graph: $out" ;; esac
mkdir -p "$T_TMP/g/scripts"
cp "$top/scripts/graph" "$top/scripts/registry.awk" "$T_TMP/g/scripts/"
# graph_planted WANT: the copy's graph says WANT (a shell pattern) and
# exits 1; the copy's src/ is put back afterwards.
graph_planted() {
	out=$(sh "$T_TMP/g/scripts/graph" "$BUILD" 2>&1)
	rc=$?
	case $out in
	*$1*) if [ "$rc" -eq 1 ]; then ok; else not_ok "scripts/graph: status $rc on $1"; fi ;;
	*) not_ok "scripts/graph did not see $1: $out" ;;
	esac
	rm -rf "$T_TMP/g/src"
	cp -R "$top/src" "$T_TMP/g/"
}
cp -R "$top/src" "$T_TMP/g/"
printf '#include "lib_util.h"\n' >>"$T_TMP/g/src/core/lib_clock.h"
printf '#include "lib_clock.h"\n' >>"$T_TMP/g/src/core/lib_util.h"
graph_planted 'cycle:*lib_clock.h'
# the statistics (core) including the memory family's header
printf '#include "lib_mem.h"\n' >>"$T_TMP/g/src/core/lib_stats.c"
graph_planted ', 0 cycles, 1 up*up: lib_stats.c (core) -> lib_mem.h (family)'
: >"$T_TMP/g/src/family/zz_new.c"
graph_planted 'layers: zz_new.c: no pattern'
# a file of the core in the family's folder; a new module of a family
# (by its pattern) left at the top of src/, or in a folder of no layer
mv "$T_TMP/g/src/core/lib_stats.c" "$T_TMP/g/src/family/"
graph_planted 'layers: lib_stats.c: in src/family, not in src/core (its layer, core)'
: >"$T_TMP/g/src/lib_mem_new.c"
graph_planted 'layers: lib_mem_new.c: in src, not in src/family (its layer, family)'
mkdir "$T_TMP/g/src/lib"
: >"$T_TMP/g/src/lib/lat_new.c"
graph_planted 'layers: lat_new.c: in src/lib, not in src/programs (its layer, program)'
printf 'lib_stats.c core\nzz_* family\n' >>"$T_TMP/g/src/layers.tab"
graph_planted 'layers: lib_stats.c: placed by both lib_stats* and lib_stats.c*pattern zz_* places no file'
sed 's/^lib_ipc\*  *family/lib_ipc* program/; s/^lib_sunrpc\*  *program/lib_sunrpc* family/' "$top/src/layers.tab" >"$T_TMP/g/src/layers.tab"
graph_planted 'lib_ipc.c: a module of the library*lib_sunrpc.c: the source of a program'
out=$(sh "$top/scripts/graph" "$T_TMP/nowhere" 2>&1)
rc=$?
if [ "$rc" -eq 2 ] && [ "$(echo "$out" | wc -l)" -eq 1 ]; then ok; else not_ok "scripts/graph on no build: status $rc: $out"; fi
finish registry
