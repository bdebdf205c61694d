#!/bin/sh
# hostile.sh BUILD - the servers against hostile clients (issue 20), in
# network and PID namespaces of the test's own: lmbench's own ports,
# nothing seen from or left on the host (the namespaces' processes die
# with the test), and the test's shell is the namespaces' PID 1, so a
# server's orphan that signals "its parent" is caught.  Each check would
# fail on the servers before issue 20: lmhttp serving a file outside its
# root, a silent client wedging a server, a connection process outliving
# its server or signalling PID 1, bw_udp answering a forged or oversized
# request, lat_rpc stalled by a record mark, a squatted abstract name.
# Skipped, saying why, without root, unshare, setpriv, ip or perl.
BUILD=$1
if [ "$2" != inside ]; then
	if [ "$(id -u)" -ne 0 ] || ! command -v unshare >/dev/null ||
		! command -v ip >/dev/null || ! command -v perl >/dev/null || ! command -v setpriv >/dev/null ||
		! unshare -npf --mount-proc true 2>/dev/null; then
		echo "hostile: skipped: needs root, unshare (network and PID namespaces), setpriv, ip and perl"
		echo "hostile: 0 passed, 0 failed"
		exit 0
	fi
	BUILD=$(cd "$BUILD" && pwd)
	exec unshare -npf --mount-proc sh "$0" "$BUILD" inside
fi
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
PL=$(cd "$(dirname "$0")" && pwd)/hostile.pl
ENOUGH=500
export ENOUGH
# PID 1 here: a signal from an orphan is written down, never obeyed.
trap 'echo TERM >>"$T_TMP/pid1"' TERM
trap 'echo HUP >>"$T_TMP/pid1"' HUP
: >"$T_TMP/pid1"
ip link set lo up

