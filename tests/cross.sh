#!/bin/sh
# cross.sh BUILD - the unit tests and the smoke tests of a build for
# another processor, run under qemu-user in the smoke tests' emulated
# mode (LMBENCH_EMULATED=1: shapes, exit statuses, bad input, usage and
# bounds; no timing ranges, which mean nothing under emulation).
#
# The build directory is named for its triplet (bin/aarch64-linux-gnu):
# qemu-<arch> runs its programs with the target's C library from
# /usr/<triplet>; LMBENCH_QEMU names another emulator command.  Each
# program runs through a wrapper script of its name that hands it to the
# emulator, so a program cannot start another of its build (lat_proc
# exec and shell are left out, with that reason; binfmt_misc, where a
# machine has it, is not relied on).  A build for this machine's
# processor runs directly.
BUILD=${1%/}
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
dir=$(cd "$(dirname "$0")" && pwd)

triplet=${BUILD##*/}
arch=${triplet%%-*}
emu=${LMBENCH_QEMU-}
if [ -z "$emu" ] && [ "$arch" != "$(uname -m)" ]; then
	emu="qemu-$arch -L /usr/$triplet"
fi
real=$(cd "$BUILD" 2>/dev/null && pwd)

# wrapper NAME: $T_TMP/bin/NAME, a script that runs $real/NAME under the
# emulator with the arguments it is given.
wrapper() {
	{
		echo '#!/bin/sh'
		echo "exec $emu \"$real/$1\" \"\$@\""
	} >"$T_TMP/bin/$1"
	chmod +x "$T_TMP/bin/$1"
}

run=$real
unset LMBENCH_NOEXEC
if [ -z "$real" ] || [ ! -f "$real/hello" ]; then
	not_ok "no build in $BUILD (make cross builds one)"
	run=
elif [ -z "$emu" ]; then
	ok # this machine's own processor: the programs run as they are
elif ! command -v "${emu%% *}" >/dev/null; then
	not_ok "$triplet: the emulator ${emu%% *} is not installed (Debian: qemu-user)"
	run=
elif [ "$($emu "$real/hello" 2>&1)" != "Hello world" ]; then
	not_ok "$triplet: $emu cannot run hello: $($emu "$real/hello" 2>&1 | head -c 300)"
	run=
else
	ok
	run=$T_TMP/bin
	mkdir -p "$run/tests"
	for p in "$real"/* "$real"/tests/test_*; do
		if [ -f "$p" ] && [ -x "$p" ]; then wrapper "${p#"$real"/}"; fi
	done
	LMBENCH_NOEXEC="under qemu-user, a program built for $arch cannot exec another (the kernel cannot run it)"
	export LMBENCH_NOEXEC
fi

if [ -n "$run" ]; then
	# run.sh's lines, each suite's named for the target; its total is
	# this suite's own, given once in the closing line.
	out=$(LMBENCH_EMULATED=1 sh "$dir/run.sh" "$run" unit smoke)
	printf '%s\n' "$out" | sed -e '$d' -e "s/^unit: /$triplet unit: /" -e "s/^smoke: /$triplet smoke: /"
	total=$(printf '%s\n' "$out" | tail -n 1)
	p=$(printf '%s\n' "$total" | sed -n -E 's/^([0-9]+) passed, [0-9]+ failed$/\1/p')
	f=$(printf '%s\n' "$total" | sed -n -E 's/^[0-9]+ passed, ([0-9]+) failed$/\1/p')
	if [ -n "$p" ] && [ -n "$f" ]; then
		PASS=$((PASS + p))
		FAIL=$((FAIL + f))
	else
		not_ok "$triplet: the unit and smoke tests gave no totals"
	fi
fi
finish cross
