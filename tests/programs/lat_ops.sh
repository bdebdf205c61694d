# shellcheck shell=sh
# lat_ops: its smoke cases, sourced by tests/smoke.sh

# 18 lines in lmbench's order, none below 0.1 ns
result lat_ops err '^[a-z0-9 ]+: [0-9]+\.[0-9]{2} nanoseconds$' 3 0.1 10000 -N 3
if [ "$(cut -d: -f1 "$T_TMP/err" | tr '\n' ',')" = "integer bit,integer add,integer mul,integer div,integer mod,int64 bit,uint64 add,int64 mul,int64 div,int64 mod,float add,float mul,float div,double add,double mul,double div,float bogomflops,double bogomflops," ]; then ok; else
	not_ok "lat_ops order: $(cut -d: -f1 "$T_TMP/err" | tr '\n' ',')"
fi
usage_checks lat_ops extra
