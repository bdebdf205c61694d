# summary.awk - the lmbench 3 summary tables (`make see`) from result
# files, ours and original lmbench 3 ones alike.  Run by scripts/summary:
#
#	awk -f classic.awk -f summary.awk FILE...
#
# classic.awk says what each line is; this file keeps lmbench's rules
# for which lines count and where its blocks end, and prints the tables
# from one table of them (tables(), below).
#
# The reading rules and cell formats are those of lmbench 3.0-a9's
# getsummary (shared/RESULTS-FORMAT.md, section 2), so that an original
# result file gives the same tables.  With -v percent=1 every figure is
# printed relative to the best host's instead (lmbench's getpercent meant
# to, and printed nothing).  Defects not copied: host names are
# not cut to 9 characters; a second occurrence of a metric in one file
# does not shift later files' rows (the first one counts); context-switch
# blocks are recognised only on lines that start with "size= (a tmpfs
# "size=16..." mount option no longer swallows half the file); values
# that are missing print as blanks, never as -1 or "Bad mhz?"; values
# below 0.001 in narrow cells print as rounded numbers, not as broken
# printf formats.
#
# A program the runner recorded as failed ([FAILED: prog args: ...], see
# scripts/lmbench) shows FAIL in its cells; a skipped one ([SKIPPED: ...])
# stays blank.  Files without such lines read exactly as before.
#
# The runner's cross-CPU section (scripts/lmbench: the two-party programs
# once more with LMBENCH_SCHED=CROSS, between "[CROSS-CPU: begin: ...]"
# and "[CROSS-CPU: end]", one "[CROSS-CPU: <program> <args>: <figure>
# <unit>]" line each) fills an extra table after lmbench's, printed only
# when some file has such a section (original files' rows are blank).
# So is the Bonnie table (bw_bonnie's "Bonnie ...:" lines), after it.
# The scheduler and thread programs (lat_msg, lat_pipe_pairs, the
# runner's lat_pmake sweep, lat_pthread) fill one more, printed only when
# some file has their figures (original files' rows are blank).

function valid(v) {
	return v ~ /^[ \t]*[0-9.]+[ \t]*$/ && v ~ /[0-9]/
}

# Right-aligned in w characters, cut to the first w.
function rcut(s, w) {
	s = sprintf("%" w "s", s)
	return substr(s, 1, w)
}

function blank(w) {
	return sprintf("%" w "s", "")
}

function num(v, w) {
	if (v == "FAIL")
		return rcut(v, w)
	if (!valid(v) || v + 0 <= 0)
		return blank(w)
	v = v + 0
	if (percent)
		return rcut(sprintf("%d", v + 0.5), w)
	if (v >= 1e7)
		return rcut(sprintf("%.1f", v / 1e6), w - 1) "M"
	if (v >= 1e4)
		return rcut(sprintf("%.1f", v / 1000), w - 1) "K"
	if (v >= 10)
		return rcut(sprintf("%.1f", v), w)
	if (v < 0.001 && w >= 6)
		return sprintf("%" w "." (w - 6) "e", v)
	return sprintf("%" w "." (w - 2) "f", v)
}

function inum(v, w) {
	if (v == "FAIL")
		return rcut(v, w)
	if (!valid(v) || v + 0 <= 0)
		return blank(w)
	return sprintf("%" w "d", int(v + 0))
}

# The run used several copies (SYNC_MAX > 1).
function loaded(i) {
	return valid(L[i, "load"]) && L[i, "load"] + 0 > 1
}

# Blank when the run used several copies.
function scale(i, v, w) {
	return loaded(i) ? blank(w) : num(v, w)
}

# Record a metric once per file: the first value counts.
function put(k, v) {
	if (!((f, k) in L))
		L[f, k] = v
}

