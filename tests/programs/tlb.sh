# shellcheck shell=sh
# tlb: its smoke cases, sourced by tests/smoke.sh
result tlb err '^tlb: [0-9]+ pages$' 2 8 1000000 -N 3
result tlb err '^tlb: [0-9]+ pages [0-9]+\.[0-9]{5} nanoseconds$' 2 8 1000000 -N 5 -c -L 64 -M 16m
usage_checks tlb extra
huge tlb -M 99999999g
bad tlb 2 -L 3
bad tlb 2 -M 1k
bad tlb 2 -P 2

# -H: huge pages where the kernel gives them, else 77 (tests/mem_pages.sh)
# shellcheck source=tests/mem_pages.sh
. "$T_DIR/mem_pages.sh"
pages_checks tlb 536870912 "thp huge none" -N 3 -M 512m

# -v: first what the processor states (x86 cpuid), or that it states
# nothing (elsewhere, or a hypervisor that hides it), then the result.
run_prog "$BUILD/tlb" -v -N 3
expect_rc 0 "tlb -v -N 3"
grep -v '^tlb: warning: found [0-9]* pages, the processor states ' "$T_TMP/err" >"$T_TMP/err.w"
if awk 'NR == 1 && !/^tlb: (stated: [0-9]+ entries for [0-9]+-byte pages \(cpuid 0x[0-9a-f]+\)|the processor states no first-level data TLB size for [0-9]+-byte pages here)$/ { bad = 1 }
	NR == 2 && !/^tlb: [0-9]+ pages$/ { bad = 1 } END { exit bad || NR != 2 }' "$T_TMP/err.w"; then ok; else
	not_ok "tlb -v: not the stated size then the count: $(cat "$T_TMP/err")"; fi
