#!/bin/sh
# truth.sh BUILD - where the machine states a fact, the benchmark finds
# it: a requested sleep is never cut short and overshoots little; the
# latency of a double add is a few cycles of the clock mhz measures;
# mhz agrees with the cycle counter where perf can read it; the clock is
# fine enough for the suite's intervals; the cache sizes and the line
# are those sysfs states; lat_fs makes and removes the files it says;
# stream and bw_mem agree on a copy; tlb counts the first-level data
# TLB entries cpuid states; bw_bonnie's block write through a stated
# limit is the limit (tests/truth_io.sh).
#
# Besides the checks, each fact gives one row on stdout,
#     fact<TAB>FACT<TAB>WHAT THE MACHINE STATES<TAB>WHAT THE SUITE FOUND<TAB>AGREE
# with AGREE "yes", "no", or "not checked: why" (a row marked "not a
# test" says so: it counts neither way); scripts/truth (make truth)
# prints them as a table.
BUILD=$1
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"

# value FILE FIELD: field FIELD of the first line of FILE.
value() { awk -v f="$2" 'NR == 1 { print $f }' "$1"; }
between() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v + 0 >= lo && v + 0 <= hi) }'; }
# expect_eq WHAT WANTED GOT: a check of a decision rule on a fixture.
expect_eq() { if [ "$2" = "$3" ]; then ok; else not_ok "$1: wanted '$2', got '$3'"; fi; }
# row FACT STATED FOUND AGREE: one row of the table.
row() { printf 'fact\t%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4"; }
# judge FACT STATED FOUND FAILURE CONDITION...: a check that counts; the
# row says yes where CONDITION holds, else no (and FAILURE is the
# failure's message).
judge() {
	j_fact=$1 j_stated=$2 j_found=$3 j_fail=$4
	shift 4
	if "$@"; then
		ok
		row "$j_fact" "$j_stated" "$j_found" yes
	else
		not_ok "$j_fail"
		row "$j_fact" "$j_stated" "$j_found" no
	fi
}

# Sleeps: at least what was asked, at most 5 ms more (a loaded machine
# wakes late, but not by that much at the median).
run_prog "$BUILD/lat_usleep" -N 5 1000
v=$(value "$T_TMP/err" 4)
judge "sleep 1000 us (usleep)" "at least 1000 us, at most 5 ms more" "${v:-nothing} us" \
	"lat_usleep 1000: $v us" between "$v" 1000 6000
run_prog "$BUILD/lat_usleep" -N 5 -u nanosleep 10000
v=$(value "$T_TMP/err" 4)
judge "sleep 10000 us (nanosleep)" "at least 10000 us, at most 5 ms more" "${v:-nothing} us" \
	"lat_usleep -u nanosleep 10000: $v us" between "$v" 10000 15000
for m in select pselect itimer; do
	run_prog "$BUILD/lat_usleep" -N 5 -u $m 2000
	v=$(value "$T_TMP/err" 4)
	judge "sleep 2000 us ($m)" "at least 2000 us, at most 5 ms more" "${v:-nothing} us" \
		"lat_usleep -u $m 2000: $v us" between "$v" 2000 7000
done

# A double add takes a few cycles (2 to 6 on current cores), an integer
# add one, never 0.  The clock and the chains are measured apart, so a
# busy spell between them can skew one run: up to three tries.
for _ in 1 2 3; do
	run_prog "$BUILD/mhz" -c
	period=$(value "$T_TMP/out" 1)
	run_prog "$BUILD/lat_ops"
	dadd=$(awk '/^double add:/ { print $3 }' "$T_TMP/err")
	dcyc=$(awk -v a="$dadd" -v p="$period" 'BEGIN { if (p > 0) printf "%.2f", a / p }')
	iadd=$(awk '/^integer add:/ { print $3 }' "$T_TMP/err")
	icyc=$(awk -v a="$iadd" -v p="$period" 'BEGIN { if (p > 0) printf "%.2f", a / p }')
	if between "$dcyc" 1.5 6.5 && between "$icyc" 0.8 1.5; then break; fi
done
judge "double add latency" "2 to 6 cycles on current cores" "$dcyc cycles ($dadd ns, a cycle $period ns)" \
	"double add: $dadd ns = $dcyc cycles of $period ns" between "$dcyc" 1.5 6.5
judge "integer add latency" "1 cycle" "$icyc cycles ($iadd ns)" \
	"integer add: $iadd ns = $icyc cycles of $period ns" between "$icyc" 0.8 1.5
mhz=$(awk -v p="$period" 'BEGIN { if (p > 0) printf "%.0f", 1000 / p }')

# mhz against the cycle counter, where perf reads one.
if command -v perf >/dev/null && perf stat -e cycles true 2>&1 | grep -q '[0-9] *cycles'; then
	perf stat -x, -e cycles,task-clock "$BUILD/lat_ops" >/dev/null 2>"$T_TMP/perf"
	ghz=$(awk -F, '/cycles/ { c = $1 } /task-clock/ { t = $1 } END { if (t > 0) printf "%.3f", c / t / 1e6 }' "$T_TMP/perf")
	judge "clock rate (cycle counter)" "perf: $ghz GHz" "mhz: $mhz MHz" "mhz $mhz MHz, perf $ghz GHz" \
		awk -v a="$ghz" -v b="$mhz" 'BEGIN { d = a * 1000 / b; exit !(d > 0.9 && d < 1.1) }'
else
	row "clock rate (cycle counter)" "perf cannot count cycles here" "mhz: $mhz MHz" "not checked: no cycle counter to read"
fi
# What /proc/cpuinfo states (x86 and some others): the base clock, or the
# last one sampled; turbo and power saving move the running clock, so
# this row is not a test.
stated=$(awk -F': *' '/^cpu MHz/ { printf "%.0f", $2; exit }' /proc/cpuinfo 2>/dev/null)
if [ -z "$stated" ]; then
	row "clock rate (/proc/cpuinfo)" "not stated" "mhz: $mhz MHz" "not checked: /proc/cpuinfo has no cpu MHz here"
elif between "$mhz" "$((stated * 9 / 10))" "$((stated * 11 / 10))"; then
	row "clock rate (/proc/cpuinfo)" "cpu MHz: $stated" "mhz: $mhz MHz" "yes (not a test)"
else
	row "clock rate (/proc/cpuinfo)" "cpu MHz: $stated" "mhz: $mhz MHz" \
		"no (not a test: cpuinfo gives a base or last-sampled clock; turbo and power saving move the running one)"
fi

# The clock: ENOUGH, the interval the suite times (enough), spans at
# least 1000 steps of the clock as the kernel states its resolution
# (root may read it in /proc/timer_list).
enough=$(ENOUGH='' "$BUILD/enough" 2>/dev/null)
readcost=$("$BUILD/timing_o" 2>/dev/null)
source=$(cat /sys/devices/system/clocksource/clocksource0/current_clocksource 2>/dev/null)
res=$(awk '/^ *\.resolution: [0-9]+ nsecs/ { print $2; exit }' /proc/timer_list 2>/dev/null)
found="ENOUGH ${enough:-none} us; a read ${readcost:-unknown} us"
if [ -n "$res" ]; then
	judge "clock resolution" "$res ns (clocksource ${source:-unknown})" "$found" \
		"enough says ${enough:-nothing} us: under 1000 steps of the clock's $res ns" \
		awk -v e="$enough" -v r="$res" 'BEGIN { exit !(e != "" && e * 1000 >= 1000 * r) }'
else
	row "clock resolution" "clocksource ${source:-unknown}" "$found" \
		"not checked: the resolution is stated in /proc/timer_list, which only root may read"
fi

# The page size: every program takes it from sysconf, as getconf does;
# none measures it.
row "page size" "$(getconf PAGESIZE 2>/dev/null || echo unknown) bytes (getconf)" "the programs use sysconf(_SC_PAGESIZE)" \
	"not checked: no program measures the page size"

# Cache sizes as sysfs states them: the knees of the random-chase
# latency curve sit at L1d and L2, within one size step of lmbench's grid
# (cache_kb: tests/lib.sh).
l1=$(cache_kb 1 Data)
l2=$(cache_kb 2 Unified)
if [ -n "$l1" ] && [ -n "$l2" ]; then
	mb=$(awk -v k="$l2" 'BEGIN { m = int(k * 4 / 1024); if (m < 1) m = 1; print m }')
	# knee LO HI [FILE]: the size (KB) in (LO, HI] where the latency
	# jumps most from the size before it: the edge of a cache.  (A
	# threshold over a plateau would be fooled by the TLB misses the
	# random ring adds past the TLB's reach.)
	knee() {
		awk -v lo="$1" -v hi="$2" '/^[0-9]/ { kb = $1 * 1024
			if (prev != "" && kb > lo && kb <= hi && $2 / prev > best) { best = $2 / prev; at = kb }
			prev = $2 } END { if (at != "") printf "%d\n", at + 0.5 }' "${3:-$T_TMP/err}"
	}
	# shared KB [FILE]: "yes RATIO" where the latency at KB (half the
	# stated L1d) is already a quarter above the floor (the smallest
	# latency up to KB/4): the L1d held less than half its size for the
	# chase, as when the core's other hardware thread (another guest's
	# vCPU on a cloud host) works in the same L1d.  The knee then falls
	# early, and that is the machine, not the benchmark.
	shared() {
		awk -v at="$1" '/^[0-9]/ { kb = $1 * 1024
			if (kb <= at / 4 * 1.01 && (floor == "" || $2 < floor)) floor = $2
			if (kb <= at * 1.01) v = $2 }
			END { if (floor > 0 && v / floor > 1.25) printf "yes %.2f\n", v / floor; else print "no" }' "${2:-$T_TMP/err}"
	}
	# The rules on sweeps other machines gave: a quiet Emerald Rapids
	# (L1d 48 KB: knee at 48, not shared), and one in CI whose L1d was
	# shared (latency up by 16 KB, knee at 24).
	printf '%s\n' 0.00391 1.991 0.00781 1.982 0.01562 2.036 0.02344 1.983 0.03125 2.107 \
		0.04688 6.037 0.06250 6.472 0.09375 6.481 | paste - - >"$T_TMP/quiet"
	printf '%s\n' 0.00391 1.976 0.00586 1.985 0.00781 2.004 0.01172 2.115 0.01562 2.418 \
		0.02344 4.086 0.03125 5.646 0.04688 6.432 0.06250 6.384 0.09375 6.772 | paste - - >"$T_TMP/busy"
	expect_eq "knee, quiet sweep" "48" "$(knee 12 144 "$T_TMP/quiet")"
	expect_eq "L1d not shared, quiet sweep" "no" "$(shared 24 "$T_TMP/quiet")"
	expect_eq "knee, shared sweep" "24" "$(knee 12 144 "$T_TMP/busy")"
	expect_eq "L1d shared, busy sweep" "yes 2.07" "$(shared 24 "$T_TMP/busy")"
	# A shared machine can put a spike anywhere in one sweep: up to
	# three sweeps, and both knees must sit right in the same one; an
	# L1d found shared in a sweep is not checked in it (the L2 still is).
	good=0
	for _ in 1 2 3; do
		run_prog "$BUILD/lat_mem_rd" -t -N 5 "$mb" 64
		k1=$(knee $((l1 / 4)) $((l1 * 3)))
		k2=$(knee $((l1 * 3)) $((l2 * 3)))
		sh1=$(shared $((l1 / 2)))
		if between "$k1" "$((l1 * 2 / 3))" "$((l1 * 2))"; then a1=yes
		elif [ "${sh1%% *}" = yes ]; then a1="not checked: the L1d was shared in this sweep (latency at $((l1 / 2)) KB ${sh1#yes }x the floor)"
		else a1=no; fi
		if [ "$a1" != no ] && between "$k2" "$((l2 * 2 / 3))" "$((l2 * 2))"; then
			good=1
			break
		fi
	done
	if [ "$good" = 1 ]; then ok; else
		not_ok "knees at ${k1:-none} and ${k2:-none} KB, sysfs says L1d $l1 and L2 $l2 KB: $(tr '\n' ' ' <"$T_TMP/err" | head -c 600)"
	fi
	row "L1d size (lat_mem_rd knee)" "$l1 KB (sysfs)" "${k1:+knee at }${k1:-no knee}${k1:+ KB}" "$a1"
	if between "$k2" "$((l2 * 2 / 3))" "$((l2 * 2))"; then a=yes; else a=no; fi
	row "L2 size (lat_mem_rd knee)" "$l2 KB (sysfs)" "${k2:+knee at }${k2:-no knee}${k2:+ KB}" "$a"
