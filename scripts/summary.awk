# summary.awk - the lmbench 3 summary tables (`make see`) from result
# files, ours and original lmbench 3 ones alike.  Run by scripts/summary:
#
#	compare --classic FILE... |
#	    awk -f lines.awk -f summary-lib.awk -f summary-read.awk -f summary.awk
#
# lmbench-compare --classic says what each line is (lines.awk takes its
# records apart); this file keeps lmbench's rules
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
#
# The parts: summary-lib.awk (the cells), summary-read.awk (the reading
# rules) and this file (the tables), loaded in that order.
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

# Metrics where bigger is better (the bandwidths, loads in flight); every
# other one read with V() is a time, where smaller is.
function bigger(k) {
	return k ~ /^(x_)?(bw_|reread|bcopy_|mem_read|mem_write|mem_par|bon_|pk_)|_bw0?$/
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
	      "num:x_pipe:5 num:x_unix:5 num:x_ctx_0:6 num:x_ctx_16:6 num:x_tcp:5 " \
	      "num:x_udp:5 num:x_connect:5 num:x_pipe_bw:4 num:x_unix_bw:4", "cross")
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
	# every file left out, each with its line (lmbench-compare)
	if (!nfiles) {
		print "summary: no result file to read" > "/dev/stderr"
		exit 2
	}
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
	# The registry's own steps (summary-read.awk), a row a figure, only
	# when some file has them.
	if (any_other) {
		header("\nOther programs (src/programs.tab's SUITE steps)\n" \
		       "------------------------------------------------------------------------------\n" \
		       "Host      Program, arguments: figure                          Value       Unit\n" \
		       "--------- -------------------------------------------- ----------- ----------\n")
		for (i = 1; i <= nfiles; i++)
			for (k = 1; k <= NOTHER[i]; k++)
				printf("%-9s %-44s %11s %s\n", H[i], substr(OTHER_N[i, k], 1, 44), OTHER_V[i, k], OTHER_U[i, k])
	}
}
