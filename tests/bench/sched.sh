# shellcheck shell=sh
# bench/sched.sh - sourced by tests/bench.sh (BUILD, T_TMP, ratio set):
# the scheduler, IPC and thread programs beside the tools people run for
# the same questions, side by side in one run, each peer said absent
# where it is not installed (Debian: rt-tests for hackbench, sysbench;
# perf from linux-perf).  Ratios are ours / theirs; the targets are
# within 0.90-1.10.  Each side runs three times, alternating, and the
# medians are compared.

# med3 A B C: the median of three numbers.
med3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }
# within RATIO: "met" inside 0.90-1.10.
within() { awk -v r="$1" 'BEGIN { print (r >= 0.9 && r <= 1.1) ? "met" : "not met" }'; }
# side NAME OURS THEIRS: one line, the medians and their ratio.
side() {
	r=$(ratio "$2" "$3")
	echo "$1: ours $2; theirs $3; ratio $r (target 0.90-1.10): $(within "$r")"
}
have_perf() { command -v perf >/dev/null 2>&1 && perf bench sched pipe -l 10 >/dev/null 2>&1; }

# Messaging: the same groups, loops, message size and transport;
# seconds for the whole exchange (ours: microseconds / 10^6).
sched_groups=4
sched_loops=200
for how in "unix process" "pipe process" "unix thread"; do
	mt=${how% *} mk=${how#* }
	hflags='' pflags=''
	[ "$mt" = pipe ] && hflags="$hflags -p" && pflags="$pflags -p"
	[ "$mk" = thread ] && hflags="$hflags -T" && pflags="$pflags -t"
	o='' h='' p=''
	for _ in 1 2 3; do
		o="$o $("$BUILD/lat_msg" -N 5 -t "$mt" -m "$mk" -l $sched_loops "$sched_groups" 2>&1 |
			awk -v g="$sched_groups" '$1 == g && NF == 2 { printf "%.6f", $2 / 1e6 }')"
		if command -v hackbench >/dev/null 2>&1; then
			# shellcheck disable=SC2086 # flags are words
			h="$h $(hackbench $hflags -g "$sched_groups" -l $sched_loops -s 100 -f 20 2>&1 | awk '/^Time:/ { print $2 }')"
		fi
		if have_perf; then
			# shellcheck disable=SC2086
			p="$p $(perf bench sched messaging $pflags -g "$sched_groups" -l $sched_loops 2>&1 | awk '/Total time/ { print $3 }')"
		fi
	done
	# shellcheck disable=SC2086 # lists of numbers
	om=$(med3 $o)
	if [ -n "$h" ]; then
		# shellcheck disable=SC2086
		side "lat_msg -t $mt -m $mk -l $sched_loops $sched_groups (s) vs hackbench$hflags -g $sched_groups -l $sched_loops" "$om" "$(med3 $h)"
	else
		echo "lat_msg -t $mt -m $mk: hackbench not installed (Debian: rt-tests); $om s alone"
	fi
	if [ -n "$p" ]; then
		# shellcheck disable=SC2086
		side "lat_msg -t $mt -m $mk -l $sched_loops $sched_groups (s) vs perf bench sched messaging$pflags -g $sched_groups -l $sched_loops" "$om" "$(med3 $p)"
	else
		echo "lat_msg -t $mt -m $mk: perf bench not available; $om s alone"
	fi
done

# N pairs at N=1 beside perf bench sched pipe, on the same CPU (both
# ends on CPU 0: taskset for perf, SAME for ours); then, without a
# target (perf's two ends float over the two CPUs, ours are pinned one to
# each), across CPUs 0 and 1.
for cpus in 0 0,1; do
	[ "$cpus" = 0,1 ] && [ "$(nproc)" -lt 2 ] && { echo "N pairs across two CPUs: one CPU here, not measured"; continue; }
	sched=SAME
	[ "$cpus" = 0,1 ] && sched="CUSTOM 0 1"
	o='' p=''
	for _ in 1 2 3; do
		o="$o $(LMBENCH_SCHED=$sched taskset -c "$cpus" "$BUILD/lat_pipe_pairs" 1 2>&1 | awk '$1 == 1 && NF == 2 { print $2 }')"
		have_perf && p="$p $(taskset -c "$cpus" perf bench sched pipe -l 200000 2>&1 | awk '/usecs\/op/ { print $1 }')"
	done
	# shellcheck disable=SC2086
	om=$(med3 $o)
	if [ -z "$p" ]; then
		echo "lat_pipe_pairs 1 on CPUs $cpus: perf bench not available; $om us alone"
	elif [ "$cpus" = 0 ]; then
		# shellcheck disable=SC2086
		side "LMBENCH_SCHED=SAME lat_pipe_pairs 1 (us per round trip) vs taskset -c 0 perf bench sched pipe" "$om" "$(med3 $p)"
	else
		# shellcheck disable=SC2086
		echo "lat_pipe_pairs 1, one end on CPU 0 and one on CPU 1: $om us; taskset -c 0,1 perf bench sched pipe (ends unpinned): $(med3 $p) us; no target"
	fi
done

# Mutexes beside sysbench mutex with the same threads and one mutex, no
# empty loop, on the same CPUs: ns per lock operation (sysbench: an
# event's mean latency over its locks; one event per thread).  Ours
# pins each thread (UNIQUE); sysbench's float over the same CPUs.
for t in 1 2 4; do
	# the same CPUs for both: CPU 0 alone for one thread, else all
	mcpus=0
	[ "$t" -gt 1 ] && mcpus=0-$(($(nproc) - 1))
	o='' y=''
	for _ in 1 2 3; do
		o="$o $(taskset -c "$mcpus" "$BUILD/lat_pthread" -t "$t" mutex 2>&1 | awk '/^Mutex/ { print $(NF - 1) }')"
		command -v sysbench >/dev/null 2>&1 &&
			y="$y $(taskset -c "$mcpus" sysbench mutex --threads="$t" --mutex-num=1 --mutex-loops=0 --mutex-locks=2000000 run 2>&1 |
				awk '/avg:/ && !a { a = $2 } END { printf "%.3f", a * 1e6 / 2000000 }')"
	done
	# shellcheck disable=SC2086
	om=$(med3 $o)
	if [ -n "$y" ]; then
		# shellcheck disable=SC2086
		side "lat_pthread -t $t mutex (ns per lock+unlock) vs taskset -c $mcpus sysbench mutex --threads=$t --mutex-num=1 --mutex-loops=0" "$om" "$(med3 $y)"
	else
		echo "lat_pthread -t $t mutex: sysbench not installed (Debian: sysbench); $om ns alone"
	fi
done