# The cells of a failed run (program and arguments as the runner wrote
# them): every metric it would have given.  The programs read as blocks
# (bw_mem, bw_tcp, lat_mmap, bw_file_rd, bw_mmap_rd, par_mem) are taken
# care of inside their block.
function failed_run(cmd,    n, w, p, a, pre, i, ops, size) {
	n = split(cmd, w, " ")
	p = w[1]
	a = " " cmd " "
	pre = w[n] == "localhost" ? "" : "r_"
	if (p == "lat_syscall") {
		if (index(a, " null ")) put("syscall", "FAIL")
		if (index(a, " read ")) put("read", "FAIL")
		if (index(a, " write ")) put("write", "FAIL")
		if (index(a, " stat ")) put("stat", "FAIL")
		if (index(a, " open ")) put("openclose", "FAIL")
	} else if (p == "lat_select" && index(a, " -n 100 ")) {
		put(w[n] == "file" ? "select_file" : "select_tcp", "FAIL")
	} else if (p == "lat_sig") {
		if (w[n] == "install") put("sig_install", "FAIL")
		if (w[n] == "catch") put("sig_catch", "FAIL")
		if (w[n] == "prot" || index(a, " prot ")) put("prot", "FAIL")
	} else if (p == "lat_proc") {
		if (w[n] == "fork") put("fork", "FAIL")
		if (w[n] == "exec") put("exec", "FAIL")
		if (w[n] == "shell") put("sh", "FAIL")
	} else if (p == "lat_ops") {
		n = split("int_bit int_add int_mul int_div int_mod i64_bit i64_add i64_mul i64_div i64_mod " \
		          "flt_add flt_mul flt_div dbl_add dbl_mul dbl_div flt_bogo dbl_bogo", ops, " ")
		for (i = 1; i <= n; i++)
			put(ops[i], "FAIL")
	} else if (p == "lat_fs") {
		n = split("0k 1k 4k 10k", ops, " ")
		for (i = 1; i <= n; i++) {
			put("fs_create_" ops[i], "FAIL")
			put("fs_delete_" ops[i], "FAIL")
		}
	} else if (p == "lat_ctx") {
		size = ""
		for (i = 1; i < n; i++)
			if (w[i] == "-s")
				size = w[i + 1]
		split("2 8 16", ops, " ")
		if (size != "")
			for (i = 1; i <= 3; i++)
				put("ctx_" size "_" ops[i], "FAIL")
	} else if (p == "lat_mem_rd") {
		if (index(a, " -t "))
			put("rand", "FAIL")
		else {
			put("l1", "FAIL")
			put("l2", "FAIL")
			put("main", "FAIL")
		}
	} else if (p == "lat_udp") put(pre "udp", "FAIL")
	else if (p == "lat_tcp") put(pre "tcp", "FAIL")
	else if (p == "lat_connect") put(pre "connect", "FAIL")
	else if (p == "lat_rpc") put(pre (index(a, " -p udp ") ? "rpc_udp" : "rpc_tcp"), "FAIL")
	else if (p == "lat_pipe") put("pipe", "FAIL")
	else if (p == "lat_unix") put("unix", "FAIL")
	else if (p == "bw_pipe") put("bw_pipe", "FAIL")
	else if (p == "bw_unix") put("bw_unix", "FAIL")
	else if (p ~ /^lat_(msg|pipe_pairs|pmake|pthread)$/) failed_sched(p, a, w[n])
	else if (p == "lat_pagefault") put("pagefault", "FAIL")
	else if (p == "tlb") put("tlb", "FAIL")
	else if (p == "bw_bonnie") {
		any_bonnie = 1
		n = split("putc write rewrite getc read seeks", ops, " ")
		for (i = 1; i <= n; i++)
			put("bon_" ops[i], "FAIL")
	}
}

