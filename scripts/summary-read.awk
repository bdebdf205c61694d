# summary-read.awk - lmbench's reading rules for the summary tables
# (scripts/summary.awk, whose note says which lines count): each line of
# a result file, as lmbench-compare --classic names it (lines.awk), into
# its key.  Loaded by scripts/summary after summary-lib.awk, before
# summary.awk.

# --------------------------------------------------------------- reading

# The one-line results: label (a regular expression, as lmbench's
# getsummary matches it) and metric.  A metric ending in @ is measured
# against a host: "udp" against localhost, "r_udp" against another.
function named(re, k) {
	NAMED_RE[++nnamed] = re
	NAMED_KEY[nnamed] = k
}

# The blocks whose figure is the last pair read: what starts one (its
# title or marker line, quote and all, as a regular expression) and the
# metric.
function last_block(re, k) {
	LAST_RE[++nlast] = re
	LAST_KEY[nlast] = k
}

# others(FILE, LABEL, VALUE, UNIT): a row of the table of other programs.
function others(i, label, v, unit,    k) {
	k = ++NOTHER[i]
	OTHER_N[i, k] = other (label != "" ? ": " label : "")
	OTHER_V[i, k] = v
	OTHER_U[i, k] = unit
}

BEGIN {
	registry_load(registry)
	named("^tlb$", "tlb")
	named("^Simple syscall$", "syscall")
	named("^Simple read$", "read")
	named("^Simple write$", "write")
	named("^Simple stat$", "stat")
	named("^Simple open.close$", "openclose")
	named("^Select on 100 fd", "select_file")
	named("^Select on 100 tcp fd", "select_tcp")
	named("^Signal handler installation$", "sig_install")
	named("^Signal handler overhead$", "sig_catch")
	named("^Protection fault$", "prot")
	named("^Pipe latency$", "pipe")
	named("AF_UNIX sock stream latency$", "unix")
	named("UDP latency using ", "udp@")
	named("TCP latency using ", "tcp@")
	named("RPC.udp latency using ", "rpc_udp@")
	named("RPC.tcp latency using ", "rpc_tcp@")
	named("TCP.IP connection cost to ", "connect@")
	named("^Process fork.exit", "fork")
	named("^Process fork.execve$", "exec")
	named("^Process fork..bin.sh", "sh")
	named("^integer bit$", "int_bit")
	named("^integer add$", "int_add")
	named("^integer mul$", "int_mul")
	named("^integer div$", "int_div")
	named("^integer mod$", "int_mod")
	named("^int64 bit$", "i64_bit")
	named("^int64 add$", "i64_add")
	named("^int64 mul$", "i64_mul")
	named("^int64 div$", "i64_div")
	named("^int64 mod$", "i64_mod")
	named("^float add$", "flt_add")
	named("^float mul$", "flt_mul")
	named("^float div$", "flt_div")
	named("^double add$", "dbl_add")
	named("^double mul$", "dbl_mul")
	named("^double div$", "dbl_div")
	named("^float bogomflops$", "flt_bogo")
	named("^double bogomflops$", "dbl_bogo")
	named("^Pipe bandwidth", "bw_pipe")
	named("^AF_UNIX sock stream bandwidth$", "bw_unix")
	named("^Pagefaults on", "pagefault")
	named("^Bonnie char write$", "bon_putc")
	named("^Bonnie block write$", "bon_write")
	named("^Bonnie rewrite$", "bon_rewrite")
	named("^Bonnie char read$", "bon_getc")
	named("^Bonnie block read$", "bon_read")
	named("^Bonnie seeks$", "bon_seeks")
	named("^Mutex lock.unlock threads=1 mutexes=1$", "mutex_1")
	named("^Mutex lock.unlock threads=4 mutexes=1$", "mutex_4")
	named("^Thread create.join$", "thr_create")
	named("^Futex wake-to-run$", "futex")

	last_block("^Socket bandwidth using localhost", "bw_tcp")
	last_block("^\"mappings", "mmap_lat")
	last_block("^\"read bandwidth", "reread")
	last_block("^\"Mmap read bandwidth", "bw_mmap")
	last_block("^\"libc bcopy unaligned", "bcopy_libc")
	last_block("^\"unrolled bcopy unaligned", "bcopy_hand")
	last_block("^Memory read", "mem_read")
	last_block("^Memory write", "mem_write")
	last_block("^Memory load parallelism", "mem_par")
}

# End of a LAST block: the size/value pair read last.
function end_last() {
	if (lastval == "")
		printf("%s: no data for %s\n", file[f], mode_key) > "/dev/stderr"
	put(mode_key, lastval)
	mode = ""
}

