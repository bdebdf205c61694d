#!/bin/sh
# install.sh BUILD - the suite as a user gets it after make install:
# installed into a stage directory (DESTDIR, PREFIX=/usr), then used from
# the stage alone (PATH holds the stage's bin and the system's, the
# current directory is no checkout): lmbench-ng list, a program by name,
# the bash and zsh completions (zsh's typed at a pseudo-terminal), a
# tiny run and rerun into a temporary XDG_DATA_HOME, see, compare,
# report, every installed manual page through man -l, and found by man
# -w under its section (a program's as man8/NAME.8lmb, section 8lmb);
# bad input; make uninstall, which removes an earlier version's
# man8/NAME.8 of lmbench-ng's and no other package's; make dist: the
# tarball named by the version, whose unpacked tree's make -n takes its
# VERSION and whose build states it; the version scheme (git describe of
# a vMAJOR.MINOR.PATCH tag) in a repository made from the tarball.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
BUILD=$1
case $BUILD in /*) ;; *) BUILD=$(pwd)/$BUILD ;; esac
host=$(uname -n)
stage=$T_TMP/stage

# make ARGS...: the Makefile with this build as it is: its recorded
# flags and version, so that nothing is rebuilt with other ones.
mk() {
	make -s -C "$top" BUILD="$BUILD" FLAGS_NOW="$(cat "$BUILD/obj/.flags")" \
		VERSION="$(cat "$BUILD/obj/.version")" "$@"
}
want_version=$("$BUILD/hello" --version)
want_version=${want_version##* }

run_prog mk install DESTDIR="$stage" PREFIX=/usr
expect_rc 0 "make install"
if [ "$(ls "$stage/usr/bin")" = lmbench-ng ]; then ok; else
	not_ok "the stage's bin holds more than lmbench-ng: $(find "$stage/usr/bin" ! -type d | tr '\n' ' ')"
fi
# Every page, a program's (doc/NAME.8) as man8/NAME.8lmb: no bare
# man8/NAME.8, a name other packages' pages may have.
missing=
for m in "$top"/doc/*.[1578]; do
	f=${m##*/}
	s=${f##*.}
	[ "$s" = 8 ] && f=${f%.8}.8lmb
	[ -f "$stage/usr/share/man/man$s/$f" ] || missing="$missing man$s/$f"
done
if [ -z "$missing" ]; then ok; else not_ok "pages not installed:$missing"; fi
n=$(find "$stage/usr/share/man" -type f | wc -l)
if [ "$n" -eq "$(find "$top/doc" -maxdepth 1 -name '*.[1578]' | wc -l)" ] &&
	[ -z "$(find "$stage/usr/share/man/man8" -name '*.8')" ]; then ok; else
	not_ok "$n pages installed; bare section-8 names: $(find "$stage/usr/share/man/man8" -name '*.8' | head -n 3)"
fi
for m in "$stage"/usr/share/man/man[1578]/*; do
	[ -f "$m" ] || continue
	if cmp -s "$m" "$top/doc/$(basename "$m" | sed 's/\.8lmb$/.8/')"; then ok; else not_ok "${m#"$stage"/} is not its doc/ page"; fi
done
for f in README NEWS COPYING; do
	if cmp -s "$top/$f" "$stage/usr/share/doc/lmbench-ng/$f"; then ok; else not_ok "$f not installed in share/doc/lmbench-ng"; fi
done
nprog=$(find "$stage/usr/lib/lmbench-ng/bin" -type f | wc -l)
if [ "$nprog" -eq "$(find "$BUILD" -maxdepth 1 -type f -perm -u+x | wc -l)" ]; then ok; else
	not_ok "$nprog programs installed, the build has $(find "$BUILD" -maxdepth 1 -type f -perm -u+x | wc -l)"
fi

# Every installed page renders.
if command -v man >/dev/null 2>&1; then
	pages=$(find "$stage/usr/share/man" -type f | sort)
	# shellcheck disable=SC2086 # the page names, one a word
	MANWIDTH=80 MANPAGER=cat run_prog man -l $pages
	n=$(grep -c '^NAME$' "$T_TMP/out")
	if [ "$RC" -eq 0 ] && [ "$n" -eq "$(printf '%s\n' "$pages" | wc -l)" ]; then ok; else
		not_ok "man -l of the installed pages: status $RC, $n NAME sections: $(head -c 300 "$T_TMP/err")"
	fi
	# man -w finds each page by its name and its .TH section (8lmb for a
	# program's), so every cross reference man.sh resolved in doc/ finds
	# its page once installed; a program's also under plain 8 and with no
	# section.
	bad=
	for m in $pages; do
		f=${m##*/}
		sec=$(awk '/^\.TH / { print $3; exit }' "$m")
		got=$(man -M "$stage/usr/share/man" -w "$sec" "${f%.*}" 2>&1)
		[ "$got" = "$m" ] || bad="$bad ${f%.*}($sec): '$got';"
	done
	if [ -z "$bad" ]; then ok; else not_ok "man -w of installed pages:$bad"; fi
	for w in "8lmb stream" "8 stream" "stream" "8lmb lat_mem_rd" "lat_mem_rd"; do
		# shellcheck disable=SC2086 # the section and the name
		got=$(man -M "$stage/usr/share/man" -w $w 2>&1)
		if [ "$got" = "$stage/usr/share/man/man8/${w##* }.8lmb" ]; then ok; else not_ok "man -w $w: '$got'"; fi
	done
