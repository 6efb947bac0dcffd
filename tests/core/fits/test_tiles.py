"""The 16 FITS tiles: ids, sizes, and distinct orientations as the table of docs/rules.md says."""

import pytest

from boardcore.fits import tiles as fits_tiles

# The table of docs/rules.md: id -> (cells, shape rows top to bottom, orientations), copied by hand.
TABLE = {
    "I3": (3, ["###"], 2),
    "L3": (3, ["#.", "##"], 4),
    "O4": (4, ["##", "##"], 1),
    "T4": (4, ["###", ".#."], 4),
    "S4": (4, [".##", "##."], 4),
    "L4": (4, ["#.", "#.", "##"], 8),
    "F": (5, [".##", "##.", ".#."], 8),
    "L5": (5, ["#.", "#.", "#.", "##"], 8),
    "N": (5, [".#", ".#", "##", "#."], 8),
    "P": (5, ["##", "##", "#."], 8),
    "T5": (5, ["###", ".#.", ".#."], 4),
    "U": (5, ["#.#", "###"], 4),
    "V5": (5, ["#..", "#..", "###"], 4),
    "W": (5, ["#..", "##.", ".##"], 4),
    "X": (5, [".#.", "###", ".#."], 1),
    "Y": (5, [".#", "##", ".#", ".#"], 8),
}


def _independent_shapes(rows):
    """All rotations and mirror images as frozensets of (x, y), computed another way:
    the 8 matrices of the square's symmetry group applied to the cells."""
    cells = [(x, y) for y, line in enumerate(rows) for x, ch in enumerate(line) if ch == "#"]
    out = set()
    for a, b, c, d in ((1, 0, 0, 1), (0, -1, 1, 0), (-1, 0, 0, -1), (0, 1, -1, 0),
                       (-1, 0, 0, 1), (1, 0, 0, -1), (0, 1, 1, 0), (0, -1, -1, 0)):
        pts = [(a * x + b * y, c * x + d * y) for x, y in cells]
        mx = min(p[0] for p in pts)
        my = min(p[1] for p in pts)
        out.add(frozenset((x - mx, y - my) for x, y in pts))
    return out


def _as_xy(shape):
    # core cells are (drow up, dcol right); flip rows to compare with y-down pictures.
    h = max(r for r, _ in shape)
    return frozenset((c, h - r) for r, c in shape)


def test_ids_in_table_order_and_72_cells():
    assert fits_tiles.TILE_IDS == tuple(TABLE)
    assert sum(len(fits_tiles.cells(t)) for t in fits_tiles.TILE_IDS) == 72  # 2x3 + 4x4 + 10x5


@pytest.mark.parametrize("tile", list(TABLE))
def test_size_shape_and_orientation_count(tile):
    cells, rows, count = TABLE[tile]
    assert len(fits_tiles.cells(tile)) == cells
    assert fits_tiles.picture(tile, 1) == rows  # orientation 1 is the shape as printed
    assert fits_tiles.orientation_count(tile) == count
    shapes = fits_tiles.orientations(tile)
    assert len(set(shapes)) == count  # distinct
    assert {_as_xy(s) for s in shapes} == _independent_shapes(rows)  # and all of them


def test_orientation_order_is_turns_then_mirror():
    # L4 `#. #. ##`: a quarter turn clockwise gives `### #..`, two give `## .# .#`,
    # three `..# ###`; the mirror image `.# .# ##` is orientation 5.
    assert fits_tiles.picture("L4", 2) == ["###", "#.."]
    assert fits_tiles.picture("L4", 3) == ["##", ".#", ".#"]
    assert fits_tiles.picture("L4", 4) == ["..#", "###"]
    assert fits_tiles.picture("L4", 5) == [".#", ".#", "##"]
    # cells are (drow from the bottom, dcol from the left)
    assert fits_tiles.cells("L4", 1) == ((0, 0), (0, 1), (1, 0), (2, 0))


def test_bad_tile_or_orientation_says_what_is_wrong():
    with pytest.raises(ValueError, match="unknown tile 'Q'"):
        fits_tiles.cells("Q")
    with pytest.raises(ValueError, match="tile X has orientations 1..1, not 2"):
        fits_tiles.cells("X", 2)
    with pytest.raises(ValueError, match="orientations 1..8, not 0"):
        fits_tiles.cells("P", 0)
