# lmbench-ng.bash - bash completion for lmbench-ng (make install puts it
# in PREFIX/share/bash-completion/completions/lmbench-ng; from a
# checkout: source scripts/lmbench-ng.bash).  It completes the commands
# and program names (from `lmbench-ng list`), each command's options and
# operands (run's programs and settings, result files and directories),
# and a program's options (from its --help).  Nothing it reads is run:
# the words it offers are matched with compgen -W only.  zsh's
# completion, scripts/_lmbench-ng, offers the same words.
# shellcheck shell=bash

_lmbench_ng_programs() {
	"${COMP_WORDS[0]}" list 2>/dev/null | awk '$1 ~ /^[A-Za-z0-9_-]+$/ { print $1 }'
}

_lmbench_ng() {
	local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
	local cmd=${COMP_WORDS[1]:-} words
	local commands="run rerun see compare ab history report truth list version help"
	COMPREPLY=()
	if [ "$COMP_CWORD" -eq 1 ]; then
		words="$commands --help --version $(_lmbench_ng_programs)"
		mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
		return 0
	fi
	case $cmd in
	run | rerun)
		case $prev in
		--profile) mapfile -t COMPREPLY < <(compgen -W "full ci" -- "$cur"); return 0 ;;
		--runs) return 0 ;;
		esac
		words="SYNC_MAX= LMBENCH_SCHED= MB= SUBSET= FASTMEM= SLOWFS= DISKS= REMOTE= MHZ= FSDIR= OUTPUT= ENOUGH= PROFILE= RUNS= BENCHMARK_"
		if [ "$cmd" = run ]; then
			words="--defaults --profile --runs $words"
			# PROGRAM... comes before the settings.
			case " ${COMP_WORDS[*]:2:COMP_CWORD-2} " in
			*=*) ;;
			*) words="$words $(_lmbench_ng_programs)" ;;
			esac
		fi
		mapfile -t COMPREPLY < <(compgen -W "--help $words" -- "$cur")
		# no space after a setting's NAME= (its value follows)
		case ${#COMPREPLY[@]}:${COMPREPLY[0]:-} in
		1:*= | 1:*_) compopt -o nospace 2>/dev/null ;;
		esac
		;;
	see)
		mapfile -t COMPREPLY < <(compgen -d -- "$cur")
		;;
	report)
		if [ "$prev" = -o ]; then
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		elif [ "${cur#-}" != "$cur" ]; then
			mapfile -t COMPREPLY < <(compgen -W "-o --help" -- "$cur")
		else
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		fi
		;;
	compare | ab | history)
		if [ "${cur#-}" != "$cur" ]; then
			words=$("${COMP_WORDS[0]}" "$cmd" --help 2>/dev/null | grep -o -- '--[a-z][a-z-]*' | sort -u)
			mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
		else
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		fi
		;;
	help)
		[ "$COMP_CWORD" -eq 2 ] &&
			mapfile -t COMPREPLY < <(compgen -W "$commands $(_lmbench_ng_programs)" -- "$cur")
		;;
	truth | list | version) ;;
	*)
		# a program: its options from its own --help
		if [ "${cur#-}" != "$cur" ]; then
			words=$("${COMP_WORDS[0]}" "$cmd" --help 2>/dev/null |
				awk '/^Options:/ { on = 1; next } /^[A-Z][a-z]*:/ { on = 0 }
					on && /^  -/ { t = substr($0, 3); sub(/  .*/, "", t); n = split(t, w, /[ ,]+/)
						for (i = 1; i <= n; i++) if (w[i] ~ /^--?[A-Za-z]/) print w[i] }')
			mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
		else
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		fi
		;;
	esac
	return 0
}
complete -F _lmbench_ng lmbench-ng
