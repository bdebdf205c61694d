#!/bin/sh
# smoke.sh BUILD - every program of a build: a result of the right shape
# (SPEC.md) on the right stream, within a wide sanity range, and -h, a bad
# option and extra arguments giving exit status 2.  A program without
# cases here fails the suite, so a new program must add its own.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# Short intervals and few repetitions: shape, not precision.
ENOUGH=500
export ENOUGH
unset LMBENCH_SCHED LMBENCH_JSON
# LMBENCH_EMULATED=1 (tests/cross.sh, a build for another processor run
# under qemu-user): the shapes, statuses and bad input only; no timing
# ranges, which are meaningless under emulation.
EMULATED=
[ "${LMBENCH_EMULATED:-0}" = 0 ] || EMULATED=1

US='[0-9]+\.[0-9]{4} microseconds$'
PAIR='^[0-9]+\.([0-9]{2}|[0-9]{6}) [0-9]+\.([0-9]{2}|[0-9]{6})$'
covered=""

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
	covered="$covered $prog"
}

# bad PROG WANT ARGS...: a bad call: status WANT, one line on stderr.
bad() {
	prog=$1 want=$2
	shift 2
	run_prog "$BUILD/$prog" "$@"
	expect_rc "$want" "$prog $*"
	expect_one_line "$T_TMP/err" "$prog $* (stderr)"
	if [ -s "$T_TMP/out" ]; then
		not_ok "$prog $*: wrote to stdout"
	else
		ok
	fi
}

# usage_checks PROG EXTRA...: -h, an unknown option, extra arguments.
usage_checks() {
	prog=$1
	shift
	bad "$prog" 2 -h
	if grep -q "^Usage: $prog" "$T_TMP/err"; then ok; else not_ok "$prog -h: no usage line"; fi
	bad "$prog" 2 -Z
	bad "$prog" 2 "$@"
}

# lat_syscall
for m in null read write; do
	result lat_syscall err "^Simple (syscall|read|write): $US" 3 0.001 1000 -N 3 $m
done
run_prog "$BUILD/lat_syscall" -N 3 null
if grep -q '^Simple syscall: ' "$T_TMP/err"; then ok; else not_ok "lat_syscall null label"; fi
printf 'x\n' >"$T_TMP/file"
result lat_syscall err "^Simple stat: $US" 3 0.001 1000 -N 3 stat "$T_TMP/file"
result lat_syscall err "^Simple fstat: $US" 3 0.001 1000 -N 3 fstat "$T_TMP/file"
result lat_syscall err "^Simple open/close: $US" 3 0.001 1000 -N 3 open "$T_TMP/file"
result lat_syscall err "^Simple open/close: $US" 3 0.001 1000 -N 3 open
result lat_syscall err "^Simple syscall: $US" 3 0.001 1000 -N 3 -P 2 null
usage_checks lat_syscall null a b
bad lat_syscall 2 bogus
bad lat_syscall 1 stat /nonexistent
bad lat_syscall 2 -N 0 null
bad lat_syscall 2 -N abc null
bad lat_syscall 2 -P 0 null
bad lat_syscall 2 -P 100000 null
bad lat_syscall 2 -W x null
ENOUGH=abc bad lat_syscall 2 null
LMBENCH_SCHED=NONSENSE bad lat_syscall 2 null

# lat_pipe
result lat_pipe err "^Pipe latency: $US" 3 0.1 100000 -N 3
result lat_pipe err "^Pipe latency: $US" 3 0.1 100000 -N 3 -P 2
LMBENCH_SCHED=UNIQUE result lat_pipe err "^Pipe latency: $US" 3 0.1 100000 -N 3
usage_checks lat_pipe extra

