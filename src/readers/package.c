/* SPDX-License-Identifier: MIT */
/*
 * Packages read through libarchive (package.h): zip (wheels, .conda),
 * tar, and tar in gzip, bzip2, xz or zstd.  The package is read from
 * memory (the walk's mapping, a stream's bytes, a scratch file of the
 * package around it) a chunk at a time, its pages dropped behind; each
 * member is read as a stream, whatever size its header declares: its
 * first PROBE bytes decide whether it is unpacked (into a scratch file)
 * or passed over (member_skip).  What libarchive reads is never
 * trusted for a size: the bytes that come are counted, against a bound
 * for one member and one for the whole package.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lzma.h>
#include <zlib.h>

/* Through the include path: see libarchive.h. */
#include <libarchive.h>

#include "package.h"
#include "scratch.h"
#include "le.h"
#include "xalloc.h"

/*
 * The bounds.  A member is never unpacked past PACKAGE_MEMBER_MAX (disk
 * under $TMPDIR, and the time to write it); a package yields at most
 * PACKAGE_RATIO times its own size in all, or PACKAGE_OUTPUT_FLOOR when
 * that is more (the corpus's built files come out of a .tar.gz or a
 * wheel at 4.4 times its size; deflate's bombs run to a thousand times,
 * zstd's and xz's to millions), counting what is unpacked, passed over and, for a compressed
 * tar, its headers; at most PACKAGE_MEMBERS_MAX members, each name cut at
 * PACKAGE_NAME_MAX bytes (PATH_MAX is 4096).
 */
#define PACKAGE_MEMBER_MAX	((uint64_t)8 << 30)
#define PACKAGE_RATIO		64
#define PACKAGE_OUTPUT_FLOOR	((uint64_t)1 << 30)
#define PACKAGE_MEMBERS_MAX	((size_t)1 << 20)
#define PACKAGE_NAME_MAX	4096
/* What libarchive is handed at a time, and what a member is copied in. */
#define PACKAGE_CHUNK		((size_t)1 << 20)
#define PACKAGE_COPY		((size_t)256 << 10)
/* A member's span (package.h), made when the caller asks (calls.spans):
 * a pair every SPAN_STEP of a deflated member's bytes, found by inflating
 * it again (zlib, the output dropped), the step larger for a member of
 * more than SPAN_PAIRS_MAX steps: 4 MiB of pairs at most.  An entry of a
 * fatbin (a few KiB at least) is told to within a step. */
#define SPAN_STEP		((uint64_t)4 << 10)
#define SPAN_PAIRS_MAX		((size_t)1 << 18)
/* The first bytes of a member, as the walk's probe reads a file's
 * (scan_int.h's PROBE_BYTES): what decides whether it is unpacked. */
#define PACKAGE_HEAD		((size_t)64 << 10)

/*
 * An xz stream is decompressed here, by liblzma under XZ_MEMLIMIT, and
 * libarchive is given the tar: its own xz reader lets a stream declare a
 * dictionary of up to 1 GiB, which fills as the stream unpacks (a 60 KiB
 * .tar.xz of 400 MiB of zeros held 407 MiB).  xz -9 needs 65 MiB.
 */
#define XZ_MEMLIMIT	((uint64_t)80 << 20)

/* What libarchive says when no reader knows the bytes ("Unrecognized
 * archive format"): its ARCHIVE_ERRNO_FILE_FORMAT, which its public
 * header leaves out; EILSEQ where there is no EFTYPE, as on Linux. */
#ifdef EFTYPE
#define NOT_AN_ARCHIVE	EFTYPE
#else
#define NOT_AN_ARCHIVE	EILSEQ
#endif

#define ZIP_MAGIC	"PK\003\004"
#define TAR_MAGIC_AT	257

/* The compressed streams a tarball comes in, by their magic bytes. */
enum { XZ_STREAM = 2 };
static const struct {
	const char	*magic;
	size_t		 len;
} streams[] = {
	{ "\037\213", 2 },			/* gzip */
	{ "BZh", 3 },				/* bzip2 */
	[XZ_STREAM] = { "\3757zXZ\0", 6 },		/* xz */
	{ "\050\265\057\375", 4 },		/* zstd */
};