cl_fnr == 1 {
	if (mode == "last")
		end_last()
	mode = ""
	f = nfiles = cl_file
	file[f] = cl_name
	host = cl_name
	# ./NAME=VALUE, the way to give awk such a file, is NAME=VALUE
	if (host ~ /^\.\/[A-Za-z_][A-Za-z0-9_]*=/)
		host = substr(host, 3)
	sub(/\.[0-9]+$/, "", host)
	n = split(host, parts, "/")
	H[f] = parts[n]
	D[f] = n > 1 ? parts[n - 1] : parts[n]
	memmode = ""
}

# The registry's steps (src/programs.tab's SUITE column): "[OTHER:
# PROGRAM ARGUMENTS]", the program's output, a blank line.  Each
# "LABEL: VALUE UNIT" line of it (FAIL for a failed run) is a row of the
# table of other programs, and nothing else.
/^\[OTHER: .*\]$/ { other = substr($0, 9, length($0) - 9); any_other = 1; next }
other != "" && $0 == "" { other = ""; next }
other != "" {
	if (/^\[FAILED: /)
		others(f, "", "FAIL", "")
	else if (match($0, /: [-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?( |$)/)) {
		ov = substr($0, RSTART + 2, RLENGTH - 2)
		sub(/ $/, "", ov)
		others(f, substr($0, 1, RSTART - 1), ov, substr($0, RSTART + RLENGTH))
	}
	next
}

# The cross-CPU section: its lines, failed and skipped runs included,
# fill only the cross-CPU table.
cl_type == "xbegin" { any_cross = 1; next }
cl_type == "xend" { next }
cl_xsec && cl_type == "cross" { put(cross_key(cl_cmd), cl_val); next }
cl_xsec && cl_type == "failed" { put(cross_key(cl_cmd), "FAIL"); next }
cl_xsec { next }

/scripts\/lmbench: \/dev\/tty/ { next }

# Beyond lmbench's memory figures (lat_mem_load, bw_mem_peak, lat_c2c,
# numa_mem): an extra table, printed only when some file has them.
/^"lat_mem_load / { any_beyond = 1; beyond = "load"; next }
beyond == "load" && /^"idle [0-9.]+$/ { put("ml_idle", $2); next }
beyond == "load" && /^0 [0-9.]+ [0-9.]+$/ { put("ml_lat0", $2); put("ml_bw0", $3); beyond = ""; next }
/^"bw_mem_peak: / { any_beyond = 1; next }
/^ALL Reads: [0-9.]+ MB\/sec$/ { put("pk_rd", $3); next }
/^1:1 Reads-Writes: [0-9.]+ MB\/sec$/ { put("pk_11", $3); next }
/^Stream-triad like: [0-9.]+ MB\/sec$/ { put("pk_triad", $3); next }
/^All NT writes: [0-9.]+ MB\/sec$/ { put("pk_nt", $4); next }
/^"lat_c2c load hitm: / { any_beyond = 1; beyond = "c2c_hitm"; next }
/^"lat_c2c load hit: / { any_beyond = 1; beyond = "c2c_hit"; next }
/^"numa_mem: / { any_beyond = 1; next }
/^"idle latency \(ns\) / { beyond = "numa_lat"; next }
/^"read bandwidth \(MB\/s\) / { beyond = "numa_bw"; next }
beyond ~ /^(c2c|numa)/ && NF >= 2 && $2 ~ /^[0-9]+\.[0-9]+$|^-$/ {
	for (i = 2; i <= NF; i++)
		if ($i != "-") {
			put(beyond, $i)
			beyond = ""
			break
		}
	next
}

# A failed or skipped run, before every other rule (its free text must
# match none of them).  In a block whose cell is the last figure, the
# failure stands unless a later figure follows it.
cl_type == "failed" || cl_type == "skipped" {
	if (mode == "last") {
		if (cl_type == "failed")
			lastval = "FAIL"
		next
	}
	mode = ""
	if (cl_type == "failed")
		failed_run(cl_cmd)
	next
}

# Block readers consume their lines, as lmbench's getsummary does: a
# LAST block ends at the first line that is not a pair (its size must
# have a point), a context-switch block at a blank line.
mode == "last" {
	if (cl_type == "blank" || $0 !~ /^[0-9]/) {
		end_last()
		next
	}
	if ($1 ~ /^[0-9]+\./)
		lastval = $2
	next
}

mode == "fs" {
	if (index($0, "Id:"))
		next
	if ($1 == "0k" || $1 == "1k" || $1 == "4k" || $1 == "10k") {
		put("fs_create_" $1, $3)
		put("fs_delete_" $1, $4)
		next
	}
	mode = ""
	next
}

mode == "ctx" {
	if (cl_type == "blank" || (ctxsize == "0" && $0 ~ /^Memory/) ||
	    (ctxsize == "64" && $0 ~ /^20/)) {
		mode = ""
		next
	}
	if ($0 ~ /^2 / || $0 ~ /^8 / || $0 ~ /^16 /)
		put("ctx_" ctxsize "_" $1, $2)
	next
}

mode == "lat" {
	if (cl_type == "blank") {
		if (latkind == "mem" && latlast != "")
			put("main", latlast)
		if (latkind == "rand" && memmode == "Random" && latlast != "")
			put("rand", latlast)
		mode = ""
		next
	}
	if ($0 ~ /^[0-9]/) {
		if (latkind == "mem" && $1 + 0 == 0.00098)
			put("l1", $2)
		if (latkind == "mem" && $1 + 0 == 0.125)
			put("l2", $2)
		latlast = $2
	}
	next
}

# The scheduler under load (lat_msg's and lat_pipe_pairs' "N TIME"
# lines; the runner's lat_pmake sweep, "pmake jobs=N then "USECS TIME"):
# the figure at N=1 and at the largest N (16 groups for lat_msg).  The
# block ends at the first line that is not a pair.
mode == "sched" {
	if (cl_type == "pair" && NF == 2 && $1 ~ /^[0-9]+$/) {
		any_sched = 1
		if (skey == "msg" && ($1 == 1 || $1 == 16))
			put("msg_" $1, $2 / 1000)
		if (skey == "pairs" && $1 == 1)
			put("pairs_1", $2)
		if (skey == "pairs" && $1 + 0 > most[f, skey]) {
			most[f, skey] = $1 + 0
			L[f, "pairs_n"] = $2
		}
		if (skey == "pmake" && pmjobs == 1)
			put("pmake_1", $2 / 1000)
		if (skey == "pmake" && pmjobs > most[f, skey]) {
			most[f, skey] = pmjobs
			L[f, "pmake_n"] = $2 / 1000
		}
		next
	}
	mode = ""
}
cl_type == "marker" && cl_text ~ /^messaging unix process / { mode = "sched"; skey = "msg"; next }
cl_type == "marker" && cl_text == "pipe pairs" { mode = "sched"; skey = "pairs"; next }
cl_type == "marker" && cl_text ~ /^pmake jobs=[0-9]+$/ {
	mode = "sched"
	skey = "pmake"
	pmjobs = substr(cl_text, 12) + 0
	next
}
cl_type == "label" && cl_label ~ /^(Mutex lock.unlock|Thread create.join|Futex wake-to-run)/ { any_sched = 1 }

# Header facts.
cl_type == "head" && cl_key == "MHZ" && !seen_mhz[f]++ { put("mhz", cl_word(cl_val)) }
!seen_mhz[f] && !seen_Mhz[f] && /Mhz/ {
	seen_Mhz[f] = 1
	put("mhz_alt", $1)
}
cl_type == "head" && cl_key == "LINE_SIZE" { put("line", cl_word(cl_val)) }
cl_type == "head" && cl_key == "SYNC_MAX" { put("load", cl_word(cl_val)) }
cl_type == "head" && /^\[lmbench/ { put("os", $4 " " $6) }

# One-line results.
cl_type == "label" {
	for (r = 1; r <= nnamed; r++) {
		if (cl_label !~ NAMED_RE[r])
			continue
		k = NAMED_KEY[r]
		if (k ~ /^bon_/)
			any_bonnie = 1
		if (k ~ /@$/)
			k = (cl_label ~ / localhost$/ ? "" : "r_") substr(k, 1, length(k) - 1)
		put(k, cl_val)
	}
}

# Blocks.
cl_type == "title" || cl_type == "marker" {
	for (r = 1; r <= nlast; r++)
		if ($0 ~ LAST_RE[r]) {
			mode = "last"
			mode_key = LAST_KEY[r]
			lastval = ""
			next
		}
}
cl_type == "marker" && cl_text ~ /^File system latency/ { mode = "fs"; next }
cl_type == "marker" && cl_text ~ /^size=(0|16|64)k/ {
	mode = "ctx"
	ctxsize = substr(cl_text, 6, index(cl_text, "k") - 6)
	next
}
cl_type == "title" && cl_text ~ /^Memory load latency/ { memmode = "Memory"; next }
cl_type == "title" && cl_text ~ /^Random load latency/ { memmode = "Random"; next }
cl_type == "marker" && cl_text ~ /^stride=/ {
	mode = "lat"
	latkind = cl_text ~ /^stride=128/ && memmode == "Memory" ? "mem" : cl_text ~ /^stride=16/ ? "rand" : "other"
	latlast = ""
	next
}
