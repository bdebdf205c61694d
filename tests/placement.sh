#!/bin/sh
# placement.sh BUILD - the placements of the programs with two or more
# parties are honoured: the CPUs every party was seen on (the JSON
# "placement" field) are the CPUs asked for, under the default (SAME),
# SAME, CROSS and lmbench's own policies; CROSS on one CPU says so and
# exits 77; a helper moved in the middle of a run (taskset -p) is
# reported, in the field and on stderr.  The network programs' client and
# server (started with -c POLICY) on loopback: the server is a party of
# the record (server=CPU), placed as asked.  Needs two CPUs for most
# cases; with one, only the one-CPU cases run.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

ENOUGH=1000
export ENOUGH
unset LMBENCH_SCHED LMBENCH_JSON

# The programs with a helper process or a child (the registry's
# parties=helper and parties=child), as cases with arguments for a short
# run (args); the second word names the other party in the field.
PROGS=
for p in $(registry_with parties helper) $(registry_with parties child); do
	case $p in
	lat_ctx) c=lat_ctx_2 ;;
	lat_proc) c=lat_proc_fork ;;
	*) c=$p ;;
	esac
	PROGS="$PROGS $c:$(registry_attr "$p" parties)"
done
if [ "$(echo "$PROGS" | wc -w)" -ge 9 ]; then ok; else not_ok "the registry names only these programs with a helper or child: $PROGS"; fi

# args NAME: the command line of a case name.
args() {
	case $1 in
	lat_ctx_2) echo "lat_ctx -N 3 -s 0 2" ;;
	lat_proc_fork) echo "lat_proc -N 3 fork" ;;
	bw_*) echo "$1 -N 3 -M 1m" ;;
	*) echo "$1 -N 3" ;;
	esac
}

# placed POLICY WRAPPER PROG ARGS...: run with LMBENCH_SCHED=POLICY ("-":
# unset), under WRAPPER (e.g. "taskset -c 1"; "-": none), records to a
# file; the placement field of its last record in $PL, status in $RC.
placed() {
	pol=$1 wrap=$2 prog=$3
	shift 3
	if [ "$pol" = - ]; then unset LMBENCH_SCHED; else
		LMBENCH_SCHED=$pol
		export LMBENCH_SCHED
	fi
	rm -f "$T_TMP/rec"
	if [ "$wrap" = - ]; then
		LMBENCH_JSON=$T_TMP/rec run_prog "$BUILD/$prog" "$@"
	else
		# shellcheck disable=SC2086
		LMBENCH_JSON=$T_TMP/rec run_prog $wrap "$BUILD/$prog" "$@"
	fi
	unset LMBENCH_SCHED
	PL=$(tail -n 1 "$T_TMP/rec" 2>/dev/null | sed -n 's/.*"placement":{"policy":"[^"]*","text":"\([^"]*\)".*/\1/p')
}

# pair: $PL without its policy and cpus=, the other party named "other".
pair() {
	printf '%s\n' "$PL" | sed 's/.*cpus=[0-9]* //; s/helper=/other=/; s/child=/other=/'
}

# want DESC EXPECTED: $PL is EXPECTED and the run succeeded.
want() {
	if [ "$RC" -eq 0 ] && [ "$PL" = "$2" ]; then ok; else
		not_ok "$1: status $RC, placement '$PL', want '$2'; stderr: $(head -c 300 "$T_TMP/err")"
	fi
}

ncpu=$(nproc)
cross=
first=$(taskset -pc $$ 2>/dev/null | sed 's/.*: //; s/[-,].*//')
[ -n "$first" ] || first=0

