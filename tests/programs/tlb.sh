# shellcheck shell=sh
# tlb: its smoke cases, sourced by tests/smoke.sh
result tlb err '^tlb: [0-9]+ pages$' 2 8 1000000 -N 3
result tlb err '^tlb: [0-9]+ pages [0-9]+\.[0-9]{5} nanoseconds$' 2 8 1000000 -N 5 -c -L 64 -M 16m
usage_checks tlb extra
bad tlb 2 -L 3
bad tlb 2 -M 1k
bad tlb 2 -P 2

# -H: huge pages where the kernel gives them, else 77 (tests/mem_pages.sh)
# shellcheck source=tests/mem_pages.sh
. "$T_DIR/mem_pages.sh"
pages_checks tlb 536870912 "thp huge none" -N 3 -M 512m