else
	echo "install: man -l and man -w of the installed pages skipped: no man(1) (Debian: man-db)"
fi

# From the stage alone, in a directory that is no checkout.
mkdir -p "$T_TMP/cwd" "$T_TMP/home"
cd "$T_TMP/cwd" || exit 1
unset LMBENCH_RESULTS LMBENCH_BIN LMBENCH_DEFAULTS SUBSET MB ENOUGH OUTPUT
PATH=$stage/usr/bin:/usr/bin:/bin
HOME=$T_TMP/home
XDG_DATA_HOME=$T_TMP/data
LMBENCH_LOCK=$T_TMP/lock
export PATH HOME XDG_DATA_HOME LMBENCH_LOCK
data=$XDG_DATA_HOME/lmbench-ng
os=$(cat "$stage/usr/lib/lmbench-ng/triplet")
: >"$T_TMP/before"

run_prog lmbench-ng list
expect_rc 0 "lmbench-ng list"
if [ "$(wc -l <"$T_TMP/out")" -eq "$nprog" ] && grep -q '^lat_syscall  *the cost of one simple system call$' "$T_TMP/out" &&
	! grep -q 'no manual page' "$T_TMP/out"; then ok; else
	not_ok "lmbench-ng list: $(grep -c . "$T_TMP/out") lines for $nprog programs: $(grep 'no manual' "$T_TMP/out" | head -n 3)"
fi
run_prog lmbench-ng lat_syscall -N 3 null
expect_rc 0 "lmbench-ng lat_syscall"
expect_lines "$T_TMP/err" '^Simple syscall: [0-9.]+ microseconds$' "lmbench-ng lat_syscall -N 3 null"
for v in version --version; do
	run_prog lmbench-ng "$v"
	if [ "$RC" -eq 0 ] && [ "$(cat "$T_TMP/out")" = "lmbench-ng $want_version" ]; then ok; else
		not_ok "lmbench-ng $v: status $RC: $(cat "$T_TMP/out")"
	fi
done
run_prog lmbench-ng help
if [ "$RC" -eq 0 ] && grep -q "^Results: $data " "$T_TMP/out"; then ok; else
	not_ok "lmbench-ng help: status $RC, no 'Results: $data': $(tail -n 2 "$T_TMP/out")"
