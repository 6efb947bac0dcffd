"""SVG pictures for Zatre: the board (193 playable cells, grey doubling squares, the red
start square, tiles as dice pips) and a player's score sheet.

Board cells are docs/rules.md's (row, col) from the top-left of the 15 x 15 box, 0-based,
labelled in the margins. Classes: ``cell`` (one rect per playable cell, ``data-row``,
``data-col``), with ``grey`` or ``start`` added on those squares; ``tile`` (one rect per
tile, ``data-value``) and ``pip`` (its dots). Sheet classes: ``box`` (every box of the
table, ``data-column`` x2/10/11/12/bonus/total, ``data-row`` 1-based), ``entry`` (a
filled number), ``cross`` (a filled x2 box), ``sheet-total``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from boardcore.zatre import board as zatre_board
from boardcore.zatre import score as zatre_score

from boardlight.render.svg.writer import Svg

if TYPE_CHECKING:
    from boardcore.zatre.board import Board
    from boardcore.zatre.score import ScoreSheet

CELL = 30
LEFT = 28
TOP = 40
GREY = "#9e9e9e"
RED = "#d32f2f"
PLAIN = "#f3e6c4"
TILE = "#fffdf6"

# Pip positions on a 3 x 3 grid (column, row), for die faces 1..6.
_PIPS = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (2, 0), (0, 2), (2, 2)),
    5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
    6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)),
}


def board_svg(board: Board, title: str | None = None) -> str:
    """The SVG text of a Zatre board (a ``boardcore.zatre.board.Board``)."""
    size = zatre_board.SIZE
    width = LEFT + size * CELL + 12
    height = TOP + size * CELL + 24
    head = title or "Zatre board"
    svg = Svg(width, height, head)
    svg.rect(0, 0, width, height, cls="background", fill="#f4f1ea")
    svg.text(LEFT + size * CELL / 2, 18, head, cls="title", size=15)
    for r in range(size):
        for c in range(size):
            i = zatre_board.index(r, c)
            if not zatre_board.PLAYABLE[i]:
                continue
            x, y = LEFT + c * CELL, TOP + r * CELL
            if i == zatre_board.START:
                cls, fill = "cell start", RED
            elif board.grey[i]:
                cls, fill = "cell grey", GREY
            else:
                cls, fill = "cell", PLAIN
            svg.rect(x, y, CELL, CELL, cls=cls, fill=fill, stroke="#7a6a48", stroke_width=1, data_row=r, data_col=c)
            value = board.cells[i]
            if value:
                _tile(svg, x, y, value)
    for k in range(size):
        svg.text(LEFT / 2, TOP + k * CELL + CELL / 2, k, cls="axis", size=10, fill="#555")
        svg.text(LEFT + k * CELL + CELL / 2, TOP + size * CELL + 11, k, cls="axis", size=10, fill="#555")
    return svg.to_string()


def _tile(svg: Svg, x: float, y: float, value: int) -> None:
    m = 3
    svg.rect(x + m, y + m, CELL - 2 * m, CELL - 2 * m, cls="tile", fill=TILE, stroke="#333", stroke_width=1,
             rx=4, data_value=value)
    step = (CELL - 2 * m) / 4
    for gx, gy in _PIPS[value]:
        svg.circle(x + m + step * (gx + 1), y + m + step * (gy + 1), 2.3, cls="pip", fill="#222")


_COLUMNS = ("x2", "10", "11", "12", "bonus", "total")


def sheet_svg(sheet: ScoreSheet, player: str, held: Sequence[int] | None = None,
              min_rows: int = 16) -> str:
    """The SVG text of one player's score sheet (a ``boardcore.zatre.score.ScoreSheet``).

    held: the tiles the player still holds at the end (their values are subtracted from
    the final score, shown under the table), or None during the game; min_rows: printed
    rows shown even when empty (the sheet grows past them if needed).
    """
    rows = sheet.rows()
    n = max(len(rows), min_rows)
    cw, rh = 54, 20
    left, top = 20, 58
    width = left * 2 + cw * len(_COLUMNS)
    height = top + n * rh + 36
    head = "Zatre score sheet: %s" % player
    svg = Svg(width, height, head)
    svg.rect(0, 0, width, height, cls="background", fill="#ffffff")
    svg.text(width / 2, 18, head, cls="title", size=15)
    for k, name in enumerate(_COLUMNS):
        svg.rect(left + k * cw, top - rh, cw, rh, cls="header", fill="#e0e0e0", stroke="#444")
        svg.text(left + k * cw + cw / 2, top - rh / 2, name, cls="header-label", size=12, font_weight="bold")
    for r in range(n):
        y = top + r * rh
        row = rows[r] if r < len(rows) else None
        for k, name in enumerate(_COLUMNS):
            fill = "#f5f5f5" if name == "bonus" else "#ffffff"
            svg.rect(left + k * cw, y, cw, rh, cls="box", fill=fill, stroke="#999", data_column=name, data_row=r + 1)
        # The printed bonus in grey, the earned one (all three sums filled) in black.
        earned = row is not None and row[4]
        svg.text(left + 4 * cw + cw / 2, y + rh / 2, zatre_score.bonus(r), cls="entry bonus" if earned else "printed-bonus",
                 size=11, fill="#000" if earned else "#bbb")
        if row is None:
            continue
        cross, e10, e11, e12, _bonus, total = row
        if cross:
            cx, cy = left + cw / 2, y + rh / 2
            svg.line(cx - 6, cy - 6, cx + 6, cy + 6, cls="cross", stroke="#c00", stroke_width=2)
            svg.line(cx - 6, cy + 6, cx + 6, cy - 6, cls="cross", stroke="#c00", stroke_width=2)
        for k, value in ((1, e10), (2, e11), (3, e12)):
            if value is not None:
                svg.text(left + k * cw + cw / 2, y + rh / 2, value, cls="entry", size=12, data_column=_COLUMNS[k])
        svg.text(left + 5 * cw + cw / 2, y + rh / 2, total, cls="row-total", size=12, font_weight="bold")
    y = top + n * rh + 18
    total = sheet.total()
    if held:
        final = total - sum(held)
        line = "Sheet %d, minus held tiles %s (%d): %d" % (total, "+".join(str(v) for v in held), sum(held), final)
    else:
        line = "Total: %d" % total
    svg.text(left, y, line, cls="sheet-total", size=13, anchor="start", font_weight="bold")
    return svg.to_string()
