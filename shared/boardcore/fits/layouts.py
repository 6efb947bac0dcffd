"""Special-space layouts of FITS boards 2-4, read from layout files.

The format is in docs/fits-layouts.md. The default files in boardcore/fits/boards/ hold
the layouts listed in docs/rules.md: they are ILLUSTRATIVE, not the printed boards (which
are not published), and say so (`Layout.illustrative`). A user's own file replaces one.
Every problem in a file raises FormatError naming the file, the line and the field.
Coordinates: rows 1..12 from the bottom, columns 1..6 from the left.

>>> layout = parse_layout("board 2\\nspace 1 1 3   # bottom-left\\nspace 12 6 1\\n", "mine.txt")
>>> layout.spaces, layout.at(1, 1), layout.token(12, 6), layout.at(2, 2)
([(1, 1, 3), (12, 6, 1)], 3, '1', None)
>>> parse_layout("board 3\\nspace 1 1 0\\n", "mine.txt")
Traceback (most recent call last):
    ...
boardcore.errors.FormatError: mine.txt:2: field 4 (value): board 3 values are non-zero (+2, -5 ...), not 0
"""

from boardcore.errors import FormatError
from boardcore.textfile import content_lines

ROWS = 12
COLS = 6
SYMBOL_BOARD = 4  # the board whose special spaces are symbol pairs
PAIRS = 5  # board 4: five symbols, each printed twice
# The one-letter tile ids (boardcore.fits.tiles.TILE_IDS): a position writes a covered cell
# as the id of its tile, so a board 4 symbol with one of these letters could not be told apart.
TILE_LETTERS = "FNPUWXY"


class Layout:
    """The special spaces of one board.

    spaces: sorted list of (row, column, value): value is an int (boards 2 and 3) or a
    one-letter symbol (board 4). Board 1 has none.
    """

    __slots__ = ("board", "spaces", "illustrative", "source")

    def __init__(self, board: int, spaces: "list[tuple[int, int, int | str]]", illustrative: bool = False,
                 source: "str | None" = None) -> None:
        self.board = board
        self.spaces = sorted(spaces)
        self.illustrative = illustrative
        self.source = source

    def at(self, row: int, col: int) -> "int | str | None":
        """The value or symbol of the special space at (row, col), or None."""
        for r, c, v in self.spaces:
            if r == row and c == col:
                return v
        return None

    def token(self, row: int, col: int) -> "str | None":
        """How an uncovered special space is written in a position: '1', '+2', '-5', 'A'."""
        v = self.at(row, col)
        if v is None:
            return None
        if self.board == 3 and isinstance(v, int):
            return ("+%d" % v) if v > 0 else str(v)
        return str(v)


def empty_layout(board: int = 1) -> Layout:
    """Board 1's layout: no special spaces."""
    return Layout(board, [], False, None)


def _value(board: int, text: str, source: "str | None", line: int) -> "int | str":
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


def _position(field: str, text: str, limit: int, source: "str | None", line: int) -> int:
    try:
        n = int(text)
    except ValueError:
        n = 0
    if not 1 <= n <= limit:
        raise FormatError("field %s: %r is not 1..%d" % (field, text, limit), source, line)
    return n


def parse_layout(text: str, source: "str | None" = "<layout>") -> Layout:
    """Read a layout from the text of a layout file (see docs/fits-layouts.md)."""
    board = None
    illustrative = False
    spaces: "list[tuple[int, int, int | str]]" = []
    taken: "dict[int, int]" = {}
    for lineno, line in content_lines(text, trailing=True):
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
            cell = row * 10 + col
            if cell in taken:
                raise FormatError(
                    "row %d column %d already has a special space (line %d)" % (row, col, taken[cell]),
                    source, lineno,
                )
            taken[cell] = lineno
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
        counts: "dict[int | str, int]" = {}
        for _, _, s in spaces:
            counts[s] = counts.get(s, 0) + 1
        for s in sorted(counts):
            if counts[s] != 2:
                raise FormatError("symbol %s appears %d time(s); each symbol is printed twice" % (s, counts[s]), source)
        if len(counts) != PAIRS:
            raise FormatError("board 4 has %d symbols, not %d pairs" % (len(counts), PAIRS), source)
    return Layout(board, spaces, illustrative, source)


def load_layout(path: str) -> Layout:
    """Read a layout file; FormatError names the file, line and field of any problem."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as exc:
        raise FormatError("cannot read layout file (%s)" % exc, path)
    except ValueError:  # UnicodeError: not UTF-8 text
        raise FormatError("cannot read layout file (not UTF-8 text)", path)
    return parse_layout(text, path)


def default_path(board: int) -> str:
    """The path of the default (ILLUSTRATIVE) layout file of board 2, 3 or 4."""
    cut = max(__file__.rfind("/"), __file__.rfind("\\"))  # a Windows install names it with "\\"
    here = __file__[:cut] if cut >= 0 else "."
    return "%s/boards/board%d.txt" % (here, board)


def default_layout(board: int) -> Layout:
    """The default layout of a board: empty for board 1, the ILLUSTRATIVE file for 2-4."""
    if board == 1:
        return empty_layout(1)
    if board not in (2, 3, 4):
        raise ValueError("FITS boards are 1..4, not %r" % (board,))
    return load_layout(default_path(board))
