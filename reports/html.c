/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

#include "html.h"
#include "md.h"
#include "strlist.h"
#include "xalloc.h"

/* Light by default, dark where the reader's system asks for it. */
static const char style[] =
    ":root{color-scheme:light dark;--fg:#1f2328;--bg:#fff;--line:#d0d7de;--head:#f6f8fa;"
    "--stripe:#f9fafb;--link:#0969da}\n"
    "@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--bg:#0d1117;--line:#30363d;"
    "--head:#161b22;--stripe:#11161d;--link:#4493f8}}\n"
    "body{font:14px/1.45 -apple-system,'Segoe UI',Helvetica,Arial,sans-serif;"
    "margin:2em 0;padding:0 1.5em;color:var(--fg);background:var(--bg)}\n"
    "a{color:var(--link)}\n"
    "nav ul{margin:.25em 0 1.5em;padding-left:1.5em}\n"
    "table{border-collapse:collapse;margin:0 0 .5em}\n"
    "th,td{border:1px solid var(--line);padding:.25em .6em;vertical-align:top}\n"
    "th{background:var(--head);cursor:pointer;position:sticky;top:0;z-index:1;user-select:none}\n"
    "th[aria-sort=ascending]::after{content:' \\25B2'}\n"
    "th[aria-sort=descending]::after{content:' \\25BC'}\n"
    "tr:nth-child(2n) td{background:var(--stripe)}\n"
    "td[align=right],th[align=right]{text-align:right;font-variant-numeric:tabular-nums}\n"
    /* Names wrap only where html_write put a <wbr> (after ::, commas and
     * '>', before '<'); a part longer than the cell widens the table. */
    "code{font:12px ui-monospace,SFMono-Regular,Menlo,monospace;"
    "word-break:normal;overflow-wrap:normal}\n"
    ".filter{margin:0 0 .4em}.filter input{min-width:20em}\n"
    ".filter .count{margin-left:.6em;opacity:.75}.more{margin:0 0 1.5em}\n";

/*
 * Every table of more than one row gets a filter box above it and, past
 * the body's data-row-limit rows, a button that shows the rest.  A click
 * on a heading sorts by that column, ascending, a second click descending:
 * numbers as numbers, text as text, and the unknowns (an empty cell, "—",
 * "unknown") last in both directions.
 */
static const char script[] =
    "(function(){\n"
    "var limit=parseInt(document.body.dataset.rowLimit,10)||0;\n"
    "var unknown=/^(|\\u2014|-|\\u2013|\\?|unknown|n\\/a)$/i;\n"
    "var number=/^[+\\-\\u2212]?(\\d[\\d,]*)?\\.?\\d+\\s*(%|[KMG]i?B|B|ms|s)?$/;\n"
    "function key(s){s=s.trim();if(unknown.test(s))return null;"
    "if(number.test(s))return parseFloat(s.replace(/\\u2212/,'-').replace(/,/g,''));return s}\n"
    "function compare(a,b){if(a===null||b===null)return a===null?(b===null?0:1):-1;"
    "if(typeof a==='number'&&typeof b==='number')return a-b;"
    "if(typeof a==='number')return -1;if(typeof b==='number')return 1;"
    "return a.localeCompare(b,undefined,{numeric:true})}\n"
    "document.querySelectorAll('table').forEach(function(t){\n"
    "var b=t.tBodies[0];if(!b)return;\n"
    "var rows=Array.from(b.rows).map(function(r,i){return{tr:r,i:i,text:r.textContent.toLowerCase()}});\n"
    "var order=rows.slice(),filter='',all=false,input=null,count=null,more=null;\n"
    "function render(){var f=document.createDocumentFragment(),n=0,shown=0;\n"
    "order.forEach(function(r){var m=!filter||r.text.indexOf(filter)>=0;if(m)n++;"
    "var s=m&&(all||!limit||n<=limit);if(s)shown++;r.tr.hidden=!s;f.appendChild(r.tr)});\n"
    "b.appendChild(f);if(!input)return;\n"
    "count.textContent=shown===rows.length?rows.length+' rows':shown+' of '+n+' rows'+(n<rows.length?' matching ('+rows.length+' in all)':'');\n"
    "more.hidden=shown===n;more.textContent='Show all '+n+' rows';}\n"
    "t.querySelectorAll('thead th').forEach(function(th){th.onclick=function(){\n"
    "var dir=th.getAttribute('aria-sort')==='ascending'?-1:1,i=th.cellIndex;\n"
    "t.querySelectorAll('thead th').forEach(function(h){h.removeAttribute('aria-sort')});\n"
    "th.setAttribute('aria-sort',dir>0?'ascending':'descending');\n"
    "var k=new Map(rows.map(function(r){var c=r.tr.cells[i];return[r,key(c?c.textContent:'')]}));\n"
    "order=rows.slice().sort(function(x,y){var a=k.get(x),c=k.get(y);"
    "if(a===null||c===null)return compare(a,c)||x.i-y.i;return dir*compare(a,c)||x.i-y.i});\n"
    "render()}});\n"
    "if(rows.length>1){var d=document.createElement('div');d.className='filter';\n"
    "input=document.createElement('input');input.type='search';input.placeholder='Filter rows';\n"
    "input.oninput=function(){filter=input.value.trim().toLowerCase();render()};\n"
    "count=document.createElement('span');count.className='count';\n"
    "d.appendChild(input);d.appendChild(count);t.parentNode.insertBefore(d,t);\n"
    "more=document.createElement('button');more.type='button';\n"
    "more.onclick=function(){all=true;render()};\n"
    "var w=document.createElement('div');w.className='more';w.appendChild(more);t.parentNode.insertBefore(w,t.nextSibling)}\n"
    "render()})})();\n";

