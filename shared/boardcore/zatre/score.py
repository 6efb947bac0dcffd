"""Zatre score sheets: columns x2 | 10 | 11 | 12 | bonus | total, each filled top to bottom.

One turn adds at most one entry to each of the 10, 11 and 12 columns (equal sums of a turn
are added into one entry) and one cross per grey tile that scored. Columns fill
independently: a sheet row is not a turn. Row total = (10 + 11 + 12 entries, plus the
printed bonus when all three are filled) x 2 when the row has a cross.
"""

from boardcore.compat import const

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Any, Sequence

POINTS = {10: 1, 11: 2, 12: 4}


def bonus(row: int) -> int:
    """Printed bonus of sheet row `row` (0-based): 3 for rows 1-4, 4 for 5-8, 5 for 9-12,
    6 for 13 and beyond (1-based, as printed)."""
    if row < 12:
        return 3 + row // 4
    return 6


class ScoreSheet:
    """One player's sheet. e10/e11/e12 are the entries of each column, top first;
    crosses is how many boxes of the x2 column are filled (from the top)."""

    __slots__ = ("crosses", "e10", "e11", "e12")

    def __init__(self) -> None:
        self.crosses = 0
        self.e10: "list[int]" = []
        self.e11: "list[int]" = []
        self.e12: "list[int]" = []

    def add(self, entries: "Sequence[int]", crosses: int) -> None:
        """Write one turn: entries = (points in the 10, 11, 12 columns; 0 = no entry)."""
        for col, pts in zip((self.e10, self.e11, self.e12), entries):
            if pts:
                col.append(pts)
        self.crosses += crosses

    def height(self) -> int:
        """Number of sheet rows in use."""
        return max(len(self.e10), len(self.e11), len(self.e12), self.crosses)

    def rows(self) -> "list[tuple[bool, int | None, int | None, int | None, int, int]]":
        """[(cross, e10, e11, e12, bonus, total)] per sheet row; an empty box is None and
        bonus is the bonus earned (0 unless all three sums are filled)."""
        out = []
        for r in range(self.height()):
            cells = []
            for col in (self.e10, self.e11, self.e12):
                cells.append(col[r] if r < len(col) else None)
            full = None not in cells
            b = bonus(r) if full else 0
            total = b
            for x in cells:
                total += x or 0
            cross = r < self.crosses
            if cross:
                total *= 2
            out.append((cross, cells[0], cells[1], cells[2], b, total))
        return out

    def total(self) -> int:
        """Sum of the row totals (before the held-tile penalty)."""
        t = 0
        for row in self.rows():
            t += row[5]
        return t

    def as_dict(self) -> "dict[str, Any]":
        """A JSON-ready view with sorted keys' stable meaning (lists, not dict order)."""
        return {
            "crosses": self.crosses,
            "10": list(self.e10),
            "11": list(self.e11),
            "12": list(self.e12),
            "rows": [list(r) for r in self.rows()],
            "total": self.total(),
        }