int
package_is_package(const uint8_t *data, size_t size)
{
	if (size >= 4 && memcmp(data, ZIP_MAGIC, 4) == 0)
		return 1;
	if (size >= TAR_MAGIC_AT + 5 && memcmp(data + TAR_MAGIC_AT, "ustar", 5) == 0)
		return 1;
	for (size_t i = 0; i < sizeof streams / sizeof streams[0]; i++)
		if (size >= streams[i].len && memcmp(data, streams[i].magic, streams[i].len) == 0)
			return 1;
	return 0;
}

/* The package's bytes, as libarchive asks for them. */
struct pkg_in {
	const uint8_t		*data;
	size_t			 size, at;
	const struct package_calls *calls;
	void			*ctx;
	int			 xz;		/* an xz stream: decoded here */
	lzma_stream		 lz;
	uint8_t			*xzbuf;		/* PACKAGE_CHUNK of the tar */
	int			 xzend;
};

/* What liblzma's status says, for a message. */
static const char *
xz_why(lzma_ret r)
{
	switch (r) {
	case LZMA_MEMLIMIT_ERROR:
		return "the xz stream needs more than 80 MiB to decompress (a dictionary past xz -9's): not read";
	case LZMA_FORMAT_ERROR:
	case LZMA_OPTIONS_ERROR:
		return "not an xz stream liblzma reads";
	case LZMA_DATA_ERROR:
		return "damaged xz data";
	case LZMA_BUF_ERROR:
		return "the xz stream is cut short";
	case LZMA_MEM_ERROR:
		return "out of memory in liblzma";
	default:
		return "xz: cannot be decompressed";
	}
}

/* The next bytes of the tar in an xz stream; 0 at its end, -1 at damage
 * (said through libarchive). */
static la_ssize_t
xz_read(struct archive *a, struct pkg_in *in, const void **buf)
{
	in->lz.next_out = in->xzbuf;
	in->lz.avail_out = PACKAGE_CHUNK;
	while (in->lz.avail_out > 0 && !in->xzend) {
		if (in->lz.avail_in == 0 && in->at < in->size) {
			size_t n = in->size - in->at < PACKAGE_CHUNK ? in->size - in->at : PACKAGE_CHUNK;

			if (in->calls->passed != NULL && in->at > 0)
				in->calls->passed(in->ctx, in->at);
			in->lz.next_in = in->data + in->at;
			in->lz.avail_in = n;
			in->at += n;
		}
		lzma_ret r = lzma_code(&in->lz, in->at < in->size || in->lz.avail_in > 0 ? LZMA_RUN : LZMA_FINISH);
		if (r == LZMA_STREAM_END)
			in->xzend = 1;
		else if (r != LZMA_OK) {
			archive_set_error(a, EINVAL, "%s", xz_why(r));
			return -1;
		}
	}
	*buf = in->xzbuf;
	return (la_ssize_t)(PACKAGE_CHUNK - in->lz.avail_out);
}

static la_ssize_t
in_read(struct archive *a, void *cd, const void **buf)
{
	struct pkg_in *in = cd;
	size_t n = in->size - in->at < PACKAGE_CHUNK ? in->size - in->at : PACKAGE_CHUNK;

	if (in->xz)
		return xz_read(a, in, buf);
	/* libarchive copies what it keeps of a chunk before it asks for the
	 * next; a page dropped is read again from the file if ever touched. */
	if (in->calls->passed != NULL && in->at > 0)
		in->calls->passed(in->ctx, in->at);
	*buf = in->data + in->at;
	in->at += n;
	return (la_ssize_t)n;
}

static la_int64_t
in_skip(struct archive *a, void *cd, la_int64_t request)
{
	struct pkg_in *in = cd;
	size_t left = in->size - in->at;

	(void)a;
	if (request <= 0 || in->xz)	/* the tar in an xz stream is read, not skipped */
		return 0;
	if ((uint64_t)request < left)
		left = (size_t)request;
	in->at += left;
	return (la_int64_t)left;
}

