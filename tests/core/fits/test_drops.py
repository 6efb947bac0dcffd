"""The drop, worked by hand on small boards (rows 1..12 from the bottom, columns 1..6)."""

import pytest

from boardcore.fits.board import Board, shape_of
from boardcore.fits.errors import (
    NoCellOnGridError,
    OffBoardError,
    OrientationError,
    OverhangError,
    TileUsedError,
    UnknownTileError,
)
from core.fits.board_copy import copy_board


def covered(board):
    return {(r, c) for r in range(1, 13) for c in range(1, 7) if board.covered(r, c)}


def snapshot(board):
    return bytes(board.grid), bytes(board.tops), list(board.drops)


def test_first_drop_rests_on_the_bottom():
    b = Board()
    # P orientation 1 (## ## #.) at column 2: empty board -> row 1.
    assert b.drop("P", 1, 2) == 1
    assert covered(b) == {(1, 2), (2, 2), (2, 3), (3, 2), (3, 3)}
    assert b.tile_at(2, 3) == "P" and b.tile_at(1, 3) is None


def test_tile_rests_on_a_ledge_and_leaves_a_gap():
    b = Board()
    b.drop("I3", 2, 3)  # vertical: (1,3) (2,3) (3,3)
    # T4 orientation 1 (### over .#.) at column 2: columns 2,3,4 are 0,3,0 high; its
    # lowest cell is 1 up in columns 2 and 4, 0 in column 3 -> base row max(0, 4, 0) = 4.
    assert b.drop("T4", 1, 2) == 4
    assert {(4, 3), (5, 2), (5, 3), (5, 4)} <= covered(b)
    # The arm at row 5 shelters (1..4, 2) and (1..4, 4): nothing can reach them now.
    assert b.drop("O4", 1, 1) == 6  # columns 1,2: heights 0 and 5 -> row 6
    assert not b.covered(1, 1) and not b.covered(4, 2)
    # Column 4 under the arm stays open too: L3 orientation 2 (## over #.) at column 4
    # meets heights 5,0 with lowest cells 0,1 -> row 6, above the arm.
    assert b.drop("L3", 2, 4) == 6
    assert not any(b.covered(r, 4) for r in (1, 2, 3, 4))


def test_overhang_above_the_top_is_allowed_by_default():
    b = Board()
    b.drop("I3", 2, 1)   # rows 1-3 of column 1
    b.drop("L5", 1, 1)   # heights 3,0 -> row 4: (4,1)(4,2)(5,1)(6,1)(7,1)
    b.drop("L4", 1, 1)   # heights 7,4 -> row 8: (8,1)(8,2)(9,1)(10,1)
    # N orientation 1 (.# .# ## #.) = (0,0)(1,0)(1,1)(2,1)(3,1) at column 1: heights
    # 10, 8; lowest cells 0, 1 -> row max(11, 8) = 11: (11,1)(12,1)(12,2) on the grid,
    # (13,2)(14,2) above it: 2 rows of overhang, allowed with max_overhang unlimited.
    assert b.drop("N", 1, 1) == 11
    assert b.covered(12, 2) and not b.covered(11, 2)
    assert list(b.tops) == [12, 14, 0, 0, 0, 0]
    assert [(11 + dr, 1 + dc) for dr, dc in shape_of("N", 1)] == [(11, 1), (12, 1), (12, 2), (13, 2), (14, 2)]


def test_overhang_on_a_tall_column():
    b = Board()
    # Stack vertical pieces in column 1: I3 (rows 1-3), L5 o1 (rows 4-7, foot in col 2),
    # L4 o1 (rows 8-10, foot in col 2).
    assert b.drop("I3", 2, 1) == 1
    assert b.drop("L5", 1, 1) == 4   # heights 3,0 -> row 4: (4,1)(4,2)(5,1)(6,1)(7,1)
    assert b.drop("L4", 1, 1) == 8   # heights 7,4 -> row 8: (8,1)(8,2)(9,1)(10,1)
    # V5 orientation 1 (#.. #.. ###) at column 1: heights 10, 8, 0; lowest 0,0,0 -> row 11:
    # (11,1)(11,2)(11,3)(12,1)(13,1): one row of overhang, allowed.
    assert b.drop("V5", 1, 1) == 11
    assert b.tops[0] == 13 and b.covered(12, 1)
    # Column 1 is now 13 high: P (## ## #.) at column 1 would rest at row 14: refused,
    # even though column 2 is only 11 high (the overhang blocks like a real tile).
    before = snapshot(b)
    with pytest.raises(NoCellOnGridError, match="no cell on the grid"):
        b.drop("P", 1, 1)
    assert snapshot(b) == before


