# complete.zsh DIR OUT LINE - what zsh's completion offers for LINE, as
# a user gets it: an interactive zsh -f on a pseudo-terminal (zpty),
# DIR first in fpath, compinit, LINE typed and then a Tab.  Every word
# offered that matches what is typed goes to OUT, one a line (compadd
# is wrapped: each call that adds words also stores its matches with
# -O).  Run it with zsh -f under timeout; it waits at most 10 s for each
# step itself.  Status 0: done; 1: the shell did not answer; 3: no zpty.
zmodload zsh/zpty 2>/dev/null || exit 3
dir=$1 out=$2 line=$3
rm -f -- "$out" "$out.ready" "$out.done"

# wait_for FILE: until FILE exists, 10 s at most.
wait_for() {
	local i
	for i in {1..100}; do
		[[ -e $1 ]] && return 0
		sleep 0.1
	done
	return 1
}

zpty z zsh -f -i || exit 3
zpty -w z "PS1='' PS2=''; unsetopt auto_list; setopt no_beep; fpath=(${(q)dir} \$fpath)"
zpty -w z "autoload -U compinit; compinit -u -D"
zpty -w z "compadd() { if (( ! \${@[(I)-[ODA]*]} )); then local -a m; builtin compadd -O m \"\$@\"; (( \$#m )) && print -rl -- \$m >>| ${(q)out}; fi; builtin compadd \"\$@\"; }"
zpty -w z "print -r ready >| ${(q)out}.ready"
# Typed only once the shell is at its prompt: zle drops typeahead that
# arrives while a command still runs.
rc=1
if wait_for "$out.ready"; then
	zpty -w -n z "$line"$'\t\C-u'
	zpty -w z "print -r done >| ${(q)out}.done"
	wait_for "$out.done" && rc=0
fi
zpty -d z
touch -- "$out"
exit $rc
