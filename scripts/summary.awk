# summary.awk - the lmbench 3 summary tables (`make see`) from result
# files, ours and original lmbench 3 ones alike.  Run by scripts/summary:
#
#	awk -f summary.awk FILE...
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

# Blank when the run used several copies (SYNC_MAX > 1).
function scale(v, w) {
	if (valid(L[f, "load"]) && L[f, "load"] + 0 > 1)
		return blank(w)
	return num(v, w)
}

function cell(s, c) {
	return rcut(s, c)
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
	else if (p == "lat_pagefault") put("pagefault", "FAIL")
	else if (p == "tlb") put("tlb", "FAIL")
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
	return ""
}

function strip_bracket(s) {
	sub(/\]$/, "", s)
	return s
}

# End of a LAST block: the size/value pair read last.
function end_last() {
	if (lastval == "")
		printf("%s: no data for %s\n", file[f], mode_key) > "/dev/stderr"
	put(mode_key, lastval == "" ? "" : lastval)
	mode = ""
}

# --------------------------------------------------------------- reading

FNR == 1 {
	if (mode == "last")
		end_last()
	mode = ""
	nfiles++
	f = nfiles
	file[f] = FILENAME
	host = FILENAME
	# scripts/summary wrote a name that looks like an assignment ./NAME=
	if (host ~ /^\.\/[A-Za-z_][A-Za-z0-9_]*=/)
		host = substr(host, 3)
	sub(/\.[0-9]+$/, "", host)
	desc = host
	n = split(host, parts, "/")
	host = parts[n]
	desc = n > 1 ? parts[n - 1] : host
	H[f] = host
	D[f] = desc
	memmode = ""
	xsec = 0
}

