"""SVG picture of one FITS board: covered cells coloured by tile and outlined per tile,
open dots, special spaces (boards 2-4) and a note when the layout is illustrative.

Coordinates are RULES.md's: rows 1..12 from the bottom, columns 1..6 from the left; the
picture shows row 12 at the top, with row and column numbers in the margins.

Classes in the SVG, for tests and stylesheets:
- ``cell covered`` (one rect per covered cell, ``data-tile``, ``data-row``, ``data-col``),
- ``cell open`` (one rect per open cell) and ``dot`` (a circle on an open ordinary cell),
- ``special`` (an open special space's marker, ``data-value``),
  ``special-covered`` (a small marker of a special space under a tile),
- ``edge`` (a tile outline segment), ``tile-label`` (the tile id, once per tile),
- ``illustrative`` (the note under a board whose layout is not the printed one).
"""

from boardcore.fits import board as fits_board
from boardcore.fits import layouts as fits_layouts
from boardcore.fits import tiles as fits_tiles

from boardlight.render.svg.writer import Svg

CELL = 36
LEFT = 30
TOP = 40
BOTTOM = 30

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


def tile_colour(tile):
    """The fill colour of a tile id ('?' for an unknown tile)."""
    if tile == "?":
        return UNKNOWN_COLOUR
    return TILE_COLOURS[fits_tiles.index(tile)]


def _xy(row, col):
    return LEFT + (col - 1) * CELL, TOP + (fits_board.ROWS - row) * CELL


def _special_colour(layout, value):
    if layout.board == fits_layouts.SYMBOL_BOARD:
        return SYMBOL_COLOUR
    return SPECIAL_MINUS if value < 0 else SPECIAL_PLUS


def board_svg(board, layout=None, number=1, title=None):
    """The SVG text of a FITS board.

    board: a ``boardcore.fits.board.Board``; layout: the ``fits_layouts.Layout`` of its
    special spaces (None: the default layout of board ``number``, illustrative for 2-4);
    number: the board 1..4; title: the heading (default "FITS board N").
    """
    if number not in (1, 2, 3, 4):
        raise ValueError("FITS boards are 1..4, not %r" % (number,))
    if layout is None:
        layout = fits_layouts.default_layout(number)
    elif layout.board != number and not (number == 1 and not layout.spaces):
        raise ValueError("layout is for board %d, not board %d" % (layout.board, number))
    rows, cols = fits_board.ROWS, fits_board.COLS
    notes = 1 if layout.illustrative else 0
    width = LEFT + cols * CELL + 12
    height = TOP + rows * CELL + BOTTOM + notes * 36
    svg = Svg(width, height, title or "FITS board %d" % number)
    svg.rect(0, 0, width, height, cls="background", fill="#f4f1ea")
    svg.text(LEFT + cols * CELL / 2, 18, title or "FITS board %d" % number, cls="title", size=15)

    labelled = set()
    for row in range(rows, 0, -1):
        for col in range(1, cols + 1):
            x, y = _xy(row, col)
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
                    svg.rect(x + 3, y + 3, 9, 9, cls="special-covered", fill="none",
                             stroke=_special_colour(layout, special), stroke_width=1.5, data_value=special)
    # Tile outlines and one label per tile, after all fills so nothing paints over them.
    for row in range(rows, 0, -1):
        for col in range(1, cols + 1):
            tile = board.tile_at(row, col)
            if tile is None:
                continue
            x, y = _xy(row, col)
            for dr, dc, x1, y1, x2, y2 in ((1, 0, 0, 0, 1, 0), (-1, 0, 0, 1, 1, 1), (0, -1, 0, 0, 0, 1), (0, 1, 1, 0, 1, 1)):
                r2, c2 = row + dr, col + dc
                other = board.tile_at(r2, c2) if 1 <= r2 <= rows and 1 <= c2 <= cols else None
                if other != tile or tile == "?":
                    svg.line(x + x1 * CELL, y + y1 * CELL, x + x2 * CELL, y + y2 * CELL, cls="edge",
                             stroke="#222", stroke_width=2.5, stroke_linecap="square")
            if tile != "?" and tile not in labelled:
                labelled.add(tile)  # the first cell met, scanning from the top left
                svg.text(x + CELL / 2, y + CELL / 2, tile, cls="tile-label", size=12, font_weight="bold")
    # Row numbers on the left (1 at the bottom), column numbers below.
    for row in range(1, rows + 1):
        svg.text(LEFT / 2, _xy(row, 1)[1] + CELL / 2, row, cls="axis", size=11, fill="#555")
    for col in range(1, cols + 1):
        svg.text(_xy(1, col)[0] + CELL / 2, TOP + rows * CELL + 14, col, cls="axis", size=11, fill="#555")
    svg.rect(LEFT, TOP, cols * CELL, rows * CELL, cls="frame", fill="none", stroke="#222", stroke_width=2)
    if layout.illustrative:
        y = TOP + rows * CELL + BOTTOM + 6
        svg.text(width / 2, y, "Special spaces: ILLUSTRATIVE layout,", cls="illustrative", size=11, fill="#b00")
        svg.text(width / 2, y + 15, "not the printed board", cls="illustrative", size=11, fill="#b00")
    return svg.to_string()


def _special(svg, layout, row, col, x, y):
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