fi
run_prog lmbench-ng help bw_mem
if [ "$RC" -eq 0 ] && grep -q '^Usage: bw_mem ' "$T_TMP/out"; then ok; else not_ok "lmbench-ng help bw_mem: status $RC"; fi
# Every command answers --help (and help COMMAND) with its own usage on
# stdout, status 0, under the front command's name.
for c in run rerun see compare ab report truth list version help; do
	for how in "$c --help" "$c -h" "help $c"; do
		# shellcheck disable=SC2086 # the words of the call
		run_prog lmbench-ng $how
		if [ "$RC" -eq 0 ] && [ "$(sed -n '1s/^\(Usage: lmbench-ng [a-z]*\).*/\1/p' "$T_TMP/out")" = "Usage: lmbench-ng $c" ] &&
			[ ! -s "$T_TMP/err" ]; then ok; else
			not_ok "lmbench-ng $how: status $RC: $(head -n 1 "$T_TMP/out") $(head -c 200 "$T_TMP/err")"
		fi
	done
done

# The installed bash completion: commands, programs, a program's options
# from its --help, run's options and settings.
comp=$stage/usr/share/bash-completion/completions/lmbench-ng
# offers WORD...: what completing the last of the words offers, sorted,
# one line.
offers() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _lmbench_ng; printf "%s\n" "${COMPREPLY[@]}"' \
		sh "$comp" "$@" 2>/dev/null | sort | tr '\n' ' '
}
if [ ! -f "$comp" ]; then
	not_ok "no bash completion installed at $comp"
elif command -v bash >/dev/null 2>&1; then
	for want in "lmbench-ng r|report rerun run " "lmbench-ng lat_pipe|lat_pipe lat_pipe_pairs " \
		"lmbench-ng run --p|--profile " "lmbench-ng run --profile c|ci " "lmbench-ng help lat_sysc|lat_syscall " \
		"lmbench-ng bw_mem -|--help --version -A -H -N -P -T -W -h " "lmbench-ng run lat_pi|lat_pipe lat_pipe_pairs " \
		"lmbench-ng run MB=8 lat_pi| " "lmbench-ng run M|MB= MHZ= "; do
		words=${want%%|*}
		# shellcheck disable=SC2086 # the words of the line
		got=$(offers $words)
		if [ "$got" = "${want#*|}" ]; then ok; else not_ok "completion of '$words': '$got', want '${want#*|}'"; fi
	done
else
	echo "install: the bash completion not tried: no bash"
fi

# The installed zsh completion: the same words, offered by zsh itself
# (tests/complete.zsh types each line and a Tab in an interactive zsh
# on a pseudo-terminal) or, without zsh's zpty module, by the helpers
# the completion gathers them with, called in zsh -f.
zcomp=$stage/usr/share/zsh/vendor-completions/_lmbench-ng
if [ ! -f "$zcomp" ]; then
	not_ok "no zsh completion installed at $zcomp"