else
	row "L1d and L2 sizes" "not stated (no sysfs cache sizes)" "-" "not checked: sysfs states no L1d/L2 sizes here"
fi

# lat_fs creates and deletes exactly the files it says: traced, the most
# files in existence at once are the FILES it prints (a phase makes that
# many, then removes them), every file created is unlinked, and its
# directory is left empty.
if command -v strace >/dev/null && strace -f -qq -o /dev/null true 2>/dev/null; then
	mkdir -p "$T_TMP/fsx"
	strace -f -qq -o "$T_TMP/trace" -e trace=openat,open,creat,unlink,unlinkat \
		"$BUILD/lat_fs" -N 3 -s 1k "$T_TMP/fsx" >/dev/null 2>"$T_TMP/err"
	files=$(awk -F '\t' '/^1k/ { print $2 }' "$T_TMP/err")
	# the most files in existence at once: creates less unlinks so far
	made=$(awk -v d="\"$T_TMP/fsx/" 'index($0, d) && $0 !~ / = -1 / {
		if ($0 ~ /O_CREAT/) { n++; if (n > max) max = n }
		else if ($0 ~ /unlink/ && $0 ~ / = 0$/) n-- } END { print max + 0 }' "$T_TMP/trace")
	ncreat=$(grep 'O_CREAT' "$T_TMP/trace" | grep -v ' = -1 ' | grep -c "\"$T_TMP/fsx/")
	nunlink=$(grep 'unlink' "$T_TMP/trace" | grep ' = 0$' | grep -c "\"$T_TMP/fsx/")
	lat_fs_right() {
		[ -n "$files" ] && [ "$made" = "$files" ] && [ "$ncreat" = "$nunlink" ] && [ "$ncreat" -gt 0 ] &&
			[ -z "$(ls -A "$T_TMP/fsx")" ]
	}
	judge "files lat_fs -s 1k makes" "strace: at most $made at once, $ncreat created, $nunlink removed" \
		"lat_fs: ${files:-no} files" \
		"lat_fs: says $files files, at most $made at once, $ncreat creates, $nunlink unlinks, left: $(ls -A "$T_TMP/fsx")" \
		lat_fs_right
