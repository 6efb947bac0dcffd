"""Player names: one check for every game, with the same answer on CPython and MicroPython.

A name is 1 to 16 characters, one word, made of
- the ASCII letters, digits, `_` and `-`;
- any character from U+0080 up (the letters of every script: Jiří, Zoë, Łukasz, Jürgen,
  Ἀλέξανδρος, 李娜), except those in REFUSED: the C1 controls and the no-break space,
  the soft hyphen, the other spaces and the line and paragraph separators, the zero-width
  and direction marks (they hide what a name looks like), the byte order mark, the
  replacement character (the trace of text that was not valid UTF-8), noncharacters,
  surrogates and tag characters.

Every other ASCII character is refused: spaces, `,` `:` `#` and the other signs that the
text formats and the entries give a meaning. A name may not be a bare number either (`1`,
`12`): an entry reads a number as a seat number.

MicroPython's str.isalpha() and str.isspace() know ASCII only, so the check reads code
points against the table below, never Unicode categories: both interpreters give the same
answer, and the text formats (UTF-8 files, words split at ASCII spaces and `,` `:`) carry
such names unchanged.

>>> name_problem("Jiří") is None and name_problem("Zoë") is None and name_problem("P1") is None
True
>>> name_problem("Ann Lee")
"player name 'Ann Lee' may only use letters (of any script), digits, '_' and '-', in one word: not ' '"
>>> name_problem("Ann\\u00a0Lee")
"player name 'Ann\\\\xa0Lee' may only use letters (of any script), digits, '_' and '-', in one word: not U+00A0"
>>> name_problem("12")
"player name '12' is a number, which entries read as a seat number: add a letter"
"""

MAX_LENGTH = 16

_ASCII_OK = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"

# Code point ranges (first, last) from U+0080 up that a name may not hold.
REFUSED = (
    (0x0080, 0x00A0),  # C1 controls, no-break space
    (0x00AD, 0x00AD),  # soft hyphen (invisible)
    (0x061C, 0x061C),  # Arabic letter mark
    (0x1680, 0x1680),  # Ogham space mark
    (0x180E, 0x180E),  # Mongolian vowel separator
    (0x2000, 0x200B),  # spaces, zero-width space (U+200C/D, the joiners some scripts need, are fine)
    (0x200E, 0x200F),  # direction marks
    (0x2028, 0x202F),  # line and paragraph separators, direction embeddings, narrow no-break space
    (0x205F, 0x206F),  # medium space, word joiner, invisible operators, direction isolates
    (0x3000, 0x3000),  # ideographic space
    (0xD800, 0xDFFF),  # surrogates (not characters; not valid in UTF-8)
    (0xFEFF, 0xFEFF),  # byte order mark, zero-width no-break space
    (0xFFF9, 0xFFFF),  # annotation marks, object and replacement characters, noncharacters
    (0xE0000, 0xE007F),  # tag characters (invisible)
)


def _refused(code: int) -> bool:
    for first, last in REFUSED:
        if first <= code <= last:
            return True
    return False


def _char_ok(ch: str) -> bool:
    code = ord(ch)
    if code < 0x80:
        return ch in _ASCII_OK
    return not _refused(code)


def _shown(name: str) -> str:
    # The name quoted, its refused characters escaped the same way on both interpreters
    # (repr() escapes differently on MicroPython).
    out = ""
    for ch in name:
        code = ord(ch)
        if ch == "\\" or ch == "'":
            out += "\\" + ch
        elif 32 <= code < 127 or (code >= 0x80 and not _refused(code)):
            out += ch
        elif code < 0x100:
            out += "\\x%02x" % code
        elif code < 0x10000:
            out += "\\u%04x" % code
        else:
            out += "\\U%08x" % code
    return "'" + out + "'"


def _char_name(ch: str) -> str:
    code = ord(ch)
    if 32 <= code < 127:
        return "'%s'" % ch
    return "U+%04X" % code


def name_problem(name: object) -> "str | None":
    """What is wrong with `name` as a player name (a message for the player), or None when
    it is a name. See the module docstring for what a name may hold."""
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_LENGTH:
        return "player name must be 1 to %d characters, not %s" % (
            MAX_LENGTH, _shown(name) if isinstance(name, str) else repr(name))
    for ch in name:
        if not _char_ok(ch):
            return ("player name %s may only use letters (of any script), digits, '_' and '-',"
                    " in one word: not %s" % (_shown(name), _char_name(ch)))
    digits = True
    for ch in name:
        if not "0" <= ch <= "9":
            digits = False
    if digits:
        return "player name %s is a number, which entries read as a seat number: add a letter" % _shown(name)
    return None
