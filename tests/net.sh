#!/bin/sh
# net.sh BUILD - the network programs on this machine, no outside
# network: every program as server, client and stopper, over IPv4 and
# IPv6 loopback, on ports of the test's own; refused and unknown hosts,
# bad message sizes; a server that outlives a client gone mid-transfer;
# no server left running afterwards.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

ENOUGH=500
export ENOUGH
base=$(port_base)
US='[0-9]+\.[0-9]{4} microseconds$'

ABS=$(cd "$BUILD" && pwd)
# ours [PROG [ARGS]]: the PIDs of live processes running this build's
# programs (lib.sh's build_pids: by executable, never by pattern).
ours() {
	build_pids "$ABS" "$@"
}
alive_servers() {
	ours | wc -l
}
stop_all() {
	for p in $(ours); do
		kill "$p" 2>/dev/null
	done
}
trap 'stop_all; rm -rf "$T_TMP"' EXIT

# check PROG PORT REGEX CLIENT-ARGS...: server, clients on 4 and 6, stop.
check() {
	prog=$1 port=$2 re=$3
	shift 3
	run_prog "$BUILD/$prog" -s -p "$port"
	expect_rc 0 "$prog -s"
	if [ ! -s "$T_TMP/out" ] && [ ! -s "$T_TMP/err" ]; then ok; else not_ok "$prog -s printed: $(cat "$T_TMP/err")"; fi
	for host in 127.0.0.1 ::1 localhost; do
		run_prog "$BUILD/$prog" -N 3 -p "$port" "$@" "$host"
		expect_rc 0 "$prog $* $host"
		expect_lines "$T_TMP/err" "$(printf '%s' "$re" | sed "s/HOST/$host/")" "$prog $host"
	done
	run_prog "$BUILD/$prog" -S -p "$port" localhost
	expect_rc 0 "$prog -S"
	sleep 0.3
	run_prog "$BUILD/$prog" -N 2 -p "$port" 127.0.0.1
	expect_rc 1 "$prog after -S"
}

check lat_tcp $((base + 1)) "^TCP latency using HOST: $US"
check lat_tcp $((base + 2)) "^TCP latency using HOST: $US" -m 1000 -P 2
check bw_tcp $((base + 3)) '^0\.065536 [0-9]+\.[0-9]{2} MB/sec$'
check bw_tcp $((base + 4)) '^0\.001024 [0-9]+\.[0-9]{2} MB/sec$' -m 1024 -M 1m -P 2
check lat_connect $((base + 5)) "^TCP/IP connection cost to HOST: $US"
check lat_udp $((base + 6)) "^UDP latency using HOST: $US"
check lat_udp $((base + 7)) "^UDP latency using HOST: $US" -m 1000 -P 2
MBS='[0-9]+\.[0-9]{2} MB/sec$'
if [ -x "$BUILD/lat_rpc" ]; then
	check lat_rpc $((base + 14)) "^RPC/(tcp|udp) latency using HOST: $US"
	"$BUILD/lat_rpc" -s -p $((base + 14))
	run_prog "$BUILD/lat_rpc" -N 2 -p $((base + 14)) localhost
	if [ "$(cut -d' ' -f1 "$T_TMP/err" | tr '\n' ' ')" = "RPC/tcp RPC/udp " ]; then ok; else
		not_ok "lat_rpc without -p: tcp then udp: $(cat "$T_TMP/err")"
	fi
	"$BUILD/lat_rpc" -S -p $((base + 14)) localhost
	check lat_rpc $((base + 15)) "^RPC/udp latency using HOST: $US" -p udp -P 2
	check lat_rpc $((base + 16)) "^RPC/tcp latency using HOST: $US" -p tcp
	run_prog "$BUILD/lat_rpc" -p $((base + 8)) localhost
	expect_rc 1 "lat_rpc without a server"
	expect_one_line "$T_TMP/err" "lat_rpc without a server"
	run_prog "$BUILD/lat_rpc" -S -p $((base + 8)) localhost
	expect_rc 1 "lat_rpc -S without a server"
	for c in "lat_rpc -p sctp localhost" "lat_rpc -p 0 localhost" "lat_rpc a b" "lat_rpc -s x"; do
		# shellcheck disable=SC2086
		run_prog "$BUILD"/$c
		expect_rc 2 "$c"
		expect_one_line "$T_TMP/err" "$c"
	done
	run_prog "$BUILD/lat_rpc" nonexistent.invalid
	expect_rc 1 "lat_rpc nonexistent.invalid"
	expect_one_line "$T_TMP/err" "lat_rpc nonexistent.invalid"