# lat_mem_rd: "stride=N, then size/latency pairs, then a blank line.
check_memrd() {
	if [ "$(head -n 1 "$T_TMP/err")" = "\"stride=$1" ] &&
		[ -z "$(tail -n 1 "$T_TMP/err")" ] &&
		sed -e 1d -e '$d' "$T_TMP/err" | grep -Eq '^[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}$' &&
		! sed -e 1d -e '$d' "$T_TMP/err" | grep -Evq '^[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}$'; then
		ok
	else
		not_ok "lat_mem_rd stride $1: bad shape: $(head -c 300 "$T_TMP/err")"
	fi
}
result lat_mem_rd err '^("stride=128|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 3 1 128
check_memrd 128
# The sizes are lmbench's grid: 512 1K 2K 3K 4K 6K 8K ... 1M.
sizes=$(awk '/^[0-9]/ { printf "%s ", $1 }' "$T_TMP/err")
want="0.00049 0.00098 0.00195 0.00293 0.00391 0.00586 0.00781 0.01172 0.01562 0.02344 0.03125 0.04688 0.06250 0.09375 0.12500 0.18750 0.25000 0.37500 0.50000 0.75000 1.00000 "
if [ "$sizes" = "$want" ]; then ok; else not_ok "lat_mem_rd sizes: $sizes"; fi
result lat_mem_rd err '^("stride=64|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 3 1
check_memrd 64
result lat_mem_rd err '^("stride=16|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 3 -t 1 16
check_memrd 16
result lat_mem_rd err '^("stride=(64|256)|[0-9]+\.[0-9]{5} [0-9]+\.[0-9]{3}|)$' 2 0.1 100000 -N 2 -P 2 0.25 64 256
if [ "$(grep -c '^"stride' "$T_TMP/err")" -eq 2 ]; then ok; else not_ok "lat_mem_rd two strides"; fi
usage_checks lat_mem_rd 1 128 abc
bad lat_mem_rd 2 0
bad lat_mem_rd 2 abc
bad lat_mem_rd 2 1 3
bad lat_mem_rd 2 1 2m
bad lat_mem_rd 1 100000000

# bw_mem: every kernel
for k in rd wr rdwr cp fwr frd fcp bzero bcopy; do
	result bw_mem err "$PAIR" 2 10 10000000 -N 3 1m $k
	if grep -q '^1\.05 ' "$T_TMP/err"; then ok; else not_ok "bw_mem 1m $k size column"; fi
done
result bw_mem err "$PAIR" 2 10 10000000 -N 3 512 rd
if grep -q '^0\.000512 ' "$T_TMP/err"; then ok; else not_ok "bw_mem 512 size column"; fi
result bw_mem err "$PAIR" 2 10 10000000 -N 3 1000 fcp
result bw_mem err "$PAIR" 2 10 10000000 -N 3 1m bcopy conflict
result bw_mem err "$PAIR" 2 10 10000000 -N 3 -P 2 1m frd
result bw_mem err "$PAIR" 2 10 10000000 -N 3 -W 1000 1m rd
usage_checks bw_mem 1m rd conflict extra
bad bw_mem 2 64x rd
bad bw_mem 2 -1m rd
bad bw_mem 2 100 rd
bad bw_mem 2 64m xx
bad bw_mem 2 1m rd nonsense
bad bw_mem 1 100g rd

# IPC latency and bandwidth
result lat_unix err "^AF_UNIX sock stream latency: $US" 5 0.1 100000 -N 3
result lat_unix err "^AF_UNIX sock stream latency: $US" 5 0.1 100000 -N 3 -m 1000 -P 2
usage_checks lat_unix extra
bad lat_unix 2 -m 0
bad lat_unix 2 -m 1g
result lat_fifo err "^Fifo latency: $US" 3 0.1 100000 -N 3
result lat_fifo err "^Fifo latency: $US" 3 0.1 100000 -N 3 -P 2
usage_checks lat_fifo extra
MBS='[0-9]+\.[0-9]{2} MB/sec$'
result bw_pipe err "^Pipe bandwidth: $MBS" 3 1 10000000 -N 3
result bw_pipe err "^Pipe bandwidth: $MBS" 3 1 10000000 -N 3 -m 4k -M 1m -P 2
usage_checks bw_pipe extra
bad bw_pipe 2 -m 0
bad bw_pipe 2 -M 100g
result bw_unix err "^AF_UNIX sock stream bandwidth: $MBS" 5 1 10000000 -N 3
result bw_unix err "^AF_UNIX sock stream bandwidth: $MBS" 5 1 10000000 -N 3 -m 1000 -M 100000
usage_checks bw_unix extra
result lat_sem err "^Semaphore latency: $US" 3 0.01 100000 -N 3
result lat_sem err "^Semaphore latency: $US" 3 0.01 100000 -N 3 -P 2
usage_checks lat_sem extra

result lat_fcntl err "^Fcntl lock latency: $US" 4 0.01 100000 -N 3
result lat_fcntl err "^Fcntl lock latency: $US" 4 0.01 100000 -N 3 -P 2
usage_checks lat_fcntl extra
name=lmng-smoke-$$
bad lat_unix_connect 1 -n "$name"
run_prog "$BUILD/lat_unix_connect" -s -n "$name"
expect_rc 0 "lat_unix_connect -s"
result lat_unix_connect err "^UNIX connection cost: $US" 4 0.01 100000 -N 3 -n "$name"
result lat_unix_connect err "^UNIX connection cost: $US" 4 0.01 100000 -N 3 -P 2 -n "$name"
run_prog "$BUILD/lat_unix_connect" -S -n "$name"
expect_rc 0 "lat_unix_connect -S"
sleep 0.2
bad lat_unix_connect 1 -S -n "$name"
usage_checks lat_unix_connect extra
bad lat_unix_connect 2 -n ""

# processes and signals
result lat_proc err "^Procedure call: $US" 3 0.0001 100 -N 3 procedure
result lat_proc err "^Process fork\+exit: $US" 3 1 1000000 -N 3 fork
# (under qemu-user the kernel starts a program of the build's processor
# only where binfmt_misc hands it to qemu: LMBENCH_NOEXEC says why not)
if [ -z "${LMBENCH_NOEXEC-}" ]; then
	result lat_proc err "^Process fork\+execve: $US" 3 1 1000000 -N 3 exec
	result lat_proc err "^Process fork\+/bin/sh -c: $US" 4 1 1000000 -N 3 shell
fi
usage_checks lat_proc fork extra
bad lat_proc 2 bogus
if [ -z "${LMBENCH_NOEXEC-}" ]; then
	mkdir -p "$T_TMP/alone"
	cp "$BUILD/lat_proc" "$T_TMP/alone/"
	run_prog "$T_TMP/alone/lat_proc" -N 2 exec
	expect_rc 1 "lat_proc exec without hello beside it"
else
	echo "smoke: lat_proc exec and shell skipped: $LMBENCH_NOEXEC"
fi
result lat_sig err "^Signal handler installation: $US" 4 0.001 1000 -N 3 install
result lat_sig err "^Signal handler overhead: $US" 4 0.001 1000 -N 3 catch
result lat_sig err "^Protection fault: $US" 3 0.001 1000 -N 3 prot
result lat_sig err "^Protection fault: $US" 3 0.001 1000 -N 3 prot "$T_TMP/file"
usage_checks lat_sig catch a b
bad lat_sig 2 bogus
bad lat_sig 1 prot /nonexistent
bad lat_sig 1 prot "$T_TMP"
result lat_cmd err "^lat_cmd: $US" 2 1 10000000 -N 3 /bin/true
result lat_cmd err "^lat_cmd: $US" 2 1 10000000 -N 3 sh -c 'exit 0'
bad lat_cmd 2 -h
bad lat_cmd 2 -Z
bad lat_cmd 2
bad lat_cmd 1 -N 2 /bin/false
bad lat_cmd 1 -N 2 /nonexistent

# lat_ctx: a blank line, "size=Sk ovr=O, then "N T" lines
if [ -z "$EMULATED" ]; then
	result lat_ctx err '^(|"size=[0-9]+k ovr=[0-9]+\.[0-9]{2}|[0-9]+ [0-9]+\.[0-9]{2})$' 2 0.001 100000 -N 3 -s 0 2 4 8
	if [ -z "$(head -n 1 "$T_TMP/err")" ] && sed -n 2p "$T_TMP/err" | grep -Eq '^"size=0k ovr=' &&
		[ "$(awk '/^[0-9]/ { printf "%s ", $1 }' "$T_TMP/err")" = "2 4 8 " ]; then ok; else
		not_ok "lat_ctx shape: $(cat "$T_TMP/err")"
	fi
	# (two copies on a busy machine: a count whose time is not above the
	# overhead is left out, as lmbench does, with a line saying so)
	result lat_ctx err '^(|"size=[0-9]+k ovr=[0-9]+\.[0-9]{2}|[0-9]+ [0-9]+\.[0-9]{2}|lat_ctx: [0-9]+ processes: .* left out)$' - 0 0 -N 2 -s 16 -P 2 2 16
	result lat_ctx err '^(|"size=[0-9]+k ovr=[0-9]+\.[0-9]{2}|[0-9]+ [0-9]+\.[0-9]{2})$' 2 0.001 100000 -N 2 200
else
	# Under emulation the overhead is as noisy as a switch: any count
	# may be left out (with its line), every one of them (status 1).
	for args in "-N 3 -s 0 2 4 8" "-N 2 -s 16 -P 2 2 16" "-N 2 200"; do
		# shellcheck disable=SC2086
		run_prog "$BUILD/lat_ctx" $args
		if { [ "$RC" -eq 0 ] || { [ "$RC" -eq 1 ] && ! grep -q '^[0-9]' "$T_TMP/err"; }; } &&
			! grep -Evq '^(|"size=[0-9]+k ovr=[0-9]+\.[0-9]{2}|[0-9]+ [0-9]+\.[0-9]{2}|lat_ctx: [0-9]+ processes: .* left out|lat_ctx: warning: .*)$' "$T_TMP/err" &&
			grep -q '^"size=' "$T_TMP/err"; then ok; else
			not_ok "lat_ctx $args: status $RC: $(head -c 300 "$T_TMP/err")"
		fi
	done
	covered="$covered lat_ctx"
fi
usage_checks lat_ctx 2 x
bad lat_ctx 2 -s x 2
bad lat_ctx 2 0

# select, sleeps, file system
result lat_select err "^Select on 200 fd's: $US" 5 0.001 100000 -N 3 file
result lat_select err "^Select on 10 tcp fd's: $US" 6 0.001 100000 -N 3 -n 10 tcp
result lat_select err "^Select on 500 fd's: $US" 5 0.001 100000 -N 3 -P 2 -n 500 file
usage_checks lat_select file x
bad lat_select 2 udp
bad lat_select 2 -n 0 file
bad lat_select 2 -n 100000 file
result lat_usleep err "^usleep 100 microseconds: $US" 4 100 1000000 -N 3 100
for m in nanosleep select pselect itimer; do
	result lat_usleep err "^$m 1000 microseconds: $US" 4 1000 1000000 -N 3 -u $m 1000
done
usage_checks lat_usleep 100 200
bad lat_usleep 2 -u bogus 100
bad lat_usleep 2 -u itimer 0
bad lat_usleep 2 abc
mkdir -p "$T_TMP/fs"
result lat_fs err '^[0-9]+k	[0-9]+	[0-9]+	[0-9]+$' 3 1 100000000 -N 3 "$T_TMP/fs"
if [ "$(awk '{ printf "%s ", $1 }' "$T_TMP/err")" = "0k 1k 4k 10k " ]; then ok; else not_ok "lat_fs sizes: $(cat "$T_TMP/err")"; fi
if [ -z "$(ls -A "$T_TMP/fs")" ]; then ok; else not_ok "lat_fs left files: $(ls -A "$T_TMP/fs")"; fi
result lat_fs err '^64k	[0-9]+	[0-9]+	[0-9]+$' 3 1 100000000 -N 2 -s 64k -n 3 -P 2 "$T_TMP/fs"
if [ -z "$(ls -A "$T_TMP/fs")" ]; then ok; else not_ok "lat_fs -P 2 left files"; fi
usage_checks lat_fs "$T_TMP/fs" extra
bad lat_fs 1 /nonexistent
bad lat_fs 1 "$T_TMP/file"
bad lat_fs 2 -n 1
bad lat_fs 2 -s 2g

# file and VM
head -c 2097152 /dev/zero >"$T_TMP/f2m"
for m in io_only open2close; do
	result bw_file_rd err "$PAIR" 2 1 10000000 -N 3 1m $m "$T_TMP/f2m"
	if grep -q '^1\.05 ' "$T_TMP/err"; then ok; else not_ok "bw_file_rd $m size"; fi
done
result bw_file_rd err "$PAIR" 2 1 10000000 -N 3 -C -P 2 512 io_only "$T_TMP/f2m"
usage_checks bw_file_rd 1m io_only "$T_TMP/f2m" extra
bad bw_file_rd 1 4m io_only "$T_TMP/f2m"
bad bw_file_rd 1 1m io_only /nonexistent
bad bw_file_rd 1 1m io_only "$T_TMP"
bad bw_file_rd 2 1m bogus "$T_TMP/f2m"
bad bw_file_rd 2 10 io_only "$T_TMP/f2m"
for m in mmap_only open2close; do
	result bw_mmap_rd err "$PAIR" 2 1 100000000 -N 3 1m $m "$T_TMP/f2m"
done
result bw_mmap_rd err "$PAIR" 2 1 100000000 -N 3 -C -P 2 2m open2close "$T_TMP/f2m"
usage_checks bw_mmap_rd 1m mmap_only "$T_TMP/f2m" extra
bad bw_mmap_rd 1 4m mmap_only "$T_TMP/f2m"
bad bw_mmap_rd 1 1m mmap_only /nonexistent
bad bw_mmap_rd 2 1m bogus "$T_TMP/f2m"
cp "$T_TMP/f2m" "$T_TMP/f2m.orig"
result lat_mmap err '^[0-9]+\.[0-9]{6} [0-9]+(\.[0-9]{3})?$' 2 0.001 10000000 -N 3 1m "$T_TMP/f2m"
if grep -q '^1\.048576 ' "$T_TMP/err"; then ok; else not_ok "lat_mmap size column"; fi
result lat_mmap err '^[0-9]+\.[0-9]{6} [0-9]+(\.[0-9]{3})?$' 2 0.001 10000000 -N 3 -r -C -P 2 2m "$T_TMP/f2m"
if cmp -s "$T_TMP/f2m" "$T_TMP/f2m.orig"; then ok; else not_ok "lat_mmap changed the file"; fi
usage_checks lat_mmap 1m "$T_TMP/f2m" extra
bad lat_mmap 2 100k "$T_TMP/f2m"
bad lat_mmap 1 4m "$T_TMP/f2m"
bad lat_mmap 1 1m /nonexistent
result lat_pagefault err "^Pagefaults on $T_TMP/f2m: $US" 4 0.0001 1000 -N 3 "$T_TMP/f2m"
result lat_pagefault err "^Pagefaults on $T_TMP/f2m: $US" 4 0.0001 1000 -N 3 -C -P 2 "$T_TMP/f2m"
usage_checks lat_pagefault "$T_TMP/f2m" extra
bad lat_pagefault 1 "$T_TMP/file"
bad lat_pagefault 1 /nonexistent
bad lat_pagefault 1 "$T_TMP"

# lat_ops: 18 lines in lmbench's order, none below 0.1 ns
result lat_ops err '^[a-z0-9 ]+: [0-9]+\.[0-9]{2} nanoseconds$' 3 0.1 10000 -N 3
if [ "$(cut -d: -f1 "$T_TMP/err" | tr '\n' ',')" = "integer bit,integer add,integer mul,integer div,integer mod,int64 bit,uint64 add,int64 mul,int64 div,int64 mod,float add,float mul,float div,double add,double mul,double div,float bogomflops,double bogomflops," ]; then ok; else
	not_ok "lat_ops order: $(cut -d: -f1 "$T_TMP/err" | tr '\n' ',')"
fi
usage_checks lat_ops extra
# par_ops: 16 lines, each between 1 and 16 (at most k chains overlap)
result par_ops err '^[a-z0-9 ]+ parallelism: [0-9]+\.[0-9]{2}$' 4 0.5 16 -N 3
if [ "$(grep -c . "$T_TMP/err")" -eq 16 ] && head -n 1 "$T_TMP/err" | grep -q '^integer bit parallelism:' &&
	tail -n 1 "$T_TMP/err" | grep -q '^double div parallelism:'; then ok; else not_ok "par_ops lines: $(cat "$T_TMP/err")"; fi
usage_checks par_ops extra
bad par_ops 2 -P 2
# mhz: one line on stdout
result mhz out '^[0-9]+ MHz, [0-9]+\.[0-9]{4} nanosec clock$' 1 100 10000
result mhz out '^[0-9]+\.[0-9]{4}$' 1 0.05 10 -c
run_prog "$BUILD/mhz" -d
if head -n 1 "$T_TMP/out" | grep -Eq '^\{ [0-9.]+(, [0-9.]+)* \};$' && tail -n 1 "$T_TMP/out" | grep -q ' MHz, '; then ok; else
	not_ok "mhz -d: $(cat "$T_TMP/out")"
fi
usage_checks mhz extra
bad mhz 2 -P 2

# stream: latency and bandwidth per kernel, validated
result stream err '^STREAM (copy|scale|add|triad) (latency: [0-9]+\.[0-9]{2} nanoseconds|bandwidth: [0-9]+\.[0-9]{2} MB/sec)$' 4 0.01 100000000 -N 3 -M 3m
if [ "$(awk '{ printf "%s ", $2 }' "$T_TMP/err")" = "copy copy scale scale add add triad triad " ]; then ok; else not_ok "stream order: $(cat "$T_TMP/err")"; fi
result stream err '^STREAM2 (fill|copy|daxpy|sum) (latency: [0-9]+\.[0-9]{2} nanoseconds|bandwidth: [0-9]+\.[0-9]{2} MB/sec)$' 4 0.01 100000000 -N 3 -v 2 -M 3m
if [ "$(awk '{ printf "%s ", $2 }' "$T_TMP/err")" = "fill fill copy copy daxpy daxpy sum sum " ]; then ok; else not_ok "stream -v 2 order"; fi
result stream err '^STREAM' 4 0.01 100000000 -N 2 -P 2 -M 3m
usage_checks stream extra
bad stream 2 -v 3
bad stream 2 -M 1k
bad stream 2 -M abc
bad stream 1 -M 100g

# line: a power of two on stdout
result line out '^(8|16|32|64|128|256)$' 1 8 256
result line out '^cache line size: [0-9]+ bytes \((false sharing|latency of loads within and across lines|from sysfs; neither false sharing nor latency decided)\)$' - 0 0 -v
if command -v taskset >/dev/null; then
	run_prog taskset -c 0 "$BUILD/line" -M 16m
	expect_rc 0 "line on one CPU"
fi
usage_checks line extra
bad line 2 -M 1k
bad line 2 -P 2

# tlb
result tlb err '^tlb: [0-9]+ pages$' 2 8 1000000 -N 3
result tlb err '^tlb: [0-9]+ pages [0-9]+\.[0-9]{5} nanoseconds$' 2 8 1000000 -N 5 -c -L 64 -M 16m
usage_checks tlb extra
bad tlb 2 -L 3
bad tlb 2 -M 1k
bad tlb 2 -P 2

# par_mem: size (10^6 MB) and parallelism per size, from 16 lines
result par_mem err '^[0-9]+\.[0-9]{6} [0-9]+\.[0-9]{2}$' 2 0.5 16.5 -N 3 -M 1m
if [ "$(head -n 1 "$T_TMP/err" | cut -d' ' -f1)" = "0.001024" ] && [ "$(wc -l <"$T_TMP/err")" -eq 11 ]; then ok; else
	not_ok "par_mem sizes: $(cut -d' ' -f1 "$T_TMP/err" | tr '\n' ' ')"
fi
usage_checks par_mem extra
bad par_mem 2 -L 3
bad par_mem 2 -M 100
bad par_mem 2 -P 2

# network programs (tests/net.sh runs them against their servers)
free_port=$(awk 'BEGIN { srand(); print 40000 + int(rand() * 20000) }')
for p in lat_tcp bw_tcp lat_connect; do
	usage_checks $p a b
	bad $p 1 -p "$free_port" localhost
	bad $p 1 -S -p "$free_port" localhost
	covered="$covered $p"
done
for p in lat_udp bw_udp; do
	usage_checks $p a b c
	covered="$covered $p"
done
usage_checks lat_http a 1 2
usage_checks lmhttp 1 2
covered="$covered lat_http lmhttp"
if [ -x "$BUILD/lat_rpc" ]; then
	usage_checks lat_rpc a b
	bad lat_rpc 2 -p sctp localhost
	covered="$covered lat_rpc"
fi
bad lat_tcp 2 -m 0 localhost
bad lat_udp 2 -m 3 localhost

# lmdd: each print= form; the file written, read back and checked
f=$T_TMP/lmdd.dat
result lmdd err '^File .* write bandwidth: [0-9]+ KB/sec$' 5 1 100000000 of="$f" move=4m fsync=1 print=3 label="File $f write bandwidth: "
if [ "$(wc -c <"$f")" -eq 4194304 ]; then ok; else not_ok "lmdd move=4m wrote $(wc -c <"$f") bytes"; fi
result lmdd err '^[0-9]+ 8KB xfers in [0-9]+\.[0-9]{2} secs, [0-9]+\.[0-9]{4} millisec/xfer, [0-9]+\.[0-9]{2} MB/sec$' 1 512 512 if="$f" print=1
result lmdd err "^$US" - 0 0 if="$f" print=2
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 if="$f" bs=1m print=4
result lmdd err "$PAIR" 1 4.19 4.20 if="$f" print=5
result lmdd err '^4\.1943 MB in [0-9]+\.[0-9]{4} secs, [0-9]+\.[0-9]{4} MB/sec$' - 0 0 if="$f"
run_prog "$BUILD/lmdd" of="$f" opat=1 count=100 print=0
expect_rc 0 "lmdd opat=1"
if [ ! -s "$T_TMP/err" ] && [ "$(wc -c <"$f")" -eq 819200 ]; then ok; else not_ok "lmdd print=0 printed or wrote wrong: $(cat "$T_TMP/err")"; fi
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 if="$f" ipat=1 print=4
printf 'x' | dd of="$f" bs=1 seek=4000 conv=notrunc 2>/dev/null
run_prog "$BUILD/lmdd" if="$f" ipat=1 print=4
expect_rc 1 "lmdd ipat=1 on a changed file"
if grep -q '^off=0 want=fa0 got=' "$T_TMP/err" && grep -q 'did not hold the pattern' "$T_TMP/err"; then ok; else not_ok "lmdd mismatch: $(cat "$T_TMP/err")"; fi
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 if="$f" rand=800k count=50 print=4
result lmdd err '^[0-9]+\.[0-9]{2} MB/sec$' - 0 0 move=1m time=5 print=4
bad lmdd 2 -h
if grep -q '^Usage: lmdd' "$T_TMP/err"; then ok; else not_ok "lmdd -h: no usage line"; fi
bad lmdd 2 foo=1
bad lmdd 2 -Z
bad lmdd 2 bs=abc count=1
bad lmdd 2 bs=2 count=1
bad lmdd 2 count=1 print=x
bad lmdd 2 print=4
bad lmdd 77 rtmax=3 count=1
bad lmdd 1 if=/nonexistent/x
bad lmdd 1 of=/nonexistent/x count=1
rm -f "$f"

# lat_pmake: the header, then "USECS TIME" per usecs; 1 job of 1000 us
# takes at least 1000 us
result lat_pmake err '^("pmake jobs=1|[0-9]+ [0-9]+\.[0-9]{2})$' - 0 0 -N 3 1 1000 2000
if [ "$(head -n 1 "$T_TMP/err")" = '"pmake jobs=1' ] && [ "$(sed -n '2p' "$T_TMP/err" | cut -d' ' -f1)" = 1000 ] &&
	awk 'NR == 2 { exit !($2 >= 900 && $2 < 100000) }' "$T_TMP/err"; then ok; else not_ok "lat_pmake 1 1000: $(cat "$T_TMP/err")"; fi
result lat_pmake err '^("pmake jobs=3|[0-9]+ [0-9]+\.[0-9]{2})$' - 0 0 -N 2 -P 2 3 500
usage_checks lat_pmake
bad lat_pmake 2 2
bad lat_pmake 2 0 100
bad lat_pmake 2 5000 100
bad lat_pmake 2 2 0
bad lat_pmake 2 2 abc

# disk and flushdisk on a file standing in for a disk (a raw device may
# not be readable here)
f=$T_TMP/disk.dat
head -c 8388608 /dev/zero >"$f"
result disk err '^("Seek times for .*|"Zone bandwidth for .*|[0-9]+\.[0-9] [0-9]+\.[0-9]{2}|#.*|)$' - 0 0 "$f"
if grep -q "^\"Seek times for $f\$" "$T_TMP/err" && grep -q "^\"Zone bandwidth for $f\$" "$T_TMP/err" &&
	[ "$(grep -c '^[0-9]' "$T_TMP/err")" -gt 100 ]; then ok; else not_ok "disk: $(head -c 300 "$T_TMP/err")"; fi
usage_checks disk a b
bad disk 1 /nonexistent
bad disk 1 /dev/null
bad disk 1 "$T_TMP"
head -c 1000 /dev/zero >"$T_TMP/small"
bad disk 1 "$T_TMP/small"
run_prog "$BUILD/flushdisk" "$f"
expect_rc 0 "flushdisk FILE"
if [ ! -s "$T_TMP/err" ] && [ ! -s "$T_TMP/out" ]; then ok; else not_ok "flushdisk printed: $(cat "$T_TMP/err")"; fi
covered="$covered flushdisk"
bad flushdisk 2
bad flushdisk 2 -h
bad flushdisk 1 /nonexistent
bad flushdisk 1 /dev/null
rm -f "$f" "$T_TMP/small"

# cache: levels then memory, each with the five figures; -c the curve
result cache err '^(L[1-8] cache: [0-9]+ bytes [0-9]+\.[0-9]{2} nanoseconds [0-9]+ linesize [0-9]+\.[0-9]{2} parallelism|Memory latency: [0-9]+\.[0-9]{2} nanoseconds [0-9]+\.[0-9]{2} parallelism)$' - 0 0 -N 3 -M 4m
if head -n 1 "$T_TMP/err" | grep -q '^L1 cache: ' && tail -n 1 "$T_TMP/err" | grep -q '^Memory latency: '; then ok; else not_ok "cache order: $(cat "$T_TMP/err")"; fi
result cache out '^[0-9]+ [0-9]+\.[0-9]{3}$' 1 4096 4194304 -c -N 3 -L 128 -M 2m
usage_checks cache extra
bad cache 2 -L 3
bad cache 2 -L 100000
bad cache 2 -M 1k
bad cache 2 -M abc
bad cache 2 -P 2

# lat_dram_page: a positive difference, or a clear "not found" and 1
run_prog "$BUILD/lat_dram_page" -v -N 3 -M 16m
if { [ "$RC" -eq 0 ] && grep -Eq '^[0-9]+\.[0-9]{2}$' "$T_TMP/err"; } ||
	{ [ "$RC" -eq 1 ] && grep -q '^lat_dram_page: no DRAM page effect found: page hits [0-9.]* ns, misses [0-9.]* ns' "$T_TMP/err"; }; then ok; else
	not_ok "lat_dram_page: status $RC: $(cat "$T_TMP/err")"
fi
if grep -Eq '^DRAM page hit: [0-9]+\.[0-9]{2} nanoseconds$' "$T_TMP/err" && grep -Eq '^DRAM page miss: [0-9]+\.[0-9]{2} nanoseconds$' "$T_TMP/err"; then ok; else
	not_ok "lat_dram_page -v: $(cat "$T_TMP/err")"
fi
covered="$covered lat_dram_page"
usage_checks lat_dram_page extra
bad lat_dram_page 2 -M 8k
bad lat_dram_page 2 -L 3
bad lat_dram_page 2 -T 1
bad lat_dram_page 2 -P 2

# memsize: MB on stdout, progress on stderr
result memsize out '^[0-9]+$' 1 64 64 64
if [ "$(tail -n 1 "$T_TMP/err")" = "64MB OK" ] && [ "$(head -n 1 "$T_TMP/err")" = "1MB OK" ]; then ok; else not_ok "memsize progress: $(cat "$T_TMP/err")"; fi
run_prog "$BUILD/memsize" 99999999999
expect_rc 0 "memsize with a max beyond the memory"
if grep -q 'more than the' "$T_TMP/err"; then ok; else not_ok "memsize cap message"; fi
usage_checks memsize 1 2
bad memsize 2 abc
bad memsize 2 0

# calibration helpers: one number on stdout
ENOUGH='' result enough out '^[0-9]+$' 1 1 10000000
usage_checks enough x
result timing_o out '^[0-9]+\.[0-9]{5}$' 1 0 10
usage_checks timing_o x
result loop_o out '^[0-9]+\.[0-9]{8}$' 1 0 10
usage_checks loop_o x
TIMING_O=0.5 result timing_o out '^0\.50000$' - 0 0
LOOP_O=0.00000001 result loop_o out '^0\.00000001$' - 0 0

# hello and msleep
result hello out '^Hello world$' - 0 0
usage_checks hello x
run_prog "$BUILD/msleep" 10
expect_rc 0 "msleep 10"
if [ -s "$T_TMP/out" ] || [ -s "$T_TMP/err" ]; then not_ok "msleep printed"; else ok; fi
covered="$covered msleep"
usage_checks msleep 1 2
bad msleep 2
bad msleep 2 abc

# Structured records: one JSON line per result with every sample.
LMBENCH_JSON=- run_prog "$BUILD/bw_mem" -N 3 -P 2 1m rd
expect_rc 0 "LMBENCH_JSON=- bw_mem -P 2"
if grep -q '^{"schema":1,"program":"bw_mem","args":\["-N","3","-P","2","1m","rd"\],"metric":"rd","size_bytes":1048576,"unit":"MB/s",' "$T_TMP/out" &&
	[ "$(sed -e 's/.*"samples":\[//' -e 's/\].*//' "$T_TMP/out" | tr ',' '\n' | grep -c .)" -eq 6 ] &&
	grep -q '"statistic":"median"' "$T_TMP/out" && grep -q '"parallel":2' "$T_TMP/out"; then
	ok
else
	not_ok "bw_mem JSON record: $(cat "$T_TMP/out")"
fi
LMBENCH_JSON="$T_TMP/rec.json" run_prog "$BUILD/lat_mem_rd" -N 2 0.01 64
if [ "$(wc -l <"$T_TMP/rec.json")" -eq "$(grep -c '^[0-9]' "$T_TMP/err")" ] &&
	grep -q '"statistic":"minimum"' "$T_TMP/rec.json"; then ok; else
	not_ok "lat_mem_rd JSON file: $(head -c 300 "$T_TMP/rec.json")"
fi
LMBENCH_JSON=/nonexistent/dir/x bad lat_syscall 2 null

# Placement: CPUs are counted within the affinity mask (a cpuset is
# respected) and recorded.
if [ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null; then
	LMBENCH_JSON=- LMBENCH_SCHED=SINGLE run_prog taskset -c 1 "$BUILD/lat_syscall" -N 2 -P 2 null
	if grep -q '"placement":"SINGLE cpus=1,1 main=1,1"' "$T_TMP/out"; then ok; else not_ok "SINGLE in a cpuset: $(cat "$T_TMP/out")"; fi
	LMBENCH_JSON=- LMBENCH_SCHED='CUSTOM 1 0' run_prog "$BUILD/bw_mem" -N 2 -P 2 64k rd
	if grep -q '"placement":"CUSTOM 1 0 cpus=1,0 main=1,0"' "$T_TMP/out"; then ok; else not_ok "CUSTOM 1 0: $(cat "$T_TMP/out")"; fi
	LMBENCH_JSON=- run_prog taskset -c 1 "$BUILD/lat_pipe" -N 2
	if grep -q '"placement":"SAME cpus=1 main=1 helper=1"' "$T_TMP/out"; then ok; else not_ok "lat_pipe default placement: $(cat "$T_TMP/out")"; fi
fi

# Above 2 GB: a ring of 3072 slots 1 MB apart in a 3 GB buffer.
if [ "$(awk '/^MemAvailable:/ { print int($2 / 1048576) }' /proc/meminfo)" -ge 6 ]; then
	run_prog "$BUILD/lat_mem_rd" -N 1 3g 1m
	expect_rc 0 "lat_mem_rd 3g 1m"
	if tail -n 2 "$T_TMP/err" | grep -q '^3072\.00000 '; then ok; else not_ok "lat_mem_rd 3g: $(tail -n 3 "$T_TMP/err")"; fi
fi

# lmbench-compare (the program behind scripts/compare; tests/compare.sh
# has the rest): the fixtures' one regression, and its usage errors.
fxc=$(cd "$(dirname "$0")" && pwd)/fixtures/compare
run_prog "$BUILD/lmbench-compare" "$fxc/base.0" "$fxc/new.0"
expect_rc 0 "lmbench-compare base new"
if grep -q '^lat_syscall Simple syscall .* regression (p=' "$T_TMP/out"; then ok; else not_ok "lmbench-compare: $(head -c 300 "$T_TMP/out")"; fi
covered="$covered lmbench-compare"
usage_checks lmbench-compare a b c
bad lmbench-compare 2 --format xml "$fxc/base.0" "$fxc/new.0"

# Every built program has cases above.
for p in "$BUILD"/*; do
	if [ ! -f "$p" ] || [ ! -x "$p" ]; then continue; fi
	n=${p##*/}
	case " $covered " in
	*" $n "*) ok ;;
	*) not_ok "program $n has no smoke test" ;;
	esac
done
finish smoke