/* libcmark-gfm's default allocator aborts when memory runs out: this one
 * ends the run as every other allocation does (fatal.h: a message, exit 2). */
static cmark_mem html_cmark_mem = { xcalloc, xrealloc, free };

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
	p = cmark_parser_new_with_mem(opts, &html_cmark_mem);
	cmark_parser_attach_syntax_extension(p, table);
	cmark_parser_feed(p, md, len);
	doc = cmark_parser_finish(p);
	html = doc ? cmark_render_html_with_mem(doc, opts, cmark_parser_get_syntax_extensions(p),
	    &html_cmark_mem) : NULL;
	if (doc)
		cmark_node_free(doc);
	cmark_parser_free(p);
	return html;
}

/* Break opportunities in a name: after these... */
static const char *const wbr_after[] = { "::", ",", "&gt;" };
/* ...and before this. */
static const char wbr_before[] = "&lt;";

static int
starts(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* Writes the inside of a <code> element up to its end, a <wbr> at each
 * boundary of a name's parts; returns where </code> starts. */
static const char *
html_code_text(FILE *out, const char *s)
{
	size_t i;

	while (*s != '\0' && !starts(s, "</code>")) {
		/* up to the next byte that can begin a boundary or the end */
		size_t plain = strcspn(s, ":,&<");

		if (plain > 0) {
			fwrite(s, 1, plain, out);
			s += plain;
			continue;
		}
		if (starts(s, wbr_before))
			fputs("<wbr>", out);
		for (i = 0; i < sizeof wbr_after / sizeof wbr_after[0]; i++)
			if (starts(s, wbr_after[i]))
				break;
		if (i < sizeof wbr_after / sizeof wbr_after[0]) {
			fputs(wbr_after[i], out);
			s += strlen(wbr_after[i]);
			if (!starts(s, "</code>"))
				fputs("<wbr>", out);
			continue;
		}
		putc_unlocked(*s++, out);
	}
	return s;
}

static int
html_id_taken(const struct strlist *ids, const char *id)
{
	size_t i;

	for (i = 0; i < ids->n; i++)
		if (strcmp(ids->v[i], id) == 0)
			return 1;
	return 0;
}

/* The anchor of a heading: its text, lower case, runs of anything but
 * letters and digits as one '-'; "-2", "-3" where it repeats one. */
static char *
html_heading_id(const char *inner, size_t len, struct strlist *ids)
{
	char *id = xmalloc(len + 24), *p = id;
	size_t i, n, seen;

	for (i = 0; i < len; i++) {
		if (inner[i] == '<' || inner[i] == '&') {
			const char *end = memchr(inner + i, inner[i] == '<' ? '>' : ';', len - i);
			i = end ? (size_t)(end - inner) : len;
			continue;
		}
		if (isalnum((unsigned char)inner[i]))
			*p++ = (char)tolower((unsigned char)inner[i]);
		else if (p > id && p[-1] != '-')
			*p++ = '-';
	}
	while (p > id && p[-1] == '-')
		p--;
	*p = '\0';
	n = (size_t)(p - id);
	for (seen = 1; html_id_taken(ids, id); seen++)
		sprintf(id + n, "-%zu", seen + 1);
	strlist_add(ids, id);
	return id;
}

/* Copies the fragment to body with an id on every heading and a <wbr>
 * at the boundaries of the names in <code>; a link to each heading goes
 * to toc.  Either may be NULL: not written.  ids holds the anchors given
 * so far, over every piece of the page. */
static void
html_decorate(FILE *body, FILE *toc, const char *html, struct strlist *ids)
{
	const char *s = html;

	while (*s != '\0') {
		if (s[0] == '<' && s[1] == 'h' && s[2] >= '1' && s[2] <= '6' && s[3] == '>') {
			char close[] = "</h?>";
			const char *inner = s + 4, *end;
			char *id;

			close[3] = s[2];
			end = strstr(inner, close);
			if (end == NULL)
				end = inner + strlen(inner);
			id = html_heading_id(inner, (size_t)(end - inner), ids);
			if (body != NULL)
				fprintf(body, "<h%c id=\"%s\">", s[2], id);
			if (toc != NULL)
				fprintf(toc, "<li><a href=\"#%s\">%.*s</a></li>\n", id, (int)(end - inner), inner);
			free(id);
			s = inner;
		} else if (body != NULL && starts(s, "<code>")) {
			fputs("<code>", body);
			s = html_code_text(body, s + strlen("<code>"));
		} else {
			/* up to the next tag */
			size_t plain = 1 + strcspn(s + 1, "<");

			if (body != NULL)
				fwrite(s, 1, plain, body);
			s += plain;
		}
	}
}

/*
 * The page is written a piece of the Markdown at a time (md_pieces), so
 * that it holds one piece's tree and HTML, not the whole document five
 * times over (100,000 kernels: 890 MB).  The contents come before the
 * body: a first pass renders only the pieces that can hold a heading.
 */
struct html_pass {
	FILE		*body, *toc;
	struct strlist	 ids;
	int		 failed;
};

/* Lines of md_write's that hold no heading: table rows, the folds' ends,
 * the count of rows left out. */
static const char *const plain_starts[] = { "|", "<details><summary>", "</details>", "…and " };

/* Whether cmark could read a heading in this Markdown: unless every line
 * is blank or one of the plain lines above. */
static int
may_hold_heading(const char *md, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		size_t k = 0, n;

		while (k < sizeof plain_starts / sizeof plain_starts[0] &&
		    (len - i < (n = strlen(plain_starts[k])) || memcmp(md + i, plain_starts[k], n) != 0))
			k++;
		if (md[i] != '\n' && k == sizeof plain_starts / sizeof plain_starts[0])
			return 1;
		while (i < len && md[i] != '\n')
			i++;
	}
	return 0;
}

