"""Zatre board geometry and the board itself, as one bytearray.

Coordinates (docs/rules.md): (row, col) from the top-left of the 15 x 15 box, 0-based. The 193
playable cells are the inner 13 x 13 (rows and columns 1..13) plus, on each edge (row 0,
row 14, column 0, column 14), the cells at index 4, 5, 6 and 8, 9, 10. The red start square
is (7, 7). The 32 grey squares are both diagonals of the inner 13 x 13 except the centre,
and (0,6) (0,8) (14,6) (14,8) (6,0) (8,0) (6,14) (8,14); option centre_doubles makes the
centre grey too.

Inside the core a cell is an index into a bytearray of 17 rows x 16 columns:
index = (row + 1) * 16 + col. Rows -1 and 15 and column 15 are padding that is never
playable and always 0 (column -1 of one row is column 15 of the row above), so a run scan
stops there without bounds checks. A cell holds 0 when empty, else the tile value 1..6.
"""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Callable

SIZE = const(15)
WIDTH = const(16)  # row stride of the index
CELLS = const(272)  # 17 x 16
START = const(135)  # (7, 7)
MAX_SUM = const(12)

_EDGE = (4, 5, 6, 8, 9, 10)


def index(row: int, col: int) -> int:
    """The core's cell index of (row, col); no range check (see cell_index for one)."""
    return (row + 1) * WIDTH + col


def coords(i: int) -> "tuple[int, int]":
    """(row, col) of a cell index."""
    return (i // WIDTH - 1, i % WIDTH)


def _playable(row: int, col: int) -> bool:
    if 1 <= row <= 13 and 1 <= col <= 13:
        return True
    if row in (0, 14) and col in _EDGE:
        return True
    return col in (0, 14) and row in _EDGE


def _grey(row: int, col: int) -> bool:
    if 1 <= row <= 13 and 1 <= col <= 13:
        return (row == col or row + col == 14) and row != 7
    return (row, col) in ((0, 6), (0, 8), (14, 6), (14, 8), (6, 0), (8, 0), (6, 14), (8, 14))


def _mask(test: "Callable[[int, int], bool]") -> bytearray:
    m = bytearray(CELLS)
    for r in range(SIZE):
        for c in range(SIZE):
            if test(r, c):
                m[index(r, c)] = 1
    return m


PLAYABLE = _mask(_playable)  # 1 on the 193 playable cells
GREY = _mask(_grey)  # 1 on the 32 grey squares (centre not included)
PLAYABLE_CELLS = tuple(i for i in range(CELLS) if PLAYABLE[i])  # row-major order


def grey_mask(centre_doubles: bool = False) -> bytearray:
    """The grey squares for the option centre_doubles (shared, do not modify)."""
    if not centre_doubles:
        return GREY
    m = bytearray(GREY)
    m[START] = 1
    return m


def cell_name(i: int) -> str:
    """'(row,col)' for messages."""
    r, c = coords(i)
    return "(%d,%d)" % (r, c)


def arm(cells: bytearray, i: int, step: int) -> "tuple[int, int]":
    """Sum and length of the tiles next to cell i going `step` (+-1 or +-16) until a gap."""
    s = 0
    n = 0
    j = i + step
    v = cells[j]
    while v:
        s += v
        n += 1
        j += step
        v = cells[j]
    return s, n


def run_text(i: int, step: int, length_before: int, length: int) -> str:
    """Name a run through cell i: 'row 7, columns 5-8' or 'column 9, rows 3-6'.

    length_before is how many tiles of the run lie before i (left or above), length the
    whole run's length."""
    r, c = coords(i)
    if step == 1:
        return "row %d, columns %d-%d" % (r, c - length_before, c - length_before + length - 1)
    return "column %d, rows %d-%d" % (c, r - length_before, r - length_before + length - 1)


def frontier(cells: bytearray, old: "bytearray | None" = None) -> "list[int]":
    """Empty playable cells touching a tile, in row-major order (a list of indices).

    With `old` (a bytearray mask of the tiles from earlier turns) a cell must touch one of
    those, which is what option strict_adjacency asks."""
    out = []
    ref = cells if old is None else old
    for i in PLAYABLE_CELLS:
        if not cells[i] and (ref[i - 1] or ref[i + 1] or ref[i - WIDTH] or ref[i + WIDTH]):
            out.append(i)
    return out


class Board:
    """The tiles on the board: `cells` is the bytearray described in the module docstring."""

    __slots__ = ("cells", "grey", "count")

    def __init__(self, centre_doubles: bool = False) -> None:
        self.cells = bytearray(CELLS)
        self.grey = grey_mask(centre_doubles)
        self.count = 0  # tiles on the board

    def copy(self) -> "Board":
        """An independent board with the same tiles and grey squares (the engines look ahead on one)."""
        b = Board()
        b.cells = bytearray(self.cells)
        b.grey = self.grey
        b.count = self.count
        return b

    def put(self, i: int, value: int) -> None:
        """Place a tile (no rule check: the game checks a whole turn first)."""
        self.cells[i] = value
        self.count += 1
