#!/bin/sh
# man.sh BUILD - the manual pages: mandoc -T lint clean (warnings
# included), every program of BUILD has a page with every section a
# program page has (NAME SYNOPSIS DESCRIPTION OPTIONS OUTPUT ENVIRONMENT
# EXIT STATUS EXAMPLES SEE ALSO), every option its --help lists is in its
# OPTIONS section; lmbench-ng(1) names every CONFIG setting;
# lmbench-ng(7) names every page and every unit lmbench-ng-json(5) names.
# Pages added later are checked alike: the lists come from doc/ and BUILD.
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

# lmbench-ng(7): every other page in SEE ALSO, every unit of the JSON page.
section "$doc/lmbench-ng.7" "SEE ALSO" >"$T_TMP/see"
miss=
for m in "$doc"/*.[1578]; do
	n=${m##*/}
	[ "$n" = lmbench-ng.7 ] && continue
	grep -q "^\.BR ${n%.*} (${n##*.})" "$T_TMP/see" || miss="$miss ${n%.*}(${n##*.})"
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
