#!/bin/sh
# man.sh BUILD - the manual pages: mandoc -T lint clean (warnings
# included); every page's .TH names it and its section (8lmb for
# doc/*.8, the programs' own part of section 8, as the Makefile installs
# them) and it has the sections its manual section needs (below); every
# cross reference (.BR name (S), \fBname\fR(S)) is to a page of doc/ or
# to one of the few system pages listed here; every program of BUILD has
# a page with every section a program page has (NAME SYNOPSIS
# DESCRIPTION OPTIONS OUTPUT ENVIRONMENT EXIT STATUS EXAMPLES SEE ALSO),
# every option its --help lists is in its OPTIONS section; lmbench-ng(1)
# names every CONFIG setting; lmbench-ng(7) names every page and every
# unit lmbench-ng-json(5) names.  Pages added later are checked alike:
# the lists come from doc/ and BUILD.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$1
doc=$top/doc

if command -v mandoc >/dev/null 2>&1; then
	run_prog mandoc -T lint -W warning "$doc"/*.[1578]
	if [ "$RC" -eq 0 ] && [ ! -s "$T_TMP/out" ] && [ ! -s "$T_TMP/err" ]; then ok; else
		not_ok "mandoc -T lint: $(head -c 600 "$T_TMP/out") $(head -c 300 "$T_TMP/err")"
	fi
else
	echo "man: mandoc -T lint skipped: no mandoc (Debian: mandoc)"
fi

# section PAGE NAME: the text of section NAME, font escapes and \- made
# plain.
section() {
	awk -v want="$2" '
		/^\.SH/ { s = $0; sub(/^\.SH[ \t]+/, "", s); gsub(/"/, "", s); on = (s == want); next }
		on' "$1" | sed -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' -e 's/\\-/-/g' -e 's/\\&//g'
}

# th_section PAGE: the section its .TH line gives.
th_section() {
	awk '/^\.TH / { print $3; exit }' "$1"
}

# Every page: its .TH, and the sections its manual section needs.  All:
# NAME DESCRIPTION ENVIRONMENT EXAMPLES SEE ALSO; a command's page
# (sections 1 and 8) also SYNOPSIS and EXIT STATUS, and OPTIONS where its
# SYNOPSIS shows an option.  Section 5 and 7 pages need neither.
for m in "$doc"/*.[1578]; do
	f=${m##*/}
	name=${f%.*}
	sec=${f##*.}
	[ "$sec" = 8 ] && sec=8lmb
	th=$(awk '/^\.TH / { print $2 " " $3; exit }' "$m")
	if [ "$th" = "$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]') $sec" ]; then ok; else
		not_ok "doc/$f: .TH '$th', want '$(printf '%s' "$name" | tr '[:lower:]' '[:upper:]') $sec'"
	fi
	need="NAME|DESCRIPTION|ENVIRONMENT|EXAMPLES|SEE ALSO"
	case $sec in
	1 | 8*)
		need="$need|SYNOPSIS|EXIT STATUS"
		section "$m" SYNOPSIS | grep -Eq -- '(^|[[ ])-[A-Za-z-]' && need="$need|OPTIONS"
		;;
	esac
	miss=$(printf '%s\n' "$need" | tr '|' '\n' | while IFS= read -r h; do
		grep -Eq "^\.SH \"?$h\"?\$" "$m" || printf ', %s' "$h"
	done)
	if [ -z "$miss" ]; then ok; else not_ok "doc/$f: no section ${miss#, }"; fi
done

# Cross references: each to a page of doc/ (its .TH section) or to one of
# these system pages, each used somewhere (the list stays short and true).
SYSTEM_PAGES="ansible-playbook(1) bonnie++(8) dd(1) futex(2) hackbench(8) numactl(8) rpcbind(8)
sched_setaffinity(2) sigaltstack(2)"
for m in "$doc"/*.[1578]; do
	printf '%s(%s)\n' "$(basename "$m" | sed 's/\.[^.]*$//')" "$(th_section "$m")"
done >"$T_TMP/pages"
# refs: "FILE:LINE name(S)" for every .BR name (S) and \fBname\fR(S)
# (\fP alike; \- read as -).
for m in "$doc"/*.[1578]; do
	sed -e 's/\\-/-/g' "$m" | awk -v f="${m##*/}" '
		/^\.BR [^ ]+ \([0-9][a-z]*\)/ { s = $3; sub(/\).*/, ")", s); print f ":" NR " " $2 s }
		{ l = $0
		  while (match(l, /\\fB[A-Za-z0-9_.+-]+\\f[RP]\([0-9][a-z]*\)/)) {
			r = substr(l, RSTART + 3, RLENGTH - 3); sub(/\\f[RP]/, "", r)
			print f ":" NR " " r; l = substr(l, RSTART + RLENGTH) } }'
done >"$T_TMP/refs"
if [ -s "$T_TMP/refs" ]; then ok; else not_ok "no cross references found in doc/ (the pattern is wrong)"; fi
# shellcheck disable=SC2086 # the pages, one a word
printf '%s\n' $SYSTEM_PAGES >"$T_TMP/system"
bad=$(while read -r where ref; do
	grep -qxF -- "$ref" "$T_TMP/pages" || grep -qxF -- "$ref" "$T_TMP/system" || printf ' %s: %s;' "$where" "$ref"
done <"$T_TMP/refs")
if [ -z "$bad" ]; then ok; else not_ok "cross references to no page of doc/ or of SYSTEM_PAGES:$bad"; fi
unused=$(while read -r sp; do
	awk '{ print $2 }' "$T_TMP/refs" | grep -qxF -- "$sp" || printf ' %s' "$sp"
done <"$T_TMP/system")
if [ -z "$unused" ]; then ok; else not_ok "SYSTEM_PAGES no page refers to:$unused"; fi

