"""Text format of a FITS board position (like FEN for chess); the whole game record
(like PGN) is in boardcore.fits.record. Both are specified, with examples, in
docs/fits-formats.md. Coordinates: rows 1..12 from the bottom, columns 1..6 from the left.
Syntax problems raise FormatError(problem, source, line).

>>> from boardcore.fits.board import Board
>>> board = Board()
>>> board.drop("O4", 1, 1), board.drop("I3", 1, 3)
(1, 1)
>>> text = format_position(board, 1)
>>> print(text, end="")
FITS board 1
12  .  .  .  .  .  .
11  .  .  .  .  .  .
10  .  .  .  .  .  .
 9  .  .  .  .  .  .
 8  .  .  .  .  .  .
 7  .  .  .  .  .  .
 6  .  .  .  .  .  .
 5  .  .  .  .  .  .
 4  .  .  .  .  .  .
 3  .  .  .  .  .  .
 2 O4 O4  .  .  .  .
 1 O4 O4 I3 I3 I3  .
    1  2  3  4  5  6
>>> position = parse_position(text, "board.txt")
>>> position.tile_at(1, 3), position.tile_at(2, 3), position.score()["total"]
('I3', None, -65)
"""

from boardcore.compat import const
from boardcore.errors import FormatError
from boardcore.fits.board import COLS, ROWS, Board
from boardcore.fits.layouts import default_layout
from boardcore.fits.tiles import TILE_IDS
from boardcore.fits.tiles import cells as tile_cells
from boardcore.textfile import OLD_COMMENT, content_lines, first_line

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any
    from boardcore.fits.layouts import Layout

POSITION_HEAD = "FITS board"
COVERED = "#"
OPEN = "."


class Position:
    """A board position read from text: `board_number`, `layout`, and `board` (a
    boardcore.fits.board.Board whose covered cells are those of the text)."""

    __slots__ = ("board_number", "layout", "board")

    def __init__(self, board_number: int, layout: "Layout", board: Board) -> None:
        self.board_number = board_number
        self.layout = layout
        self.board = board

    def covered(self, row: int, col: int) -> bool:
        return self.board.covered(row, col)

    def tile_at(self, row: int, col: int) -> "str | None":
        """The tile id on a cell, '?' if covered by an unknown tile, None if open."""
        return self.board.tile_at(row, col)

    def score(self) -> "dict[str, Any]":
        """The score breakdown (boardcore.fits.score.score_board)."""
        from boardcore.fits.score import score_board

        return score_board(self.board, self.layout)


def format_position(board: Board, board_number: int, layout: "Layout | None" = None, tiles: bool = True) -> str:
    """The text of a board position: header, 12 rows top (row 12) to bottom, column
    labels. Uncovered special spaces show their value or symbol; covered cells show the
    id of the tile on them (or '#' if unknown, or always '#' with tiles=False)."""
    if layout is None:
        layout = default_layout(board_number)
    out = ["%s %d" % (POSITION_HEAD, board_number)]
    if layout.illustrative:
        out.append("# special spaces: ILLUSTRATIVE default layout, not the printed board")
    for r in range(ROWS, 0, -1):
        cells = []
        for c in range(1, COLS + 1):
            if board.covered(r, c):
                tok = board.tile_at(r, c) if tiles else COVERED
                if tok == "?":
                    tok = COVERED
            else:
                tok = layout.token(r, c) or OPEN
            cells.append("%2s" % tok)
        out.append("%2d %s" % (r, " ".join(cells)))
    out.append("   " + " ".join("%2d" % c for c in range(1, COLS + 1)))
    return "\n".join(out) + "\n"


def parse_position(text: str, source: "str | None" = "<position>", layout: "Layout | None" = None,
                   board_number: "int | None" = None) -> Position:
    """Read a position. `layout` (default: the board's default layout) says where the
    special spaces are; the text must agree with it. `board_number`, if given, must
    match the header."""
    lines = content_lines(text, old_comment=OLD_COMMENT)
    n, head = first_line(lines, POSITION_HEAD + " N", source)
    parts = head.split()
    if len(parts) != 3 or " ".join(parts[:2]) != POSITION_HEAD or parts[2] not in ("1", "2", "3", "4"):
        raise FormatError("first line must be '%s N' with N 1..4, not %r" % (POSITION_HEAD, head), source, n)
    number = int(parts[2])
    if board_number is not None and board_number != number:
        raise FormatError("the file is a board %d position, not board %d" % (number, board_number), source, n)
    if layout is None:
        layout = default_layout(number)
    elif layout.board != number:
        raise FormatError("layout is for board %d but the position is board %d" % (layout.board, number), source, n)
    rows = lines[1:]
    if rows and rows[-1][1].split() == [str(c) for c in range(1, COLS + 1)]:
        rows = rows[:-1]  # the optional column labels
    if len(rows) != ROWS:
        raise FormatError("expected %d row lines (12 down to 1), found %d" % (ROWS, len(rows)), source)
    board = Board()
    on_board = [0] * len(TILE_IDS)  # cells of each tile id so far: a tile has only its own
    expect = ROWS
    for n, line in rows:
        f = line.split()
        if f[0] != str(expect):
            raise FormatError("row line should start with row number %d, not %r" % (expect, f[0]), source, n)
        if len(f) != COLS + 1:
            raise FormatError("row %d has %d cells, not %d" % (expect, len(f) - 1, COLS), source, n)
        for c in range(1, COLS + 1):
            tok = f[c]
            want = layout.token(expect, c)
            if tok == COVERED:
                board.set_cell(expect, c, "?")
            elif tok in TILE_IDS:
                board.set_cell(expect, c, tok)
                k = TILE_IDS.index(tok)
                on_board[k] += 1
                if on_board[k] > len(tile_cells(tok)):
                    raise FormatError("tile %s covers more than its %d cells (each tile is on a board once)"
                                      % (tok, len(tile_cells(tok))), source, n)
            elif tok != (want or OPEN):
                if want is None:
                    why = "an ordinary dot: write '.' (open), '#' or a tile id (covered)"
                else:
                    why = "special space %s: write %s (open), '#' or a tile id (covered)" % (want, want)
                raise FormatError("row %d column %d: %r, but the cell is %s" % (expect, c, tok, why), source, n)
        expect -= 1
    return Position(number, layout, board)