def test_max_overhang_option():
    b = Board(max_overhang=0)
    b.drop("I3", 2, 1)
    b.drop("L5", 1, 1)
    b.drop("L4", 1, 1)
    # The V5 drop above would reach row 13: 1 row above the top > 0.
    with pytest.raises(OverhangError, match="stick out 1 row"):
        b.drop("V5", 1, 1)
    assert (8, 1) in covered(b) and not b.used("V5")
    one = Board(max_overhang=1)
    one.drop("I3", 2, 1)
    one.drop("L5", 1, 1)
    one.drop("L4", 1, 1)
    assert one.drop("V5", 1, 1) == 11


@pytest.mark.parametrize("tile,o,col,message", [
    ("L4", 3, 6, "tile L4 orientation 3 at column 6 would stick out past the right edge"),
    ("I3", 1, 5, "tile I3 orientation 1 at column 5 would stick out past the right edge"),
    ("X", 1, 0, "tile X orientation 1 at column 0 would stick out past the left edge"),
    ("O4", 1, -2, "past the left edge"),
])
def test_drop_past_an_edge_is_refused(tile, o, col, message):
    b = Board()
    b.drop("P", 1, 3)
    before = snapshot(b)
    with pytest.raises(OffBoardError, match=message):
        b.drop(tile, o, col)
    assert snapshot(b) == before


def test_other_refusals_name_the_problem():
    b = Board()
    b.drop("O4", 1, 1)
    before = snapshot(b)
    with pytest.raises(TileUsedError, match="O4 is already on this board"):
        b.drop("O4", 1, 4)
    with pytest.raises(OrientationError, match="tile L4 has orientations 1..8, not 9"):
        b.drop("L4", 9, 1)
    with pytest.raises(UnknownTileError, match="unknown tile 'Z9'"):
        b.drop("Z9", 1, 1)
    with pytest.raises(OffBoardError, match="column must be a number"):
        b.drop("L4", 1, "3")
    assert snapshot(b) == before


def test_legal_drops_on_an_empty_board_and_after_a_drop():
    b = Board()
    # O4 on an empty board: columns 1..5, all row 1.
    assert b.legal_drops("O4") == [(1, c, 1) for c in range(1, 6)]
    # L3 has 4 orientations, each 2 wide: 4 x 5 = 20 drops, all on row 1.
    assert len(b.legal_drops("L3")) == 20
    b.drop("O4", 1, 5)  # rows 1-2 of columns 5-6
    # I3 horizontal: columns 1..4; spans touching columns 5 or 6 (start 3, 4) rest on row 3.
    assert [d for d in b.legal_drops("I3") if d[0] == 1] == [(1, 1, 1), (1, 2, 1), (1, 3, 3), (1, 4, 3)]
    assert b.legal_drops("O4") == []  # already used


def test_legal_drops_are_exactly_the_drops_that_succeed():
    b = Board()
    for t, o, c in (("P", 2, 1), ("W", 3, 3), ("Y", 5, 5), ("N", 2, 2)):
        b.drop(t, o, c)
    for tile in ("I3", "L4", "X", "F"):
        legal = b.legal_drops(tile)
        ok = []
        for o in range(1, 9):
            for c in range(-1, 8):
                trial = copy_board(b)
                try:
                    row = trial.drop(tile, o, c)
                except (OffBoardError, OrientationError, NoCellOnGridError):
                    continue
                ok.append((o, c, row))
        assert legal == ok
