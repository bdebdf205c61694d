#!/bin/sh
# fleet.sh BUILD - make fleet (fleet/run, the Ansible playbook) on a fleet
# of two hosts that are network namespaces of this machine (each with its
# own UTS name, and its own sshd on its namespace address, reached by the
# controller - a third namespace - with a key made here): the playbook
# copies the commit and this build (lmbench_build=controller), runs a
# tiny profile and fetches two result files; make see shows both hosts,
# and the remote table the pair (fleet-a the client of fleet-b); nothing
# is left running in either namespace.  Then one host unreachable (its
# sshd stopped), a host name that does not resolve and a bad profile
# value: the other host's results saved, each of the others named, the
# status non-zero.  A missing or malformed inventory: one line, status 2.
# ansible-lint and ansible-playbook --syntax-check clean.  Skipped,
# saying why, without root, Ansible, sshd or namespaces.
BUILD=$(cd "$1" && pwd)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/lib.sh"
top=$(cd "$(dirname "$0")/.." && pwd)
t0=$(date +%s)

skip() {
	echo "fleet: skipped: $*"
	finish fleet
	exit $?
}
[ "$(id -u)" -eq 0 ] || skip "needs root (namespaces, sshd)"
for c in ansible-playbook ansible-inventory ip unshare ssh-keygen; do
	command -v "$c" >/dev/null 2>&1 || skip "no $c here (Debian: ansible-core, iproute2, util-linux, openssh-client)"
done
[ -x /usr/sbin/sshd ] || skip "no /usr/sbin/sshd (Debian: openssh-server)"

c=lmfc-$$ a=lmfa-$$ b=lmfb-$$
made_run_sshd=
# Every path out: the sshds and whatever else runs in the namespaces
# killed, the namespaces deleted.
teardown() {
	for ns in "$a" "$b" "$c"; do
		for p in $(ip netns pids "$ns" 2>/dev/null); do kill -9 "$p" 2>/dev/null; done
		ip netns del "$ns" 2>/dev/null
	done
	[ -n "$made_run_sshd" ] && rmdir /run/sshd 2>/dev/null
	rm -rf "$T_TMP"
}
trap teardown EXIT
if ! ip netns add "$c" 2>/dev/null || ! ip netns add "$a" 2>/dev/null || ! ip netns add "$b" 2>/dev/null; then
	skip "network namespaces are not allowed here"
fi
C() { ip netns exec "$c" "$@"; }
# A bridge in the controller's namespace, a veth pair to each host.
if ! { ip -n "$c" link add br0 type bridge && ip -n "$c" link set br0 up &&
	ip -n "$c" addr add 10.254.0.1/24 dev br0 && ip -n "$c" link set lo up; } 2>/dev/null; then
	skip "cannot make a bridge in a namespace here"
fi
n=2
for ns in "$a" "$b"; do
	if ! { ip link add "lfh$n-$$" type veth peer name "lfc$n-$$" &&
		ip link set "lfh$n-$$" netns "$ns" && ip link set "lfc$n-$$" netns "$c" &&
		ip -n "$c" link set "lfc$n-$$" master br0 && ip -n "$c" link set "lfc$n-$$" up &&
		ip -n "$ns" addr add "10.254.0.$n/24" dev "lfh$n-$$" &&
		ip -n "$ns" link set "lfh$n-$$" up && ip -n "$ns" link set lo up; } 2>/dev/null; then
		skip "cannot make a veth pair here"
	fi
	n=$((n + 1))
done
if [ ! -d /run/sshd ]; then
	mkdir -p /run/sshd && made_run_sshd=1
fi

# The keys: the hosts' (one), the controller's.
if ! { ssh-keygen -q -t ed25519 -N '' -f "$T_TMP/hostkey" && ssh-keygen -q -t ed25519 -N '' -f "$T_TMP/key" &&
	cp "$T_TMP/key.pub" "$T_TMP/authorized_keys"; }; then
	skip "ssh-keygen failed"
fi
chmod 600 "$T_TMP/authorized_keys"
# sshd_up NS NAME ADDRESS: NAME's sshd in NS, on ADDRESS only, its UTS
# name NAME.
sshd_up() {
	cat >"$T_TMP/sshd-$2.conf" <<EOC
ListenAddress $3:22
HostKey $T_TMP/hostkey
PidFile $T_TMP/sshd-$2.pid
AuthorizedKeysFile $T_TMP/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp /usr/lib/openssh/sftp-server
EOC
	# shellcheck disable=SC2016 # the inner shell's arguments
	ip netns exec "$1" unshare --uts sh -c 'hostname "$1" && exec /usr/sbin/sshd -f "$2" -E "$3"' sh \
		"$2" "$T_TMP/sshd-$2.conf" "$T_TMP/sshd-$2.log"
}
if ! sshd_up "$a" fleet-a 10.254.0.2 || ! sshd_up "$b" fleet-b 10.254.0.3; then
	skip "sshd does not start in a namespace here: $(cat "$T_TMP"/sshd-*.log 2>/dev/null | head -n 1)"