for pp in $PROGS; do
	name=${pp%:*} other=${pp#*:}
	# shellcheck disable=SC2046
	set -- $(args "$name")
	# Unset: the documented default, every party on the first CPU.
	placed - - "$@"
	want "$* (default)" "SAME cpus=$first main=$first $other=$first"
	if [ "$ncpu" -ge 2 ]; then
		# SAME inside a cpuset of CPU 1: everything on CPU 1.
		placed SAME "taskset -c 1" "$@"
		want "$* (SAME, taskset -c 1)" "SAME cpus=1 main=1 $other=1"
		# lmbench's CUSTOM_UNIQUE keeps its meaning: the helper on the
		# second CPU listed.
		placed "CUSTOM_UNIQUE 1 0" - "$@"
		want "$* (CUSTOM_UNIQUE 1 0)" "CUSTOM_UNIQUE 1 0 cpus=1 main=1 $other=0"
		# CROSS: two CPUs, each party seen on one only, the cache they
		# share named.
		placed CROSS - "$@"
		if [ "$RC" -eq 0 ] && printf '%s\n' "$PL" |
			grep -Eq "^CROSS cpus=([0-9]+) main=\\1 $other=([0-9]+) shared=(L[0-9]|none)\$" &&
			[ "$(printf '%s\n' "$PL" | sed 's/.* main=\([0-9]*\) .*/\1/')" != "$(printf '%s\n' "$PL" | sed "s/.* $other=\\([0-9]*\\) .*/\\1/")" ]; then
			ok
		else
			not_ok "$* (CROSS): status $RC, placement '$PL'; stderr: $(head -c 300 "$T_TMP/err")"
		fi
		# The pair is the same in every run and from every program.
		[ -n "$cross" ] || cross=$(pair)
		got=$(pair)
		if [ "$got" = "$cross" ]; then ok; else not_ok "$* (CROSS): pair '$got', another program had '$cross'"; fi
	fi
	# CROSS with one CPU: the reason, status 77.
	placed CROSS "taskset -c $first" "$@"
	if [ "$RC" -eq 77 ] && grep -q "CROSS needs two CPUs" "$T_TMP/err" && [ ! -s "$T_TMP/rec" ]; then ok; else
		not_ok "$* (CROSS on one CPU): status $RC, want 77; stderr: $(head -c 300 "$T_TMP/err")"
	fi
done

if [ "$ncpu" -ge 2 ]; then
	# A ring of 4 under CROSS: every hand-off crosses.
	placed CROSS - lat_ctx -N 3 -s 0 4
	if [ "$RC" -eq 0 ] && printf '%s\n' "$PL" |
		grep -Eq '^CROSS cpus=([0-9]+) main=\1 helper1=([0-9]+) helper2=\1 helper3=\2 shared='; then ok; else
		not_ok "lat_ctx 4 (CROSS): status $RC, placement '$PL'"
	fi
	# Rings of 8 on one CPU: the helpers in one entry.
	placed - - lat_ctx -N 3 -s 0 8
	want "lat_ctx 8 (default)" "SAME cpus=$first main=$first helper1-7=$first"
	# Two copies: one entry per copy, copy c on CPU c.
	placed SAME - lat_pipe -N 3 -P 2
	want "lat_pipe -P 2 (SAME)" "SAME cpus=0,1 main=0,1 helper=0,1"

	# A helper moved by hand in the middle of a run is reported: in the
	# field (its CPUs, moved=) and in one line on stderr.
	# The helper is the worker's child still there 0.2 s after it was
	# seen; a run in which none is caught (a child that came and went,
	# a stall) is run again, up to three times.  It goes to the first CPU
	# other than the helper's.
	to=$(awk -v f="$first" 'BEGIN { print (f == 0 ? 1 : 0) }')
	moved='' try=0
	while [ -z "$moved" ] && [ $try -lt 3 ]; do
		[ $try -eq 0 ] || wait "$sup"
		rm -f "$T_TMP/mv"
		LMBENCH_JSON=$T_TMP/mv LMBENCH_SCHED=SAME ENOUGH=2000 \
			"$BUILD/lat_pipe" -N 1000 >/dev/null 2>"$T_TMP/mverr" &
		sup=$!
		helper=''
		i=0
		while [ -z "$moved" ] && [ $i -lt 100 ] && kill -0 "$sup" 2>/dev/null; do
			sleep 0.05
			helper=''
			for w in $(pgrep -P "$sup"); do helper=$(pgrep -P "$w" | head -n 1); done
			if [ -n "$helper" ]; then
				sleep 0.2
				kill -0 "$helper" 2>/dev/null && taskset -p -c "$to" "$helper" >/dev/null 2>&1 && moved=1
			fi
			i=$((i + 1))
		done
		try=$((try + 1))
	done
	if [ -n "$moved" ]; then ok; else
		not_ok "could not move lat_pipe's helper in 3 runs (pid '$helper')"
	fi
	wait "$sup"
	rc=$?
	pl=$(sed -n 's/.*"placement":{"policy":"[^"]*","text":"\([^"]*\)".*/\1/p' "$T_TMP/mv" 2>/dev/null)
	case $pl in
	"SAME cpus=$first main=$first helper=$first+$to moved=helper") ok ;;
	*) not_ok "moved helper: status $rc, placement '$pl'" ;;
	esac
	if [ "$(grep -c 'warning: moved between CPUs' "$T_TMP/mverr")" -eq 1 ] &&
		grep -q "helper on CPUs $first+$to (placed on $first)" "$T_TMP/mverr"; then ok; else
		not_ok "moved helper: no line on stderr: $(cat "$T_TMP/mverr")"
	fi