# live NAME: processes named NAME, zombies aside.
live() {
	ps -eo stat=,comm= | awk -v n="$1" '$2 == n && $1 !~ /^Z/' | wc -l
}
# atleast PROG N: wait (up to 5 s) until N or more PROG processes live;
# the count (a loaded machine forks connection processes late).
atleast() {
	i=0
	while [ "$(live "$1")" -lt "$2" ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	live "$1"
}
# gone NAME DESC: no NAME left (within 2 s).
gone() {
	i=0
	while [ "$(live "$1")" -gt 0 ] && [ $i -lt 20 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if [ "$(live "$1")" -eq 0 ]; then ok; else not_ok "$2: $(live "$1") $1 left"; fi
}
# pid1_clean DESC: nothing signalled PID 1.
pid1_clean() {
	if [ ! -s "$T_TMP/pid1" ]; then ok; else not_ok "$1: PID 1 got $(tr '\n' ' ' <"$T_TMP/pid1")"; fi
	: >"$T_TMP/pid1"
}
# bg FILE MODE ARGS...: a hostile client in the background (its PID in
# $BG), once it holds what it holds.
bg() {
	f=$1
	shift
	perl "$PL" "$@" >"$f" 2>&1 &
	BG=$!
	held "$f"
}
held() {
	i=0
	while ! grep -q held "$1" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
# end PID...: stop background clients of ours, by PID.
end() {
	for p in "$@"; do
		kill "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
}
# quick LIMIT DESC CMD...: CMD exits 0 within LIMIT seconds.
quick() {
	limit=$1 desc=$2
	shift 2
	t0=$(date +%s.%N)
	run_prog timeout 60 "$@"
	secs=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
	if [ "$RC" -eq 0 ] && awk -v s="$secs" -v l="$limit" 'BEGIN { exit !(s <= l) }'; then ok; else
		not_ok "$desc: status $RC after $secs s (want 0 within $limit s): $(head -c 200 "$T_TMP/err")"
	fi
}
# first_line FILE: the status line of an HTTP answer.
first_line() { head -n 1 "$1" | tr -d '\r'; }

# ------------------------------------------------------------- lmhttp
www=$T_TMP/www
mkdir -p "$www/sub"
echo hello >"$www/a.html"
echo outside-secret >"$T_TMP/secret"
ln -s ../secret "$www/link"
ln -s .. "$www/up"
ln -s /etc "$www/etc"
ln -s "$T_TMP" "$www/sub/abs"
echo a.html >"$T_TMP/urls"
for how in openat2 walk; do
	if [ $how = walk ]; then
		LMBENCH_NO_OPENAT2=1 DOCROOT=$www "$BUILD/lmhttp" 8008
	else
		DOCROOT=$www "$BUILD/lmhttp" 8008
	fi
	perl "$PL" http 8008 "GET /a.html HTTP/1.0" >"$T_TMP/ans" 2>&1
	if [ "$(first_line "$T_TMP/ans")" = "HTTP/1.0 200 OK" ] && grep -q hello "$T_TMP/ans"; then ok; else
		not_ok "lmhttp ($how) GET /a.html: $(head -c 200 "$T_TMP/ans")"
	fi
	for req in "GET //etc/passwd" "GET ///etc/passwd" "GET /link" "GET /up/secret" \
		"GET /etc/passwd" "GET /sub/abs/secret" "GET /../secret" "GET /sub/../../secret" \
		"GET /%2e%2e/secret" "GET /sub/../a.html"; do
		perl "$PL" http 8008 "$req HTTP/1.0" >"$T_TMP/ans" 2>&1
		case $(first_line "$T_TMP/ans") in
		"HTTP/1.0 403 Forbidden" | "HTTP/1.0 404 Not Found")
			if grep -q 'outside-secret\|root:' "$T_TMP/ans"; then
				not_ok "lmhttp ($how) $req: served a file outside the root"
			else ok; fi ;;
		*) not_ok "lmhttp ($how) $req: $(head -c 200 "$T_TMP/ans")" ;;
		esac
	done
	# A NUL in the request line: 400 at once, not after the 10 s drop.
	for req in 'GET /a.html\0 HTTP/1.0\r\n\r\n' '\0GET /a.html\r\n' 'GET /a\0.html'; do
		perl "$PL" raw 8008 "$req" 3 >"$T_TMP/ans" 2>&1
		if [ "$(first_line "$T_TMP/ans")" = "HTTP/1.0 400 Bad Request" ]; then ok; else
			not_ok "lmhttp ($how) $req: $(head -c 200 "$T_TMP/ans")"
		fi
	done
	"$BUILD/lat_http" -S localhost 8008
	gone lmhttp "lmhttp ($how) after -S"
done

# Silent and slow clients delay no other; a silent one is dropped at its
# deadline (10 s); beyond 256 connections the answer is 503.
DOCROOT=$www "$BUILD/lmhttp" 8008
perl "$PL" eof 8008 >"$T_TMP/eof" 2>&1 &
eofpid=$!
bg "$T_TMP/h1" hold 8008 10 30
h1=$BG
bg "$T_TMP/h2" slow 8008 30
h2=$BG
bg "$T_TMP/h3" hold 8008 5 30 'GET /a.html HTTP/1.0'
h3=$BG
quick 5 "lat_http beside 16 silent or slow clients" "$BUILD/lat_http" -N 3 localhost 8008 <"$T_TMP/urls"
bg "$T_TMP/h4" hold 8008 300 30
h4=$BG
perl "$PL" http 8008 "GET /a.html HTTP/1.0" >"$T_TMP/ans" 2>&1
if [ "$(first_line "$T_TMP/ans")" = "HTTP/1.0 503 Service Unavailable" ]; then ok; else
	not_ok "lmhttp beyond 256 connections: $(head -c 200 "$T_TMP/ans")"
fi
end "$h4"
wait "$eofpid"
if awk '{ exit !($1 >= 9 && $1 <= 13) }' "$T_TMP/eof"; then ok; else
	not_ok "lmhttp: a silent connection closed after $(cat "$T_TMP/eof") s, want 10"
fi
quick 5 "lat_http once the silent ones are dropped" "$BUILD/lat_http" -N 3 localhost 8008 <"$T_TMP/urls"
quick 5 "lat_http -S beside slow clients" "$BUILD/lat_http" -S localhost 8008
gone lmhttp "lmhttp after -S beside slow clients"
end "$h1" "$h2" "$h3"

# ------------------------------------- lat_connect, lat_unix_connect
"$BUILD/lat_connect" -s
bg "$T_TMP/h1" hold 31237 10 30
h1=$BG
quick 5 "lat_connect beside 10 silent clients" "$BUILD/lat_connect" -N 3 localhost
quick 5 "lat_connect -S beside 10 silent clients" "$BUILD/lat_connect" -S localhost
gone lat_connect "lat_connect after -S"
end "$h1"
# -S reaches a server that silent clients filled to its cap (spare slots
# beyond the cap look for a stop request).
"$BUILD/lat_connect" -s
bg "$T_TMP/h1" hold 31237 300 30
h1=$BG
quick 5 "lat_connect -S at the cap (300 silent clients)" "$BUILD/lat_connect" -S localhost
gone lat_connect "lat_connect after -S at the cap"
end "$h1"
DOCROOT=$www "$BUILD/lmhttp" 8008
bg "$T_TMP/h1" hold 8008 300 30
h1=$BG
quick 5 "lat_http -S at the cap (300 silent clients)" "$BUILD/lat_http" -S localhost 8008
gone lmhttp "lmhttp after -S at the cap"
end "$h1"

"$BUILD/lat_unix_connect" -s
bg "$T_TMP/h1" uhold lmbench-ng.lat_unix_connect.0 10 30
h1=$BG
quick 5 "lat_unix_connect beside 10 silent clients" "$BUILD/lat_unix_connect" -N 3
quick 5 "lat_unix_connect -S beside 10 silent clients" "$BUILD/lat_unix_connect" -S
gone lat_unix_connect "lat_unix_connect after -S"
end "$h1"

# A name squatted by another user: detected, never measured.
setpriv --reuid=65534 --regid=65534 --clear-groups perl - ubind lmbench-ng.lat_unix_connect.0 30 \
	<"$PL" >"$T_TMP/sq" 2>&1 &
sq=$!
held "$T_TMP/sq"
run_prog "$BUILD/lat_unix_connect" -N 3
expect_rc 1 "lat_unix_connect against a squatter"
if grep -q 'uid 65534' "$T_TMP/err" && [ ! -s "$T_TMP/out" ]; then ok; else not_ok "lat_unix_connect against a squatter said: $(cat "$T_TMP/err")"; fi
run_prog "$BUILD/lat_unix_connect" -s
expect_rc 1 "lat_unix_connect -s on a squatted name"
if grep -q 'uid 65534' "$T_TMP/err"; then ok; else not_ok "lat_unix_connect -s on a squatted name said: $(cat "$T_TMP/err")"; fi
run_prog "$BUILD/lat_unix_connect" -S
expect_rc 1 "lat_unix_connect -S against a squatter"
end "$sq"

# --------------------------------------------------- lat_tcp, bw_tcp
# Silent clients delay no other; -S, the end of the lifetime and a
# killed server take every connection process along; none signals PID 1.
for prog in lat_tcp bw_tcp; do
	[ $prog = lat_tcp ] && port=31234 || port=31236
	"$BUILD/$prog" -s
	bg "$T_TMP/h1" hold "$port" 5 30
	h1=$BG
	quick 5 "$prog beside 5 silent clients" "$BUILD/$prog" -N 3 localhost
	n=$(atleast $prog 6)
	if [ "$n" -ge 6 ]; then ok; else not_ok "$prog: $n processes for 5 connections"; fi
	quick 5 "$prog -S beside 5 silent clients" "$BUILD/$prog" -S localhost
	gone $prog "$prog after -S, its clients still connected"
	end "$h1"
	sleep 0.3
	pid1_clean "$prog: clients gone after -S"

	LMBENCH_SERVER_TIMEOUT=2 "$BUILD/$prog" -s
	bg "$T_TMP/h1" hold "$port" 3 30
	h1=$BG
	sleep 3
	gone $prog "$prog at the end of its lifetime, its clients still connected"
	end "$h1"
	sleep 0.3
	pid1_clean "$prog: clients gone after the lifetime"

	"$BUILD/$prog" -s
	bg "$T_TMP/h1" hold "$port" 3 30
	h1=$BG
	for p in $(ps -eo pid=,ppid=,comm= | awk -v n=$prog '$2 == 1 && $3 == n { print $1 }'); do
		kill -9 "$p"
	done
	gone $prog "$prog killed, its clients still connected"
	end "$h1"
	sleep 0.3
	pid1_clean "$prog: clients gone after a kill -9"
done

# At most 256 connection processes, whatever the clients open.
"$BUILD/lat_tcp" -s
bg "$T_TMP/h1" hold 31234 300 30
h1=$BG
n=$(atleast lat_tcp 200)
sleep 0.5
n=$(live lat_tcp)
if [ "$n" -le 257 ] && [ "$n" -ge 200 ]; then ok; else not_ok "lat_tcp with 300 clients: $n processes (at most 257)"; fi
quick 5 "lat_tcp -S at the cap" "$BUILD/lat_tcp" -S localhost
gone lat_tcp "lat_tcp after -S at the cap"
end "$h1"
# Five clients sending 64 MB messages: 256 MB held at most, in all.
"$BUILD/lat_tcp" -s
bg "$T_TMP/h1" flood 31234 5 67108864 30
h1=$BG
kb=$(ps -eo rss=,comm= | awk '$2 == "lat_tcp" { s += $1 } END { print s + 0 }')
if [ "$kb" -le 290000 ]; then ok; else not_ok "lat_tcp with five 64 MB messages: $kb KB resident (at most 256 MB of messages)"; fi
quick 5 "lat_tcp beside 256 MB of messages" "$BUILD/lat_tcp" -N 3 localhost
"$BUILD/lat_tcp" -S localhost
gone lat_tcp "lat_tcp after -S, 256 MB of messages held"
end "$h1"
# A message of 4 GB asked for: the connection is closed, the server stays.
"$BUILD/lat_tcp" -s
perl "$PL" hold 31234 1 1 '\xff\xff\xff\xff' >/dev/null 2>&1
quick 5 "lat_tcp after a 4 GB message was asked for" "$BUILD/lat_tcp" -N 3 localhost
"$BUILD/lat_tcp" -S localhost
gone lat_tcp "lat_tcp after -S"
sleep 0.3
pid1_clean "lat_tcp, bw_tcp"

# ------------------------------------------- lat_udp, bw_udp: one port each
# A second server on a port, another user's included, is refused
# ("address in use", status 1): it would take the first one's datagrams.
"$BUILD/lat_udp" -s
"$BUILD/bw_udp" -s
for prog in lat_udp bw_udp; do
	for who in root nobody; do
		if [ $who = root ]; then
			run_prog "$BUILD/$prog" -s
		else
			run_prog setpriv --reuid=65534 --regid=65534 --clear-groups "$BUILD/$prog" -s
		fi
		if [ "$RC" -eq 1 ] && grep -q 'in use' "$T_TMP/err"; then ok; else
			not_ok "$prog -s as $who beside root's server: status $RC: $(head -c 200 "$T_TMP/err")"
		fi
	done
done
quick 10 "lat_udp to its own server" "$BUILD/lat_udp" -N 3 -m 100 localhost
"$BUILD/lat_udp" -S localhost
gone lat_udp "lat_udp after -S"
# A reply that is not the echo of the client's datagram ends the run
# (status 1, at once): no figure of a server that is not ours.
for how in echo garbage short long seq; do
	bg "$T_TMP/h1" udpfake 34400 "$how" 30
	h1=$BG
	sizes="4 100"
	# 4 bytes are the number alone: cut or changed after it is the same
	case $how in garbage | short) sizes=100 ;; esac
	for m in $sizes; do
		run_prog timeout 20 "$BUILD/lat_udp" -p 34400 -N 1 -m "$m" localhost
		if [ $how = echo ]; then
			if [ "$RC" -eq 0 ]; then ok; else not_ok "lat_udp -m $m to an echo server: status $RC: $(head -c 200 "$T_TMP/err")"; fi
		elif [ "$RC" -eq 1 ] && grep -q 'not the echo' "$T_TMP/err"; then ok; else
			not_ok "lat_udp -m $m to a server answering $how: status $RC: $(head -c 200 "$T_TMP/err")"
		fi
	done
	end "$h1"
