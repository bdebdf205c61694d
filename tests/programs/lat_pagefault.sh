# shellcheck shell=sh
# lat_pagefault: its smoke cases, sourced by tests/smoke.sh
result lat_pagefault err "^Pagefaults on $T_TMP/f2m: $US" 4 0.0001 1000 -N 3 "$T_TMP/f2m"
result lat_pagefault err "^Pagefaults on $T_TMP/f2m: $US" 4 0.0001 1000 -N 3 -C -P 2 "$T_TMP/f2m"
usage_checks lat_pagefault "$T_TMP/f2m" extra
bad lat_pagefault 1 "$T_TMP/file"
bad lat_pagefault 1 /nonexistent
bad lat_pagefault 1 "$T_TMP"