# The cells of a failed run of the scheduler and thread programs (the
# runner's steps): p the program, a its arguments between blanks, last
# the last of them.
function failed_sched(p, a, last) {
	if (p == "lat_msg" && !index(a, " -t pipe ")) {
		put("msg_1", "FAIL")
		put("msg_16", "FAIL")
	} else if (p == "lat_pipe_pairs") {
		put("pairs_1", "FAIL")
		put("pairs_n", "FAIL")
	} else if (p == "lat_pmake") {
		put(index(a, " lat_pmake 1 ") ? "pmake_1" : "pmake_n", "FAIL")
	} else if (p == "lat_pthread" && last == "mutex") {
		put(index(a, " -t 4 ") ? "mutex_4" : "mutex_1", "FAIL")
	} else if (p == "lat_pthread" && last == "create") {
		put("thr_create", "FAIL")
	} else if (p == "lat_pthread" && last == "futex") {
		put("futex", "FAIL")
	}
	any_sched = 1
}

# The cross-CPU table's key for a command the runner wrote ("" for one
# the table has no column for).
function cross_key(cmd,    w, n, p) {
	n = split(cmd, w, " ")
	p = w[1]
	if (p == "lat_ctx")
		return index(" " cmd " ", " -s 0 ") ? "x_ctx_0" : index(" " cmd " ", " -s 16 ") ? "x_ctx_16" : ""
	if (p ~ /^(lat_(pipe|unix|udp|tcp|connect)|bw_(pipe|unix))$/)
		return "x_" p
	if (p == "lat_pthread" && w[n] == "futex")
		return "x_futex"
	return ""
}

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

