/*
 * compare_hist_html.c - the history's page (placeholder while written).
 */
#include "compare_hist.h"
#include "lib_util.h"

int
hist_html(const struct hist *h, const struct hopts *o, const char *file)
{
	(void)h;
	(void)o;
	util_err("%s: the page is not written yet", file);
	return -1;
}
