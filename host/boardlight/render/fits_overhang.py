"""The part of a FITS board above row 12: cells of tiles that stick out above the top.
They cover nothing but block their columns as the real tiles do, so every picture of a
board (text and SVG) draws them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from boardcore.fits.board import ROWS
from boardcore.fits.tiles import cells

if TYPE_CHECKING:
    from boardcore.fits.board import Board


def overhang(board: Board) -> dict[tuple[int, int], str]:
    """The cells of a board's tiles above row 12, {(row, column): tile id}."""
    out = {}
    for tile, orientation, column, row in board.drops:
        for dr, dc in cells(tile, orientation):
            if row + dr > ROWS:
                out[(row + dr, column + dc)] = tile
    return out


def top_row(boards: Iterable[Board]) -> int:
    """The highest row to draw for these boards: 12, or the top of a tile sticking out."""
    return max([ROWS] + [r for b in boards for r, _c in overhang(b)])
