# record.awk - a failed or skipped run of a program, for scripts/lmbench:
# its line for the result file ([FAILED: ...] or [SKIPPED: ...], where
# the program's output would have been) on standard output, and its JSON
# record (doc/lmbench-ng-json.5, FAILED AND SKIPPED RUNS) appended to
# jfile.  Loaded after escape.awk (js), run under LC_ALL=C with
#   -v jfile=FILE -v cross=1|"" -v ctxfile=FILE
#   KIND TEXT STATUS PROGRAM ARGUMENT...
# KIND is failed or skipped; ctxfile holds the run's context object on
# one line (the record's last member; null when it is missing).
function clean(s) {
	gsub(/[\001-\037\177]/, " ", s)
	gsub(/\]/, ")", s)
	return length(s) > 300 ? substr(s, 1, 297) "..." : s
}
BEGIN {
	kind = ARGV[1]; text = clean(ARGV[2]); st = ARGV[3]; prog = ARGV[4]
	cmd = prog; args = ""
	for (i = 5; i < ARGC; i++) {
		cmd = cmd " " clean(ARGV[i])
		args = args (i > 5 ? "," : "") js(ARGV[i])
	}
	ctx = ""
	if (ctxfile != "" && (getline ctx < ctxfile) <= 0)
		ctx = ""
	if (ctx !~ /^\{.*\}$/)
		ctx = "null"
	if (kind == "failed")
		printf "[FAILED: %s: status %d: %s]\n", cmd, st, text
	else
		printf "[SKIPPED: %s: %s]\n", cmd, text
	printf "{\"schema\":3,\"program\":%s,\"args\":[%s],%s\"status\":\"%s\",\"exit\":%d,\"error\":%s,\"context\":%s}\n",
		js(prog), args, cross != "" ? "\"placement\":{\"policy\":\"CROSS\"}," : "", kind, st,
		js(text), ctx >> jfile
	# no input to read: the records are written
	exit
}
