/*
 * compare_out_data.c - the JSON and CSV outputs.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib_util.h"

static void
json_num(FILE *f, const char *key, double v, int have)
{
	if (have && isfinite(v))
		fprintf(f, ",\"%s\":%.6g", key, v);
	else
		fprintf(f, ",\"%s\":null", key);
}

static void
json_side(struct cmp *cx, FILE *f, int s)
{
	const struct side *sd = &cx->sides[s];
	size_t i;
	int k;

	fprintf(f, "\"%s\":{\"label\":", side_name[s]);
	put(f, sd->label, E_JSON);
	fputs(",\"files\":[", f);
	for (i = 0; i < sd->nfiles; i++) {
		if (i)
			fputc(',', f);
		put(f, sd->files[i], E_JSON);
	}
	fputs("],\"host\":", f);
	put(f, sd->host ? sd->host : "", E_JSON);
	fputs(",\"date\":", f);
	put(f, sd->date ? sd->date : "", E_JSON);
	for (k = 0; k < NFACTS; k++) {
		static const char *const jk[] = { "cpu_model", "kernel", "compiler",
			                          "build_flags", "placement", "enough",
			                          "memory_nodes" };
		_Static_assert(sizeof(jk) / sizeof(jk[0]) == NFACTS,
		               "a JSON key for every machine fact");

		fprintf(f, ",\"%s\":", jk[k]);
		put(f, sd->fact[k] ? sd->fact[k] : "", E_JSON);
	}
	fputc('}', f);
}

void
out_json(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum,
         const struct opts *o)
{
	const struct record *rec;
	size_t i;
	int s, k, nw = 0;

	fprintf(f, "{\"schema\":3,\"threshold_pct\":%g,\"alpha\":%g,\"correction\":\"holm\","
	        "\"test\":\"welch-log-runs\",\"sign\":\"+ = better\",", o->threshold, o->alpha);
	json_side(cx, f, BASE);
	fputc(',', f);
	json_side(cx, f, NEW);
	fputs(",\"warnings\":[", f);
	for (k = 0; k < NFACTS; k++)
		if (cx->sides[BASE].fact[k] && cx->sides[NEW].fact[k] &&
		    !fact_same((enum fact)k, cx->sides[BASE].fact[k], cx->sides[NEW].fact[k]))
			fprintf(f, "%s\"%s\"", nw++ ? "," : "", fact_name[k]);
	fputs("],\"metrics\":[", f);
	for (i = 0; i < cx->nmetrics; i++) {
		const struct row *r = &rows[i];
		const struct metric *m = r->m;

		fputs(i ? ",\n{\"metric\":" : "\n{\"metric\":", f);
		put(f, m->name, E_JSON);
		fputs(",\"params\":", f);
		put(f, m->params, E_JSON);
		if (m->size_bytes >= 0)
			fprintf(f, ",\"size_bytes\":%.0f", m->size_bytes);
		else
			fputs(",\"size_bytes\":null", f);
		fputs(",\"unit\":", f);
		put(f, m->unit, E_JSON);
		fprintf(f, ",\"better\":\"%s\"", m->better > 0 ? "higher" : m->better < 0 ? "lower" : "none");
		for (s = 0; s < 2; s++) {
			const struct stat1 *st = &r->s[s];
			int have = m->part[s].runs.n > 0;

			json_num(f, side_name[s], st->value, have);
			fprintf(f, ",\"%s_runs\":%zu,\"%s_samples\":%zu", side_name[s],
			        have ? st->n : 0, side_name[s], have ? st->nsamples : 0);
			json_num(f, s == BASE ? "base_spread_pct" : "new_spread_pct", st->spread,
			         have && st->spread >= 0);
			fprintf(f, ",\"%s_mixed\":", side_name[s]);
			if (m->part[s].mixed)
				fprintf(f, "[%.6g,%.6g]", m->part[s].mixlo, m->part[s].mixhi);
			else
				fputs("null", f);
		}
		json_num(f, "better_pct", r->change, row_compared(r));
		if (r->tested && row_compared(r))
			fprintf(f, ",\"ci_pct\":[%.6g,%.6g]", r->lo, r->hi);
		else
			fputs(",\"ci_pct\":null", f);
		json_num(f, "floor_pct", r->floor, r->floor >= 0);
		json_num(f, "p", r->p, r->p >= 0);
		json_num(f, "p_holm", r->padj, r->padj >= 0 && r->tested);
		fprintf(f, ",\"test\":%s", !r->tested ? "null" : r->pooled ? "\"pooled\"" : "\"welch\"");
		if (!r->tested && row_compared(r))
			json_num(f, "floor_hint_pct", r->hint, r->hint >= 0);
		fprintf(f, ",\"threshold_pct\":%g,\"status\":\"%s\"", r->limit, status_word[r->st]);
		fputc('}', f);
	}
	fputs("],\n\"records\":[", f);
	for (rec = cx->records; rec != NULL; rec = rec->next) {
		fprintf(f, "%s{\"side\":\"%s\",\"status\":\"%s\",\"command\":", rec == cx->records ? "" : ",",
		        side_name[rec->side], rec->failed ? "failed" : "skipped");
		put(f, rec->command, E_JSON);
		fprintf(f, ",\"exit\":%d,\"error\":", rec->exit);
		put(f, rec->error, E_JSON);
		fputc('}', f);
	}
	fputs("],\n", f);
	if (sum->ngeo > 0)
		fprintf(f, "\"geomean_better_pct\":%.4f", sum->geo);
	else
		fputs("\"geomean_better_pct\":null", f);
	fprintf(f, ",\"compared\":%zu,\"tested\":%zu,\"regressions\":%zu,"
	        "\"improvements\":%zu,\"cannot_tell\":%zu,\"failed_runs\":%zu,\"failed_metrics\":%zu,"
	        "\"missing\":%zu,\"new_metrics\":%zu,"
	        "\"unreliable\":%zu,\"gate\":\"%s\"}\n",
	        sum->rows, sum->tested, sum->regress, sum->improve, sum->cannot,
	        cx->sides[NEW].nrecords[1], sum->failed, sum->missing, sum->added,
	        sum->unreliable, sum->fail ? "fail" : "pass");
}

/* ",v" with v as %.*g (fixed 0: %.*f), or "," alone when not had. */
static void
csv_num(FILE *f, double v, int have, int digits, int fixed)
{
	fputc(',', f);
	if (have && isfinite(v)) {
		if (fixed)
			fprintf(f, "%.*f", digits, v);
		else
			fprintf(f, "%.*g", digits, v);
	}
}