elif command -v zsh >/dev/null 2>&1; then
	if zsh -n "$zcomp" && [ "$(head -n 1 "$zcomp")" = "#compdef lmbench-ng" ]; then ok; else not_ok "zsh -n $zcomp, or its first line is no #compdef lmbench-ng"; fi
	# zoffers LINE: what zsh offers for LINE and a Tab, sorted, one line;
	# "no zpty" where zsh has no zpty module.
	zoffers() {
		timeout 60 zsh -f "$top/tests/complete.zsh" "${zcomp%/*}" "$T_TMP/zsh-offers" "$1" </dev/null >/dev/null 2>&1
		case $? in
		0) sort -u "$T_TMP/zsh-offers" | tr '\n' ' ' ;;
		3) echo "no zpty" ;;
		*) echo "no answer" ;;
		esac
	}
	if [ "$(zoffers "lmbench-ng r")" = "no zpty" ]; then
		echo "install: zsh's completion not driven: no zpty module; its helpers instead"
		for want in "_lmbench_ng_commands lmbench-ng|run:configure" "_lmbench_ng_programs lmbench-ng|lat_pipe:round-trip latency" \
			"_lmbench_ng_options lmbench-ng run|--runs:the setting RUNS" "_lmbench_ng_options lmbench-ng bw_mem|-P:copies of" \
			"_lmbench_ng_options lmbench-ng ab|--strict" "_lmbench_ng_settings|MB="; do
			words=${want%%|*}
			# shellcheck disable=SC2016,SC2086 # zsh's own $1 and $@; the words of the line
			if timeout 60 zsh -fc '. "$1"; shift; "$@"' zsh "$zcomp" $words 2>/dev/null | grep -q "^${want#*|}"; then ok; else
				not_ok "zsh: $words offers no '${want#*|}'"
			fi
		done
	else
		for want in "lmbench-ng r|report rerun run " "lmbench-ng lat_pipe|lat_pipe lat_pipe_pairs " \
			"lmbench-ng run --p|--profile " "lmbench-ng run --profile |ci full " "lmbench-ng run -|--defaults --help --profile --runs -h " \
			"lmbench-ng run lat_pi|lat_pipe lat_pipe_pairs " "lmbench-ng run MB=8 lat_pi|" "lmbench-ng run M|MB= MHZ= " \
			"lmbench-ng help lat_sysc|lat_syscall " "lmbench-ng bw_mem -|--help --version -A -H -N -P -T -W -h " \
			"lmbench-ng ab --th|--threshold --thresholds " "lmbench-ng report -|--help -h -o "; do
			words=${want%%|*}
			got=$(zoffers "$words")
			if [ "$got" = "${want#*|}" ]; then ok; else not_ok "zsh's completion of '$words': '$got', want '${want#*|}'"; fi
		done
	fi
else
	echo "install: the zsh completion not tried: no zsh"
fi

# A tiny suite: the system calls only, 0.5 ms intervals, twice.
tiny="MB=8 ENOUGH=500 SUBSET=DEVELOPMENT BENCHMARK_SYSCALL=YES FSDIR=$T_TMP"
# shellcheck disable=SC2086 # the settings, one a word
run_prog lmbench-ng run --defaults $tiny </dev/null
expect_rc 0 "lmbench-ng run (tiny)"
f=$data/$os/$host.0
if [ -f "$f" ] && [ -f "$f.json" ] && [ -f "$data/CONFIG.$host" ] && grep -q '^Simple syscall: [0-9]' "$f" &&
	grep -q "^\[SUITE: lmbench-ng $want_version\]$" "$f" && grep -q "^lmbench-ng: results in $f " "$T_TMP/out" &&
	grep -q "^lmbench-ng: results directory $data " "$T_TMP/out"; then ok; else
	not_ok "lmbench-ng run: $(find "$XDG_DATA_HOME" 2>&1 | tr '\n' ' ') $(cat "$T_TMP/out") $(tail -n 3 "$T_TMP/err")"
fi
run_prog lmbench-ng rerun </dev/null
expect_rc 0 "lmbench-ng rerun"
if [ -f "$data/$os/$host.1" ] && grep -q "results in $data/$os/$host.1 " "$T_TMP/out"; then ok; else
	not_ok "lmbench-ng rerun: no $host.1: $(cat "$T_TMP/out")"
fi
run_prog lmbench-ng see
if [ "$RC" -eq 0 ] && grep -q "^$host " "$T_TMP/out" && [ -f "$data/summary.out" ]; then ok; else
	not_ok "lmbench-ng see: status $RC: $(head -c 300 "$T_TMP/err")"
fi
run_prog lmbench-ng compare
if [ "$RC" -eq 0 ] && grep -q "^base: $data/$os/$host.0 " "$T_TMP/out" && grep -q "^new: $data/$os/$host.1 " "$T_TMP/out" &&
	grep -q '^lat_syscall Simple syscall ' "$T_TMP/out"; then ok; else
	not_ok "lmbench-ng compare (the last two runs): status $RC: $(head -c 300 "$T_TMP/out") $(head -c 300 "$T_TMP/err")"
