"""The part of a FITS board above row 12: cells of tiles that stick out above the top.
They cover nothing but block their columns as the real tiles do, so every picture of a
board (text and SVG) draws them."""

from boardcore.fits.board import ROWS
from boardcore.fits.tiles import cells


def overhang(board) -> dict:
    """The cells of a board's tiles above row 12, {(row, column): tile id}."""
    out = {}
    for tile, orientation, column, row in board.drops:
        for dr, dc in cells(tile, orientation):
            if row + dr > ROWS:
                out[(row + dr, column + dc)] = tile
    return out


def top_row(boards) -> int:
    """The highest row to draw for these boards: 12, or the top of a tile sticking out."""
    return max([ROWS] + [r for b in boards for r, _c in overhang(b)])
