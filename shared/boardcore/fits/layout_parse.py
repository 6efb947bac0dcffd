"""The parser of FITS layout files (docs/fits-layouts.md), used by fits_layouts.

Every problem raises FormatError naming the file, the line and the field.
Coordinates: rows 1..12 from the bottom, columns 1..6 from the left.
"""

from boardcore.errors import FormatError

ROWS = 12
COLS = 6
SYMBOL_BOARD = 4  # the board whose special spaces are symbol pairs
PAIRS = 5  # board 4: five symbols, each printed twice
# The one-letter tile ids (fits_tiles.TILE_IDS): a position writes a covered cell as the id
# of its tile, so a board 4 symbol with one of these letters could not be told apart.
TILE_LETTERS = "FNPUWXY"


def _value(board, text, source, line):
    if board == SYMBOL_BOARD:
        if len(text) != 1 or not ("A" <= text <= "Z"):
            raise FormatError("field 4 (symbol): %r is not one capital letter A-Z" % text, source, line)
        if text in TILE_LETTERS:
            raise FormatError("field 4 (symbol): %s is also a tile id, so positions could not tell"
                              " an open %s from a covered cell: use a letter other than %s"
                              % (text, text, " ".join(TILE_LETTERS)), source, line)
        return text
    try:
        v = int(text)
    except ValueError:
        raise FormatError("field 4 (value): %r is not a whole number" % text, source, line)
    if board == 2 and not 1 <= v <= 3:
        raise FormatError("field 4 (value): board 2 values are 1, 2 or 3, not %s" % text, source, line)
    if board == 3 and v == 0:
        raise FormatError("field 4 (value): board 3 values are non-zero (+2, -5 ...), not 0", source, line)
    return v


def _position(field, text, limit, source, line):
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= limit:
        raise FormatError("field %s: %r is not 1..%d" % (field, text, limit), source, line)
    return n


def parse(text: str, source="<layout>"):
    """Parse the text of a layout file: (board, spaces, illustrative, source)."""
    board = None
    illustrative = False
    spaces = []
    taken = {}
    lineno = 0
    for raw in text.split("\n"):
        lineno += 1
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        fields = line.split()
        key = fields[0]
        if key == "board":
            if board is not None:
                raise FormatError("second 'board' line (board %d already given)" % board, source, lineno)
            if len(fields) != 2 or fields[1] not in ("2", "3", "4"):
                raise FormatError(
                    "'board' takes one number 2, 3 or 4 (board 1 has no special spaces): %r" % line,
                    source, lineno,
                )
            board = int(fields[1])
        elif key == "illustrative":
            if len(fields) != 1:
                raise FormatError("'illustrative' takes no fields: %r" % line, source, lineno)
            illustrative = True
        elif key == "space":
            if board is None:
                raise FormatError("'space' before the 'board' line", source, lineno)
            if len(fields) != 4:
                raise FormatError(
                    "'space' needs 3 fields: row column value, got %d" % (len(fields) - 1),
                    source, lineno,
                )
            row = _position("2 (row)", fields[1], ROWS, source, lineno)
            col = _position("3 (column)", fields[2], COLS, source, lineno)
            value = _value(board, fields[3], source, lineno)
            key2 = row * 10 + col
            if key2 in taken:
                raise FormatError(
                    "row %d column %d already has a special space (line %d)" % (row, col, taken[key2]),
                    source, lineno,
                )
            taken[key2] = lineno
            spaces.append((row, col, value))
        else:
            raise FormatError(
                "unknown line %r (expected 'board', 'illustrative' or 'space')" % key, source, lineno
            )
    if board is None:
        raise FormatError("no 'board' line", source)
    if not spaces:
        raise FormatError("no 'space' lines: board %d needs its special spaces" % board, source)
    if board == SYMBOL_BOARD:
        counts = {}
        for _, _, s in spaces:
            counts[s] = counts.get(s, 0) + 1
        for s in sorted(counts):
            if counts[s] != 2:
                raise FormatError("symbol %s appears %d time(s); each symbol is printed twice" % (s, counts[s]), source)
        if len(counts) != PAIRS:
            raise FormatError("board 4 has %d symbols, not %d pairs" % (len(counts), PAIRS), source)
    return board, spaces, illustrative, source
