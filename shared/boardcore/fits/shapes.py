"""The 16 FITS tiles' stable ids and their shapes as printed: the least a device needs to
deal and to draw a card (boardcore.fits.tiles builds the orientations from these).

A shape is its rows top to bottom joined by "/", "#" a cell and "." none; it is the
tile in orientation 1.
"""

# Stable ids, in the rules' table order; the index is the tile's number (0..15).
TILE_IDS = ("I3", "L3", "O4", "T4", "S4", "L4", "F", "L5", "N", "P", "T5", "U", "V5", "W", "X", "Y")

SHAPES = (
    "###",
    "#./##",
    "##/##",
    "###/.#.",
    ".##/##.",
    "#./#./##",
    ".##/##./.#.",
    "#./#./#./##",
    ".#/.#/##/#.",
    "##/##/#.",
    "###/.#./.#.",
    "#.#/###",
    "#../#../###",
    "#../##./.##",
    ".#./###/.#.",
    ".#/##/.#/.#",
)


def index(tile: str) -> int:
    """The number (0..15) of a tile id; ValueError naming the id if it is not one."""
    i = 0
    for t in TILE_IDS:
        if t == tile:
            return i
        i += 1
    raise ValueError("unknown tile %r (tiles are %s)" % (tile, " ".join(TILE_IDS)))
