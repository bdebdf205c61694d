# shellcheck shell=sh
# mem_pages.sh: -H (huge pages) of the memory programs, for their smoke
# files (tests/programs/NAME.sh source it).  Where the kernel gives the
# pages asked for, a run records the page size (" pages=KIND+BYTES" in
# the placement, or a "page size" record); where it refuses
# (transparent huge pages off or absent, too few hugetlbfs pages free:
# the tests reserve none), status 77 and one line.

# pages_refused KIND BYTES: whether the kernel refuses KIND for BYTES.
pages_refused() {
	case $1 in
	thp)
		[ ! -f /sys/kernel/mm/transparent_hugepage/enabled ] ||
			grep -q '\[never\]' /sys/kernel/mm/transparent_hugepage/enabled
		;;
	huge)
		awk -v need="$2" '/^HugePages_Free:/ { f = $2 } /^Hugepagesize:/ { s = $2 * 1024 }
			END { exit !(f * s < need) }' /proc/meminfo
		;;
	*) return 1 ;;
	esac
}

# pages_checks PROG BYTES KINDS ARGS...: PROG -H KIND ARGS for each of
# KINDS (BYTES: what the run maps at most), and a bad kind.
pages_checks() {
	pc_prog=$1 pc_bytes=$2 pc_kinds=$3
	shift 3
	for pc_kind in $pc_kinds; do
		if pages_refused "$pc_kind" "$pc_bytes"; then
			bad "$pc_prog" 77 -H "$pc_kind" "$@"
			continue
		fi
		LMBENCH_JSON=- run_prog "$BUILD/$pc_prog" -H "$pc_kind" "$@"
		expect_rc 0 "$pc_prog -H $pc_kind $*"
		if grep -Eq "pages=$pc_kind\+[0-9]+|\"metric\":\"page size\",\"size_bytes\":[0-9]+," "$T_TMP/out"; then ok; else
			not_ok "$pc_prog -H $pc_kind: no page size recorded: $(head -c 300 "$T_TMP/out")"
		fi
	done
	bad "$pc_prog" 2 -H bogus "$@"
}