else
	echo "net: lat_rpc skipped: built without libtirpc"
fi
check bw_udp $((base + 12)) "^socket UDP bandwidth using HOST: $MBS"
check bw_udp $((base + 13)) "^socket UDP bandwidth using HOST: $MBS" -m 1400 -P 2

# lmhttp and lat_http: documents of known sizes, the exact byte count.
www=$T_TMP/www
mkdir -p "$www/sub"
head -c 3000 /dev/zero >"$www/a.html"
head -c 30000 /dev/zero >"$www/sub/b.gif"
head -c 300 /dev/zero >"$www/c.txt"
printf 'secret\n' >"$T_TMP/secret"
printf 'a.html\n/sub/b.gif\n\nc.txt\n' >"$T_TMP/urls"
hp=$((base + 17))
run_prog env DOCROOT="$www" "$BUILD/lmhttp" "$hp"
expect_rc 0 "lmhttp PORT"
for host in 127.0.0.1 ::1 localhost; do
	run_prog "$BUILD/lat_http" -N 3 "$host" "$hp" <"$T_TMP/urls"
	expect_rc 0 "lat_http $host"
	expect_lines "$T_TMP/err" '^Avg xfer: [0-9]+\.[0-9]KB, [0-9]+\.[0-9]KB in [0-9]+(\.[0-9]{4})? millisecs, [0-9]+\.[0-9]{2} [KM]B/sec$' "lat_http $host"
done
# 33300 bytes of documents plus three headers of about 90 bytes each.
kb=$(sed -n 's/^Avg xfer: [0-9.]*KB, \([0-9.]*\)KB in .*/\1/p' "$T_TMP/err")
if awk -v k="$kb" 'BEGIN { exit !(k >= 33.4 && k <= 33.7) }'; then ok; else not_ok "lat_http total $kb KB, want 33.3 KB + headers"; fi
run_prog "$BUILD/lat_http" -P 2 -N 2 localhost "$hp" <"$T_TMP/urls"
expect_rc 0 "lat_http -P 2"
echo a.html | "$BUILD/lat_http" -d -N 1 localhost "$hp" >"$T_TMP/dout" 2>/dev/null
if grep -q '^GET /a.html HTTP/1.0' "$T_TMP/dout" && grep -q '^Got [0-9]*$' "$T_TMP/dout"; then ok; else not_ok "lat_http -d: $(head -c 200 "$T_TMP/dout")"; fi
echo a.html | "$BUILD/lat_http" -e -N 1 localhost "$hp" >"$T_TMP/eout" 2>/dev/null
if grep -q '^Content-Length: 3000' "$T_TMP/eout"; then ok; else not_ok "lat_http -e: $(head -c 200 "$T_TMP/eout")"; fi
for doc in missing.html ../secret sub sub/; do
	echo "$doc" >"$T_TMP/one"
	run_prog "$BUILD/lat_http" -N 1 localhost "$hp" <"$T_TMP/one"
	expect_rc 1 "lat_http fetching $doc"
	expect_one_line "$T_TMP/err" "lat_http fetching $doc"
