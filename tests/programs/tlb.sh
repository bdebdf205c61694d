# shellcheck shell=sh
# tlb: its smoke cases, sourced by tests/smoke.sh
result tlb err '^tlb: [0-9]+ pages$' 2 8 1000000 -N 3
result tlb err '^tlb: [0-9]+ pages [0-9]+\.[0-9]{5} nanoseconds$' 2 8 1000000 -N 5 -c -L 64 -M 16m
usage_checks tlb extra
bad tlb 2 -L 3
bad tlb 2 -M 1k
bad tlb 2 -P 2
