# shellcheck shell=sh
# truth_io.sh - sourced by tests/truth.sh: the block write rate bw_bonnie
# finds through a stated limit of 20 MB/s is that limit, within 15 %.
# The limit is a cgroup's write limit on a loop device (a file in the
# test's directory, ext4 on it, mounted there): cgroup v2's io.max wbps
# where the io controller is there, else cgroup v1's blkio throttle
# (blkio.throttle.write_bps_device).  bw_bonnie writes with O_DIRECT
# (-D), so every byte passes the limit in the writer's own cgroup.  The
# mount, the loop device and the cgroup are undone on every path
# (the EXIT trap, which INT and TERM reach through lib.sh's exit).
IO_LIMIT=20000000
io_dev='' io_mnt='' io_cg='' io_v2root='' io_enabled=''

io_cleanup() {
	if [ -n "$io_mnt" ] && grep -q " $io_mnt " /proc/mounts 2>/dev/null; then
		umount "$io_mnt" 2>/dev/null || umount -l "$io_mnt" 2>/dev/null
	fi
	[ -z "$io_dev" ] || losetup -d "$io_dev" 2>/dev/null
	if [ -n "$io_cg" ] && [ -d "$io_cg" ]; then
		# its one process (the shell that ran bw_bonnie) has ended
		i=0
		while ! rmdir "$io_cg" 2>/dev/null && [ $i -lt 50 ]; do
			sleep 0.1
			i=$((i + 1))
		done
	fi
	[ -z "$io_enabled" ] || echo "-io" >"$io_v2root/cgroup.subtree_control" 2>/dev/null
	io_dev='' io_mnt='' io_cg='' io_enabled=''
}

# io_cgroup MAJ:MIN: a new cgroup limiting writes to that device, in
# io_cg and its kind in io_kind; or why not, on stdout, and status 1.
io_cgroup() {
	for r in /sys/fs/cgroup /sys/fs/cgroup/unified; do
		if [ ! -f "$r/cgroup.controllers" ] || ! grep -qw io "$r/cgroup.controllers"; then
			continue
		fi
		if ! grep -qw io "$r/cgroup.subtree_control" 2>/dev/null; then
			echo "+io" >"$r/cgroup.subtree_control" 2>/dev/null || continue
			io_v2root=$r io_enabled=1
		fi
		io_cg=$r/lmbench-ng-io.$$
		mkdir "$io_cg" 2>/dev/null && echo "$1 wbps=$IO_LIMIT" >"$io_cg/io.max" 2>/dev/null &&
			io_kind="cgroup v2 io.max wbps" && return 0
		echo "cannot set io.max in $r"
		return 1
	done
	r=/sys/fs/cgroup/blkio
	if [ -f "$r/blkio.throttle.write_bps_device" ]; then
		io_cg=$r/lmbench-ng-io.$$
		mkdir "$io_cg" 2>/dev/null && echo "$1 $IO_LIMIT" >"$io_cg/blkio.throttle.write_bps_device" 2>/dev/null &&
			io_kind="cgroup v1 blkio throttle" && return 0
		echo "cannot set a blkio throttle in $r"
		return 1
	fi
	echo "no cgroup io controller (v2 io or v1 blkio) here"
	return 1
}

# io_setup: the loop device, its file system and the cgroup; or why not,
# on stdout, and status 1.
io_setup() {
	[ "$(id -u)" -eq 0 ] || { echo "not root (loop devices and cgroups need root)"; return 1; }
	for c in losetup mkfs.ext4 mount umount truncate; do
		command -v "$c" >/dev/null 2>&1 || { echo "$c is not installed"; return 1; }
	done
	truncate -s 128M "$T_TMP/io.img" || { echo "cannot make the image file"; return 1; }
	io_dev=$(losetup -f --show "$T_TMP/io.img" 2>/dev/null) || { io_dev=; echo "no loop device (losetup failed)"; return 1; }
	mkfs.ext4 -q -F "$io_dev" >/dev/null 2>&1 || { echo "mkfs.ext4 failed on $io_dev"; return 1; }
	mkdir "$T_TMP/io.mnt" && io_mnt=$T_TMP/io.mnt
	mount "$io_dev" "$io_mnt" 2>/dev/null || { echo "cannot mount $io_dev"; return 1; }
	majmin=$(cat "/sys/block/${io_dev##*/}/dev" 2>/dev/null)
	[ -n "$majmin" ] || { echo "no device number for $io_dev"; return 1; }
	io_cgroup "$majmin"
}

trap 'io_cleanup; rm -rf "$T_TMP"' EXIT
io_fact="block write through a 20 MB/s limit (bw_bonnie -D)"
if io_setup >"$T_TMP/io.why"; then
	# The limit binds the shell that joins the cgroup and the program it
	# becomes; 48 MB: over two seconds of writing at the limit.
	# ENOUGH: no calibration (each phase is one fixed interval).
	ENOUGH=500 sh -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' sh "$io_cg" \
		"$BUILD/bw_bonnie" -D -f -s 48m -c 1m -n 20 "$io_mnt" >"$T_TMP/out" 2>"$T_TMP/err"
	v=$(awk '/^Bonnie block write:/ { print $4 }' "$T_TMP/err")
	judge "$io_fact" "20 MB/s ($io_kind on a loop device), within 15 %" "${v:-nothing} MB/s" \
		"bw_bonnie -D through a $io_kind of 20 MB/s: ${v:-no figure} MB/s ($(head -c 200 "$T_TMP/err"))" \
		between "${v:-0}" 17 23
	if [ "$(find "$io_mnt" -mindepth 1 -maxdepth 1 ! -name lost+found | wc -l)" -eq 0 ]; then ok; else
		not_ok "bw_bonnie left files in the limited file system: $(ls -A "$io_mnt")"; fi
else
	row "$io_fact" "-" "-" "not checked: $(cat "$T_TMP/io.why")"
fi
io_cleanup
trap 'rm -rf "$T_TMP"' EXIT