done
if grep -q 'answered "HTTP/1.0 403' "$T_TMP/err"; then ok; else not_ok "lat_http of a directory: $(cat "$T_TMP/err")"; fi
run_prog "$BUILD/lat_http" localhost "$hp" </dev/null
expect_rc 2 "lat_http with an empty list"
expect_one_line "$T_TMP/err" "lat_http with an empty list"
printf 'garbage\r\n\r\n' | timeout 5 sh -c "cat >/dev/tcp/127.0.0.1/$hp" 2>/dev/null
run_prog "$BUILD/lat_http" -N 1 localhost "$hp" <"$T_TMP/urls"
expect_rc 0 "lmhttp after a garbage request"
run_prog "$BUILD/lat_http" -S localhost "$hp"
expect_rc 0 "lat_http -S"
sleep 0.3
run_prog "$BUILD/lat_http" -N 1 localhost "$hp" <"$T_TMP/urls"
expect_rc 1 "lat_http after -S"
if [ "$(cat "$T_TMP/err")" = "socket connection: Connection refused" ]; then ok; else not_ok "lat_http refused: $(cat "$T_TMP/err")"; fi
run_prog env DOCROOT=/nonexistent "$BUILD/lmhttp" "$hp"
expect_rc 1 "lmhttp with a missing DOCROOT"
expect_one_line "$T_TMP/err" "lmhttp with a missing DOCROOT"
for c in "lmhttp 0" "lmhttp 1 2" "lat_http" "lat_http a 1 2" "lat_http a 0"; do
	# shellcheck disable=SC2086
	run_prog "$BUILD"/$c </dev/null
	expect_rc 2 "$c"
	expect_one_line "$T_TMP/err" "$c"
done
# An option the program does not take: named, then the usage line.
for c in "lmhttp -Z" "lat_connect -P 2 localhost"; do
	# shellcheck disable=SC2086
	run_prog "$BUILD"/$c </dev/null
	expect_rc 2 "$c"
	expect_named "${c%% *}: unknown option '$(echo "$c" | cut -d' ' -f2)'" "$(usage_line "$BUILD/${c%% *}")" "$c"
done

# The tutorial's shape and refusal message.
run_prog "$BUILD/bw_tcp" -p $((base + 8)) localhost
expect_rc 1 "bw_tcp without a server"
if [ "$(cat "$T_TMP/err")" = "socket connection: Connection refused" ]; then ok; else
	not_ok "bw_tcp refused: $(cat "$T_TMP/err")"
fi
for prog in lat_tcp lat_connect; do
	run_prog "$BUILD/$prog" -p $((base + 8)) localhost
	expect_rc 1 "$prog without a server"
	run_prog "$BUILD/$prog" -S -p $((base + 8)) localhost
	expect_rc 1 "$prog -S without a server"
done
for prog in lat_udp bw_udp; do
	run_prog "$BUILD/$prog" -p $((base + 8)) localhost
	expect_rc 1 "$prog without a server"
	expect_one_line "$T_TMP/err" "$prog without a server"
	if grep -q 'Connection refused\|no reply\|no data' "$T_TMP/err"; then ok; else not_ok "$prog refused: $(cat "$T_TMP/err")"; fi
done

# Bad input: one line, status 2 or 1.
for c in "lat_tcp -m 0 localhost" "bw_tcp -m 0 localhost" "lat_udp -m 3 localhost" \
	"bw_udp -m 11 localhost" "bw_udp -m 65508 localhost" "bw_udp localhost 0" "bw_udp localhost 1x" \
	"bw_udp localhost 1m extra" \
	"lat_tcp -p 0 localhost" "lat_tcp -p 70000 localhost" \
	"lat_tcp" "lat_tcp -s extra" "bw_tcp a b"; do
	# shellcheck disable=SC2086
	run_prog "$BUILD"/$c
	expect_rc 2 "$c"
	expect_one_line "$T_TMP/err" "$c"
done
for c in "lat_tcp nonexistent.invalid" "bw_tcp nonexistent.invalid" "lat_udp nonexistent.invalid" \
	"bw_udp nonexistent.invalid"; do
	# shellcheck disable=SC2086
	run_prog "$BUILD"/$c
	expect_rc 1 "$c"
	expect_one_line "$T_TMP/err" "$c"
