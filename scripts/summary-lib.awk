# summary-lib.awk - the cells of the summary tables (scripts/summary.awk,
# whose note says what they follow): a value's validity and width, the
# put() of a figure under its key, and the failed runs' keys.  Loaded by
# scripts/summary before summary-read.awk and summary.awk.


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
