# shellcheck shell=sh
# cache: its smoke cases, sourced by tests/smoke.sh

# levels then memory, each with the five figures; -c the curve
result cache err '^(L[1-8] cache: [0-9]+ bytes [0-9]+\.[0-9]{2} nanoseconds [0-9]+ linesize [0-9]+\.[0-9]{2} parallelism|Memory latency: [0-9]+\.[0-9]{2} nanoseconds [0-9]+\.[0-9]{2} parallelism)$' - 0 0 -N 3 -M 4m
if head -n 1 "$T_TMP/err" | grep -q '^L1 cache: ' && tail -n 1 "$T_TMP/err" | grep -q '^Memory latency: '; then ok; else not_ok "cache order: $(cat "$T_TMP/err")"; fi
result cache out '^[0-9]+ [0-9]+\.[0-9]{3}$' 1 4096 4194304 -c -N 3 -L 128 -M 2m
usage_checks cache extra
huge cache -M 99999999g
bad cache 2 -L 3
bad cache 2 -L 100000
bad cache 2 -M 1k
bad cache 2 -M 0
bad cache 2 -M abc
bad cache 2 -P 2

# -H: huge pages where the kernel gives them, else 77 (tests/mem_pages.sh)
# shellcheck source=tests/mem_pages.sh
. "$T_DIR/mem_pages.sh"
# (thp is the default: smoke runs it above)
pages_checks cache 4194304 "huge none" -N 2 -M 512k