done
# A port already taken: the second server says so.
"$BUILD/lat_tcp" -s -p $((base + 9))
run_prog "$BUILD/lat_tcp" -s -p $((base + 9))
expect_rc 1 "lat_tcp -s on a port in use"
"$BUILD/lat_tcp" -S -p $((base + 9)) localhost

# The server detaches into a process group of its own but stays in the
# caller's session (a session of its own would put it in another
# scheduler autogroup than a loopback client: 0.6-0.9 us a UDP round
# trip), and a hangup does not end it.
"$BUILD/lat_udp" -s -p $((base + 30))
sid=$(ps -o sid= -p $$ | tr -d ' ')
q=$(ours lat_udp "-s -p $((base + 30))")
grp=$(sed 's/.*) //' "/proc/${q:-0}/stat" 2>/dev/null | awk '{ print $3 " " $4 }')
if [ -n "$q" ] && [ "$grp" = "$q $sid" ]; then ok; else not_ok "lat_udp -s (pid ${q:-none}): process group and session '$grp', want '$q $sid'"; fi
[ -n "$q" ] && kill -HUP "$q"
sleep 0.3
run_prog "$BUILD/lat_udp" -N 2 -p $((base + 30)) 127.0.0.1
expect_rc 0 "lat_udp server after a hangup"
"$BUILD/lat_udp" -S -p $((base + 30)) 127.0.0.1

# A client gone mid-transfer does not take the server with it.
"$BUILD/bw_tcp" -s -p $((base + 10))
"$BUILD/bw_tcp" -N 10000 -p $((base + 10)) localhost >/dev/null 2>&1 &
pid=$!
sleep 0.5
kill -9 "$pid" 2>/dev/null
for p in $(ours bw_tcp "-N 10000 -p $((base + 10))"); do kill -9 "$p" 2>/dev/null; done
wait "$pid" 2>/dev/null
run_prog "$BUILD/bw_tcp" -N 2 -p $((base + 10)) localhost
expect_rc 0 "bw_tcp server after a client was killed"
"$BUILD/bw_tcp" -S -p $((base + 10)) localhost
"$BUILD/lat_tcp" -s -p $((base + 11))
printf 'garbage' | timeout 5 sh -c "exec 3<>/dev/tcp/127.0.0.1/$((base + 11))" 2>/dev/null
run_prog "$BUILD/lat_tcp" -N 2 -p $((base + 11)) localhost
expect_rc 0 "lat_tcp server after a client sent garbage"
"$BUILD/lat_tcp" -S -p $((base + 11)) localhost

# A server that dies mid-run: the client says so and exits 1 within its
# bound (a read timeout of 10 s for TCP, 5 s of silence for UDP).
p=$((base + 18))
for prog in bw_tcp lat_tcp lat_udp; do
	p=$((p + 1))
	"$BUILD/$prog" -s -p "$p"
	"$BUILD/$prog" -N 10000 -W 10000000 -p "$p" 127.0.0.1 >"$T_TMP/out" 2>"$T_TMP/err" &
	cpid=$!
	sleep 1
	for q in $(ours "$prog" "-s -p $p"); do kill -9 "$q"; done
	t0=$(date +%s)
	wait "$cpid"
	RC=$?
	t1=$(date +%s)
	expect_rc 1 "$prog whose server died"
	if [ $((t1 - t0)) -le 12 ] && [ -s "$T_TMP/err" ]; then ok; else
		not_ok "$prog whose server died: $((t1 - t0)) s, said: $(cat "$T_TMP/err")"
	fi
done

# Nothing left serving.
sleep 0.5
n=$(alive_servers)
if [ "$n" -eq 0 ]; then ok; else not_ok "$n servers left: $(for p in $(ours); do tr '\0' ' ' <"/proc/$p/cmdline"; echo; done)"; fi
finish net