fi
run_prog lmbench-ng compare --format csv "$host.1" "$top/tests/fixtures/compare/new.0"
if [ "$RC" -eq 0 ] && [ -s "$T_TMP/out" ]; then ok; else not_ok "lmbench-ng compare a run by name and a fixture: status $RC: $(head -c 300 "$T_TMP/err")"; fi
run_prog lmbench-ng report
if [ "$RC" -eq 0 ] && grep -q '<html' "$data/report.html" && grep -q "^lmbench-ng: report in $data/report.html$" "$T_TMP/out"; then ok; else
	not_ok "lmbench-ng report: status $RC: $(head -c 300 "$T_TMP/err")"
fi
if [ -z "$(find "$stage" -newer "$T_TMP/before" ! -type d)" ] && [ -z "$(ls -A "$HOME")" ]; then ok; else
	not_ok "written into the installed tree or HOME: $(find "$stage" "$HOME" -newer "$T_TMP/before" ! -type d | head -n 3)"
fi

# Bad input: one line on stderr, "lmbench-ng: " or "lmbench-ng COMMAND: "
# first, status 2 for usage, 1 for a failure.
# bad WANT DESC CMD...
bad() {
	bad_want=$1 bad_desc=$2
	shift 2
	run_prog "$@" </dev/null
	if [ "$RC" -eq "$bad_want" ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] && grep -q '^lmbench-ng[ :]' "$T_TMP/err"; then ok; else
		not_ok "$bad_desc: status $RC (want $bad_want), stderr: $(head -c 300 "$T_TMP/err")"
	fi
}
# unknown LINE USAGE CMD...: an unknown option: status 2, the line
# naming it, then the usage line (tests/help.sh tries every command).
unknown() {
	un_line=$1 un_usage=$2
	shift 2
	run_prog "$@" </dev/null
	expect_rc 2 "$*"
	expect_named "$un_line" "$un_usage" "$*"
}
bad 2 "an unknown command or program" lmbench-ng no_such_thing
unknown "lmbench-ng: unknown option '--bogus'" "Usage: lmbench-ng COMMAND [ARGS...] | lmbench-ng PROGRAM [ARGS...]" \
	lmbench-ng --bogus
bad 2 "no command" lmbench-ng
bad 2 "--version with an argument" lmbench-ng --version extra
bad 2 "version with an argument" lmbench-ng version extra
bad 2 "help of no program" lmbench-ng help no_such_thing
bad 2 "a program name with a slash" lmbench-ng ../bin/hello
bad 2 "an unknown setting" lmbench-ng run --defaults NOT_A_SETTING=1
bad 2 "list with an argument" lmbench-ng list extra
bad 2 "see of a missing directory" lmbench-ng see "$T_TMP/nothere"
unknown "lmbench-ng see: unknown option '--bogus'" "Usage: lmbench-ng see [DIR]" lmbench-ng see --bogus
: >"$T_TMP/afile"
bad 1 "see without results" env LMBENCH_RESULTS="$T_TMP/nothere" lmbench-ng see
bad 1 "report without results" env LMBENCH_RESULTS="$T_TMP/nothere" lmbench-ng report
bad 1 "rerun without a configuration" env LMBENCH_RESULTS="$T_TMP/nothere" lmbench-ng rerun
mkdir "$T_TMP/onerun" "$T_TMP/onerun/$os"
cp "$f" "$T_TMP/onerun/$os/"
bad 1 "compare with one run" env LMBENCH_RESULTS="$T_TMP/onerun" lmbench-ng compare
# shellcheck disable=SC2086
bad 1 "a results directory that cannot be made" env LMBENCH_RESULTS="$T_TMP/afile/results" lmbench-ng run --defaults $tiny
if [ "$(id -u)" -ne 0 ]; then
	mkdir "$T_TMP/ro" && chmod 555 "$T_TMP/ro"
	# shellcheck disable=SC2086
	bad 1 "an unwritable results directory" env LMBENCH_RESULTS="$T_TMP/ro" lmbench-ng run --defaults $tiny
	chmod 755 "$T_TMP/ro"