void
out_csv(struct cmp *cx, FILE *f, const struct row *rows, const struct summary *sum,
        const struct opts *o)
{
	size_t i;
	int s;

	fputs("metric,params,size_bytes,unit,better,base,base_runs,base_spread_pct,"
	      "new,new_runs,new_spread_pct,better_pct,ci_lo_pct,ci_hi_pct,floor_pct,"
	      "p,p_holm,test,threshold_pct,status\n", f);
	for (i = 0; i < cx->nmetrics; i++) {
		const struct row *r = &rows[i];
		const struct metric *m = r->m;

		put(f, m->name, E_CSV);
		fputc(',', f);
		put(f, m->params, E_CSV);
		csv_num(f, m->size_bytes, m->size_bytes >= 0, 0, 1);
		fputc(',', f);
		put(f, m->unit, E_CSV);
		fprintf(f, ",%s", m->better > 0 ? "higher" : m->better < 0 ? "lower" : "none");
		for (s = 0; s < 2; s++) {
			int have = m->part[s].runs.n > 0;

			csv_num(f, r->s[s].value, have, 6, 0);
			fprintf(f, ",%zu", have ? r->s[s].n : 0);
			csv_num(f, r->s[s].spread, have && r->s[s].spread >= 0, 3, 1);
		}
		csv_num(f, r->change, row_compared(r), 4, 1);
		csv_num(f, r->lo, r->tested && row_compared(r), 4, 1);
		csv_num(f, r->hi, r->tested && row_compared(r), 4, 1);
		csv_num(f, r->floor, r->floor >= 0, 3, 1);
		csv_num(f, r->p, r->p >= 0, 4, 0);
		csv_num(f, r->padj, r->padj >= 0 && r->tested, 4, 0);
		fprintf(f, ",%s,%g,%s\n", !r->tested ? "" : r->pooled ? "pooled" : "welch",
		        r->limit, status_word[r->st]);
	}
	/* The summary is no data row: it goes to stderr. */
	warnings(cx, stderr, "compare: ", "", E_TEXT);
	fputs("compare: ", stderr);
	summary_line(cx, stderr, sum, o, "\n");
}