else
	row "files lat_fs -s 1k makes" "-" "-" "not checked: strace is not installed (or not allowed)"
fi

# cache: its L1 and L2 are the sizes sysfs states, within one step of its
# quarter-octave grid, and its line size is the coherency line; an L3
# that sysfs states but cache does not find (a virtual machine sees a
# slice of a shared L3, or none) is reported, not passed over.
l3=$(cache_kb 3 Unified)
want=$(cat /sys/devices/system/cpu/cpu0/cache/index0/coherency_line_size 2>/dev/null)
if [ -n "$l1" ] && [ -n "$l2" ]; then
	good=0
	for _ in 1 2 3; do
		run_prog "$BUILD/cache" -N 5 -M $((l2 * 16))k
		c1=$(awk '/^L1 cache:/ { print $3 / 1024 }' "$T_TMP/err")
		c2=$(awk '/^L2 cache:/ { print $3 / 1024 }' "$T_TMP/err")
		if [ "$RC" -eq 0 ] && between "$c1" "$((l1 * 3 / 4))" "$((l1 * 4 / 3))" &&
			between "$c2" "$((l2 * 3 / 4))" "$((l2 * 4 / 3))"; then
			good=1
			break
		fi
	done
	if [ "$good" = 1 ]; then ok; else
		not_ok "cache L1 ${c1:-none} KB, L2 ${c2:-none} KB; sysfs L1d $l1 KB, L2 $l2 KB: $(tr '\n' ' ' <"$T_TMP/err")"
	fi
	for lv in 1 2; do
		if [ $lv = 1 ]; then c=$c1 s=$l1 n=L1d; else c=$c2 s=$l2 n=L2; fi
		if [ "$RC" -eq 0 ] && between "$c" "$((s * 3 / 4))" "$((s * 4 / 3))"; then a=yes; else a=no; fi
		row "$n size (cache)" "$s KB (sysfs)" "${c:-none}${c:+ KB}" "$a"
	done
	got=$(awk '/^L1 cache:/ { print $7 }' "$T_TMP/err")
	if [ -n "$want" ]; then
		judge "line size (cache)" "$want bytes (sysfs)" "${got:-none}${got:+ bytes}" \
			"cache linesize $got, sysfs $want" [ "$got" = "$want" ]
	else
		row "line size (cache)" "not stated" "${got:-none}${got:+ bytes}" "not checked: sysfs states no coherency line"
	fi
	c3=$(awk '/^L3 cache:/ { print $3 / 1024 }' "$T_TMP/err")
	found="${c3:-none}${c3:+ KB}"
	if [ -z "$l3" ]; then
		row "L3 size (cache)" "not stated" "$found" "not checked: sysfs states no L3"
	elif [ "$l3" -le $((l2 * 8)) ] && [ -n "$c3" ] && between "$c3" "$((l3 * 3 / 4))" "$((l3 * 4 / 3))"; then
		row "L3 size (cache)" "$l3 KB (sysfs)" "$found" "yes (not a test)"
	elif [ "$l3" -gt $((l2 * 8)) ]; then
		row "L3 size (cache)" "$l3 KB (sysfs)" "$found within $((l2 * 16)) KB" \
			"not checked: beyond this test's sweep of $((l2 * 16)) KB (a virtual machine's vCPU may see a slice of a shared L3)"
	else
		row "L3 size (cache)" "$l3 KB (sysfs)" "$found" "not checked: cache finds it otherwise as this CPU sees it"
	fi
	# A level that cache prints more than a step of its grid off the
	# size sysfs states is said, with that size: an L3 found at a sixth
	# of it (what a vCPU sees of a shared one) is no silent answer.
	for lv in 1 2 3; do
		case $lv in 1) c=$c1 s=$l1 ;; 2) c=$c2 s=$l2 ;; *) c=$c3 s=$l3 ;; esac
		if [ -z "$c" ] || [ -z "$s" ] || between "$c" "$((s * 4 / 5))" "$((s * 5 / 4))"; then continue; fi
		if grep -q "^cache: warning: L$lv measured at [0-9]* bytes, the system states " "$T_TMP/err"; then ok; else
			not_ok "cache L$lv $c KB, sysfs $s KB, and no warning says so: $(tr '\n' ' ' <"$T_TMP/err")"
		fi
	done