else
	echo "install: the unwritable-directory check runs as another user only (root writes anywhere)"
fi
bad 1 "see without XDG_DATA_HOME" env XDG_DATA_HOME= lmbench-ng see
if grep -q "no results directory $HOME/.local/share/lmbench-ng " "$T_TMP/err"; then ok; else
	not_ok "default results directory: $(cat "$T_TMP/err")"
fi

# In a checkout, results/ of the current directory.
cd "$top" || exit 1
LMBENCH_BIN=$BUILD run_prog sh scripts/lmbench-ng help
if grep -q "^Results: $top/results " "$T_TMP/out"; then ok; else not_ok "checkout: $(grep Results "$T_TMP/out")"; fi
LMBENCH_BIN=$BUILD run_prog sh scripts/lmbench-ng list
if [ "$RC" -eq 0 ] && ! grep -q 'no manual page' "$T_TMP/out"; then ok; else not_ok "checkout's list: $(grep 'no manual' "$T_TMP/out" | head -n 3)"; fi
cd "$T_TMP" || exit 1

# Uninstalled, nothing is left of it: also an earlier version's page
# under the bare name (its .TH names lmbench-ng), while another
# package's page of a program's name stays.
man8=$stage/usr/share/man/man8
sed 's/^\.TH STREAM 8lmb /.TH STREAM 8 /' "$top/doc/stream.8" >"$man8/stream.8"
printf '.TH LINE 8 "2020-01-01" "other" "Other Manual"\n.SH NAME\nline \\- another package\n' >"$man8/line.8"
run_prog mk uninstall DESTDIR="$stage" PREFIX=/usr
expect_rc 0 "make uninstall"
if [ "$(find "$stage" ! -type d)" = "$man8/line.8" ]; then ok; else
	not_ok "left by uninstall (want another package's man8/line.8 alone): $(find "$stage" ! -type d | head -n 5)"
fi
rm -f "$man8/line.8"

