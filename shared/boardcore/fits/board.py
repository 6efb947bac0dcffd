"""One player's FITS board for one round: the 6 x 12 grid and the drop.

Coordinates are those of docs/rules.md everywhere: rows 1..12 from the bottom, columns 1..6 from
the left. A drop is (tile, orientation, column): the tile's leftmost cell lands in
`column` and the tile slides straight down until one of its cells would enter an
occupied cell or pass the bottom edge. Its resting `row` is the row of its lowest cells.
Cells above row 12 (overhang) cover nothing but still block later tiles in their column,
as the real tile does on the ramp.
"""

from boardcore.fits import tiles as fits_tiles
from boardcore.fits.errors import (
    NoCellOnGridError,
    OffBoardError,
    OrientationError,
    OverhangError,
    TileUsedError,
    UnknownTileError,
)

ROWS = 12
COLS = 6
# Grid value of a cell covered by a tile we do not know (a position read from text).
UNKNOWN = 255


def check_tile(tile: object) -> None:
    """Raise UnknownTileError unless `tile` is one of the 16 ids."""
    if not fits_tiles.is_tile(tile):
        raise UnknownTileError(
            "unknown tile %r (tiles are %s)" % (tile, " ".join(fits_tiles.TILE_IDS))
        )


def shape_of(tile: str, orientation: int) -> "tuple[tuple[int, int], ...]":
    """The cells of a tile's orientation, or OrientationError / UnknownTileError."""
    check_tile(tile)
    shapes = fits_tiles.orientations(tile)
    if not isinstance(orientation, int) or isinstance(orientation, bool) or not 1 <= orientation <= len(shapes):
        raise OrientationError(
            "tile %s has orientations 1..%d, not %r" % (tile, len(shapes), orientation)
        )
    return shapes[orientation - 1]