static const char tbody_open[] = "<tbody>\n", table_close[] = "</tbody>\n</table>\n";

static void
html_piece(void *arg, const char *md, size_t len, int flags)
{
	struct html_pass *p = arg;
	char *html, *from, *end;

	if (p->failed || (p->body == NULL && !may_hold_heading(md, len)))
		return;
	if ((html = html_from_markdown(md, len)) == NULL) {
		p->failed = 1;
		return;
	}
	from = html;
	end = html + strlen(html);
	/* A table cut in pieces is one table: its heading rows once, at
	 * the start, its end once, at the end. */
	if (flags & MD_PIECE_CONTINUED) {
		char *body = strstr(html, tbody_open);

		if (body != NULL)
			from = body + strlen(tbody_open);
		else
			p->failed = 1;
	}
	if ((flags & MD_PIECE_CONTINUES) && !p->failed) {
		size_t n = strlen(table_close);

		if ((size_t)(end - from) >= n && memcmp(end - n, table_close, n) == 0)
			*(end - n) = '\0';
		else
			p->failed = 1;
	}
	if (!p->failed)
		html_decorate(p->body, p->toc, from, &p->ids);
	free(html);
}

int
html_write(FILE *f, const struct rdoc *d, int top, int64_t max_bytes)
{
	struct html_pass p = { 0 };
	char *toc = NULL;
	size_t toc_len = 0;

	if (max_bytes < 0)
		max_bytes = HTML_DEFAULT_MAX_BYTES;
	if ((p.toc = open_memstream(&toc, &toc_len)) == NULL)
		return -1;
	md_pieces(d, top, max_bytes, html_piece, &p);
	fclose(p.toc);
	strlist_free(&p.ids);
	if (p.failed) {
		free(toc);
		return -1;
	}
	fprintf(f, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	    "<meta name=\"viewport\" content=\"width=device-width\">\n"
	    "<title>spillway report</title>\n<style>\n%s</style>\n</head>\n"
	    "<body data-row-limit=\"%d\">\n<h1 id=\"top\">spillway report</h1>\n"
	    "<nav><b>Contents</b>\n<ul>\n%s</ul></nav>\n",
	    style, HTML_ROW_LIMIT, toc ? toc : "");
	free(toc);
	memset(&p, 0, sizeof p);
	p.body = f;
	md_pieces(d, top, max_bytes, html_piece, &p);
	strlist_free(&p.ids);
	if (p.failed)
		return -1;
	fprintf(f, "<script>\n%s</script>\n</body>\n</html>\n", script);
	return 0;
}