for p in "$BUILD"/*; do
	{ [ -f "$p" ] && [ -x "$p" ]; } || continue
	name=${p##*/}
	page=
	for m in "$doc/$name".[18]; do [ -f "$m" ] && page=$m; done
	if [ -z "$page" ]; then
		not_ok "$name: no manual page doc/$name.8 (or .1)"
		continue
	fi
	miss=
	for s in NAME SYNOPSIS DESCRIPTION OPTIONS OUTPUT ENVIRONMENT "EXIT STATUS" EXAMPLES "SEE ALSO"; do
		grep -Eq "^\.SH \"?$s\"?\$" "$page" || miss="$miss, $s"
	done
	if [ -z "$miss" ]; then ok; else not_ok "${page#"$top"/}: no section ${miss#, }"; fi
	# The options: the first column of each line of --help between
	# "Options:" and "Environment:" that names an option (-x, --word,
	# word=); a line indented further continues the one before.
	"$p" --help 2>/dev/null | awk '
		/^Options:/ { on = 1; next } /^[A-Z][a-z]*:/ { on = 0 }
		on && /^  [^ ]/ { sub(/^  +/, ""); split($0, c, /  +/); n = split(c[1], w, /[ ,]+/)
			for (i = 1; i <= n; i++)
				if (w[i] ~ /^--?[A-Za-z0-9]/ || w[i] ~ /^[a-z]+=/) { o = w[i]; sub(/=.*/, "=", o); print o } }' |
		sort -u >"$T_TMP/opts"
	section "$page" OPTIONS >"$T_TMP/section"
	miss=
	while IFS= read -r o; do
		case $o in
		*=) re="(^|[^A-Za-z0-9-])$o" ;;
		*) re="(^|[^A-Za-z0-9-])$o([^A-Za-z0-9-]|\$)" ;;
		esac
		grep -Eq -- "$re" "$T_TMP/section" || miss="$miss $o"
	done <"$T_TMP/opts"
	if [ -z "$miss" ]; then ok; else not_ok "${page#"$top"/}: OPTIONS lacks$miss (from $name --help)"; fi
	# The -P range the page states is the one --help states.
	if "$p" --help 2>/dev/null | grep -q '^  -P '; then
		hp=$("$p" --help 2>/dev/null | sed -n 's/^  -P .*(1 to \([0-9]*\)).*/\1/p')
		mp=$(grep -o 'copies of the measurement at once (1 to [0-9]*' "$page" | head -n 1 | sed 's/.* //')
		if [ -n "$hp" ] && [ "$hp" = "$mp" ]; then ok; else
			not_ok "${page#"$top"/}: -P 1 to '$mp', --help says 1 to '$hp'"
		fi
	fi
done

# The front command's page: every setting CONFIG may hold.
if [ -f "$doc/lmbench-ng.1" ]; then
	miss=
	# shellcheck source=scripts/config-check
	. "$top/scripts/config-check"
	for v in $(for cv in $CONFIG_VARS; do echo "${cv%%:*}"; done) LMBENCH_RESULTS XDG_DATA_HOME LMBENCH_BIN LMBENCH_RSH LMBENCH_REMOTE_BIN BENCHMARK_; do
		grep -q "$v" "$doc/lmbench-ng.1" || miss="$miss $v"
	done
	if [ -z "$miss" ]; then ok; else not_ok "lmbench-ng.1 does not name$miss"; fi
else
	not_ok "no doc/lmbench-ng.1"
fi

# lmbench-ng(7): every other page in SEE ALSO (but those of programs the
# registry adds with a SUITE column: lmbench-ng list names them, as the
# page says), every unit of the JSON page.
section "$doc/lmbench-ng.7" "SEE ALSO" >"$T_TMP/see"
added=$(registry_rows "$top/src/programs.tab" 2>/dev/null | awk 'NF >= 7 { print $1 }')
miss=
for m in "$doc"/*.[1578]; do
	n=${m##*/}
	[ "$n" = lmbench-ng.7 ] && continue
	printf '%s\n' "$added" | grep -qx "${n%.*}" && continue
	grep -q "^\.BR ${n%.*} ($(th_section "$m"))" "$T_TMP/see" || miss="$miss ${n%.*}($(th_section "$m"))"
done
if [ -z "$miss" ]; then ok; else not_ok "lmbench-ng.7 SEE ALSO lacks$miss"; fi
units=$(awk '/^\.B unit$/ { on = 1; next } on && /^\.(TP|PP|SH)/ { exit } on' "$doc/lmbench-ng-json.5" |
	grep -o '\\fB[^\\]*\\fR' | sed -e 's/\\fB//' -e 's/\\fR//' -e 's/\\(ha/^/g' | sort -u)
[ -n "$units" ] || not_ok "no units found in lmbench-ng-json.5's unit field"
section "$doc/lmbench-ng.7" ENVIRONMENT >"$T_TMP/env"
miss=
for u in $units; do
	grep -qF -- "$u" "$T_TMP/env" || miss="$miss $u"
done
if [ -z "$miss" ]; then ok; else not_ok "lmbench-ng.7 (LMBENCH_JSON) lacks the units$miss of lmbench-ng-json(5)"; fi

finish man
