"""SVG picture of one FITS board: covered cells coloured by tile and outlined per tile,
open dots, special spaces (boards 2-4) with a legend, a note when the layout is
illustrative, tiles sticking out above the top, and the round's score when it is known.

Coordinates are docs/rules.md's: rows 1..12 from the bottom, columns 1..6 from the left; the
picture shows row 12 at the top (rows 13 and up above the frame, where a tile sticks
out), with row and column numbers in the margins.

Classes in the SVG, for tests and stylesheets:
- ``cell covered`` (one rect per covered cell, ``data-tile``, ``data-row``, ``data-col``),
- ``cell open`` (one rect per open cell) and ``dot`` (a circle on an open ordinary cell),
- ``overhang`` (one rect per cell of a tile above row 12, ``data-tile``, ``data-row``,
  ``data-col``),
- ``special`` (an open special space's marker, ``data-value``),
  ``special-covered`` (the corner marker of a special space under a tile, with its value),
- ``edge`` (a tile outline segment), ``tile-label`` (the tile id, once per tile),
- ``legend`` (what the special space markers mean),
- ``illustrative`` (the note under a board whose layout is not the printed one),
- ``score`` (the round's score breakdown, one text per line).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from boardcore.fits import board as fits_board
from boardcore.fits import layouts as fits_layouts
from boardcore.fits import tiles as fits_tiles

from boardlight.render.fits_overhang import overhang, top_row
from boardlight.render.svg.writer import Svg
from boardlight.render.text.fits import score_lines

if TYPE_CHECKING:
    from boardcore.fits.board import Board
    from boardcore.fits.layouts import Layout

CELL = 36
LEFT = 30
TOP = 40
BOTTOM = 30
LINE = 15  # the height of a line of text under the board (notes, legend, score)
CORNER = 14  # the side of a covered special space's corner marker

# One colour per tile, in fits_tiles.TILE_IDS order; light enough for black labels.
TILE_COLOURS = (
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
    "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#aaffc3", "#808000",
)
UNKNOWN_COLOUR = "#9e9e9e"  # a cell covered by a tile the position does not name
OPEN_COLOUR = "#ffffff"
SPECIAL_PLUS = "#1b7f3a"
SPECIAL_MINUS = "#c62828"
SYMBOL_COLOUR = "#5e35b1"


def tile_colour(tile: str) -> str:
    """The fill colour of a tile id ('?' for an unknown tile)."""
    if tile == "?":
        return UNKNOWN_COLOUR
    return TILE_COLOURS[fits_tiles.index(tile)]


def _xy(row: int, col: int, top: int = TOP) -> tuple[int, int]:
    # `top`: where row 12 begins (lower when rows above it are drawn).
    return LEFT + (col - 1) * CELL, top + (fits_board.ROWS - row) * CELL


def _special_colour(layout: Layout, value: int | str | None) -> str:
    if layout.board == fits_layouts.SYMBOL_BOARD:
        return SYMBOL_COLOUR
    # Boards 2 and 3: a number of points.
    return SPECIAL_MINUS if isinstance(value, int) and value < 0 else SPECIAL_PLUS


def board_svg(board: Board, layout: Layout | None = None, number: int = 1,
              title: str | None = None, score: dict[str, Any] | None = None) -> str:
    """The SVG text of a FITS board.

    board: a ``boardcore.fits.board.Board``; layout: the ``fits_layouts.Layout`` of its
    special spaces (None: the default layout of board ``number``, illustrative for 2-4);
    number: the board 1..4; title: the heading (default "FITS board N"); score: the
    round's breakdown for this board (as the core scores it), written under the board.
    """
    if number not in (1, 2, 3, 4):
        raise ValueError("FITS boards are 1..4, not %r" % (number,))
    if layout is None:
        layout = fits_layouts.default_layout(number)
    elif layout.board != number and not (number == 1 and not layout.spaces):
        raise ValueError("layout is for board %d, not board %d" % (layout.board, number))
    rows, cols = fits_board.ROWS, fits_board.COLS
    above = overhang(board)
    top = TOP + (top_row([board]) - rows) * CELL
    notes: list[tuple[str | None, str, str]] = []  # (text, class, colour) lines under the board
    if layout.spaces:
        notes += [(None, "legend", "#333")] * 2
    if layout.illustrative:
        notes += [("Special spaces: ILLUSTRATIVE layout,", "illustrative", "#b00"),
                  ("not the printed board", "illustrative", "#b00")]
    if score is not None:
        notes += [(line.strip(), "score", "#222") for line in score_lines("Score", score)]
    width: float = LEFT + cols * CELL + 12
    height = top + rows * CELL + BOTTOM + len(notes) * LINE + (6 if notes else 0)
    if score is not None:
        width = max(width, 20 + 6.5 * max(len(t) for t, c, _ in notes
                                          if c == "score" and t is not None))
    svg = Svg(width, height, title or "FITS board %d" % number)
    svg.rect(0, 0, width, height, cls="background", fill="#f4f1ea")
    svg.text(LEFT + cols * CELL / 2, 18, title or "FITS board %d" % number, cls="title", size=15)

    labelled: set[str] = set()
    for row in range(rows, 0, -1):
        for col in range(1, cols + 1):
            x, y = _xy(row, col, top)
            tile = board.tile_at(row, col)
            special = layout.at(row, col)
            if tile is None:
                svg.rect(x, y, CELL, CELL, cls="cell open", fill=OPEN_COLOUR, stroke="#c8c2b4",
                         data_row=row, data_col=col)
                if special is None:
                    svg.circle(x + CELL / 2, y + CELL / 2, 3.5, cls="dot", fill="#333")
                else:
                    _special(svg, layout, row, col, x, y)
            else:
                svg.rect(x, y, CELL, CELL, cls="cell covered", fill=tile_colour(tile), stroke="#00000033",
                         data_tile=tile, data_row=row, data_col=col)
                if special is not None:
                    _covered_special(svg, layout, row, col, x, y)
    # Cells above the top: the tile's colour, outlined dashed (they cover nothing).
    for (row, col), tile in sorted(above.items()):
        x, y = _xy(row, col, top)
        svg.rect(x, y, CELL, CELL, cls="overhang", fill=tile_colour(tile), stroke="#222",
                 stroke_dasharray="4 3", data_tile=tile, data_row=row, data_col=col)
    # Tile outlines and one label per tile, after all fills so nothing paints over them.
    for row in range(rows, 0, -1):
        for col in range(1, cols + 1):
            tile = board.tile_at(row, col)
            if tile is None:
                continue
            x, y = _xy(row, col, top)
            for dr, dc, x1, y1, x2, y2 in ((1, 0, 0, 0, 1, 0), (-1, 0, 0, 1, 1, 1), (0, -1, 0, 0, 0, 1), (0, 1, 1, 0, 1, 1)):
                r2, c2 = row + dr, col + dc
                other = board.tile_at(r2, c2) if 1 <= r2 <= rows and 1 <= c2 <= cols else None
                if other != tile or tile == "?":
                    svg.line(x + x1 * CELL, y + y1 * CELL, x + x2 * CELL, y + y2 * CELL, cls="edge",
                             stroke="#222", stroke_width=2.5, stroke_linecap="square")
            if tile != "?" and tile not in labelled:
                labelled.add(tile)  # the first cell met, scanning from the top left
                svg.text(x + CELL / 2, y + CELL / 2, tile, cls="tile-label", size=12, font_weight="bold")
    # Row numbers on the left (1 at the bottom, above 12 where a tile sticks out), column
    # numbers below.
    for row in range(1, top_row([board]) + 1):
        svg.text(LEFT / 2, _xy(row, 1, top)[1] + CELL / 2, row, cls="axis", size=11, fill="#555")
    for col in range(1, cols + 1):
        svg.text(_xy(1, col, top)[0] + CELL / 2, top + rows * CELL + 14, col, cls="axis", size=11, fill="#555")
    svg.rect(LEFT, top, cols * CELL, rows * CELL, cls="frame", fill="none", stroke="#222", stroke_width=2)
    y = top + rows * CELL + BOTTOM + 6
    if layout.spaces:
        _legend(svg, layout, y)
    for k, (text, cls, colour) in enumerate(notes):
        if text is not None:
            anchor = "start" if cls == "score" else "middle"
            svg.text(10 if cls == "score" else width / 2, y + k * LINE, text, cls=cls, size=11,
                     anchor=anchor, fill=colour)
    return svg.to_string()


def _covered_special(svg: Svg, layout: Layout, row: int, col: int, x: float, y: float) -> None:
    # A special space under a tile: its value in a corner marker, so the picture still
    # says what the tile covers (the legend explains the marker).
    value = layout.at(row, col)
    colour = _special_colour(layout, value)
    svg.rect(x + 2, y + 2, CORNER, CORNER, cls="special-covered", fill="#fff", stroke=colour,
             stroke_width=1.5, data_value=value)
    svg.text(x + 2 + CORNER / 2, y + 2 + CORNER / 2, layout.token(row, col),
             cls="special-covered-label", size=8, fill=colour, font_weight="bold")


def _legend(svg: Svg, layout: Layout, y: float) -> None:
    """Two lines: an open special space's marker and a covered one's, and what they mean."""
    colour = SYMBOL_COLOUR if layout.board == fits_layouts.SYMBOL_BOARD else SPECIAL_PLUS
    svg.circle(LEFT + 6, y, 6, cls="legend", fill=colour)
    what = ("open: counts with its pair" if layout.board == fits_layouts.SYMBOL_BOARD
            else "open: its value counts")
    svg.text(LEFT + 18, y, what, cls="legend", size=11, anchor="start", fill="#333")
    svg.rect(LEFT, y + LINE - 6, 12, 12, cls="legend", fill="#fff", stroke=colour, stroke_width=1.5)
    svg.text(LEFT + 18, y + LINE, "corner mark: under a tile", cls="legend", size=11,
             anchor="start", fill="#333")


def _special(svg: Svg, layout: Layout, row: int, col: int, x: float, y: float) -> None:
    value = layout.at(row, col)
    cx, cy = x + CELL / 2, y + CELL / 2
    colour = _special_colour(layout, value)
    if layout.board == fits_layouts.SYMBOL_BOARD:
        h = CELL * 0.4
        svg.polygon([(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)], cls="special",
                    fill=colour, data_value=value)
        svg.text(cx, cy, value, cls="special-label", size=12, fill="#fff", font_weight="bold")
    else:
        svg.circle(cx, cy, CELL * 0.38, cls="special", fill=colour, data_value=value)
        svg.text(cx, cy, layout.token(row, col), cls="special-label", size=12,
                 fill="#fff", font_weight="bold")

