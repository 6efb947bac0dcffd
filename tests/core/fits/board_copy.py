"""A copy of a FITS board for tests that try a drop without changing the board they hold."""

from boardcore.fits.board import Board


def copy_board(board):
    out = Board(board.max_overhang)
    out.grid[:] = board.grid
    out.tops[:] = board.tops
    out.drops = list(board.drops)
    return out
