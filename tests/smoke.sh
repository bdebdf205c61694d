#!/bin/sh
# smoke.sh BUILD - every program of a build: a result of the right shape
# (SPEC.md) on the right stream, within a wide sanity range, -h and
# --help on stdout with status 0, a bad option and extra arguments giving
# exit status 2 (tests/help.sh holds every program to one help style).
# A program's cases are its own file, tests/programs/NAME.sh, sourced
# here for each program built; a built program without that file fails
# the suite, so a new program adds its own.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
T_DIR=$(cd "$(dirname "$0")" && pwd)

# Short intervals and few repetitions: shape, not precision.
ENOUGH=500
export ENOUGH
unset LMBENCH_SCHED LMBENCH_JSON
# LMBENCH_EMULATED=1 (tests/cross.sh, a build for another processor run
# under qemu-user): the shapes, statuses and bad input only; no timing
# ranges, which are meaningless under emulation.
EMULATED=
[ "${LMBENCH_EMULATED:-0}" = 0 ] || EMULATED=1

# The shapes of result lines, for the programs' files.
# shellcheck disable=SC2034
US='[0-9]+\.[0-9]{4} microseconds$'
# shellcheck disable=SC2034
PAIR='^[0-9]+\.([0-9]{2}|[0-9]{6}) [0-9]+\.([0-9]{2}|[0-9]{6})$'
# shellcheck disable=SC2034
MBS='[0-9]+\.[0-9]{2} MB/sec$'

# result PROG STREAM REGEX FIELD LO HI ARGS...: one good run.
result() {
	prog=$1 stream=$2 re=$3 field=$4 lo=$5 hi=$6
	shift 6
	run_prog "$BUILD/$prog" "$@"
	expect_rc 0 "$prog $*"
	# A warning about mixed samples or a process that moved (a loaded
	# machine) is not part of the result's shape.
	grep -v "^$prog: warning: " "$T_TMP/err" >"$T_TMP/err.w"
	mv "$T_TMP/err.w" "$T_TMP/err"
	expect_lines "$T_TMP/$stream" "$re" "$prog $*"
	[ "$field" = - ] || [ -n "$EMULATED" ] || expect_range "$T_TMP/$stream" "$field" "$lo" "$hi" "$prog $*"
}

# bad PROG WANT ARGS...: a bad call: status WANT, nothing on stdout, one
# line on stderr; or, for an unknown option or one without its value,
# the line naming it and then PROG's usage line, exactly (the first line
# of its --help, each "   or:" form after " | ").
bad() {
	prog=$1 want=$2
	shift 2
	run_prog "$BUILD/$prog" "$@"
	expect_rc "$want" "$prog $*"
	expect_refusal "$prog" "$(usage_line "$BUILD/$prog")" "$prog $*"
	if [ -s "$T_TMP/out" ]; then
		not_ok "$prog $*: wrote to stdout"
	else
		ok
	fi
}