fi

# stream copy and bw_mem over arrays of the same size (64 MB each) agree
# within 0.7 to 1.4, once STREAM's counting (bytes read plus bytes
# written) is set beside bw_mem's (bytes copied): stream = 2 x bw_mem.
# The band catches a count or a kernel off by half or double; narrower,
# it judged the processors' loops: on an AMD Zen 4 guest stream's 8-byte
# loop copied 8-24 % faster than cp (a store of one word in four) and
# 8-39 % faster than memcpy (best of five; this commit and 81df5a5
# alike), where 10 % had held on Intel and Zen 5.  Which of
# bw_mem's copies STREAM's loop is depends on the compiler: gcc 12 at -O2
# leaves `c[i] = a[i]` a loop of 8-byte loads and stores, as lmbench's cp
# is; another may make it a memcpy call, which is bcopy.  So the row
# holds where stream agrees with either.  Seen, best of three each:
# Intel Emerald Rapids (260 MB L3 shared with the host's other guests)
# stream 8547-10642, bcopy 5455-5956, cp 4337-4890 MB/s, against cp
# 0.88-1.12, against bcopy 0.72-0.95; AMD Zen 5 stream 39387, bcopy
# 18720, cp 17223 (1.05 against bcopy, 1.14 against cp); AMD Zen 4
# stream 28940-33208, bcopy 10697-14910, cp 12643-15011 (1.08-1.24
# against cp).
# Each figure is the best of five runs, interleaved (a busy neighbour
# only lowers a bandwidth, and on these guests one run in three is 10 %
# low), and the whole comparison gets three tries.
copy_best() { awk -v a="$1" -v b="${2:-0}" 'BEGIN { print (b + 0 > a + 0 ? b : a) }'; }
copy_agree() { between "$rp" 0.7 1.4 || between "$rc" 0.7 1.4; }
copy_ratio() { awk -v s="$1" -v c="$2" 'BEGIN { if (c > 0) printf "%.3f", s / (2 * c); else print 0 }'; }
for _ in 1 2 3; do
	bs=0 bc=0 bp=0
	for _ in 1 2 3 4 5; do
		bs=$(copy_best "$bs" "$("$BUILD/stream" -N 3 -M 192m 2>&1 | awk '/^STREAM copy bandwidth:/ { print $4 }')")
		bc=$(copy_best "$bc" "$("$BUILD/bw_mem" -N 5 64m bcopy 2>&1 | awk "$BW_RATE")")
		bp=$(copy_best "$bp" "$("$BUILD/bw_mem" -N 5 64m cp 2>&1 | awk "$BW_RATE")")
	done
	rc=$(copy_ratio "$bs" "$bc") rp=$(copy_ratio "$bs" "$bp")
	if copy_agree; then break; fi
