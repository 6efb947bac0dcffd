"""Special-space layouts of FITS boards 2-4, read from layout files.

The format is in docs/fits-layouts.md. The default files in boardcore/fits/boards/ hold the
layouts listed in RULES.md: they are ILLUSTRATIVE, not the printed boards (which are
not published), and say so (`Layout.illustrative`). A user's own file replaces one.
Every problem in a file raises FormatError naming the file, the line and the field.
"""

from boardcore.errors import FormatError

# The parser is a module of its own: two small modules compile in less heap than one.
from boardcore.fits.layout_parse import COLS, PAIRS, ROWS, SYMBOL_BOARD, parse  # noqa: F401 (public constants)


class Layout:
    """The special spaces of one board.

    spaces: sorted list of (row, column, value): value is an int (boards 2 and 3) or a
    one-letter symbol (board 4). Board 1 has none.
    """

    __slots__ = ("board", "spaces", "illustrative", "source")

    def __init__(self, board, spaces, illustrative=False, source=None):
        self.board = board
        self.spaces = sorted(spaces)
        self.illustrative = illustrative
        self.source = source

    def at(self, row: int, col: int):
        """The value or symbol of the special space at (row, col), or None."""
        for r, c, v in self.spaces:
            if r == row and c == col:
                return v
        return None

    def token(self, row: int, col: int):
        """How an uncovered special space is written in a position: '1', '+2', '-5', 'A'."""
        v = self.at(row, col)
        if v is None:
            return None
        if self.board == 3:
            return ("+%d" % v) if v > 0 else str(v)
        return str(v)


def empty_layout(board=1):
    """Board 1's layout: no special spaces."""
    return Layout(board, [], False, None)


def parse_layout(text: str, source="<layout>") -> Layout:
    """Read a layout from the text of a layout file (see docs/fits-layouts.md)."""
    return Layout(*parse(text, source))


def load_layout(path: str) -> Layout:
    """Read a layout file; FormatError names the file, line and field of any problem."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as exc:
        raise FormatError("cannot read layout file (%s)" % exc, path)
    except ValueError:  # UnicodeError: not UTF-8 text
        raise FormatError("cannot read layout file (not UTF-8 text)", path)
    if text[:1] == "\ufeff":  # the byte order mark some Windows editors write
        text = text[1:]
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