done

# ------------------------------------------------------------- bw_udp
for c in "bad 1000 65507 0 0 a request without the cookie" \
	"old 1048576 65507 0 0 the former request of 2^20 datagrams" \
	"good 10 1000 10 10000 a request with the cookie" \
	"good 5000 100 0 0 a request of 5000 datagrams" \
	"good 100 65507 0 0 a request of 6.5 MB"; do
	# shellcheck disable=SC2086 # the words of the case
	set -- $c
	how=$1 count=$2 msize=$3 wantn=$4 wantb=$5
	shift 5
	got=$(perl "$PL" bwudp 34299 "$count" "$msize" "$how" 2>&1)
	if [ "$got" = "$wantn $wantb" ]; then ok; else not_ok "bw_udp, $*: got '$got', want '$wantn $wantb'"; fi
done
quick 10 "bw_udp with the handshake" "$BUILD/bw_udp" -N 3 localhost
"$BUILD/bw_udp" -S localhost
gone bw_udp "bw_udp after -S"

# ------------------------------------------------------------ lat_rpc
# fds PID: the descriptor numbers of PID, one a line.
# shellcheck disable=SC2012 # the names are numbers
fds() { ls "/proc/$1/fd"; }
if [ -x "$BUILD/lat_rpc" ]; then
	# A descriptor limit above 1024, as the issue's (dash has ulimit -n).
	# shellcheck disable=SC3045
	(ulimit -n 4096 && "$BUILD/lat_rpc" -s)
	bg "$T_TMP/h1" hold 31239 1 30 '\xff\xff\xff\xff'
	h1=$BG
	bg "$T_TMP/h2" hold 31239 1 30 '\x80\x00\x10\x00abcd'
	h2=$BG
	quick 5 "lat_rpc beside a record mark of 0xffffffff and a record cut short" "$BUILD/lat_rpc" -N 3 localhost
	end "$h1" "$h2"
	# Its 256 connections held by silent clients: the client says the
	# server is full and how long a silent one keeps its place, not
	# "Connection refused" (issue 37).
	bg "$T_TMP/h1" hold 31239 300 30
	h1=$BG
	run_prog timeout 30 "$BUILD/lat_rpc" -p tcp -N 1 localhost
	if [ "$RC" -eq 1 ] && [ "$(wc -l <"$T_TMP/err")" -eq 1 ] &&
		grep -q 'RPC server on localhost port 31239 is full: .* after 60 s' "$T_TMP/err"; then ok; else
		not_ok "lat_rpc to a full server: status $RC: $(head -c 300 "$T_TMP/err")"
	fi
	end "$h1"
	rpc=$(ps -eo pid=,comm= | awk '$2 == "lat_rpc" { print $1; exit }')
	base=$(fds "$rpc" | wc -l)
	# shellcheck disable=SC3045
	(ulimit -n 4096 && perl "$PL" hold 31239 1100 3 >"$T_TMP/h1" 2>&1) &
	h1=$!
	held "$T_TMP/h1"
	top=$(fds "$rpc" | sort -n | tail -n 1)
	if [ "$top" -lt 1024 ]; then ok; else not_ok "lat_rpc with 1100 clients: descriptor $top"; fi
	wait "$h1"
	sleep 2
	n=$(fds "$rpc" | wc -l)
	if [ "$n" -le $((base + 2)) ]; then ok; else not_ok "lat_rpc after 1100 clients left: $n descriptors, $base before"; fi
	quick 5 "lat_rpc after 1100 clients" "$BUILD/lat_rpc" -N 3 localhost
	"$BUILD/lat_rpc" -S localhost
	gone lat_rpc "lat_rpc after -S"
else
	echo "hostile: lat_rpc skipped: built without libtirpc"
fi

pid1_clean "the whole run"
finish hostile
