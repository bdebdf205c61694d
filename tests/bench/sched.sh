# shellcheck shell=sh
# bench/sched.sh - sourced by tests/bench.sh (BUILD, RATIO, in_range set): the
# scheduler, IPC and thread programs beside the tools people run for the
# same questions, side by side in one run, each peer said absent where it
# is not installed (Debian: rt-tests for hackbench, sysbench; perf from
# linux-perf).  Ratios are ours / theirs; the targets are within
# 0.90-1.10.  The same statistic on both sides: ours is the median of its
# samples, theirs the median of as many short runs, taken in turn with
# ours (a run of theirs is one mean over its whole length, which a busy
# neighbour inflates; the median of several is as robust as ours).
SCHED_K=7

# med LIST: the median of the numbers in LIST (blank when none).
med() { printf '%s\n' "$@" | awk 'NF' | sort -g | awk '{ v[NR] = $1 } END { if (NR) print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# rounds A_LIST B_LIST: the two lists' values paired by position, one
# "A B" line a round (the rounds the sides were taken in turn).
# shellcheck disable=SC2086 # lists of numbers
rounds() { printf '%s\n' $1 | awk 'NF' >"$T_TMP/sched.a"; printf '%s\n' $2 | awk 'NF' >"$T_TMP/sched.b"; paste -d ' ' "$T_TMP/sched.a" "$T_TMP/sched.b"; }
# side NAME OURS_LIST THEIRS_LIST: one line, each side's median, the
# ratio of the rounds with its interval (tests/ratio) and the verdict on
# 0.90-1.10 (met, not met, cannot tell).
side() {
	# shellcheck disable=SC2086 # lists of numbers
	s_line="ours $(med $2); theirs $(med $3) (medians); $(rounds "$2" "$3" | "$RATIO" | sed 's/: no target$//')"
	echo "$1: $s_line (target 0.90-1.10): $(in_range "$s_line" 0.9 1.1)"
}
have() { command -v "$1" >/dev/null 2>&1; }
have_perf() { have perf && perf bench sched pipe -l 10 >/dev/null 2>&1; }

# Messaging: the same groups, loops, message size and transport;
# seconds for the whole exchange (ours: microseconds / 10^6).  Each
# tool's time also holds its own costs: the release of its workers and
# their exits, reaped before the clock stops.  perf's workers are copies
# of perf, and each runs the destructors of every library perf links at
# its exit (a profile of -l 1: _dl_fini, _dl_call_fini and the lookups
# they make; LD_BIND_NOW=1 does not shorten it): at 4 process groups
# -l 1 took perf 0.43-0.53 s on an AMD Zen 5 guest, hackbench 0.07-0.08
# and ours 0.06-0.07.  So the target is judged on the messages alone:
# each side's time at twice the loops less its time at the loops, where
# every fixed cost cancels.  Not less the time at -l 1, tried first: the
# exits of all the workers at once cost perf more than the same exits
# spread over a longer run, and that over-subtracted its side (pipe
# process against perf: 1.110 that way in one make bench, 1.12 by hand
# the next day and 0.956 by the added loops that same day; against
# hackbench 1.014 and 1.009).  The ratio as run is shown beside it.
# The pipe modes' times move by a quarter between runs on a shared guest
# (the cost of waking a receiver on the other CPU swings from a few
# microseconds to hundreds), so SCHED_KMSG runs a side, taken in turn:
# at 7, pipe thread against hackbench gave 0.986 in one run of this
# section and 1.152 in the next; at 21, twice, pipe process 0.942 and
# 0.962, pipe thread 0.860 and 1.039 (Intel Emerald Rapids).
SCHED_KMSG=21
sched_groups=4
sched_loops=200
sched_loops2=400
# msg_time TOOL LOOPS: one run's seconds (ours, hackbench or perf).
# shellcheck disable=SC2086 # the peers' flags are words
msg_time() {
	case $1 in
	ours) "$BUILD/lat_msg" -N 1 -t "$mt" -m "$mk" -l "$2" "$sched_groups" 2>&1 |
		awk -v g="$sched_groups" '$1 == g && NF == 2 { printf "%.6f", $2 / 1e6 }' ;;
	hackbench) hackbench $hflags -g "$sched_groups" -l "$2" -s 100 -f 20 2>&1 | awk '/^Time:/ { print $2 }' ;;
	perf) perf bench sched messaging $pflags -g "$sched_groups" -l "$2" 2>&1 | awk '/Total time/ { print $3 }' ;;
	esac
}
# net A_LIST B_LIST: each round's A - B (a list).
net() { rounds "$1" "$2" | awk '{ printf "%.6f ", $1 - $2 }'; }
# as_run WHAT OURS THEIRS: the lists as run, their ratio, no target.
as_run() {
	# shellcheck disable=SC2086 # lists of numbers
	echo "$1: as run, ours $(med $2); theirs $(med $3) (medians); $(rounds "$2" "$3" | "$RATIO" | sed 's/: no target$//') (no target: each tool's own exits are inside its time)"
}
# added OURS THEIRS: the judged line, each side's time for the added
# loops (each round's time at twice the loops less its time at the loops).
added() {
	if [ -n "$1" ] && [ -n "$2" ]; then side "  the added loops (-l $sched_loops2 less -l $sched_loops)" "$1" "$2"; else
		echo "  the added loops: a side gave no time at -l $sched_loops2: not met"; fi
}
for how in "unix process" "pipe process" "unix thread" "pipe thread"; do
	mt=${how% *} mk=${how#* }
	hflags='' pflags=''
	[ "$mt" = pipe ] && hflags="$hflags -p" && pflags="$pflags -p"
	[ "$mk" = thread ] && hflags="$hflags -T" && pflags="$pflags -t"
	o='' h='' p='' o2='' h2='' p2=''
	i=0
	while [ "$i" -lt "$SCHED_KMSG" ]; do
		o="$o $(msg_time ours $sched_loops)" o2="$o2 $(msg_time ours $sched_loops2)"
		have hackbench && h="$h $(msg_time hackbench $sched_loops)" h2="$h2 $(msg_time hackbench $sched_loops2)"
		have_perf && p="$p $(msg_time perf $sched_loops)" p2="$p2 $(msg_time perf $sched_loops2)"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086 # lists of numbers
	om=$(med $o) oa=$(net "$o2" "$o")
	what="lat_msg -t $mt -m $mk -l $sched_loops $sched_groups (s)"
	# shellcheck disable=SC2086
	if [ -n "$h" ]; then
		as_run "$what vs hackbench$hflags -g $sched_groups -l $sched_loops" "$o" "$h"
		added "$oa" "$(net "$h2" "$h")"
	else
		echo "$what: hackbench not installed (Debian: rt-tests); $om s alone"
	fi
	# shellcheck disable=SC2086
	if [ -n "$p" ]; then
		as_run "$what vs perf bench sched messaging$pflags -g $sched_groups -l $sched_loops" "$o" "$p"
		added "$oa" "$(net "$p2" "$p")"
	else
		echo "$what: perf bench not available; $om s alone"
	fi
done

# N pairs at N=1 beside perf bench sched pipe, on the same CPU (both
# ends on CPU 0: taskset for perf, SAME for ours), ours one interval a
# run taken in turn with perf's runs of 50000 round trips (its interval
# holds its child's start: at 5000 that put perf some 6 % above its own
# longer runs, AMD Zen 5, 7 interleaved runs: medians 5.31 against 5.00
# us, ours 4.85); then, without a target
# (perf's two ends float over the two CPUs, ours are pinned one to
# each), across CPUs 0 and 1.
for cpus in 0 0,1; do
	[ "$cpus" = 0,1 ] && [ "$(nproc)" -lt 2 ] && { echo "N pairs across two CPUs: one CPU here, not measured"; continue; }
	sched=SAME
	[ "$cpus" = 0,1 ] && sched="CUSTOM_UNIQUE 0 1"
	o='' p=''
	i=0
	while [ "$i" -lt "$SCHED_K" ]; do
		o="$o $(LMBENCH_SCHED=$sched taskset -c "$cpus" "$BUILD/lat_pipe_pairs" -N 1 1 2>&1 | awk '$1 == 1 && NF == 2 { print $2 }')"
		have_perf && p="$p $(taskset -c "$cpus" perf bench sched pipe -l 50000 2>&1 | awk '/usecs\/op/ { print $1 }')"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	om=$(med $o)
	# shellcheck disable=SC2086
	if [ -z "$p" ]; then
		echo "lat_pipe_pairs 1 on CPUs $cpus: perf bench not available; $om us alone"
	elif [ "$cpus" = 0 ]; then
		side "LMBENCH_SCHED=SAME lat_pipe_pairs 1 (us per round trip) vs taskset -c 0 perf bench sched pipe -l 50000" "$o" "$p"
	else
		echo "lat_pipe_pairs 1, one end on CPU 0 and one on CPU 1: $om us; taskset -c 0,1 perf bench sched pipe (ends unpinned): $(med $p) us; no target"
	fi
done

# Mutexes beside sysbench mutex with the same threads and one mutex, no
# empty loop, on the same CPUs: ns per lock operation (sysbench: an
# event's mean latency over its locks, one event per thread, in runs of
# 2000000 locks: at 200000 its threads' start, some milliseconds apart,
# left part of each event uncontended, and two threads' figure moved
# 42-263 ns).  Ours draws its mutex before every lock as sysbench does,
# lays its counter out as sysbench's (-m 1: the draw is a tenth of an
# uncontended lock on Intel and sets the gap in which contended threads
# take turns; the counter on the line each lock reads the mutexes from
# added half to the contended figure), and takes the mean of its
# threads' own times as sysbench does.  Both float over the same CPUs
# (ours with LMBENCH_SCHED=DEFAULT: sysbench pins nothing, and threads
# that share a CPU contend far less than threads on two); ours pinned as
# it is by default (UNIQUE) follows, without a target.
# Contended, one run's figure is a draw from a wide spread on a shared
# guest (Intel Emerald Rapids, two threads, 41 runs a side taken in
# turn: ours 73-247 ns, sysbench 85-257, medians 176 and 166), and a
# run of 1 ms intervals (ours by default) lands in a spell where one
# thread has the lock to itself far more often than sysbench's 0.3 s
# (ours under 65 ns in 17 of 41 such runs, sysbench in 5): so contended,
# lat_pthread's intervals last at least 100 ms whatever ENOUGH says, here
# one a run, and each side has SCHED_KM runs taken in turn.
SCHED_KM=15
# ours_mutex CPUS THREADS REPS: lat_pthread -m 1 mutex's ns on CPUS (the
# placement from LMBENCH_SCHED, as set by the caller).
ours_mutex() {
	taskset -c "$1" "$BUILD/lat_pthread" -N "$3" -t "$2" -m 1 mutex 2>&1 | awk '/^Mutex/ { print $(NF - 1) }'
}
for t in 1 2 4; do
	mcpus=0 k=$SCHED_K
	[ "$t" -gt 1 ] && mcpus=0-$(($(nproc) - 1)) k=$SCHED_KM
	o='' y=''
	i=0
	while [ "$i" -lt "$k" ]; do
		o="$o $(LMBENCH_SCHED=DEFAULT ours_mutex "$mcpus" "$t" 1)"
		have sysbench && y="$y $(taskset -c "$mcpus" sysbench mutex --threads="$t" --mutex-num=1 --mutex-loops=0 --mutex-locks=2000000 run 2>&1 |
			awk '/avg:/ && !a { a = $2 } END { printf "%.3f", a * 1e6 / 2000000 }')"
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	om=$(med $o)
	# shellcheck disable=SC2086
	if [ -n "$y" ]; then
		side "LMBENCH_SCHED=DEFAULT lat_pthread -t $t -m 1 mutex (ns per lock+unlock, $k runs) vs taskset -c $mcpus sysbench mutex --threads=$t --mutex-num=1 --mutex-loops=0" "$o" "$y"
	else
		echo "lat_pthread -t $t -m 1 mutex: sysbench not installed (Debian: sysbench); $om ns alone"
	fi
	[ "$t" -gt 1 ] && echo "  lat_pthread -N $SCHED_K -t $t -m 1 mutex, its own placement (UNIQUE: each thread pinned to a CPU in turn): $(ours_mutex "$mcpus" "$t" "$SCHED_K") ns"
done