# The release tarball: the tracked files and VERSION, named by the
# version (git describe of the newest vMAJOR.MINOR.PATCH tag without its
# v, or 0.0.0-N-gHASH before any), whose unpacked tree's make -n takes
# its VERSION and whose build states it.  Git looks no higher than the
# test's directory.
GIT_CEILING_DIRECTORIES=$T_TMP
export GIT_CEILING_DIRECTORIES
git_version() {
	git -C "$1" describe --tags --match 'v[0-9]*.[0-9]*.[0-9]*' --dirty 2>/dev/null | sed 's/^v//' | grep . ||
		echo "0.0.0-$(git -C "$1" rev-list --count HEAD)-g$(git -C "$1" describe --always --dirty)"
}
# make_n_version TREE: the version make -n of TREE compiles in.
make_n_version() {
	make -n -C "$1" BUILD="$T_TMP/nbuild" 2>/dev/null |
		sed -n "s/.*-DLMBENCH_VERSION='\"\([^\"]*\)\"'.*/\1/p" | sort -u
}
if command -v git >/dev/null 2>&1 && git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	v=$(git_version "$top")
	run_prog make -s -C "$top" dist BUILD="$T_TMP/distbuild" DIST_DIR="$T_TMP"
	tarball=$(find "$T_TMP" -maxdepth 1 -name 'lmbench-ng-*.tar.gz')
	name=lmbench-ng-$v
	if [ "$RC" -eq 0 ] && [ "$tarball" = "$T_TMP/$name.tar.gz" ] && mkdir "$T_TMP/x" && tar -C "$T_TMP/x" -xzf "$tarball" &&
		[ "$(find "$T_TMP/x/$name" -type f | wc -l)" -eq $(($(git -C "$top" ls-files | wc -l) + 1)) ] &&
		[ "$(cat "$T_TMP/x/$name/VERSION")" = "$v" ]; then ok; else
		not_ok "make dist: status $RC, '$tarball', want $name.tar.gz holding VERSION $v: $(head -c 300 "$T_TMP/err")"
	fi
	got=$(make_n_version "$T_TMP/x/$name")
	if [ "$got" = "$v" ]; then ok; else not_ok "make -n of the unpacked tarball: version '$got', want its VERSION $v"; fi
	run_prog make -s -C "$T_TMP/x/$name" -j2 CFLAGS=-O0 BUILD="$T_TMP/xbuild" "$T_TMP/xbuild/hello"
	got=$("$T_TMP/xbuild/hello" --version 2>&1)
	if [ "$RC" -eq 0 ] && [ "$got" = "hello (lmbench-ng) $v" ]; then ok; else
		not_ok "the tarball's build: status $RC, '$got': $(head -c 300 "$T_TMP/err")"
	fi
	run_prog make -s -C "$T_TMP/x/$name" dist BUILD="$T_TMP/xbuild" DIST_DIR="$T_TMP/x"
	if [ "$RC" -eq 2 ] && grep -q 'not the top of a git checkout' "$T_TMP/err"; then ok; else
		not_ok "make dist in the unpacked tarball: status $RC (want 2): $(head -c 300 "$T_TMP/err")"
	fi

	# The scheme, in a repository made of the tarball's files (the tag
	# lives and dies there): before any tag, at an annotated v9.8.7 (a
	# tag of another shape is no release), dirty, one commit on.
	g=$T_TMP/g
	cp -R "$T_TMP/x/$name" "$g" && rm -f "$g/VERSION" && rm -rf "$T_TMP/nbuild"
	g_git() { git -C "$g" -c user.name=test -c user.email=test@invalid "$@"; }
	# g_version WANT WHAT: make -n's version is WANT (a trailing "g"
	# stands for g and the commit's hash).
	g_version() {
		got=$(make_n_version "$g")
		case $1 in
		*-g) case $got in "$1"[0-9a-f][0-9a-f][0-9a-f][0-9a-f]*) ok ;; *) not_ok "$2: version '$got', want '$1HASH'" ;; esac ;;
		*) if [ "$got" = "$1" ]; then ok; else not_ok "$2: version '$got', want '$1'"; fi ;;
		esac
	}
	g_git init -q && g_git add -A && g_git commit -q -m first
	g_version "0.0.0-1-g$(g_git rev-parse --short HEAD)" "before any tag"
	g_git tag -a v9.8.7 -m release
	g_version 9.8.7 "at the tag v9.8.7"
	g_git tag -a v9.9 -m other
	g_version 9.8.7 "with a tag v9.9, no release's shape"
	touch "$g/NEWS"
	g_version 9.8.7 "after a touch (no change)"
	echo >>"$g/NEWS"
	g_version 9.8.7-dirty "with a change"
	g_git commit -q -a -m second
	g_version 9.8.7-1-g "one commit on"
	g_git reset -q --hard HEAD~1
	run_prog make -s -C "$g" dist BUILD="$T_TMP/gbuild" DIST_DIR="$T_TMP/x"
	if [ "$RC" -eq 0 ] && [ -f "$T_TMP/x/lmbench-ng-9.8.7.tar.gz" ] &&
		[ "$(tar -xzOf "$T_TMP/x/lmbench-ng-9.8.7.tar.gz" lmbench-ng-9.8.7/VERSION)" = 9.8.7 ]; then ok; else
		not_ok "make dist at the tag v9.8.7: status $RC: $(ls "$T_TMP/x") $(head -c 300 "$T_TMP/err")"
	fi
else
	echo "install: make dist skipped: not a git checkout"
fi

finish install