fi

# The controller's Ansible: its files in the test's directory.
mkdir -p "$T_TMP/home" "$T_TMP/results"
export HOME="$T_TMP/home" ANSIBLE_LOCAL_TEMP="$T_TMP/home/tmp" ANSIBLE_REMOTE_TEMP="$T_TMP/rtmp" \
	ANSIBLE_SSH_CONTROL_PATH_DIR="$T_TMP/cp" ANSIBLE_NOCOLOR=1 ANSIBLE_FORCE_COLOR=0
export RESULTS="$T_TMP/results" FLEET_BUILD=controller
hostline() {
	printf '%s ansible_host=%s lmbench_dir=%s lmbench_lock=%s %s\n' "$1" "$2" "$T_TMP/dir-$1" "$T_TMP/lock-$1" "${3:-}"
}
inventory() {
	cat <<EOI
[all:vars]
ansible_user=root
ansible_ssh_private_key_file=$T_TMP/key
ansible_ssh_common_args='-o StrictHostKeyChecking=no -o UserKnownHostsFile=$T_TMP/known_hosts -o ConnectTimeout=5'
lmbench_subset=DEVELOPMENT
lmbench_benchmarks=SYSCALL
lmbench_enough=1000
lmbench_mb=8
lmbench_server_timeout=300
fleet_controller_bin=$BUILD

[lmbench_servers]
$(hostline fleet-b 10.254.0.3 "lmbench_server_bind=10.254.0.3")

[lmbench_clients]
$(hostline fleet-a 10.254.0.2)
EOI
	[ $# -gt 0 ] && printf '\n[more]\n' && printf '%s\n' "$@"
}
# fleet INVENTORY: make fleet's script in the controller's namespace,
# its output in $T_TMP/out and err, its status in $RC.
fleet() {
	C sh "$top/fleet/run" "$1" >"$T_TMP/out" 2>"$T_TMP/err"
	RC=$?
}
# only_sshd NS WHAT: nothing but sshd runs in NS.
only_sshd() {
	left=
	for p in $(ip netns pids "$1" 2>/dev/null); do
		comm=$(cat "/proc/$p/comm" 2>/dev/null)
		[ "$comm" = sshd ] || left="$left $p:$comm"
	done
	if [ -z "$left" ]; then ok; else not_ok "$2: left running:$left"; fi
}
expect_grep() {
	if grep -Eq -- "$2" "$1"; then ok; else not_ok "$3: no /$2/ in: $(tail -c 600 "$1")"; fi
}

# ------------------------------------------------------------ the fleet
inventory >"$T_TMP/inv"
s0=$(date +%s)
fleet "$T_TMP/inv"
s1=$(date +%s)
[ -n "${FLEET_TEST_LOG:-}" ] && cat "$T_TMP/out" "$T_TMP/err" >"$FLEET_TEST_LOG"
expect_rc 0 "make fleet on two namespace hosts"
res=$T_TMP/results/$(basename "$BUILD")
for h in fleet-a fleet-b; do
	if [ -s "$res/$h.0" ] && [ -f "$res/$h.0.json" ]; then ok; else not_ok "no result file $res/$h.0 (and .json)"; fi
	expect_grep "$T_TMP/out" "^$h +ok +[0-9.]+ +[0-9]+ +[0-9.]+ " "$h's summary line (state, seconds, suite, controller)"
done
grep -E '^fleet-[ab] +(ok|failed|unreachable) ' "$T_TMP/out" | sed 's/^/fleet: /'
echo "fleet: the two-host run took $((s1 - s0)) s"
expect_grep "$res/fleet-a.0" '^\[HOSTNAME: fleet-a\]' "fleet-a's file from fleet-a"
expect_grep "$res/fleet-a.0" '^\[ Networking remote to 10\.254\.0\.3: ' "fleet-a's remote section"
expect_grep "$res/fleet-a.0" 'TCP latency using 10\.254\.0\.3: [0-9.]+ microseconds' "lat_tcp across the pair"
run_prog sh "$top/scripts/see" "$T_TMP/results"
expect_rc 0 "make see of the fleet's results"
[ -n "${FLEET_TEST_LOG:-}" ] && cat "$T_TMP/out" >>"$FLEET_TEST_LOG"
for h in fleet-a fleet-b; do
	expect_grep "$T_TMP/out" "^$h " "make see shows $h"
done
# The remote table: fleet-a's row has figures.
if awk '/^\*Remote\* Communication latencies/ { t = 1; next } t && /^$/ && seen { exit } t && /^fleet-a / { seen = 1; if ($3 + 0 > 0 && $5 + 0 > 0) good = 1 } END { exit !good }' "$T_TMP/out"; then
	ok
else
	not_ok "the remote table has no figures for fleet-a: $(grep -A8 'Remote. Communication lat' "$T_TMP/out")"
fi
only_sshd "$a" "fleet-a after the run"
only_sshd "$b" "fleet-b after the run"

# ------------------------------------------------------------ failures
# fleet-b's sshd stopped, and its sessions (the controller's ssh
# connections persist).
for p in $(ip netns pids "$b"); do kill -9 "$p" 2>/dev/null; done
inventory "$(hostline fleet-bad 10.254.0.2 lmbench_mb=lots)" "nosuch.invalid" >"$T_TMP/inv2"
s0=$(date +%s)
fleet "$T_TMP/inv2"
echo "fleet: the run with three hosts failing took $(($(date +%s) - s0)) s"
[ -n "${FLEET_TEST_LOG:-}" ] && cat "$T_TMP/out" "$T_TMP/err" >>"$FLEET_TEST_LOG"
if [ "$RC" -ne 0 ]; then ok; else not_ok "a fleet with an unreachable host exits 0"; fi
if [ -s "$res/fleet-a.1" ] && [ -s "$res/fleet-a.0" ]; then ok; else not_ok "fleet-a's second run not saved beside its first"; fi
# (ssh's own words vary: a refused connection, or a broken pipe where
# ansible's kept connection to the stopped sshd was still open)
expect_grep "$T_TMP/err" '^fleet: fleet-b: unreachable: [^ ]' "the unreachable host named"
expect_grep "$T_TMP/err" '^fleet: nosuch\.invalid: unreachable: ' "the host that does not resolve named"
expect_grep "$T_TMP/err" "^fleet: fleet-bad: failed: checking the profile: bad lmbench_mb 'lots'" "the bad profile value named"
expect_grep "$T_TMP/out" '^fleet-a +ok .*no network pair: fleet-b is unreachable' "the client's pair named, its own run saved"
if [ "$(grep -c '^fleet: ' "$T_TMP/err")" -eq 3 ]; then ok; else not_ok "want one line for each of 3 hosts: $(cat "$T_TMP/err")"; fi
only_sshd "$a" "fleet-a after the second run"

# ------------------------------------------------------------ bad input
fleet "$T_TMP/no-such-inventory"
expect_rc 2 "a missing inventory"
expect_one_line "$T_TMP/err" "a missing inventory"
printf '[broken\nfleet-a ansible_host=\n' >"$T_TMP/inv3"
fleet "$T_TMP/inv3"
expect_rc 2 "a malformed inventory"
expect_one_line "$T_TMP/err" "a malformed inventory"

# A host without sudo whose build tools are missing: the role's package
# step alone (on this machine, its sudo a command that is not there).
cat >"$T_TMP/nosudo.yml" <<EOP
- name: A host without sudo
  hosts: localhost
  gather_facts: false
  vars_files: [$top/fleet/roles/lmbench/defaults/main.yml, $top/fleet/roles/lmbench/vars/main.yml]
  tasks:
    - name: Facts
      ansible.builtin.setup:
        gather_subset: ["!all", "!min", "env", "user", "pkg_mgr"]
    - name: Install
      block:
        - name: Packages
          ansible.builtin.include_tasks: $top/fleet/roles/lmbench/tasks/packages.yml
      rescue:
        - name: Why
          ansible.builtin.debug:
            msg: "WHY {{ fleet_step }}: {{ fleet_why }}"
EOP
ansible-playbook -c local -i localhost, "$T_TMP/nosudo.yml" -e '{"fleet_missing": ["cc"], "lmbench_become": true}' \
	-e ansible_become_exe="$T_TMP/no-sudo" -e ansible_become_user=nobody >"$T_TMP/out" 2>&1
expect_grep "$T_TMP/out" '"WHY installing the build tools \(cc missing\): .*no-sudo: not found"' "a host without sudo, its tools missing"

# ------------------------------------------------------------ lint
s0=$(date +%s)
if C ansible-playbook -i "$T_TMP/inv" --syntax-check "$top/fleet/site.yml" >"$T_TMP/out" 2>&1; then
	ok
else
	not_ok "ansible-playbook --syntax-check: $(tail -c 600 "$T_TMP/out")"
fi
if command -v ansible-lint >/dev/null 2>&1; then
	if (cd "$top/fleet" && ansible-lint --offline -q site.yml roles/lmbench) >"$T_TMP/out" 2>&1; then
		ok
	else
		not_ok "ansible-lint: $(tail -c 1000 "$T_TMP/out")"
	fi
else
	echo "fleet: ansible-lint skipped: not installed (Debian: ansible-lint)"
fi
echo "fleet: lint $(($(date +%s) - s0)) s; $(($(date +%s) - t0)) s in all"
finish fleet
