#!/bin/sh
# help.sh BUILD - one help style across the whole table: every program of
# src/programs.tab that BUILD holds, the front command lmbench-ng and each
# of its commands (as its --help lists them).  Each answers -h and
# --help on stdout, status 0, nothing on stderr: "Usage: NAME ..." first,
# an "Options:" section with -h, --help, the descriptions in one column.
# Each refuses -Z with status 2, nothing on stdout, and on stderr exactly
# two lines: "NAME: unknown option '-Z'", then its usage line (the one
# --help starts with, its "or:" forms after " | ").  Each option its
# --help shows with a value, given last without one, says "NAME: option
# '-m' needs a value" and the usage line likewise.  NAME is the program
# or "lmbench-ng COMMAND", as typed.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
NG=$top/scripts/lmbench-ng

# Nothing here reads or writes results: an empty results directory, and
# no checkout as the current directory.
mkdir -p "$T_TMP/results" "$T_TMP/cwd"
cd "$T_TMP/cwd" || exit 1
LMBENCH_RESULTS=$T_TMP/results LMBENCH_BIN=$BUILD
export LMBENCH_RESULTS LMBENCH_BIN
unset LMBENCH_COMPARE LMBENCH_COMPARE_NAME

# columns FILE: the columns where the descriptions of a help's sections
# ("Options:", "Commands:") start, one a line: after the first blank
# pair of a term's line, or where a line of its own below a wide term
# starts.
columns() {
	awk '/^[A-Z][A-Za-z ]*:$/ { on = 1; next } /^[A-Z][a-z]*: / { on = 0 }
		on && /^  [^ ]/ { l = $0; sub(/^  /, "", l); if (match(l, /  +[^ ]/)) print RSTART + RLENGTH + 1 }
		on && /^   / { match($0, /[^ ]/); print RSTART }' "$1" | sort -u
}

# value_options FILE: the options a help shows with a value ("-m <message
# size>", "--runs N", "-o OUT.html"), one a line.
value_options() {
	awk '/^[A-Z][A-Za-z ]*:$/ { on = 1; next } /^[A-Z][a-z]*: / { on = 0 }
		on && /^  -[^ ,]+ [^ ]/ { print $1 }' "$1" | sort -u
}

# helps NAME CMD...: CMD -h and CMD --help.
helps() {
	h_name=$1
	shift
	for h_opt in -h --help; do
		run_prog "$@" "$h_opt"
		expect_rc 0 "$h_name $h_opt"
		if [ -s "$T_TMP/err" ]; then not_ok "$h_name $h_opt: wrote to stderr: $(head -c 200 "$T_TMP/err")"; else ok; fi
		case $(head -n 1 "$T_TMP/out") in
		"Usage: $h_name" | "Usage: $h_name "*) ok ;;
		*) not_ok "$h_name $h_opt: first line '$(head -n 1 "$T_TMP/out")', want 'Usage: $h_name ...'" ;;
		esac
		if grep -q '^Options:$' "$T_TMP/out" && grep -q '^  -h, --help  ' "$T_TMP/out"; then ok; else
			not_ok "$h_name $h_opt: no 'Options:' with a line for -h, --help"
		fi
		h_cols=$(columns "$T_TMP/out")
		if [ "$(printf '%s\n' "$h_cols" | grep -c .)" -eq 1 ]; then ok; else
			not_ok "$h_name $h_opt: the descriptions start in columns $(printf '%s\n' "$h_cols" | tr '\n' ' ')"
		fi
	done
	cp "$T_TMP/out" "$T_TMP/help"
}

# named NAME LINE USAGE CMD...: CMD refused with status 2, LINE and then
# the usage line USAGE on stderr, nothing on stdout.
named() {
	n_name=$1 n_line=$2 n_usage=$3
	shift 3
	run_prog "$@"
	expect_rc 2 "$n_name: $n_line"
	expect_named "$n_name: $n_line" "$n_usage" "$n_name"
	if [ -s "$T_TMP/out" ]; then not_ok "$n_name: $n_line: wrote to stdout"; else ok; fi
}

# table NAME CMD...: the whole check of one program or command.
table() {
	t_name=$1
	shift
	helps "$t_name" "$@"
	t_usage=$(usage_line "$@")
	named "$t_name" "unknown option '-Z'" "$t_usage" "$@" -Z
	named "$t_name" "unknown option '--no-such-option'" "$t_usage" "$@" --no-such-option
	for t_opt in $(value_options "$T_TMP/help"); do
		named "$t_name" "option '$t_opt' needs a value" "$t_usage" "$@" "$t_opt"
	done
}

# Every program of the registry.
progs=0
names=$(registry_names "$top/src/programs.tab")
for p in $names; do
	if [ ! -x "$BUILD/$p" ]; then
		echo "help: $p not in this build (the registry suite says why)"
		continue
	fi
	progs=$((progs + 1))
	table "$p" "$BUILD/$p"
done
if [ "$progs" -ge 50 ]; then ok; else not_ok "only $progs programs of src/programs.tab found in $BUILD"; fi

# The front command, then each command its help lists.
table lmbench-ng sh "$NG"
cmds=$(awk '/^Commands:$/ { on = 1; next } /^[A-Z]/ { on = 0 }
	on && /^  [a-z]/ { print $1 }' "$T_TMP/help")
for c in run rerun see compare ab history report truth list version help; do
	if printf '%s\n' "$cmds" | grep -qx "$c"; then ok; else
		not_ok "lmbench-ng --help does not list the command $c"
	fi
done
for c in $cmds; do
	table "lmbench-ng $c" sh "$NG" "$c"
	# help COMMAND is COMMAND --help.
	cp "$T_TMP/help" "$T_TMP/help.$c"
	run_prog sh "$NG" help "$c"
	if [ "$RC" -eq 0 ] && cmp -s "$T_TMP/out" "$T_TMP/help.$c"; then ok; else
		not_ok "lmbench-ng help $c: status $RC, not what $c --help prints"
	fi
done
# compare with two runs of this host to compare by default: the same.
os=${BUILD##*/}
mkdir -p "$LMBENCH_RESULTS/$os"
cp "$top/tests/fixtures/compare/base.0" "$LMBENCH_RESULTS/$os/$(uname -n).0"
cp "$top/tests/fixtures/compare/new.0" "$LMBENCH_RESULTS/$os/$(uname -n).1"
u=$(usage_line sh "$NG" compare)
named "lmbench-ng compare" "unknown option '-Z'" "$u" sh "$NG" compare -Z
named "lmbench-ng compare" "option '--format' needs a value" "$u" sh "$NG" compare --strict --format
run_prog sh "$NG" compare --format csv
if [ "$RC" -eq 0 ] && [ -s "$T_TMP/out" ]; then ok; else not_ok "lmbench-ng compare --format csv (the last two runs): status $RC: $(head -c 300 "$T_TMP/err")"; fi
finish help
