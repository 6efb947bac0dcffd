"""The 16 FITS tiles: stable ids, shapes and their distinct orientations.

Importable on its own and cheap (no tables built at import). The ids and the shapes as
printed are boardcore.fits.shapes (re-exported here), which is all the device needs to
draw a card and deal.

Coordinates (docs/fits-formats.md): a tile's cells are (drow, dcol) offsets, drow
counted upwards from the tile's lowest row, dcol rightwards from its leftmost column,
both from 0. Orientations are numbered from 1: orientation 1 is the shape as drawn in
the table of docs/rules.md, then its three quarter turns clockwise, then the mirror image
(left-right) and its three turns, each kept only the first time it appears. So
orientation counts are 2 (I3), 4, 1 (O4 and X) or 8, as that table says.

>>> cells("L3")                  # orientation 1: (row up from the bottom, column right)
((0, 0), (0, 1), (1, 0))
>>> extent(cells("L3")), orientation_count("L3")
((2, 2), 4)
>>> picture("L3", 2)             # a quarter turn clockwise, top row first
['##', '#.']
"""

from boardcore.fits.shapes import SHAPES as _SHAPES
from boardcore.fits.shapes import TILE_IDS, index


def is_tile(tile: object) -> bool:
    return tile in TILE_IDS


def _base(tile: str) -> "list[tuple[int, int]]":
    rows = _SHAPES[index(tile)].split("/")
    top = len(rows) - 1
    out = []
    r = 0
    for line in rows:
        c = 0
        for ch in line:
            if ch == "#":
                out.append((top - r, c))
            c += 1
        r += 1
    return out


def _normal(cells: "list[tuple[int, int]]") -> "tuple[tuple[int, int], ...]":
    # Shift to drow, dcol >= 0 and sort: equal shapes give equal tuples.
    mr = min(p[0] for p in cells)
    mc = min(p[1] for p in cells)
    return tuple(sorted((r - mr, c - mc) for r, c in cells))


def orientations(tile: str) -> "list[tuple[tuple[int, int], ...]]":
    """All distinct orientations of a tile, in orientation order (1 first), each a
    tuple of (drow, dcol) cells sorted by drow then dcol."""
    cells = _base(tile)
    seen = []
    for mirror in (0, 1):
        cur = [(r, -c) for r, c in cells] if mirror else cells
        for _ in range(4):
            n = _normal(cur)
            if n not in seen:
                seen.append(n)
            # A quarter turn clockwise: (row up, col right) -> (-col, row).
            cur = [(-c, r) for r, c in cur]
    return seen


def orientation_count(tile: str) -> int:
    """How many distinct orientations the tile has (1, 2, 4 or 8)."""
    return len(orientations(tile))


def cells(tile: str, orientation: int = 1) -> "tuple[tuple[int, int], ...]":
    """The (drow, dcol) cells of one orientation (numbered from 1).

    ValueError if the tile or the orientation number does not exist."""
    all_ = orientations(tile)
    if not isinstance(orientation, int) or orientation < 1 or orientation > len(all_):
        raise ValueError(
            "tile %s has orientations 1..%d, not %r" % (tile, len(all_), orientation)
        )
    return all_[orientation - 1]


def extent(shape: "tuple[tuple[int, int], ...]") -> "tuple[int, int]":
    """(height, width) of an orientation's cell tuple."""
    return (max(p[0] for p in shape) + 1, max(p[1] for p in shape) + 1)


def picture(tile: str, orientation: int = 1) -> "list[str]":
    """The orientation drawn as text rows, top row first: '#' cell, '.' empty."""
    shape = cells(tile, orientation)
    h, w = extent(shape)
    rows = []
    for r in range(h - 1, -1, -1):
        rows.append("".join("#" if (r, c) in shape else "." for c in range(w)))
    return rows
