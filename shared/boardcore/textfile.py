"""The line reader under every text format of the core.

FITS positions, records and layouts, Zatre positions and records, Forbes positions and
match records all read their text through `content_lines` and check their first line with
`check_header`, so they share these rules:

- A line whose first non-blank character is `#` is a comment; blank lines are skipped.
  Formats whose content never holds a `#` (Forbes files, FITS layouts) also end a line at
  a `#`, so a comment may follow the content. A FITS position cannot: `#` is a covered cell.
- A byte order mark at the start (written by some Windows editors) is skipped, and so is
  the carriage return of a Windows line end.
- The FITS formats also take a line starting with `;` as a comment: earlier versions
  wrote their comment lines that way (OLD_COMMENT).
- The first content line names the format, and the version when the format has one.
- Every problem raises FormatError(problem, source, line): "game.txt:12: ...".

>>> content_lines("\\ufeffforbes-position 1\\r\\n# a comment\\n\\nboard SSSS  # top row\\n", trailing=True)
[(1, 'forbes-position 1'), (4, 'board SSSS')]
>>> check_header(content_lines("zatre record\\nplayers: Ann\\n"), "zatre record", "game.txt")
[(2, 'players: Ann')]
>>> check_header([(3, "forbes-match 2")], "forbes-match", "m.txt", "1")
Traceback (most recent call last):
    ...
boardcore.errors.FormatError: m.txt:3: unsupported forbes-match version '2' (this reads version 1)
"""

from boardcore.errors import FormatError

COMMENT = "#"
OLD_COMMENT = ";"


def content_lines(text: str, trailing: bool = False, old_comment: "str | None" = None) -> "list[tuple[int, str]]":
    """(line number from 1, stripped text) of every line that is not blank or a comment.

    trailing: a `#` anywhere ends the line's content (the format's content has none).
    old_comment: another mark that also starts a comment line, for files written when the
    format used it."""
    out = []
    number = 0
    if text[:1] == "\ufeff":
        text = text[1:]
    for raw in text.split("\n"):
        number += 1
        if trailing:
            cut = raw.find(COMMENT)
            if cut >= 0:
                raw = raw[:cut]
        line = raw.strip()
        if not line or line[0] == COMMENT or (old_comment is not None and line[0] == old_comment):
            continue
        out.append((number, line))
    return out


def first_line(lines: "list[tuple[int, str]]", expected: str, source: "str | None") -> "tuple[int, str]":
    """The first content line; FormatError when there is none (`expected` says what it
    should have been)."""
    if not lines:
        raise FormatError("empty file: its first line must be '%s'" % expected, source)
    return lines[0]


def check_header(lines: "list[tuple[int, str]]", name: str, source: "str | None", version: "str | None" = None) -> "list[tuple[int, str]]":
    """Check that the first content line is `name` (followed by `version` when the format
    has one) and return the lines after it."""
    expected = name if version is None else "%s %s" % (name, version)
    number, line = first_line(lines, expected, source)
    words = line.split()
    if words != expected.split():
        if version is not None and words[0] == name:
            raise FormatError("unsupported %s version %r (this reads version %s)" % (name, " ".join(words[1:]), version), source, number)
        raise FormatError("first line must be '%s', not %r" % (expected, line), source, number)
    return lines[1:]