done
judge "copy bandwidth, 64 MB" "stream = 2 x bw_mem cp or bcopy, 0.7 to 1.4" \
	"stream $bs, bw_mem cp $bp, bcopy $bc MB/s: ratios $rp, $rc" \
	"stream copy $bs MB/s against 2 x bw_mem cp $bp MB/s (ratio $rp) and 2 x bcopy $bc MB/s (ratio $rc), want one within 0.7 to 1.4" \
	copy_agree

# The line: false sharing between two CPUs (atomic adds on both sides)
# or, where that cannot decide (one CPU), loads within a line against
# loads across lines; either must find the line sysfs states.  line's
# last resort, the sysfs value itself ("from sysfs" with -v), is no
# finding: it is said, not counted.
if [ -n "$want" ]; then
	run_prog "$BUILD/line" -v
	got=$(value "$T_TMP/out" 4)
	how=$(sed -n '1s/.*(\(.*\)).*/\1/p' "$T_TMP/out")
	case $how in
	*sysfs*)
		row "line size (line)" "$want bytes (sysfs)" "${got:-none} bytes, $how" "not checked: line found nothing and fell back on sysfs" ;;
	*)
		judge "line size (line)" "$want bytes (sysfs)" "${got:-none} bytes, by ${how:-?}" \
			"line $got bytes (${how:-?}), sysfs $want" [ "$got" = "$want" ] ;;
	esac
