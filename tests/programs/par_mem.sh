# shellcheck shell=sh
# par_mem: its smoke cases, sourced by tests/smoke.sh

# size (10^6 MB) and parallelism per size, from 16 lines
result par_mem err '^[0-9]+\.[0-9]{6} [0-9]+\.[0-9]{2}$' 2 0.5 16.5 -N 3 -M 1m
if [ "$(head -n 1 "$T_TMP/err" | cut -d' ' -f1)" = "0.001024" ] && [ "$(wc -l <"$T_TMP/err")" -eq 11 ]; then ok; else
	not_ok "par_mem sizes: $(cut -d' ' -f1 "$T_TMP/err" | tr '\n' ' ')"
fi
usage_checks par_mem extra
huge par_mem -M 99999999g
bad par_mem 2 -L 3
bad par_mem 2 -M 100
bad par_mem 2 -P 2

# -H: huge pages where the kernel gives them, else 77 (tests/mem_pages.sh)
# shellcheck source=tests/mem_pages.sh
. "$T_DIR/mem_pages.sh"
pages_checks par_mem 4194304 "thp huge" -N 3 -M 64k