# help_checks PROG: -h and --help print the usage and a line per option
# on stdout, status 0; --version its version; --version with more
# arguments is a usage error.
help_checks() {
	for help_opt in -h --help; do
		run_prog "$BUILD/$1" "$help_opt"
		expect_rc 0 "$1 $help_opt"
		if grep -q "^Usage: $1" "$T_TMP/out" && grep -q "^  -h, --help" "$T_TMP/out" &&
			[ ! -s "$T_TMP/err" ]; then ok; else not_ok "$1 $help_opt: no usage and options on stdout"; fi
	done
	# The options' descriptions start in one column (a term too wide
	# puts its description on the next line, in that column).
	cols=$(awk '/^Options:/ { on = 1; next } /^(Environment|Manual)/ { on = 0 }
		on && /^  [^ ]/ { l = $0; sub(/^  /, "", l); if (match(l, /  +[^ ]/)) print RSTART + RLENGTH + 1 }
		on && /^   / { match($0, /[^ ]/); print RSTART }' "$T_TMP/out" | sort -u)
	if [ "$(echo "$cols" | grep -c .)" -le 1 ]; then ok; else
		not_ok "$1 --help: the options' descriptions start in columns $(echo "$cols" | tr '\n' ' ')"
	fi
	run_prog "$BUILD/$1" --version
	expect_rc 0 "$1 --version"
	if grep -Eq "^$1 \(lmbench-ng\) [^ ]+$" "$T_TMP/out"; then ok; else not_ok "$1 --version: not 'PROG (lmbench-ng) VERSION'"; fi
	bad "$1" 2 --version extra
}

# usage_checks PROG EXTRA...: --help, --version, an unknown option,
# extra arguments.
# A size within this machine's memory but beyond what is available (a
# failure now, status 1, where a size beyond the machine is a usage
# error): all of MemTotal less 1 MB, in bytes and in megabytes.
# shellcheck disable=SC2034
NEAR_ALL=$(awk '/^MemTotal:/ { print $2 - 1024 "k" }' /proc/meminfo)
# shellcheck disable=SC2034
NEAR_ALL_MB=$(awk '/^MemTotal:/ { print int($2 / 1024) - 1 }' /proc/meminfo)

# huge PROG ARGS...: a memory size beyond any machine (in ARGS) is a
# usage error naming this machine's memory, not a run that thrashes,
# spins or says nothing (issue 37).
huge() {
	prog=$1
	shift
	bad "$prog" 2 "$@"
	if grep -q "more than this machine's [0-9]* MB of memory" "$T_TMP/err"; then ok; else
		not_ok "$prog $*: $(head -c 200 "$T_TMP/err")"
	fi
}

usage_checks() {
	prog=$1
	shift
	help_checks "$prog"
	bad "$prog" 2 -Z
	if [ "$(head -n 1 "$T_TMP/err")" = "$prog: unknown option '-Z'" ]; then ok; else
		not_ok "$prog -Z: the first line does not name the option: $(head -n 1 "$T_TMP/err")"
	fi
	bad "$prog" 2 "$@"
}

# no_server PROG: a network client (tests/net.sh runs it against its
# server) aimed at a port nobody listens on, and its -S there: status 1.
FREE_PORT=$(awk 'BEGIN { srand(); print 40000 + int(rand() * 20000) }')
no_server() {
	bad "$1" 1 -p "$FREE_PORT" localhost
	bad "$1" 1 -S -p "$FREE_PORT" localhost
}

# two_cpus: at least two CPUs to run on, and taskset to pin to one.
two_cpus() {
	[ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null
}

# Files several programs read: a one-line file and 2 MB of zeros.
printf 'x\n' >"$T_TMP/file"
head -c 2097152 /dev/zero >"$T_TMP/f2m"

# empty_try PROG ARGS...: an empty or blank word among ARGS is a usage
# error said at once (issue 37: '' spun for ever in 23 programs), never
# a hang, never a run.
empty_try() {
	et_prog=$1
	shift
	timeout 10 "$BUILD/$et_prog" "$@" </dev/null >"$T_TMP/out" 2>"$T_TMP/err"
	RC=$?
	et_args=$(for w in "$@"; do printf "'%s' " "$w"; done)
	if [ "$RC" -eq 124 ]; then
		not_ok "$et_prog $et_args: still running after 10 s"
	elif [ "$RC" -ne 2 ] || ! grep -Eq 'empty|^Usage' "$T_TMP/err"; then
		not_ok "$et_prog $et_args: status $RC, want 2 and a line saying what is empty: $(head -c 200 "$T_TMP/err")"
	else
		ok
	fi
}
# empty_checks PROG: '' and a blank in each operand position (three)
# and as the value of each option its usage line shows with one.
empty_checks() {
	empty_try "$1" ''
	# Under qemu-user one case a program: the check is the library's,
	# tried in full natively; each emulated start costs a tenth of a s.
	[ -z "$EMULATED" ] || return 0
	ec_usage=$("$BUILD/$1" --help 2>/dev/null | sed -n '1s/^Usage: //p')
	empty_try "$1" ' '
	# lat_cmd's words after the command are the command's own.
	case $ec_usage in
	*cmdline*) ;;
	*)
		empty_try "$1" x ''
		empty_try "$1" x y ''
		;;
	esac
	for ec_letter in $(printf '%s\n' "$ec_usage" | grep -o '\[-[A-Za-z] <' | cut -c3); do
		empty_try "$1" "-$ec_letter" '' x
		empty_try "$1" "-$ec_letter" '	'
	done
}

# Each built program's cases, from its file; the file must make checks.
for smoke_bin in "$BUILD"/*; do
	if [ ! -f "$smoke_bin" ] || [ ! -x "$smoke_bin" ]; then continue; fi
	smoke_name=${smoke_bin##*/}
	if [ ! -f "$T_DIR/programs/$smoke_name.sh" ]; then
		# The default cases of a program of the registry's SUITE
		# column: --help and --version, an unknown option, and a run
		# of its SUITE arguments (two intervals) that gives a figure.
		smoke_args=$(registry_rows "$T_DIR/../src/programs.tab" | awk -v n="$smoke_name" '$1 == n && NF >= 7 { for (i = 8; i <= NF; i++) printf "%s ", $i; print "" }')
		if [ -z "$smoke_args" ] && ! registry_rows "$T_DIR/../src/programs.tab" | awk -v n="$smoke_name" '$1 == n && NF >= 7 { f = 1 } END { exit !f }'; then
			not_ok "program $smoke_name has no smoke test (tests/programs/$smoke_name.sh) and no SUITE column"
			continue
		fi
		usage_checks "$smoke_name" --no-such-option
		# shellcheck disable=SC2086 # the arguments, words
		run_prog "$smoke_bin" -N 2 $smoke_args
		if [ "$RC" -eq 0 ] && grep -q '[0-9]' "$T_TMP/out" "$T_TMP/err"; then ok; else
			not_ok "$smoke_name -N 2 $smoke_args(its SUITE arguments): status $RC: $(head -c 300 "$T_TMP/err")"
		fi
		continue
	fi
	smoke_checks=$((PASS + FAIL))
	# shellcheck source=/dev/null
	. "$T_DIR/programs/$smoke_name.sh"
	empty_checks "$smoke_name"
	if [ $((PASS + FAIL)) -gt "$smoke_checks" ]; then ok; else
		not_ok "tests/programs/$smoke_name.sh made no checks"
	fi
done
finish smoke