/* Whether libarchive failed because no format reader knew the bytes. */
static int
not_an_archive(struct archive *a)
{
	return archive_errno(a) == NOT_AN_ARCHIVE && archive_format(a) == 0;
}

/* One walk: the archive, its counts, where messages go. */
struct walk {
	struct archive		*a;
	const struct package_calls *calls;
	void			*ctx;
	uint64_t		 out;		/* bytes the package yielded */
	uint64_t		 out_max;
	char			 name[PACKAGE_NAME_MAX + 32];
	char			*err;
	size_t			 errsize;
	uint8_t			*buf;		/* PACKAGE_HEAD, at least PACKAGE_COPY */
	int			 decoded;	/* libarchive reads what liblzma decoded */
	/* The package's bytes (NULL: an xz stream, decoded here), and where
	 * the member being read starts in them: its span can be told when
	 * the caller asks and libarchive reads them as they are (a zip, a
	 * plain tar). */
	const uint8_t		*pkg;
	size_t			 pkg_size;
	uint64_t		 data_start;
	int			 spannable;
	uint64_t		*span_out, *span_in;
	size_t			 span_n, span_cap;
};

uint64_t
package_span_bytes(const struct package_span *sp, uint64_t from, uint64_t to)
{
	const uint64_t at[2] = { from, to };
	uint64_t in[2];

	if (sp == NULL || sp->n == 0 || to <= from)
		return 0;
	for (int k = 0; k < 2; k++) {
		size_t lo = 0, hi = sp->n - 1;

		/* The last pair at or before at[k], then the line to the next. */
		if (at[k] >= sp->out[hi]) {
			in[k] = sp->in[hi];
			continue;
		}
		while (hi - lo > 1) {
			size_t mid = lo + (hi - lo) / 2;

			if (sp->out[mid] <= at[k])
				lo = mid;
			else
				hi = mid;
		}
		in[k] = sp->in[lo] + (uint64_t)((double)(sp->in[hi] - sp->in[lo]) *
		    (double)(at[k] - sp->out[lo]) / (double)(sp->out[hi] - sp->out[lo]));
	}
	return in[1] - in[0];
}

/* A pair of the member's span, while there is room. */
static void
span_add(struct walk *w, uint64_t out, uint64_t in)
{
	if (w->span_n >= SPAN_PAIRS_MAX)
		return;
	if (w->span_n == w->span_cap) {
		w->span_cap = w->span_cap ? 2 * w->span_cap : 64;
		w->span_out = xreallocarray(w->span_out, w->span_cap, sizeof *w->span_out);
		w->span_in = xreallocarray(w->span_in, w->span_cap, sizeof *w->span_in);
	}
	w->span_out[w->span_n] = out;
	w->span_in[w->span_n++] = in;
}

/* The pairs of a deflated member of size bytes, from its packed bytes
 * inflated again into w->buf, dropped, their pages let go behind
 * (calls.reread); 0, or -1 when they do not inflate to size bytes (the
 * span is then unknown). */
static int
span_inflate(struct walk *w, const uint8_t *packed, uint64_t npacked, uint64_t size)
{
	uint64_t step = size / (SPAN_PAIRS_MAX - 2) + 1, dropped = 0;
	z_stream z;
	int r = Z_OK;

	step = step > SPAN_STEP ? step : SPAN_STEP;
	memset(&z, 0, sizeof z);
	if (inflateInit2(&z, -MAX_WBITS) != Z_OK)
		return -1;
	span_add(w, 0, 0);
	while (r != Z_STREAM_END && z.total_out < size) {
		uint64_t fed = z.total_in, left = npacked - fed;

		z.next_in = (Bytef *)(uintptr_t)(packed + fed);
		z.avail_in = left > UINT32_MAX ? UINT32_MAX : (uInt)left;
		z.next_out = w->buf;
		z.avail_out = (uInt)(step < PACKAGE_COPY ? step : PACKAGE_COPY);
		r = inflate(&z, Z_NO_FLUSH);
		if (r != Z_OK && r != Z_STREAM_END)
			break;
		if (z.total_out - w->span_out[w->span_n - 1] >= step || r == Z_STREAM_END)
			span_add(w, z.total_out, z.total_in);
		if (w->calls->reread != NULL && (z.total_in - dropped >= PACKAGE_CHUNK || r == Z_STREAM_END)) {
			w->calls->reread(w->ctx, (size_t)(packed - w->pkg) + dropped, z.total_in - dropped);
			dropped = z.total_in;
		}
	}
	inflateEnd(&z);
	return r == Z_STREAM_END && z.total_out == size ? 0 : -1;
}

