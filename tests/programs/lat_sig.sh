# shellcheck shell=sh
# lat_sig: its smoke cases, sourced by tests/smoke.sh
result lat_sig err "^Signal handler installation: $US" 4 0.001 1000 -N 3 install
result lat_sig err "^Signal handler overhead: $US" 4 0.001 1000 -N 3 catch
result lat_sig err "^Protection fault: $US" 3 0.001 1000 -N 3 prot
result lat_sig err "^Protection fault: $US" 3 0.001 1000 -N 3 prot "$T_TMP/file"
usage_checks lat_sig catch a b
bad lat_sig 2 bogus
bad lat_sig 1 prot /nonexistent
bad lat_sig 1 prot "$T_TMP"
