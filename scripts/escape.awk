# escape.awk - the two escapes of scripts/report (POSIX awk), one
# function each, for every text that comes from a result file or a file
# name:
#   html(s)  text for HTML, in element content or a quoted attribute:
#            & < > " ' as entities
#   gp(s)    a gnuplot string expression: single-quoted literals, where
#            gnuplot expands neither backslashes nor `command` nor
#            @macros, joined by . "'" . for each quote (gnuplot's ''
#            for a quote fails on runs of quotes); control characters
#            (a newline would end the command and start another) as
#            spaces
# Loaded with -f before a program that uses them.  Run alone with
# -v esc=html it escapes each input line; with -v esc=gp it makes the
# whole input one literal.
function html(s) {
	gsub(/&/, "\\&amp;", s)
	gsub(/</, "\\&lt;", s)
	gsub(/>/, "\\&gt;", s)
	gsub(/"/, "\\&quot;", s)
	gsub(/'/, "\\&#39;", s)
	return s
}
function gp(s) {
	gsub(/[\001-\037\177]/, " ", s)
	gsub(/'/, "'.\"'\".'", s)
	return "'" s "'"
}
esc == "html" { print html($0) }
esc == "gp" { all = (NR > 1 ? all " " : "") $0 }
END { if (esc == "gp") print gp(all) }