BEGIN {
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

FNR == 1 {
	if (mode == "last")
		end_last()
	mode = ""
	f = nfiles = cl_file
	file[f] = FILENAME
	host = FILENAME
	# scripts/summary wrote a name that looks like an assignment ./NAME=
	if (host ~ /^\.\/[A-Za-z_][A-Za-z0-9_]*=/)
		host = substr(host, 3)
	sub(/\.[0-9]+$/, "", host)
	n = split(host, parts, "/")
	H[f] = parts[n]
	D[f] = n > 1 ? parts[n - 1] : parts[n]
	memmode = ""
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

# --------------------------------------------------------------- printing

function prefix(i) {
	return sprintf("%-9s %13.13s ", H[i], L[i, "os"])
}

function rawmhz(i) {
	return valid(L[i, "mhz"]) ? L[i, "mhz"] : L[i, "mhz_alt"]
}

function rate_us(v) {
	if (v == "FAIL")
		return v
	return valid(v) && v + 0 > 0 ? sprintf("%.10g", 1e6 / v) : ""
}

# The two values are within 20 % of each other.
function same(a, b) {
	a += 0
	b += 0
	if (a <= 0 && b <= 0)
		return 1
	return (a > b ? a - b : b - a) / (a > b ? a : b) <= 0.2
}

function header(text) {
	if (percent)
		sub(/ - (smaller|bigger) is better/, " - percent of the best host", text)
	printf("%s", text)
}

# Metrics where bigger is better; every other one read with V() is a
# time, where smaller is.
function bigger(k) {
	return k ~ /^(x_)?(bw_|reread|bcopy_|mem_read|mem_write|mem_par|bon_)/
}

# The value to print: as read, or with -v percent=1 relative to the best
# host's (the best is 100; a host twice as slow or half as fast shows 200
# or 50).
function V(i, k,    j, best, v) {
	v = L[i, k]
	if (!percent || v == "FAIL")
		return v
	if (!valid(v) || v + 0 <= 0)
		return ""
	if (!((k) in BEST)) {
		best = ""
		for (j = 1; j <= nfiles; j++) {
			if (!valid(L[j, k]) || L[j, k] + 0 <= 0)
				continue
			if (best == "" || (bigger(k) ? L[j, k] + 0 > best : L[j, k] + 0 < best))
				best = L[j, k] + 0
		}
		BEST[k] = best
	}
	return sprintf("%.10g", 100 * v / BEST[k])
}

# Values the tables derive from several read ones.
function derive(i,    r, w, l1, l2, mm) {
	r = L[i, "read"]
	w = L[i, "write"]
	if (r == "FAIL" || w == "FAIL")
		L[i, "nullio"] = "FAIL"
	else if (valid(r) && valid(w))
		L[i, "nullio"] = sprintf("%.10g", (r + w) / 2)
	else
		L[i, "nullio"] = valid(w) ? w : ""
	L[i, "fs_c0"] = rate_us(L[i, "fs_create_0k"])
	L[i, "fs_d0"] = rate_us(L[i, "fs_delete_0k"])
	L[i, "fs_c10"] = rate_us(L[i, "fs_create_10k"])
	L[i, "fs_d10"] = rate_us(L[i, "fs_delete_10k"])
	L[i, "desc"] = D[i]
	L[i, "cpu_mhz"] = rawmhz(i)
	l1 = L[i, "l1"]
	l2 = L[i, "l2"]
	mm = L[i, "main"]
	L[i, "guess"] = ""
	if (!percent && valid(l1) && valid(l2) && valid(mm)) {
		if (!same(l1, l2) && same(l2, mm))
			L[i, "guess"] = "    No L2 cache?"
		else if (same(l1, l2))
			L[i, "guess"] = "    No L1 cache?"
	}
}

# One cell, by its column's spec HOW:METRIC:WIDTH.  HOW is num (the
# figure, or its percent), scale (num, blank for a run of several
# copies), int (the figure as read, a whole number), mhz and mhz0 (the
# clock, as %d or rounded) or text (as derived).
function cell(i, spec,    c, v, w) {
	split(spec, c, ":")
	w = c[3]
	if (c[1] == "num")
		return num(V(i, c[2]), w)
	if (c[1] == "scale")
		return scale(i, V(i, c[2]), w)
	v = L[i, c[2]]
	if (c[1] == "int")
		return inum(v, w)
	if (c[1] == "mhz" || c[1] == "mhz0")
		return valid(v) ? sprintf("%" w (c[1] == "mhz" ? "d" : ".0f"), v) : blank(w)
	return v
}

# A row: FORMAT (a printf format of %s conversions) filled with the
# host's prefix and the cells of COLUMNS (specs, blank-separated).
function row(i, format, columns,    spec, n, k, out) {
	n = split(columns, spec, " ")
	out = ""
	k = 0
	while (match(format, /%[-0-9.]*s/)) {
		out = out substr(format, 1, RSTART - 1) \
		      sprintf(substr(format, RSTART, RLENGTH), k == 0 ? prefix(i) : cell(i, spec[k]))
		format = substr(format, RSTART + RLENGTH)
		k++
	}
	return out format
}

# The tables, in the order they print: each its header, its row format,
# its columns and when a host has no row in it ("loaded": a run of
# several copies, whose figures per copy are not a machine's; "cross":
# every host, and only when some file has a cross-CPU section).
function table(head, format, columns, only) {
	THEAD[++ntables] = head
	TFORMAT[ntables] = format
	TCOLUMNS[ntables] = columns
	TONLY[ntables] = only
}

# figures(T, I): whether file I (0: any file not loaded) has a figure
# in one of table T's columns.
function figures(t, i,    spec, n, k, c, j, lo, hi) {
	n = split(TCOLUMNS[t], spec, " ")
	lo = i ? i : 1
	hi = i ? i : nfiles
	for (j = lo; j <= hi; j++) {
		if (!i && loaded(j))
			continue
		for (k = 1; k <= n; k++) {
			split(spec[k], c, ":")
			if (valid(L[j, c[2]]) && L[j, c[2]] + 0 > 0)
				return 1
		}
	}
	return 0
}

function tables() {
	table("\nBasic system parameters\n" \
	      "------------------------------------------------------------------------------\n" \
	      "Host                 OS Description              Mhz  tlb  cache  mem   scal\n" \
	      "                                                     pages line   par   load\n" \
	      "                                                           bytes  \n" \
	      "--------- ------------- ----------------------- ---- ----- ----- ------ ----\n",
	      "%s%23.23s %4.4s %5.5s %5.5s %6.6s %4.4s\n",
	      "text:desc int:cpu_mhz:4 int:tlb:5 int:line:5 num:mem_par:6 int:load:4")
	table("\nProcessor, Processes - times in microseconds - smaller is better\n" \
	      "------------------------------------------------------------------------------\n" \
	      "Host                 OS  Mhz null null      open slct sig  sig  fork exec sh  \n" \
	      "                             call  I/O stat clos TCP  inst hndl proc proc proc\n" \
	      "--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----\n",
	      "%s%4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s\n",
	      "mhz0:cpu_mhz:4 num:syscall:4 num:nullio:4 num:stat:4 num:openclose:4 num:select_tcp:4 " \
	      "num:sig_install:4 num:sig_catch:4 num:fork:4 num:exec:4 num:sh:4")
	table("\nBasic integer operations - times in nanoseconds - smaller is better\n" \
	      "-------------------------------------------------------------------\n" \
	      "Host                 OS  intgr intgr  intgr  intgr  intgr  \n" \
	      "                          bit   add    mul    div    mod   \n" \
	      "--------- ------------- ------ ------ ------ ------ ------ \n",
	      "%s%6.6s %6.6s %6.6s %6.6s %6.6s\n",
	      "scale:int_bit:6 scale:int_add:6 scale:int_mul:6 scale:int_div:6 scale:int_mod:6", "loaded")
	table("\nBasic uint64 operations - times in nanoseconds - smaller is better\n" \
	      "------------------------------------------------------------------\n" \
	      "Host                 OS int64  int64  int64  int64  int64  \n" \
	      "                         bit    add    mul    div    mod   \n" \
	      "--------- ------------- ------ ------ ------ ------ ------ \n",
	      "%s %5.5s %6.6s %6.6s %6.6s %6.6s\n",
	      "scale:i64_bit:6 scale:i64_add:6 scale:i64_mul:6 scale:i64_div:6 scale:i64_mod:6", "loaded")
	table("\nBasic float operations - times in nanoseconds - smaller is better\n" \
	      "-----------------------------------------------------------------\n" \
	      "Host                 OS  float  float  float  float\n" \
	      "                         add    mul    div    bogo\n" \
	      "--------- ------------- ------ ------ ------ ------ \n",
	      "%s%6.6s %6.6s %6.6s %6.6s\n",
	      "scale:flt_add:6 scale:flt_mul:6 scale:flt_div:6 scale:flt_bogo:6", "loaded")
	table("\nBasic double operations - times in nanoseconds - smaller is better\n" \
	      "------------------------------------------------------------------\n" \
	      "Host                 OS  double double double double\n" \
	      "                         add    mul    div    bogo\n" \
	      "--------- ------------- ------  ------ ------ ------ \n",
	      "%s%6.6s %6.6s %6.6s %6.6s\n",
	      "scale:dbl_add:6 scale:dbl_mul:6 scale:dbl_div:6 scale:dbl_bogo:6", "loaded")
	table("\nContext switching - times in microseconds - smaller is better\n" \
	      "-------------------------------------------------------------------------\n" \
	      "Host                 OS  2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n" \
	      "                         ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw\n" \
	      "--------- ------------- ------ ------ ------ ------ ------ ------- -------\n",
	      "%s%6.6s %6.6s %6.6s %6.6s %6.6s %7.7s %7.7s\n",
	      "num:ctx_0_2:6 num:ctx_16_2:6 num:ctx_64_2:6 num:ctx_16_8:6 num:ctx_64_8:6 " \
	      "num:ctx_16_16:7 num:ctx_64_16:7")
	table("\n*Local* Communication latencies in microseconds - smaller is better\n" \
	      "---------------------------------------------------------------------\n" \
	      "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	      "                        ctxsw       UNIX         UDP         TCP conn\n" \
	      "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----\n",
	      "%s%5.5s %5.5s %4.4s %5.5s %5.5s %5.5s %5.5s %4.4s\n",
	      "num:ctx_0_2:5 num:pipe:5 num:unix:4 num:udp:5 num:rpc_udp:5 num:tcp:5 num:rpc_tcp:5 " \
	      "scale:connect:5")
	table("\n*Remote* Communication latencies in microseconds - smaller is better\n" \
	      "---------------------------------------------------------------------\n" \
	      "Host                 OS   UDP  RPC/  TCP   RPC/ TCP\n" \
	      "                               UDP         TCP  conn\n" \
	      "--------- ------------- ----- ----- ----- ----- ----\n",
	      "%s%5.5s %5.5s %5.5s %5.5s %4.4s\n",
	      "num:r_udp:5 num:r_rpc_udp:5 num:r_tcp:5 num:r_rpc_tcp:5 scale:r_connect:4")
	table("\nFile & VM system latencies in microseconds - smaller is better\n" \
	      "-------------------------------------------------------------------------------\n" \
	      "Host                 OS   0K File      10K File     Mmap    Prot   Page   100fd\n" \
	      "                        Create Delete Create Delete Latency Fault  Fault  selct\n" \
	      "--------- ------------- ------ ------ ------ ------ ------- ----- ------- -----\n",
	      "%s%6.6s %6.6s %6.6s %6.6s %7.7s %5.5s %7.7s %5.5s\n",
	      "scale:fs_c0:6 scale:fs_d0:6 scale:fs_c10:6 scale:fs_d10:6 num:mmap_lat:7 num:prot:5 " \
	      "num:pagefault:7 num:select_file:5")
	table("\n*Local* Communication bandwidths in MB/s - bigger is better\n" \
	      "-----------------------------------------------------------------------------\n" \
	      "Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem\n" \
	      "                             UNIX      reread reread (libc) (hand) read write\n" \
	      "--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----\n",
	      "%s%4.4s %4.4s %4.4s %6.6s %6.6s %6.6s %6.6s %4.4s %5.5s\n",
	      "num:bw_pipe:4 num:bw_unix:4 num:bw_tcp:4 num:reread:6 num:bw_mmap:6 num:bcopy_libc:6 " \
	      "num:bcopy_hand:6 num:mem_read:4 num:mem_write:5")
	table("\nMemory latencies in nanoseconds - smaller is better\n" \
	      "    (WARNING - may not be correct, check graphs)\n" \
	      "------------------------------------------------------------------------------\n" \
	      "Host                 OS   Mhz   L1 $   L2 $    Main mem    Rand mem    Guesses\n" \
	      "--------- -------------   ---   ----   ----    --------    --------    -------\n",
	      "%s %4s %6.6s %6.6s %11.11s %11.11s%s\n",
	      "mhz:cpu_mhz:4 num:l1:6 num:l2:6 num:main:8 num:rand:8 text:guess")
	table("\nCross-CPU communication latencies in microseconds - smaller is better\n" \
	      "  (LMBENCH_SCHED=CROSS: the two ends on two CPUs sharing a cache;\n" \
	      "   the last two columns are bandwidths in MB/s, where bigger is better)\n" \
	      "-----------------------------------------------------------------------------\n" \
	      "Host                 OS  Pipe    AF  2p/0K 2p/16K   TCP   UDP   TCP Pipe   AF\n" \
	      "                              UNIX  ctxsw  ctxsw              conn   bw UNIX\n" \
	      "--------- ------------- ----- ----- ------ ------ ----- ----- ----- ---- ----\n",
	      "%s%5.5s %5.5s %6.6s %6.6s %5.5s %5.5s %5.5s %4.4s %4.4s\n",
	      "num:x_lat_pipe:5 num:x_lat_unix:5 num:x_ctx_0:6 num:x_ctx_16:6 num:x_lat_tcp:5 " \
	      "num:x_lat_udp:5 num:x_lat_connect:5 num:x_bw_pipe:4 num:x_bw_unix:4", "cross")
	table("\nMemory beyond lmbench (lat_mem_load, bw_mem_peak, lat_c2c, numa_mem)\n" \
	      "  (latencies in ns, smaller is better; bandwidths in MB/s, bigger is better)\n" \
	      "------------------------------------------------------------------------------\n" \
	      "Host                 OS  idle loaded  load   peak   peak  peak  c2c  c2c  numa\n" \
	      "                         lat    lat    bw   read    1:1 triad HITM  HIT   lat\n" \
	      "--------- ------------- ----- ----- ------ ------ ------ ----- ---- ---- -----\n",
	      "%s%5.5s %5.5s %6.6s %6.6s %6.6s %5.5s %4.4s %4.4s %5.5s\n",
	      "num:ml_idle:5 num:ml_lat0:5 num:ml_bw0:6 num:pk_rd:6 num:pk_11:6 num:pk_triad:5 " \
	      "num:c2c_hitm:4 num:c2c_hit:4 num:numa_lat:5", "beyond")
	table("\nBonnie file I/O - MB/s, seeks per second - bigger is better\n" \
	      "------------------------------------------------------------------\n" \
	      "Host                 OS   Char  Block Rewrite  Char  Block  Seeks\n" \
	      "                         write  write         read   read   /sec\n" \
	      "--------- ------------- ------ ------ ------ ------ ------ ------\n",
	      "%s%6.6s %6.6s %6.6s %6.6s %6.6s %6.6s\n",
	      "num:bon_putc:6 num:bon_write:6 num:bon_rewrite:6 num:bon_getc:6 num:bon_read:6 " \
	      "num:bon_seeks:6", "bonnie")
	table("\nScheduler under load, threads - times in microseconds - smaller is better\n" \
	      "  (msg: lat_msg, 20 senders x 20 receivers a group, milliseconds; pairs:\n" \
	      "   lat_pipe_pairs, a round trip; pmake: lat_pmake's 10 ms jobs, milliseconds;\n" \
	      "   N: the largest count, twice the CPUs; mutex: nanoseconds; futex xCPU:\n" \
	      "   LMBENCH_SCHED=CROSS)\n" \
	      "-------------------------------------------------------------------------------------\n" \
	      "Host                 OS    msg    msg pair pair pmake pmake mutx mutx thrd futx futx\n" \
	      "                          1grp  16grp    1    N    1j    Nj 1thr 4thr crea wake xCPU\n" \
	      "--------- ------------- ------ ------ ---- ---- ----- ----- ---- ---- ---- ---- ----\n",
	      "%s%6.6s %6.6s %4.4s %4.4s %5.5s %5.5s %4.4s %4.4s %4.4s %4.4s %4.4s\n",
	      "num:msg_1:6 num:msg_16:6 num:pairs_1:4 num:pairs_n:4 num:pmake_1:5 num:pmake_n:5 " \
	      "num:mutex_1:4 num:mutex_4:4 num:thr_create:4 num:futex:4 num:x_futex:4", "sched")
}

END {
	if (mode == "last")
		end_last()
	for (i = 1; i <= nfiles; i++)
		derive(i)
	tables()
	header("\n                 L M B E N C H  3 . 0   S U M M A R Y\n" \
	       "                 ------------------------------------\n" \
	       "\t\t (Alpha software, do not distribute)\n")
	for (t = 1; t <= ntables; t++) {
		if ((TONLY[t] == "cross" && !any_cross) || (TONLY[t] == "bonnie" && !any_bonnie))
			continue
		# The operation tables, as getsummary: none without a figure
		# in any file, no row for a file without one.
		if (TONLY[t] == "loaded" && !figures(t, 0))
			continue
		if (TONLY[t] == "beyond" && !any_beyond)
			continue
		if (TONLY[t] == "sched" && !any_sched)
			continue
		header(THEAD[t])
		for (i = 1; i <= nfiles; i++)
			if (TONLY[t] != "loaded" || (!loaded(i) && figures(t, i)))
				printf("%s", row(i, TFORMAT[t], TCOLUMNS[t]))
	}
}