/* The member's span, just read whole (size bytes): NULL when it cannot be
 * told.  Stored (a plain tar's, a zip's not deflated): its bytes are the
 * package's; deflated: inflated again. */
static const struct package_span *
member_span(struct walk *w, uint64_t size, struct package_span *sp)
{
	uint64_t end = (uint64_t)archive_filter_bytes(w->a, 0), packed;
	int zip = (archive_format(w->a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP;

	if (!w->spannable || end < w->data_start || end > w->pkg_size)
		return NULL;
	packed = end - w->data_start;
	w->span_n = 0;
	if (!zip || packed == size) {
		span_add(w, 0, 0);
		span_add(w, size, packed);
	} else if (span_inflate(w, w->pkg + w->data_start, packed, size) < 0)
		return NULL;
	sp->out = w->span_out;
	sp->in = w->span_in;
	sp->n = w->span_n;
	return sp;
}

/* The member's name, cut at PACKAGE_NAME_MAX bytes (said so); one with
 * none libarchive can give (a name its locale cannot convert) is named by
 * its place. */
static void
member_name(struct walk *w, struct archive_entry *e, size_t index)
{
	const char *name = archive_entry_pathname(e);
	size_t len;

	if (name == NULL)
		name = archive_entry_pathname_utf8(e);
	if (name == NULL || name[0] == '\0') {
		snprintf(w->name, sizeof w->name, "(member %zu, no name)", index + 1);
		return;
	}
	/* "./lib/x.so", as tar -C DIR . stores it, is the tree's lib/x.so. */
	while (name[0] == '.' && name[1] == '/' && name[2] != '\0')
		name += 2;
	len = strlen(name);
	if (len <= PACKAGE_NAME_MAX) {
		memcpy(w->name, name, len + 1);
		return;
	}
	memcpy(w->name, name, PACKAGE_NAME_MAX);
	snprintf(w->name + PACKAGE_NAME_MAX, sizeof w->name - PACKAGE_NAME_MAX, "...(cut)");
}

/* Whether the package has yielded more than it may: said once. */
static int
over_output(struct walk *w)
{
	uint64_t stream = (uint64_t)archive_filter_bytes(w->a, 0);
	uint64_t out = stream > w->out ? stream : w->out;

	if (out <= w->out_max)
		return 0;
	snprintf(w->err, w->errsize, "member %s: the package unpacks to more than %llu MiB "
	    "(%d times its size, 1 GiB at least): the rest is not read", w->name,
	    (unsigned long long)(w->out_max >> 20), PACKAGE_RATIO);
	return 1;
}

/* Up to len bytes of the member's data into buf: the bytes read, 0 at its
 * end, -1 at damage (said in err). */
static la_ssize_t
member_read(struct walk *w, uint8_t *buf, size_t len)
{
	la_ssize_t n = archive_read_data(w->a, buf, len);

	if (n < 0) {
		snprintf(w->err, w->errsize, "member %s: %s", w->name,
		    archive_error_string(w->a) ? archive_error_string(w->a) : "cannot be read");
		return -1;
	}
	w->out += (uint64_t)n;
	return over_output(w) ? -1 : n;
}

/* The rest of a member, read and dropped: 0, or -1 (damage, a bound). */
static int
member_pass(struct walk *w)
{
	la_ssize_t n;

	while ((n = member_read(w, w->buf, PACKAGE_COPY)) > 0)
		;
	return n < 0 ? -1 : 0;
}

static int
write_all(int fd, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t k = write(fd, p, n);

		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			return k < 0 ? errno : ENOSPC;
		p += k;
		n -= (size_t)k;
	}
	return 0;
}

/*
 * The member (its first head bytes read) into a scratch file, handed to
 * the caller; 0, or -1 (damage, a bound: the walk stops).  A member past
 * PACKAGE_MEMBER_MAX, or one the scratch file cannot take, is said and
 * passed over.
 */
static int
member_unpack(struct walk *w, size_t head)
{
	char why[256];
	uint64_t size = head;
	struct package_span sp;
	la_ssize_t n;
	int fd, e;

	if (w->calls->room != NULL)
		w->calls->room(w->ctx);
	if ((fd = scratch_open(why, sizeof why)) < 0) {
		w->calls->error(w->ctx, w->name, why);
		return member_pass(w);
	}
	e = write_all(fd, w->buf, head);
	while (e == 0 && (n = member_read(w, w->buf, PACKAGE_COPY)) != 0) {
		if (n < 0) {
			close(fd);
			return -1;
		}
		if (size + (uint64_t)n > PACKAGE_MEMBER_MAX) {
			snprintf(why, sizeof why, "a member of more than %llu GiB: not read",
			    (unsigned long long)(PACKAGE_MEMBER_MAX >> 30));
			w->calls->error(w->ctx, w->name, why);
			close(fd);
			return member_pass(w);
		}
		e = write_all(fd, w->buf, (size_t)n);
		size += (uint64_t)n;
	}
	if (e != 0) {
		snprintf(why, sizeof why, "cannot unpack into a temporary file: %s", strerror(e));
		w->calls->error(w->ctx, w->name, why);
		close(fd);
		return member_pass(w);
	}
	w->calls->member(w->ctx, w->name, fd, (size_t)size, member_span(w, size, &sp));
	return 0;
}

/*
 * The rest of a member not worth reading, without decompressing it where
 * that is bounded by the package's own bytes: a zip member whose header
 * gives its size (its compressed bytes are stepped over), a plain tar's
 * (seeked over).  A compressed tar, and a zip member whose size comes
 * after it (its end is found by inflating it), are read and dropped,
 * counted against the package's bound.
 */
static int
member_skip(struct walk *w, struct archive_entry *e)
{
	int zip = (archive_format(w->a) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP;
	int plain = archive_filter_code(w->a, 0) == ARCHIVE_FILTER_NONE && !w->decoded;

	if (!(zip && archive_entry_size_is_set(e)) && !(plain && !zip))
		return member_pass(w);
	if (archive_read_data_skip(w->a) != ARCHIVE_OK) {
		snprintf(w->err, w->errsize, "member %s: %s", w->name,
		    archive_error_string(w->a) ? archive_error_string(w->a) : "cannot be read");
		return -1;
	}
	return 0;
}

/* One regular member: probed by its first bytes, then unpacked or
 * passed over.  0, or -1: the walk stops. */
static int
member_take(struct walk *w, struct archive_entry *e)
{
	size_t head = 0;
	la_ssize_t n;

	/* Its span starts where its data does: the header read. */
	w->spannable = w->calls->spans && w->pkg != NULL &&
	    archive_filter_code(w->a, 0) == ARCHIVE_FILTER_NONE && !w->decoded;
	w->data_start = (uint64_t)archive_filter_bytes(w->a, 0);
	while (head < PACKAGE_HEAD && (n = member_read(w, w->buf + head, PACKAGE_HEAD - head)) != 0) {
		if (n < 0)
			return -1;
		head += (size_t)n;
	}
	/* A member that ended within its head is as long as that; else it
	 * is longer, by how much no header is trusted to say. */
	if (!w->calls->worth(w->ctx, w->buf, head, head < PACKAGE_HEAD ? head : head + 1))
		return head < PACKAGE_HEAD ? 0 : member_skip(w, e);
	return member_unpack(w, head);
}

/* libarchive's readers and filters, built in (never an external program:
 * a registration that would run one says ARCHIVE_WARN); xz is read here
 * (XZ_MEMLIMIT). */
static int
walk_setup(struct walk *w)
{
	int (*const filters[])(struct archive *) = {
		archive_read_support_filter_gzip, archive_read_support_filter_bzip2,
		archive_read_support_filter_zstd,
	};

	for (size_t i = 0; i < sizeof filters / sizeof filters[0]; i++)
		if (filters[i](w->a) != ARCHIVE_OK) {
			snprintf(w->err, w->errsize, "this libarchive lacks a decompressor it was "
			    "asked for (%s)", archive_error_string(w->a) ? archive_error_string(w->a) : "?");
			return -1;
		}
	/* zip as a stream, local header after local header: the seekable
	 * reader would first hold the central directory's every entry. */
	if (archive_read_support_format_tar(w->a) != ARCHIVE_OK ||
	    archive_read_support_format_zip_streamable(w->a) != ARCHIVE_OK) {
		snprintf(w->err, w->errsize, "libarchive: %s", archive_error_string(w->a));
		return -1;
	}
	return 0;
}

/*
 * The members a zip's central directory lists, from its end record (and
 * the zip64 one where it says 0xffff), or UINT64_MAX when there is none
 * in the last 64 KiB (the longest comment) and 22 bytes.  The walk reads
 * local headers one after another, as a stream; an installer (pip, conda)
 * reads the central directory.  A member the one lists and the other does
 * not reach would pass the gate unread, so the counts must agree.
 */
#define ZIP_EOCD	22
#define ZIP_COMMENT_MAX	0xffff
static uint64_t
zip_listed(const uint8_t *data, size_t size)
{
	size_t low = size > ZIP_EOCD + ZIP_COMMENT_MAX ? size - ZIP_EOCD - ZIP_COMMENT_MAX : 0;

	for (size_t at = size >= ZIP_EOCD ? size - ZIP_EOCD + 1 : 0; at-- > low;) {
		const uint8_t *e = data + at, *loc;
		uint64_t z64;

		if (memcmp(e, "PK\005\006", 4) != 0 || at + ZIP_EOCD + le_read(e + 20, 2) != size)
			continue;
		if (le_read(e + 10, 2) != 0xffff)
			return le_read(e + 10, 2);
		/* zip64: its locator just before, the record where it says. */
		if (at < 20 || memcmp((loc = e - 20), "PK\006\007", 4) != 0)
			return UINT64_MAX;
		z64 = le_read(loc + 8, 8);
		if (z64 > size - 56 || size < 56 || memcmp(data + z64, "PK\006\006", 4) != 0)
			return UINT64_MAX;
		return le_read(data + z64 + 32, 8);
	}
	return UINT64_MAX;
}

/* Whether a zip's local headers were all its central directory lists. */
static int
zip_complete(struct walk *w, const struct pkg_in *in, size_t count)
{
	uint64_t listed;

	if (in->xz || (archive_format(w->a) & ARCHIVE_FORMAT_BASE_MASK) != ARCHIVE_FORMAT_ZIP)
		return 1;
	listed = zip_listed(in->data, in->size);
	if (listed == UINT64_MAX)
		snprintf(w->err, w->errsize, "after member %s: no end of the central directory "
		    "(the zip is cut short, or not one)", w->name);
	else if (listed != count)
		snprintf(w->err, w->errsize, "the central directory lists %llu members, the local "
		    "headers %zu: the members an installer would find are not the ones read",
		    (unsigned long long)listed, count);
	return listed == count;
}

/* The walk over the members; 0, 1 (no package), -1. */
static int
walk_members(struct walk *w, const struct pkg_in *in)
{
	struct archive_entry *e;
	size_t count = 0;
	int r;

	w->name[0] = '\0';
	while ((r = archive_read_next_header(w->a, &e)) != ARCHIVE_EOF) {
		if (r < ARCHIVE_WARN) {
			const char *msg = archive_error_string(w->a);

			/* Not an archive at all: a compressed file of another kind. */
			if (count == 0 && not_an_archive(w->a))
				return 1;
			if (count == 0)
				snprintf(w->err, w->errsize, "%s", msg ? msg : "not read");
			else
				snprintf(w->err, w->errsize, "after member %s: %s", w->name, msg ? msg : "damaged or cut short");
			return -1;
		}
		if (w->calls->peek)
			return 0;
		if (++count > PACKAGE_MEMBERS_MAX) {
			snprintf(w->err, w->errsize, "more than %zu members: the rest are not read",
			    PACKAGE_MEMBERS_MAX);
			return -1;
		}
		member_name(w, e, count - 1);
		/* Folders, links (the file they name is read by its own
		 * name), devices, and a hard link's second name hold nothing. */
		if (archive_entry_filetype(e) != AE_IFREG || archive_entry_hardlink(e) != NULL)
			continue;
		if (member_take(w, e) < 0)
			return -1;
	}
	return zip_complete(w, in, count) ? 0 : -1;
}

/* The walk of package_walk, its input set up. */
static int
package_read(struct pkg_in *in, const struct walk *wp)
{
	struct walk w = *wp;
	char *err = w.err;
	size_t errsize = w.errsize;
	int rc;

	w.a = archive_read_new();
	if (w.a == NULL) {
		snprintf(err, errsize, "libarchive: out of memory");
		return -1;
	}
	if (walk_setup(&w) < 0) {
		archive_read_free(w.a);
		return -1;
	}
	archive_read_set_callback_data(w.a, in);
	archive_read_set_read_callback(w.a, in_read);
	archive_read_set_skip_callback(w.a, in_skip);
	/* Opening chooses the decompressor and the archive's format. */
	if (archive_read_open1(w.a) != ARCHIVE_OK) {
		rc = not_an_archive(w.a) ? 1 : -1;
		if (rc < 0)
			snprintf(err, errsize, "%s", archive_error_string(w.a) ?
			    archive_error_string(w.a) : "cannot be read");
		archive_read_free(w.a);
		return rc;
	}
	w.buf = xmalloc(PACKAGE_HEAD > PACKAGE_COPY ? PACKAGE_HEAD : PACKAGE_COPY);
	rc = walk_members(&w, in);
	free(w.span_out);
	free(w.span_in);
	free(w.buf);
	archive_read_free(w.a);
	return rc;
}

int
package_walk(const uint8_t *data, size_t size, const struct package_calls *calls, void *ctx,
    char *err, size_t errsize)
{
	struct pkg_in in;
	struct walk w;
	uint64_t ratio = (uint64_t)size * PACKAGE_RATIO;
	int rc;

	memset(&in, 0, sizeof in);
	in.data = data;
	in.size = size;
	in.calls = calls;
	in.ctx = ctx;
	memset(&w, 0, sizeof w);
	w.calls = calls;
	w.ctx = ctx;
	w.err = err;
	w.errsize = errsize;
	w.out_max = ratio > PACKAGE_OUTPUT_FLOOR ? ratio : PACKAGE_OUTPUT_FLOOR;
	if (size >= 6 && memcmp(data, streams[XZ_STREAM].magic, 6) == 0) {
		lzma_stream init = LZMA_STREAM_INIT;

		in.lz = init;
		if (lzma_stream_decoder(&in.lz, XZ_MEMLIMIT, LZMA_CONCATENATED) != LZMA_OK) {
			snprintf(err, errsize, "liblzma: cannot start a decoder");
			return -1;
		}
		in.xz = 1;
		in.xzbuf = xmalloc(PACKAGE_CHUNK);
	}
	w.decoded = in.xz;
	w.pkg = in.xz ? NULL : data;
	w.pkg_size = size;
	rc = package_read(&in, &w);
	if (in.xz) {
		lzma_end(&in.lz);
		free(in.xzbuf);
	}
	return rc;
}
