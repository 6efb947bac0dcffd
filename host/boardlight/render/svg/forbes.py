"""SVG picture of a Forbes board: the 4 x 4 cells, each stone drawn as its symbol, and
the completed scoring patterns listed under the board (with the players' scores when
hands are given).

Cells are docs/rules.md's (row, col) from the top-left, 0-based, labelled in the margins.
Classes in the SVG: ``cell`` (16 rects, ``data-row``/``data-col``, plus ``data-symbol``
on a stone), ``stone`` with ``symbol-square``/``-triangle``/``-circle``/``-star`` (one
shape per stone), ``pattern`` (one text line per completed pattern), ``score`` (one
line per player).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Sequence

from boardcore.forbes import patterns as forbes_patterns
from boardcore.forbes import rules as forbes_rules
from boardcore.forbes import score as forbes_score

from boardlight.render.svg.writer import Svg

if TYPE_CHECKING:
    from boardcore.forbes.rules import Options

CELL = 70
LEFT = 30
TOP = 44
LINE = 17

SYMBOL_COLOURS = {"S": "#1e63c6", "T": "#2e9b4a", "C": "#d03a2f", "X": "#e0a800"}


def _stone(svg: Svg, code: str, cx: float, cy: float) -> None:
    name = forbes_rules.symbol_name(code)
    cls = "stone symbol-" + name
    colour = SYMBOL_COLOURS[code]
    h = CELL * 0.3
    if code == "S":
        svg.rect(cx - h, cy - h, 2 * h, 2 * h, cls=cls, fill=colour)
    elif code == "T":
        svg.polygon([(cx, cy - h * 1.1), (cx + h * 1.15, cy + h * 0.9), (cx - h * 1.15, cy + h * 0.9)], cls=cls, fill=colour)
    elif code == "C":
        svg.circle(cx, cy, h * 1.05, cls=cls, fill=colour)
    else:  # star: five points, outer radius h * 1.25, inner radius h * 0.5
        pts: list[tuple[float, float]] = []
        for i in range(10):
            r = h * 1.25 if i % 2 == 0 else h * 0.5
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((round(cx + r * math.cos(a), 2), round(cy + r * math.sin(a), 2)))
        svg.polygon(pts, cls=cls, fill=colour)


def board_svg(board: str, players: Sequence[str] | None = None,
              hands: Sequence[str] | None = None, options: Options | None = None,
              title: str | None = None) -> str:
    """The SVG text of a Forbes board.

    board: 16 symbol codes (S T C X, "." empty), top row first, as in the position format;
    players/hands: optional names and 4-card hands (codes), to print each player's score;
    options: forbes_rules.Options (default rules); title: the heading.
    """
    if len(board) != forbes_rules.CELLS or any(ch != forbes_rules.EMPTY and ch not in forbes_rules.SYMBOLS for ch in board):
        raise ValueError("a Forbes board is 16 cells of S, T, C, X or '.', not %r" % (board,))
    options = options if options is not None else forbes_rules.Options()
    done = forbes_patterns.complete_patterns(board, options.centre_also_square)
    scores = None
    if hands:
        scores = forbes_score.score_board(board, hands, options)
    lines = len(done) + 1
    if scores:
        assert players is not None  # hands are scored for their players
        lines += len(players)
    size = forbes_rules.SIZE
    width = LEFT + size * CELL + 20
    height = TOP + size * CELL + 24 + lines * LINE + 8
    head = title or "Forbes board"
    svg = Svg(width, height, head)
    svg.rect(0, 0, width, height, cls="background", fill="#f4f1ea")
    svg.text(LEFT + size * CELL / 2, 20, head, cls="title", size=15)
    for r in range(size):
        for c in range(size):
            code = board[r * size + c]
            x, y = LEFT + c * CELL, TOP + r * CELL
            svg.rect(x, y, CELL, CELL, cls="cell", fill="#e9dcc0", stroke="#6d5c3d", stroke_width=2,
                     data_row=r, data_col=c, data_symbol=None if code == forbes_rules.EMPTY else code)
            if code != forbes_rules.EMPTY:
                _stone(svg, code, x + CELL / 2, y + CELL / 2)
    for i in range(size):
        svg.text(LEFT / 2, TOP + i * CELL + CELL / 2, i, cls="axis", size=11, fill="#555")
        svg.text(LEFT + i * CELL + CELL / 2, TOP + size * CELL + 12, i, cls="axis", size=11, fill="#555")
    text_y = TOP + size * CELL + 24 + LINE / 2
    if done:
        svg.text(LEFT, text_y, "Completed patterns:", cls="heading", size=12, anchor="start")
    else:
        svg.text(LEFT, text_y, "No completed pattern", cls="heading", size=12, anchor="start")
    for pid, kind, points, symbol in done:
        text_y += LINE
        svg.text(LEFT + 10, text_y, "%s: four %ss, %d points per card" % (pid, forbes_rules.symbol_name(symbol), points),
                 cls="pattern", size=12, anchor="start", data_pattern=pid)
    if scores:
        assert players is not None and hands is not None
        for i, name in enumerate(players):
            text_y += LINE
            svg.text(LEFT, text_y, "%s (%s): %d" % (name, hands[i], scores[i]["total"]), cls="score", size=12,
                     anchor="start", font_weight="bold")
    return svg.to_string()
