#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Remakes the README's screenshots of the browser: each view is driven in
tmux as a user would (keys in with send-keys, each step waiting until the
screen shows what it should), captured with its colours (capture-pane -e),
written as HTML and shot with headless Chromium.  The reports too: the
Markdown rendered by cmark-gfm at GitHub's width (880 px), the HTML at
1,400 px.

    doc/screenshots/render.py [--spillway=./spillway] [--out=doc/screenshots] [NAME...]

Run from the top of the source tree, after make.  Needs tmux, chromium and
the DejaVu Sans Mono font (Debian: tmux chromium cmark-gfm fonts-dejavu-core).
"""
import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

# name, columns, rows, arguments, steps: (keys to send or None, text the
# screen then shows; "@View" sends the number the top line gives View).
SHOTS = [
    ("kernels", 120, 30, ["data/example"],
     [(None, "kernels  sort:"), ("*", "\u25be ")]),
    ("compare", 120, 30, ["data/example"],
     [(None, "kernels  sort:"), ("a", "sort: STACK sm_"), ("c", "\u0394STACK")]),
    ("libraries", 110, 30, ["data/example"],
     [(None, "kernels  sort:"), ("@Libraries", "libraries, the most kernels first"),
      ("Enter", "\u2514 ")]),
    ("detail", 110, 34, ["data/example"],
     [(None, "kernels  sort:"), ("Enter", "> Detail")]),
    ("check", 120, 30, ["--max-regs=40", "--max-spill=0", "data/example"],
     [(None, "kernels  sort:"), ("@Check", "violation")]),
    ("build", 120, 30, ["--jobs=2", "data/logs/ninja-j2"],
     [(None, "Build")]),
    ("size", 110, 30, ["data/example"],
     [(None, "kernels  sort:"), ("@Size", "\u25be ")]),
    ("scanning", 100, 8, ["/usr/local/cuda/lib64"],
     [(None, "images read [")]),
    # At 80x24, names shaped as cuBLASLt's (tests/lib/fixtures/tui) in two
    # libraries: the rows must read apart, the library column stay.
    ("narrow-kernels", 80, 24, ["tests/lib/fixtures/tui/liblt_a.o", "tests/lib/fixtures/tui/liblt_b.o"],
     [(None, "kernels  sort:")]),
    ("narrow-compare", 80, 24, ["tests/lib/fixtures/tui/liblt_a.o", "tests/lib/fixtures/tui/liblt_b.o"],
     [(None, "kernels  sort:"), ("c", "\u0394")]),
]

# The reports as a reviewer reads them: name, width in px, height in px,
# format, arguments.  The Markdown is rendered by cmark-gfm (GitHub's
# fork of cmark, with its table extension) into a box as wide as GitHub's
# pull-request description (880 px) under a stylesheet like GitHub's; the
# HTML report is shot as it is written, in a 1,400-px window.
REPORTS = [
    ("report-example", 880, 1600, "markdown", ["data/example"]),
    ("report-names", 880, 900, "markdown",
     ["--sections=spills", "tests/lib/fixtures/report-names/cublaslt-shaped.csv"]),
    ("report-cublaslt", 880, 1400, "markdown", ["/usr/local/cuda/lib64/libcublasLt.so"]),
    ("report-html", 1400, 1000, "html", ["data/example"]),
    ("report-html-cublaslt", 1400, 1000, "html", ["/usr/local/cuda/lib64/libcublasLt.so"]),
]

# GitHub's Markdown look, near enough for widths: its font sizes, cell
# padding, code spans and table rules.
GITHUB_CSS = """
body{margin:0;background:#fff}
.markdown-body{box-sizing:border-box;width:880px;padding:16px 32px;color:#1f2328;
 font:14px/1.5 -apple-system,'Segoe UI','Noto Sans',Helvetica,Arial,sans-serif;word-wrap:break-word}
.markdown-body h3{font-size:1.25em;font-weight:600;margin:24px 0 16px}
.markdown-body p,.markdown-body table,.markdown-body details{margin:0 0 16px}
.markdown-body table{display:block;width:max-content;max-width:100%;overflow:auto;border-spacing:0;
 border-collapse:collapse;font-variant:tabular-nums}
.markdown-body th{font-weight:600}
.markdown-body th,.markdown-body td{padding:6px 13px;border:1px solid #d1d9e0}
.markdown-body tr:nth-child(2n){background:#f6f8fa}
.markdown-body code{padding:.2em .4em;font:85% ui-monospace,SFMono-Regular,Menlo,monospace;
 white-space:break-spaces;background:rgba(129,139,152,.12);border-radius:6px}
.markdown-body sup{font-size:75%}
"""

FONT = 14                    # px
CELL_W = FONT * 0.6021       # DejaVu Sans Mono's advance
CELL_H = 18                  # px, the line height
PAD = 10

# The xterm palette: 0-7, then 8-15 bright.
BASE = ["#1c1c1c", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
        "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"]
FG, BG = "#d4d4d4", "#1e1e1e"


def color256(n):
    if n < 16:
        return BASE[n]
    if n < 232:
        n -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[n // 36], steps[n // 6 % 6], steps[n % 6])
    v = 8 + (n - 232) * 10
    return "#%02x%02x%02x" % (v, v, v)


class Style:
    def __init__(self):
        self.reset()

    def reset(self):
        self.fg = self.bg = None
        self.bold = self.dim = self.underline = self.reverse = False

    def apply(self, params):
        p = [int(x) if x else 0 for x in params.split(";")] if params else [0]
        i = 0
        while i < len(p):
            c = p[i]
            if c == 0:
                self.reset()
            elif c == 1:
                self.bold = True
            elif c == 2:
                self.dim = True
            elif c == 4:
                self.underline = True
            elif c == 7:
                self.reverse = True
            elif c == 22:
                self.bold = self.dim = False
            elif c == 24:
                self.underline = False
            elif c == 27:
                self.reverse = False
            elif 30 <= c <= 37:
                self.fg = BASE[c - 30]
            elif 90 <= c <= 97:
                self.fg = BASE[c - 90 + 8]
            elif c == 39:
                self.fg = None
            elif 40 <= c <= 47:
                self.bg = BASE[c - 40]
            elif 100 <= c <= 107:
                self.bg = BASE[c - 100 + 8]
            elif c == 49:
                self.bg = None
            elif c in (38, 48) and i + 1 < len(p):
                if p[i + 1] == 5 and i + 2 < len(p):
                    col = color256(p[i + 2])
                    i += 2
                elif p[i + 1] == 2 and i + 4 < len(p):
                    col = "#%02x%02x%02x" % tuple(p[i + 2:i + 5])
                    i += 4
                else:
                    col = None
                if c == 38:
                    self.fg = col
                else:
                    self.bg = col
                i += 1
            i += 1

    def css(self):
        fg, bg = self.fg or FG, self.bg or BG
        if self.reverse:
            fg, bg = bg, fg
        out = []
        if fg != FG:
            out.append("color:" + fg)
        if bg != BG:
            out.append("background:" + bg)
        if self.bold:
            out.append("font-weight:bold")
        if self.dim:
            out.append("opacity:.6")
        if self.underline:
            out.append("text-decoration:underline")
        return ";".join(out)


SGR = re.compile(r"\x1b\[([0-9;]*)m")


def to_html(ansi, cols, rows):
    """The screen as one <pre>, each run of cells in its style.  tmux
    writes a style only where it changes, from cell to cell across lines,
    and leaves out the cells at the end of a line that are blank in the
    default style."""
    style = Style()
    lines = ansi.split("\n")[:rows]
    out = []
    for line in lines:
        pos, width, parts = 0, 0, []

        def text(t):
            css = style.css()
            e = html.escape(t)
            parts.append('<span style="%s">%s</span>' % (css, e) if css else e)
            return len(t)

        for m in SGR.finditer(line):
            if m.start() > pos:
                width += text(line[pos:m.start()])
            style.apply(m.group(1))
            pos = m.end()
        if pos < len(line):
            width += text(line[pos:])
        if width < cols:
            parts.append(" " * (cols - width))
        out.append("".join(parts))
    while len(out) < rows:
        out.append(" " * cols)
    return ("<!DOCTYPE html><meta charset=utf-8><style>"
            "html,body{margin:0;background:%s}"
            "pre{margin:0;padding:%dpx;color:%s;font:%dpx/%dpx 'DejaVu Sans Mono',monospace;"
            "font-variant-ligatures:none}</style><pre>%s</pre>\n"
            % (BG, PAD, FG, FONT, CELL_H, "\n".join(out)))


class Tmux:
    def __init__(self, sock, cols, rows, command):
        self.sock = sock
        self.run("new-session", "-d", "-x", str(cols), "-y", str(rows), "-s", "shot", command)

    def run(self, *args, capture=False):
        r = subprocess.run(["tmux", "-S", self.sock, "-f", "/dev/null"] + list(args),
                           capture_output=True, text=True, check=not capture)
        return r.stdout

    def screen(self, escapes=False):
        return self.run("capture-pane", "-p", *(["-e", "-N"] if escapes else []), "-t", "shot", capture=True)

    def wait_for(self, text, timeout):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            s = self.screen()
            if text in s:
                return s
            time.sleep(0.05)
        raise RuntimeError("timed out waiting for %r; the screen was:\n%s" % (text, self.screen()))

    def close(self):
        self.run("kill-server", capture=True)


def tab_number(screen, view):
    m = re.search(r" (\d) %s " % re.escape(view), screen.split("\n")[0])
    if m is None:
        raise RuntimeError("no %s view in the top line: %s" % (view, screen.split("\n")[0]))
    return m.group(1)


def shoot(name, cols, rows, args, steps, spillway, out, tmp, timeout):
    sock = os.path.join(tmp, "tmux." + name)
    cmd = "env LANG=C.UTF-8 LC_ALL=C.UTF-8 %s %s; sleep 600" % (
        spillway, " ".join("'%s'" % a for a in args))
    t = Tmux(sock, cols, rows, cmd)
    try:
        screen = ""
        for keys, want in steps:
            if keys is not None:
                if keys.startswith("@"):
                    keys = tab_number(screen, keys[1:])
                t.run("send-keys", "-t", "shot", keys)
            screen = t.wait_for(want, timeout)
        ansi = t.screen(escapes=True)
    finally:
        t.close()
    page = os.path.join(tmp, name + ".html")
    with open(page, "w", encoding="utf-8") as f:
        f.write(to_html(ansi, cols, rows))
    png = os.path.join(out, name + ".png")
    w, h = int(cols * CELL_W + 2 * PAD + 1), rows * CELL_H + 2 * PAD
    chrome_shot(page, png, w, h)
    print("%s: %dx%d, %s" % (png, cols, rows, " ".join(args)))


def chrome_shot(page, png, w, h):
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--screenshot=" + png, "--window-size=%d,%d" % (w, h), "file://" + page],
                   check=True, capture_output=True)


def shoot_report(name, width, height, fmt, args, spillway, out, tmp):
    """One report as its reader sees it: the Markdown through cmark-gfm in
    GitHub's 880-px box, the HTML as written."""
    r = subprocess.run([spillway, "--report=" + fmt] + args, capture_output=True, text=True)
    if r.returncode not in (0, 1):
        raise RuntimeError("%s: spillway exited %d: %s" % (name, r.returncode, r.stderr))
    page = os.path.join(tmp, name + ".html")
    if fmt == "markdown":
        body = subprocess.run(["cmark-gfm", "--unsafe", "-e", "table", "-e", "autolink",
                               "-e", "strikethrough"], input=r.stdout, capture_output=True,
                              text=True, check=True).stdout
        text = ("<!DOCTYPE html><meta charset=utf-8><style>%s</style>"
                "<article class=markdown-body>%s</article>\n" % (GITHUB_CSS, body))
    else:
        text = r.stdout
    with open(page, "w", encoding="utf-8") as f:
        f.write(text)
    png = os.path.join(out, name + ".png")
    chrome_shot(page, png, width, height)
    print("%s: %d px, --report=%s %s" % (png, width, fmt, " ".join(args)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--spillway", default="./spillway")
    ap.add_argument("--out", default="doc/screenshots")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()
    for tool in ("tmux", "chromium", "cmark-gfm"):
        if shutil.which(tool) is None:
            sys.exit("render.py: %s is missing" % tool)
    spillway = os.path.abspath(a.spillway)
    with tempfile.TemporaryDirectory() as tmp:
        for name, width, height, fmt, args in REPORTS:
            if a.names and name not in a.names:
                continue
            if any(x.startswith("/") and not os.path.exists(x) for x in args):
                print("%s: skipped (%s missing)" % (name, " ".join(args)))
                continue
            shoot_report(name, width, height, fmt, args, spillway, a.out, tmp)
        for name, cols, rows, args, steps in SHOTS:
            if a.names and name not in a.names:
                continue
            if any(x.startswith("/") and not os.path.exists(x) for x in args):
                print("%s: skipped (%s missing)" % (name, " ".join(args)))
                continue
            shoot(name, cols, rows, args, steps, spillway, a.out, tmp, a.timeout)


if __name__ == "__main__":
    main()