else
	row "line size (line)" "not stated" "-" "not checked: sysfs states no coherency line"
fi

# The first-level data TLB of base pages: tlb counts the entries the
# processor states (x86 cpuid, tlb -v), within a quarter either way.  The
# core's other hardware thread (another guest's vCPU on a cloud host)
# can hold a share of it for a while, as of the L1d: up to three runs,
# and a run that counts off the stated size must say so in its warning.
page=$(getconf PAGESIZE 2>/dev/null || echo 4096)
fact="L1 data TLB, $page-byte pages (tlb)"
st='' tl='' good=0
for _ in 1 2 3; do
	run_prog "$BUILD/tlb" -v
	st=$(awk '/^tlb: stated: [0-9]+ entries/ { print $3 }' "$T_TMP/err")
	src=$(sed -n 's/^tlb: stated: .*(\(.*\))$/\1/p' "$T_TMP/err")
	tl=$(awk '/^tlb: [0-9]+ pages/ { print $2 }' "$T_TMP/err")
	[ -n "$st" ] || break
	if [ "$RC" -eq 0 ] && between "$tl" "$((st * 3 / 4))" "$((st * 5 / 4))"; then
		good=1
		break
	fi
	if [ "$RC" -ne 0 ] || grep -q "^tlb: warning: found $tl pages, the processor states $st " "$T_TMP/err"; then ok; else
		not_ok "tlb $tl pages, stated $st entries, and no warning says so: $(tr '\n' ' ' <"$T_TMP/err")"
	fi
done
found="${tl:-no}${tl:+ pages}"
if [ -z "$st" ]; then
	row "$fact" "not stated" "$found" \
		"not checked: the processor states no first-level data TLB here (x86 cpuid only)"
elif [ "$src" = "cpuid 0x18" ]; then
	# Intel's leaf is decoded as the SDM lays it out, but no Intel
	# processor has been read through it yet: shown, not counted, until
	# one has (AMD's leaf agreed with tlb on Zen 5, 96 and 96).
	if [ "$good" = 1 ]; then a=yes; else a=no; fi
	row "$fact" "$st entries ($src)" "$found" \
		"$a (not a test: the leaf 0x18 decoder has not yet been checked on an Intel processor)"
else
	judge "$fact" "$st entries ($src)" "$found" \
		"tlb ${tl:-no} pages in three runs, the processor states $st entries ($src): $(tr '\n' ' ' <"$T_TMP/err")" \
		[ "$good" = 1 ]
fi
# shellcheck source=tests/truth_io.sh
. "$(dirname "$0")/truth_io.sh"
finish truth