fi
# The network pairs on loopback: the server started with -c POLICY (its
# option) and the client under LMBENCH_SCHED=POLICY; the record lists
# the server, sampled from /proc.  Every server is stopped, and none
# outlives a minute.
LMBENCH_SERVER_TIMEOUT=60
export LMBENCH_SERVER_TIMEOUT
port=$(port_base)
# the registry's parties=server (lat_rpc only where it is built)
NETPROGS=
for p in $(registry_with parties server); do
	[ -x "$BUILD/$p" ] && NETPROGS="$NETPROGS $p"
done
if [ "$(echo "$NETPROGS" | wc -w)" -ge 6 ]; then ok; else not_ok "the registry names only these servers: $NETPROGS"; fi
# where PROG: the server's address options (a fresh port or name) in
# $WHERE, the host argument in $HOST.
where() {
	port=$((port + 1))
	case $1 in
	lat_unix_connect) WHERE="-n lmbench-ng-placement.$$.$port" HOST= ;;
	*) WHERE="-p $port" HOST=127.0.0.1 ;;
	esac
}
# netpair POLICY WRAPPER PROG: a server of PROG with -c POLICY ("-": no
# -c) under WRAPPER, a short client run (placed), the server stopped.
netpair() {
	pol=$1 wrap=$2 prog=$3
	where "$prog"
	[ "$wrap" = - ] && wrap=
	# shellcheck disable=SC2086
	if [ "$pol" = - ]; then $wrap "$BUILD/$prog" -s $WHERE; else
		$wrap "$BUILD/$prog" -s -c "$pol" $WHERE
	fi
	# shellcheck disable=SC2086
	placed "$pol" "${wrap:--}" "$prog" -N 3 $WHERE $HOST
	# shellcheck disable=SC2086
	"$BUILD/$prog" -S $WHERE $HOST >/dev/null 2>&1
}
for prog in $NETPROGS; do
	netpair - - "$prog"
	want "$prog (default)" "SAME cpus=$first main=$first server=$first"
	if [ "$ncpu" -ge 2 ]; then
		netpair SAME "taskset -c 1" "$prog"
		want "$prog (SAME, taskset -c 1)" "SAME cpus=1 main=1 server=1"
		netpair "CUSTOM_UNIQUE 1 0" - "$prog"
		want "$prog (CUSTOM_UNIQUE 1 0)" "CUSTOM_UNIQUE 1 0 cpus=1 main=1 server=0"
		netpair "CUSTOM 1" - "$prog"
		want "$prog (CUSTOM 1)" "CUSTOM 1 cpus=1 main=1 server=1"
		netpair CROSS - "$prog"
		if [ "$RC" -eq 0 ] && printf '%s\n' "$PL" |
			grep -Eq '^CROSS cpus=([0-9]+) main=\1 server=([0-9]+) shared=(L[0-9]|none)$' &&
			[ "$(printf '%s\n' "$PL" | sed 's/.* main=\([0-9]*\) .*/\1/')" != "$(printf '%s\n' "$PL" | sed 's/.* server=\([0-9]*\) .*/\1/')" ]; then
			ok
		else
			not_ok "$prog (CROSS): status $RC, placement '$PL'; stderr: $(head -c 300 "$T_TMP/err")"
		fi
	fi
done
# A server asked for CROSS with one CPU: the reason, status 77; a bad
# placement: status 2.
where lat_tcp
# shellcheck disable=SC2086
taskset -c "$first" "$BUILD/lat_tcp" -s -c CROSS $WHERE 2>"$T_TMP/err"
RC=$?
if [ "$RC" -eq 77 ] && grep -q "CROSS needs two CPUs" "$T_TMP/err"; then ok; else
	not_ok "lat_tcp -s -c CROSS on one CPU: status $RC, want 77: $(head -c 300 "$T_TMP/err")"
fi
# shellcheck disable=SC2086
"$BUILD/lat_tcp" -s -c NOWHERE $WHERE 2>"$T_TMP/err"
RC=$?
if [ "$RC" -eq 2 ] && [ "$(cat "$T_TMP/err")" = "lat_tcp: bad placement 'NOWHERE': use DEFAULT, SINGLE, SAME, CROSS, BALANCED, BALANCED_SPREAD, UNIQUE, UNIQUE_SPREAD, CUSTOM <cpus> or CUSTOM_UNIQUE <cpus>" ]; then ok; else
	not_ok "lat_tcp -s -c NOWHERE: status $RC, want 2: $(head -c 300 "$T_TMP/err")"
fi
finish placement