# The cross-CPU section: its lines, failed and skipped runs included,
# fill only the cross-CPU table.
/^\[CROSS-CPU: begin/ { xsec = 1; any_cross = 1; next }
/^\[CROSS-CPU: end\]/ { xsec = 0; next }
xsec && /^\[CROSS-CPU: / {
	x = substr($0, 13)
	put(cross_key(substr(x, 1, index(x, ": ") - 1)), $(NF - 1))
	next
}
xsec && /^\[FAILED: / {
	put(cross_key(substr($0, 10, index($0, ": status ") - 10)), "FAIL")
	next
}
xsec { next }

/scripts\/lmbench: \/dev\/tty/ { next }

# A failed or skipped run, before every other rule (its free text must
# match none of them).  In a block whose cell is the last figure, the
# failure stands unless a later figure follows it.
/^\[(FAILED|SKIPPED): / {
	if (mode == "last") {
		if ($1 == "[FAILED:")
			lastval = "FAIL"
		next
	}
	mode = ""
	if ($1 == "[FAILED:")
		failed_run(substr($0, 10, index($0, ": status ") - 10))
	next
}

# Block readers consume their lines.
mode == "last" {
	if ($0 ~ /^[ \t]*$/ || $0 !~ /^[0-9]/) {
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
	if ($0 ~ /^[ \t]*$/ || (ctxsize == "0" && $0 ~ /^Memory/) ||
	    (ctxsize == "64" && $0 ~ /^20/)) {
		mode = ""
		next
	}
	if ($0 ~ /^2 / || $0 ~ /^8 / || $0 ~ /^16 /)
		put("ctx_" ctxsize "_" $1, $2)
	next
}

mode == "lat" {
	if ($0 ~ /^[ \t]*$/) {
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

# Header facts.
!seen_mhz[f] && /MHZ/ {
	seen_mhz[f] = 1
	put("mhz", strip_bracket($2))
}
!seen_mhz[f] && !seen_Mhz[f] && /Mhz/ {
	seen_Mhz[f] = 1
	put("mhz_alt", $1)
}
/LINE_SIZE/ { put("line", strip_bracket($2)) }
/SYNC_MAX/ { put("load", strip_bracket($2)) }
/^\[lmbench/ { put("os", $4 " " $6) }

# One-line results.
/^tlb:/ { put("tlb", $2) }
/^Simple syscall:/ { put("syscall", $3) }
/^Simple read:/ { put("read", $3) }
/^Simple write:/ { put("write", $3) }
/^Simple stat:/ { put("stat", $3) }
/^Simple open.close:/ { put("openclose", $3) }
/^Select on 100 fd/ { put("select_file", $5) }
/^Select on 100 tcp fd/ { put("select_tcp", $6) }
/^Signal handler installation:/ { put("sig_install", $4) }
/^Signal handler overhead:/ { put("sig_catch", $4) }
/^Protection fault:/ { put("prot", $3) }
/^Pipe latency:/ { put("pipe", $3) }
/AF_UNIX sock stream latency:/ { put("unix", $5) }
/UDP latency using / {
	put(/UDP latency using localhost:/ ? "udp" : "r_udp", $5)
}
/TCP latency using / {
	put(/TCP latency using localhost:/ ? "tcp" : "r_tcp", $5)
}
/RPC.udp latency using / {
	put(/RPC.udp latency using localhost:/ ? "rpc_udp" : "r_rpc_udp", $5)
}
/RPC.tcp latency using / {
	put(/RPC.tcp latency using localhost:/ ? "rpc_tcp" : "r_rpc_tcp", $5)
}
/TCP.IP connection cost to / {
	put(/TCP.IP connection cost to localhost:/ ? "connect" : "r_connect", $6)
}
/^Process fork.exit/ { put("fork", $3) }
/^Process fork.execve:/ { put("exec", $3) }
/^Process fork..bin.sh/ { put("sh", $4) }
/^integer bit:/ { put("int_bit", $3) }
/^integer add:/ { put("int_add", $3) }
/^integer mul:/ { put("int_mul", $3) }
/^integer div:/ { put("int_div", $3) }
/^integer mod:/ { put("int_mod", $3) }
/^int64 bit:/ { put("i64_bit", $3) }
/^int64 add:/ { put("i64_add", $3) }
/^int64 mul:/ { put("i64_mul", $3) }
/^int64 div:/ { put("i64_div", $3) }
/^int64 mod:/ { put("i64_mod", $3) }
/^float add:/ { put("flt_add", $3) }
/^float mul:/ { put("flt_mul", $3) }
/^float div:/ { put("flt_div", $3) }
/^double add:/ { put("dbl_add", $3) }
/^double mul:/ { put("dbl_mul", $3) }
/^double div:/ { put("dbl_div", $3) }
/^float bogomflops:/ { put("flt_bogo", $3) }
/^double bogomflops:/ { put("dbl_bogo", $3) }
/^Pipe bandwidth/ { put("bw_pipe", $3) }
/^AF_UNIX sock stream bandwidth:/ { put("bw_unix", $5) }
/^Pagefaults on/ { put("pagefault", $4) }

# Blocks.
function start_last(k) {
	mode = "last"
	mode_key = k
	lastval = ""
}
/^Socket bandwidth using localhost/ { start_last("bw_tcp"); next }
/^"mappings/ { start_last("mmap_lat"); next }
/^"read bandwidth/ { start_last("reread"); next }
/^"Mmap read bandwidth/ { start_last("bw_mmap"); next }
/^"libc bcopy unaligned/ { start_last("bcopy_libc"); next }
/^"unrolled bcopy unaligned/ { start_last("bcopy_hand"); next }
/^Memory read/ { start_last("mem_read"); next }
/^Memory write/ { start_last("mem_write"); next }
/^Memory load parallelism/ { start_last("mem_par"); next }
/^"File system latency/ { mode = "fs"; next }
/^"size=0k/ { mode = "ctx"; ctxsize = "0"; next }
/^"size=16k/ { mode = "ctx"; ctxsize = "16"; next }
/^"size=64k/ { mode = "ctx"; ctxsize = "64"; next }
/^Memory load latency/ { memmode = "Memory"; next }
/^Random load latency/ { memmode = "Random"; next }
/^"stride=128/ && memmode == "Memory" {
	mode = "lat"; latkind = "mem"; latlast = ""; next
}
/^"stride=16/ {
	mode = "lat"; latkind = "rand"; latlast = ""; next
}
/^"stride=/ { mode = "lat"; latkind = "other"; latlast = ""; next }

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
	return k ~ /^(x_)?(bw_|reread|bcopy_|mem_read|mem_write|mem_par)/
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
function derive(i,    r, w) {
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
}

END {
	if (mode == "last")
		end_last()
	for (i = 1; i <= nfiles; i++)
		derive(i)
	header("\n                 L M B E N C H  3 . 0   S U M M A R Y\n" \
	       "                 ------------------------------------\n" \
	       "\t\t (Alpha software, do not distribute)\n")

	header("\nBasic system parameters\n" \
	       "------------------------------------------------------------------------------\n" \
	       "Host                 OS Description              Mhz  tlb  cache  mem   scal\n" \
	       "                                                     pages line   par   load\n" \
	       "                                                           bytes  \n" \
	       "--------- ------------- ----------------------- ---- ----- ----- ------ ----\n")
	for (i = 1; i <= nfiles; i++)
		printf("%s%23.23s %4.4s %5.5s %5.5s %6.6s %4.4s\n", prefix(i), D[i],
		       cell(inum(rawmhz(i), 4), 4), cell(inum(L[i, "tlb"], 5), 5),
		       cell(inum(L[i, "line"], 5), 5), cell(num(V(i, "mem_par"), 6), 6),
		       cell(inum(L[i, "load"], 4), 4))

	header("\nProcessor, Processes - times in microseconds - smaller is better\n" \
	       "------------------------------------------------------------------------------\n" \
	       "Host                 OS  Mhz null null      open slct sig  sig  fork exec sh  \n" \
	       "                             call  I/O stat clos TCP  inst hndl proc proc proc\n" \
	       "--------- ------------- ---- ---- ---- ---- ---- ---- ---- ---- ---- ---- ----\n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		m = rawmhz(i)
		printf("%s%4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s %4.4s\n",
		       prefix(i), valid(m) ? sprintf("%4.0f", m) : blank(4),
		       num(V(i, "syscall"), 4), num(V(i, "nullio"), 4), num(V(i, "stat"), 4),
		       num(V(i, "openclose"), 4), num(V(i, "select_tcp"), 4),
		       num(V(i, "sig_install"), 4), num(V(i, "sig_catch"), 4),
		       num(V(i, "fork"), 4), num(V(i, "exec"), 4), num(V(i, "sh"), 4))
	}

	header("\nBasic integer operations - times in nanoseconds - smaller is better\n" \
	       "-------------------------------------------------------------------\n" \
	       "Host                 OS  intgr intgr  intgr  intgr  intgr  \n" \
	       "                          bit   add    mul    div    mod   \n" \
	       "--------- ------------- ------ ------ ------ ------ ------ \n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		if (valid(L[i, "load"]) && L[i, "load"] + 0 > 1)
			continue
		printf("%s%6.6s %6.6s %6.6s %6.6s %6.6s\n", prefix(i),
		       scale(V(i, "int_bit"), 6), scale(V(i, "int_add"), 6),
		       scale(V(i, "int_mul"), 6), scale(V(i, "int_div"), 6),
		       scale(V(i, "int_mod"), 6))
	}

	header("\nBasic uint64 operations - times in nanoseconds - smaller is better\n" \
	       "------------------------------------------------------------------\n" \
	       "Host                 OS int64  int64  int64  int64  int64  \n" \
	       "                         bit    add    mul    div    mod   \n" \
	       "--------- ------------- ------ ------ ------ ------ ------ \n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		if (valid(L[i, "load"]) && L[i, "load"] + 0 > 1)
			continue
		printf("%s %5.5s %6.6s %6.6s %6.6s %6.6s\n", prefix(i),
		       scale(V(i, "i64_bit"), 6), scale(V(i, "i64_add"), 6),
		       scale(V(i, "i64_mul"), 6), scale(V(i, "i64_div"), 6),
		       scale(V(i, "i64_mod"), 6))
	}

	header("\nBasic float operations - times in nanoseconds - smaller is better\n" \
	       "-----------------------------------------------------------------\n" \
	       "Host                 OS  float  float  float  float\n" \
	       "                         add    mul    div    bogo\n" \
	       "--------- ------------- ------ ------ ------ ------ \n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		if (valid(L[i, "load"]) && L[i, "load"] + 0 > 1)
			continue
		printf("%s%6.6s %6.6s %6.6s %6.6s\n", prefix(i),
		       scale(V(i, "flt_add"), 6), scale(V(i, "flt_mul"), 6),
		       scale(V(i, "flt_div"), 6), scale(V(i, "flt_bogo"), 6))
	}

	header("\nBasic double operations - times in nanoseconds - smaller is better\n" \
	       "------------------------------------------------------------------\n" \
	       "Host                 OS  double double double double\n" \
	       "                         add    mul    div    bogo\n" \
	       "--------- ------------- ------  ------ ------ ------ \n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		if (valid(L[i, "load"]) && L[i, "load"] + 0 > 1)
			continue
		printf("%s%6.6s %6.6s %6.6s %6.6s\n", prefix(i),
		       scale(V(i, "dbl_add"), 6), scale(V(i, "dbl_mul"), 6),
		       scale(V(i, "dbl_div"), 6), scale(V(i, "dbl_bogo"), 6))
	}

	header("\nContext switching - times in microseconds - smaller is better\n" \
	       "-------------------------------------------------------------------------\n" \
	       "Host                 OS  2p/0K 2p/16K 2p/64K 8p/16K 8p/64K 16p/16K 16p/64K\n" \
	       "                         ctxsw  ctxsw  ctxsw ctxsw  ctxsw   ctxsw   ctxsw\n" \
	       "--------- ------------- ------ ------ ------ ------ ------ ------- -------\n")
	for (i = 1; i <= nfiles; i++)
		printf("%s%6.6s %6.6s %6.6s %6.6s %6.6s %7.7s %7.7s\n", prefix(i),
		       num(V(i, "ctx_0_2"), 6), num(V(i, "ctx_16_2"), 6),
		       num(V(i, "ctx_64_2"), 6), num(V(i, "ctx_16_8"), 6),
		       num(V(i, "ctx_64_8"), 6), num(V(i, "ctx_16_16"), 7),
		       num(V(i, "ctx_64_16"), 7))

	header("\n*Local* Communication latencies in microseconds - smaller is better\n" \
	       "---------------------------------------------------------------------\n" \
	       "Host                 OS 2p/0K  Pipe AF     UDP  RPC/   TCP  RPC/ TCP\n" \
	       "                        ctxsw       UNIX         UDP         TCP conn\n" \
	       "--------- ------------- ----- ----- ---- ----- ----- ----- ----- ----\n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		printf("%s%5.5s %5.5s %4.4s %5.5s %5.5s %5.5s %5.5s %4.4s\n", prefix(i),
		       num(V(i, "ctx_0_2"), 5), num(V(i, "pipe"), 5),
		       num(V(i, "unix"), 4), num(V(i, "udp"), 5),
		       num(V(i, "rpc_udp"), 5), num(V(i, "tcp"), 5),
		       num(V(i, "rpc_tcp"), 5), scale(V(i, "connect"), 5))
	}

	header("\n*Remote* Communication latencies in microseconds - smaller is better\n" \
	       "---------------------------------------------------------------------\n" \
	       "Host                 OS   UDP  RPC/  TCP   RPC/ TCP\n" \
	       "                               UDP         TCP  conn\n" \
	       "--------- ------------- ----- ----- ----- ----- ----\n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		printf("%s%5.5s %5.5s %5.5s %5.5s %4.4s\n", prefix(i),
		       num(V(i, "r_udp"), 5), num(V(i, "r_rpc_udp"), 5),
		       num(V(i, "r_tcp"), 5), num(V(i, "r_rpc_tcp"), 5),
		       scale(V(i, "r_connect"), 4))
	}

	header("\nFile & VM system latencies in microseconds - smaller is better\n" \
	       "-------------------------------------------------------------------------------\n" \
	       "Host                 OS   0K File      10K File     Mmap    Prot   Page   100fd\n" \
	       "                        Create Delete Create Delete Latency Fault  Fault  selct\n" \
	       "--------- ------------- ------ ------ ------ ------ ------- ----- ------- -----\n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		printf("%s%6.6s %6.6s %6.6s %6.6s %7.7s %5.5s %7.7s %5.5s\n", prefix(i),
		       scale(V(i, "fs_c0"), 6), scale(V(i, "fs_d0"), 6),
		       scale(V(i, "fs_c10"), 6), scale(V(i, "fs_d10"), 6),
		       num(V(i, "mmap_lat"), 7), num(V(i, "prot"), 5),
		       num(V(i, "pagefault"), 7), num(V(i, "select_file"), 5))
	}

	header("\n*Local* Communication bandwidths in MB/s - bigger is better\n" \
	       "-----------------------------------------------------------------------------\n" \
	       "Host                OS  Pipe AF    TCP  File   Mmap  Bcopy  Bcopy  Mem   Mem\n" \
	       "                             UNIX      reread reread (libc) (hand) read write\n" \
	       "--------- ------------- ---- ---- ---- ------ ------ ------ ------ ---- -----\n")
	for (i = 1; i <= nfiles; i++)
		printf("%s%4.4s %4.4s %4.4s %6.6s %6.6s %6.6s %6.6s %4.4s %5.5s\n", prefix(i),
		       num(V(i, "bw_pipe"), 4), num(V(i, "bw_unix"), 4),
		       num(V(i, "bw_tcp"), 4), num(V(i, "reread"), 6),
		       num(V(i, "bw_mmap"), 6), num(V(i, "bcopy_libc"), 6),
		       num(V(i, "bcopy_hand"), 6), num(V(i, "mem_read"), 4),
		       num(V(i, "mem_write"), 5))

	header("\nMemory latencies in nanoseconds - smaller is better\n" \
	       "    (WARNING - may not be correct, check graphs)\n" \
	       "------------------------------------------------------------------------------\n" \
	       "Host                 OS   Mhz   L1 $   L2 $    Main mem    Rand mem    Guesses\n" \
	       "--------- -------------   ---   ----   ----    --------    --------    -------\n")
	for (i = 1; i <= nfiles; i++) {
		m = rawmhz(i)
		l1 = V(i, "l1")
		l2 = V(i, "l2")
		mm = V(i, "main")
		guess = ""
		if (!percent && valid(l1) && valid(l2) && valid(mm)) {
			if (!same(l1, l2) && same(l2, mm))
				guess = "    No L2 cache?"
			else if (same(l1, l2))
				guess = "    No L1 cache?"
		}
		printf("%s %4s %6.6s %6.6s %11.11s %11.11s%s\n", prefix(i),
		       valid(m) ? sprintf("%4d", m) : blank(4),
		       num(l1, 6), num(l2, 6), num(mm, 8), num(V(i, "rand"), 8), guess)
	}

	if (!any_cross)
		exit
	header("\nCross-CPU communication latencies in microseconds - smaller is better\n" \
	       "  (LMBENCH_SCHED=CROSS: the two ends on two CPUs sharing a cache;\n" \
	       "   the last two columns are bandwidths in MB/s, where bigger is better)\n" \
	       "-----------------------------------------------------------------------------\n" \
	       "Host                 OS  Pipe    AF  2p/0K 2p/16K   TCP   UDP   TCP Pipe   AF\n" \
	       "                              UNIX  ctxsw  ctxsw              conn   bw UNIX\n" \
	       "--------- ------------- ----- ----- ------ ------ ----- ----- ----- ---- ----\n")
	for (i = 1; i <= nfiles; i++) {
		f = i
		printf("%s%5.5s %5.5s %6.6s %6.6s %5.5s %5.5s %5.5s %4.4s %4.4s\n", prefix(i),
		       num(V(i, "x_lat_pipe"), 5), num(V(i, "x_lat_unix"), 5),
		       num(V(i, "x_ctx_0"), 6), num(V(i, "x_ctx_16"), 6),
		       num(V(i, "x_lat_tcp"), 5), num(V(i, "x_lat_udp"), 5),
		       num(V(i, "x_lat_connect"), 5), num(V(i, "x_bw_pipe"), 4),
		       num(V(i, "x_bw_unix"), 4))
	}
}
