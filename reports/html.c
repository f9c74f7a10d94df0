#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#include "html.h"
#include "md.h"

static const char style[] =
    "body{font:14px/1.45 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;"
    "margin:2em auto;max-width:96em;padding:0 1em;color:#1f2328}\n"
    "table{border-collapse:collapse;margin:0 0 1.5em}\n"
    "th,td{border:1px solid #d0d7de;padding:.25em .6em;vertical-align:top}\n"
    "th{background:#f6f8fa;cursor:pointer;position:sticky;top:0}\n"
    "tr:nth-child(2n) td{background:#f9fafb}\n"
    "td[align=right],th[align=right]{text-align:right;font-variant-numeric:tabular-nums}\n"
    "code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;word-break:break-all}\n";

/* Click a heading to sort its table by that column (numbers numerically). */
static const char script[] =
    "document.querySelectorAll('th').forEach(function(th){th.onclick=function(){"
    "var t=th.closest('table'),b=t.tBodies[0],i=th.cellIndex,d=th.dataset.d=th.dataset.d==='1'?'0':'1';"
    "var k=function(r){var s=r.cells[i].textContent,n=parseFloat(s.replace(/[^0-9.\\-]/g,''));"
    "return isNaN(n)?s:n};"
    "Array.from(b.rows).sort(function(x,y){var a=k(x),c=k(y),r=a<c?-1:a>c?1:0;return d==='1'?r:-r})"
    ".forEach(function(r){b.appendChild(r)})}});\n";

char *
html_from_markdown(const char *md, size_t len)
{
	cmark_syntax_extension *table;
	cmark_parser *p;
	cmark_node *doc;
	char *html;
	/* UNSAFE keeps the <details> folds and <code> names: every name
	 * reaches the Markdown escaped, so no markup comes from the input. */
	int opts = CMARK_OPT_UNSAFE;

	cmark_gfm_core_extensions_ensure_registered();
	table = cmark_find_syntax_extension("table");
	if (table == NULL)
		return NULL;
	p = cmark_parser_new(opts);
	cmark_parser_attach_syntax_extension(p, table);
	cmark_parser_feed(p, md, len);
	doc = cmark_parser_finish(p);
	html = doc ? cmark_render_html(doc, opts, cmark_parser_get_syntax_extensions(p)) : NULL;
	if (doc)
		cmark_node_free(doc);
	cmark_parser_free(p);
	return html;
}

int
html_write(FILE *f, const struct rdoc *d, int top, int64_t max_bytes)
{
	char *md = NULL, *html;
	size_t len = 0;
	FILE *m = open_memstream(&md, &len);

	if (m == NULL)
		return -1;
	md_write(m, d, top, max_bytes);
	if (fclose(m) != 0) {
		free(md);
		return -1;
	}
	html = html_from_markdown(md, len);
	free(md);
	if (html == NULL)
		return -1;
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<title>spillway report</title>\n<style>\n%s</style>\n</head>\n<body>\n%s"
	    "<script>\n%s</script>\n</body>\n</html>\n", style, html, script);
	free(html);
	return 0;
}