class Board:
    """The covered cells of one board, the drops made on it, and the column heights.

    `max_overhang` is the rule option of docs/rules.md: None (default) allows any number of rows
    above the top as long as one cell lands on the grid; N allows at most N rows above.
    """

    __slots__ = ("grid", "tops", "drops", "max_overhang")

    def __init__(self, max_overhang: "int | None" = None) -> None:
        if max_overhang is not None and (not isinstance(max_overhang, int) or max_overhang < 0):
            raise ValueError("max_overhang must be None or a non-negative integer, not %r" % (max_overhang,))
        self.max_overhang = max_overhang
        # grid[(row-1)*6 + (col-1)]: 0 open, tile number + 1 covered, UNKNOWN covered by ?
        self.grid = bytearray(ROWS * COLS)
        # Highest occupied row of each column, overhang included (0 = empty column).
        self.tops = bytearray(COLS)
        # (tile, orientation, column, row) in the order they were dropped.
        self.drops: "list[tuple[str, int, int, int]]" = []

    # -- reading -----------------------------------------------------------

    def covered(self, row: int, col: int) -> bool:
        """Is the cell (row 1..12, column 1..6) covered?"""
        return self.grid[(row - 1) * COLS + col - 1] != 0

    def tile_at(self, row: int, col: int) -> "str | None":
        """The id of the tile covering a cell, None if open, '?' if unknown."""
        v = self.grid[(row - 1) * COLS + col - 1]
        if v == 0:
            return None
        if v == UNKNOWN:
            return "?"
        return fits_tiles.TILE_IDS[v - 1]

    def used(self, tile: str) -> bool:
        """Has this tile already been dropped on this board?"""
        for d in self.drops:
            if d[0] == tile:
                return True
        return False

    def copy(self) -> "Board":
        """An independent board with the same cells and drops (the engines look ahead on one)."""
        b = Board(self.max_overhang)
        b.grid[:] = self.grid
        b.tops[:] = self.tops
        b.drops = list(self.drops)
        return b

    # -- the drop ----------------------------------------------------------

    def resting_row(self, tile: str, orientation: int, column: int) -> int:
        """Where the drop would come to rest (row of its lowest cells), checking
        everything but whether the tile was already used. Raises the FitsError that
        says why the drop is illegal."""
        return self._rest(tile, orientation, shape_of(tile, orientation), column)

    def _rest(self, tile: str, orientation: int, shape: "tuple[tuple[int, int], ...]", column: int) -> int:
        height, width = fits_tiles.extent(shape)
        if not isinstance(column, int) or isinstance(column, bool):
            raise OffBoardError("column must be a number 1..6, not %r" % (column,))
        if column < 1:
            raise OffBoardError(
                "tile %s orientation %d at column %d would stick out past the left edge"
                % (tile, orientation, column)
            )
        if column + width - 1 > COLS:
            raise OffBoardError(
                "tile %s orientation %d at column %d would stick out past the right edge"
                " (it is %d wide, so columns 1..%d)"
                % (tile, orientation, column, width, COLS - width + 1)
            )
        # The tile stops as soon as one of its columns meets the top of a board column:
        # row = max over its columns of (top of that board column + 1 - lowest drow there).
        row = 1
        for dc in range(width):
            low = height
            for dr, c in shape:
                if c == dc and dr < low:
                    low = dr
            r = self.tops[column - 1 + dc] + 1 - low
            if r > row:
                row = r
        if row > ROWS:
            raise NoCellOnGridError(
                "tile %s orientation %d at column %d would rest at row %d, above the top:"
                " no cell on the grid" % (tile, orientation, column, row)
            )
        over = row + height - 1 - ROWS
        if self.max_overhang is not None and over > self.max_overhang:
            raise OverhangError(
                "tile %s orientation %d at column %d would stick out %d row(s) above the top"
                " (max_overhang is %d)" % (tile, orientation, column, over, self.max_overhang)
            )
        return row

    def drop(self, tile: str, orientation: int, column: int) -> int:
        """Drop a tile; returns its resting row. Raises a FitsError and changes nothing
        if the drop is illegal or the tile is already on this board."""
        row = self.resting_row(tile, orientation, column)
        if self.used(tile):
            raise TileUsedError("tile %s is already on this board this round" % tile)
        value = fits_tiles.index(tile) + 1
        for dr, dc in shape_of(tile, orientation):
            r = row + dr
            c = column + dc
            if r <= ROWS:
                self.grid[(r - 1) * COLS + c - 1] = value
            if r > self.tops[c - 1]:
                self.tops[c - 1] = r
        self.drops.append((tile, orientation, column, row))
        return row

    def legal_drops(self, tile: str) -> "list[tuple[int, int, int]]":
        """Every legal drop of a tile as (orientation, column, row), orientation then
        column order. Each is a distinct resting position (orientations are distinct
        shapes). Empty if the tile is already on this board."""
        check_tile(tile)
        if self.used(tile):
            return []
        out = []
        o = 0
        for shape in fits_tiles.orientations(tile):
            o += 1
            width = fits_tiles.extent(shape)[1]
            for col in range(1, COLS - width + 2):
                try:
                    out.append((o, col, self._rest(tile, o, shape, col)))
                except (NoCellOnGridError, OverhangError):
                    pass
        return out

    def set_cell(self, row: int, col: int, tile: "str | None" = None) -> None:
        """Set one cell of a position read from text: tile None (open), '?' (covered by
        an unknown tile) or a tile id. Recomputes that column's height from the grid, so
        use it on boards built cell by cell, not on boards with overhanging drops."""
        if tile is None:
            v = 0
        elif tile == "?":
            v = UNKNOWN
        else:
            check_tile(tile)
            v = fits_tiles.index(tile) + 1
        self.grid[(row - 1) * COLS + col - 1] = v
        top = 0
        for r in range(1, ROWS + 1):
            if self.grid[(r - 1) * COLS + col - 1]:
                top = r
        self.tops[col - 1] = top
