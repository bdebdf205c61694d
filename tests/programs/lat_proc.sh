# shellcheck shell=sh
# lat_proc: its smoke cases, sourced by tests/smoke.sh
result lat_proc err "^Procedure call: $US" 3 0.0001 100 -N 3 procedure
result lat_proc err "^Process fork\+exit: $US" 3 1 1000000 -N 3 fork
# (under qemu-user the kernel starts a program of the build's processor
# only where binfmt_misc hands it to qemu: LMBENCH_NOEXEC says why not)
if [ -z "${LMBENCH_NOEXEC-}" ]; then
	result lat_proc err "^Process fork\+execve: $US" 3 1 1000000 -N 3 exec
	result lat_proc err "^Process fork\+/bin/sh -c: $US" 4 1 1000000 -N 3 shell
fi
usage_checks lat_proc fork extra
bad lat_proc 2 bogus
if [ -z "${LMBENCH_NOEXEC-}" ]; then
	mkdir -p "$T_TMP/alone"
	cp "$BUILD/lat_proc" "$T_TMP/alone/"
	run_prog "$T_TMP/alone/lat_proc" -N 2 exec
	expect_rc 1 "lat_proc exec without hello beside it"
else
	echo "smoke: lat_proc exec and shell skipped: $LMBENCH_NOEXEC"
fi
