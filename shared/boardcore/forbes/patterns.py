"""The scoring patterns of the Forbes board: which four cells, what kind, how many points.

Pattern ids (stable; used in JSON and docs), cells as row * 4 + col:
    row0..row3            a row, 2 points
    col0..col3            a column, 2 points
    square<r><c>          the 2 x 2 block whose top-left cell is (r, c), 4 points;
                          square11 (the centre block) only with centre_also_square
    diagonal              (0,0) (1,1) (2,2) (3,3), 6 points
    antidiagonal          (0,3) (1,2) (2,1) (3,0), 6 points
    centre                (1,1) (1,2) (2,1) (2,2), 8 points
    corners               (0,0) (0,3) (3,0) (3,3), 10 points
"""

from boardcore.compat import const
from boardcore.forbes.rules import EMPTY, SIZE, VALUES

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Sequence


def _value(kind: str) -> int:
    for name, points in VALUES:
        if name == kind:
            return points
    raise ValueError(kind)


def patterns(centre_also_square: bool = False) -> "list[tuple[str, str, int, tuple[int, ...]]]":
    """All patterns in a fixed order: a list of (id, kind, points, cells) tuples.

    Built on each call (a 21-entry list) rather than held at import time.
    """
    out = []
    for r in range(SIZE):
        out.append(("row%d" % r, "row", _value("row"), tuple(r * SIZE + c for c in range(SIZE))))
    for c in range(SIZE):
        out.append(("col%d" % c, "column", _value("column"), tuple(r * SIZE + c for r in range(SIZE))))
    for r in range(SIZE - 1):
        for c in range(SIZE - 1):
            if r == 1 and c == 1 and not centre_also_square:
                continue
            top = r * SIZE + c
            out.append(("square%d%d" % (r, c), "square", _value("square"), (top, top + 1, top + SIZE, top + SIZE + 1)))
    out.append(("diagonal", "diagonal", _value("diagonal"), (0, 5, 10, 15)))
    out.append(("antidiagonal", "diagonal", _value("diagonal"), (3, 6, 9, 12)))
    out.append(("centre", "centre", _value("centre"), (5, 6, 9, 10)))
    out.append(("corners", "corners", _value("corners"), (0, 3, 12, 15)))
    return out


def complete_patterns(board: "Sequence[str]", centre_also_square: bool = False) -> "list[tuple[str, str, int, str]]":
    """The patterns whose four cells all show one symbol, as (id, kind, points, symbol).

    `board` is a 16-character string (or anything indexable giving one-letter strings)
    of symbol codes and "." for empty; an empty cell never completes a pattern.
    """
    out = []
    for pid, kind, points, cells in patterns(centre_also_square):
        first = board[cells[0]]
        if first == EMPTY:
            continue
        if board[cells[1]] == first and board[cells[2]] == first and board[cells[3]] == first:
            out.append((pid, kind, points, first))
    return out
