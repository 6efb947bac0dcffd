"""The FITS engine's fast model of one board: column bit masks, tile profiles, the drop,
the exact round score and the evaluation of a board with tiles still to come.

A tile slides straight down, so a cell below the highest covered cell of its column can
never be covered later: the future of a board depends only on its column heights
(`tops`) and on the tiles still to come. The model keeps a board as two lists of six ints:
masks[c] has bit r-1 set when (row r, column c+1) is covered (rows 1..12), tops[c] is the
column's height, overhang included. Columns are 0-based here, 1-based in moves.
"""

from boardcore.compat import IS_MICROPYTHON, const
from boardcore.fits import tiles as fits_tiles

_TYPE_CHECKING = const(0)
if _TYPE_CHECKING:  # for the type checker only: MicroPython compiles the block away
    from typing import Iterator
    from boardcore.fits.board import Board
    from boardcore.fits.layouts import Layout

    # One orientation's drop profile: (width, height, low, high, bits).
    Profile = tuple[int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]

ROWS = 12
COLS = 6
FULL = (1 << ROWS) - 1

# Evaluation weights per board (tuned by self-play on the tuning seeds, see docs/engines.md):
# W_WASTE  expected cells of the remaining tiles lost to packing, per tile still to come
# W_HOLE   extra cost of a sheltered (never coverable) open ordinary dot
# W_BUMP   cost per unit of height difference between neighbouring columns
# W_WELL   cost per row of a one-column well deeper than 2
# W_ROW    board 1: credit for a partly covered row without a hole, times its fill squared
WEIGHTS: "dict[int, tuple[float, float, float, float, float]]" = {
    1: (2.75, 2.2, 0.44, 1.5, 0.45),
    2: (4.25, 1.9, 0.44, 0.7, 0.6),
    3: (3.5, 2.2, 0.44, 1.0, 0.6),
    4: (4.0, 1.7, 0.64, 1.3, 0.6),
}

# The evaluation's shaping terms (the extra cost of holes, bumps and wells) steer the search
# but are not points, so its value runs below the round's score, by about 10 points with one
# tile to come and 50 with fifteen. BIAS[board - 1][n], in half points, is the mean of (round
# score - evaluation) of the board after each level-4 move with n tiles still to come, over
# 200 games on tuning seeds 1..200 (docs/engines.md). The engine searches on the evaluation
# itself and adds lift() only to the values it reports: no move depends on this table.
BIAS = (
    bytes((0, 21, 24, 29, 34, 40, 45, 51, 56, 61, 66, 71, 77, 82, 88, 93)),
    bytes((0, 18, 21, 26, 32, 38, 44, 51, 58, 64, 70, 76, 81, 87, 93, 99)),
    bytes((0, 25, 28, 32, 37, 43, 50, 57, 63, 70, 77, 83, 90, 96, 104, 110)),
    bytes((0, 26, 30, 34, 39, 45, 51, 56, 62, 68, 74, 80, 86, 91, 97, 102)),
)

_POP: "bytearray | None" = None
_PROFILES: "dict[str, list[Profile]]" = {}  # tile -> its drop profiles, built on first use


def _table() -> bytearray:
    # Set bits of every 6-bit number; a 12-bit mask is two lookups. A table of all 4,096
    # masks (4 KB) kept the FITS device levels from running in a 96 KB heap; the second
    # lookup costs CPython about a tenth more time per move.
    global _POP
    t = bytearray(64)
    for i in range(1, 64):
        t[i] = t[i >> 1] + (i & 1)
    _POP = t
    return t


def popcount(x: int) -> int:
    """Set bits of a 12-bit mask (two lookups in a 64-entry table built on first use)."""
    pop = _POP or _table()
    return pop[x & 63] + pop[x >> 6]


def profiles(tile: str) -> "list[Profile]":
    """Per orientation (in orientation order): (width, height, low, high, bits), where for
    each tile column dc low[dc]/high[dc] are its lowest/highest cell rows and bits[dc] the
    rows it covers, all counted from the tile's lowest row. Cached per tile (on the
    device only the last few, for the heap)."""
    p = _PROFILES.get(tile)
    if p is None:
        if IS_MICROPYTHON and len(_PROFILES) >= 3:
            _PROFILES.clear()
        p = []
        for shape in fits_tiles.orientations(tile):
            h, w = fits_tiles.extent(shape)
            low: list[int] = []
            high: list[int] = []
            bits: list[int] = []
            for dc in range(w):
                lo = h
                hi = 0
                m = 0
                for dr, c in shape:
                    if c == dc:
                        m |= 1 << dr
                        if dr < lo:
                            lo = dr
                        if dr > hi:
                            hi = dr
                low.append(lo)
                high.append(hi)
                bits.append(m)
            p.append((w, h, tuple(low), tuple(high), tuple(bits)))
        _PROFILES[tile] = p
    return p


def from_board(board: "Board") -> "tuple[list[int], list[int]]":
    """(masks, tops) of a fits Board (or anything with `covered` and `tops`)."""
    masks = [0] * COLS
    for c in range(COLS):
        m = 0
        for r in range(ROWS):
            if board.covered(r + 1, c + 1):
                m |= 1 << r
        masks[c] = m
    return masks, list(board.tops)


def rest(tops: "list[int]", prof: "Profile", col: int, max_overhang: "int | None") -> int:
    """The resting row (1-based, row of the lowest cells) of a profile dropped with its
    leftmost cell in column `col` (0-based), or 0 when the drop is illegal there."""
    w, h, low = prof[0], prof[1], prof[2]
    if col < 0 or col + w > COLS:
        return 0
    row = 1
    for dc in range(w):
        r = tops[col + dc] + 1 - low[dc]
        if r > row:
            row = r
    if row > ROWS:
        return 0
    if max_overhang is not None and row + h - 1 - ROWS > max_overhang:
        return 0
    return row


def apply(masks: "list[int]", tops: "list[int]", prof: "Profile", col: int, row: int) -> "tuple[list[int], list[int]]":
    """New (masks, tops) after the drop (the inputs are not changed)."""
    nm = list(masks)
    nt = list(tops)
    high = prof[3]
    bits = prof[4]
    for dc in range(prof[0]):
        c = col + dc
        nm[c] |= (bits[dc] << (row - 1)) & FULL
        nt[c] = row + high[dc]
    return nm, nt


def drops(masks: "list[int]", tops: "list[int]", tile: str,
          max_overhang: "int | None") -> "Iterator[tuple[int, int, int, list[int], list[int]]]":
    """Yield every legal drop of a tile: (orientation, column 1..6, row, masks, tops), one at
    a time (the boards of all the drops at once would fragment the device's heap)."""
    o = 0
    for prof in profiles(tile):
        o += 1
        for col in range(COLS - prof[0] + 1):
            row = rest(tops, prof, col, max_overhang)
            if row:
                nm, nt = apply(masks, tops, prof, col, row)
                yield (o, col + 1, row, nm, nt)


class Scorer:
    """The scoring of one layout in the model's terms: exact final scores and the
    evaluation of an unfinished board."""

    __slots__ = ("number", "spec", "values", "pairs", "weights", "bias")

    def __init__(self, layout: "Layout", weights: "tuple[float, float, float, float, float] | None" = None) -> None:
        self.number = layout.board
        self.weights = weights or WEIGHTS[self.number]
        self.bias = BIAS[self.number - 1]
        self.spec = [0] * COLS  # special cells per column (never ordinary dots)
        self.values: "list[tuple[int, int, int]]" = []  # boards 2 and 3: (column, bit, value)
        self.pairs: "list[tuple[tuple[int, int], tuple[int, int]]]" = []  # board 4: per symbol
        symbols: "dict[int | str, list[tuple[int, int]]]" = {}
        for r, c, v in layout.spaces:
            bit = 1 << (r - 1)
            self.spec[c - 1] |= bit
            if self.number == 4:
                symbols.setdefault(v, []).append((c - 1, bit))
            elif self.number in (2, 3) and isinstance(v, int):
                self.values.append((c - 1, bit, v))
        for s in sorted(symbols):
            cells = symbols[s]
            if len(cells) == 2:
                self.pairs.append((cells[0], cells[1]))

    def lift(self, tiles_left: int) -> float:
        """What puts an evaluation taken with `tiles_left` tiles to come on the scale of
        the round's score (BIAS): 0 for a finished board, whose score is exact."""
        bias = self.bias
        return 0.5 * bias[tiles_left if tiles_left < len(bias) else len(bias) - 1]

    def final(self, masks: "list[int]") -> int:
        """The round's score of a finished board (fits_score.score_board's total)."""
        full = FULL
        open_dots = 0
        for c in range(COLS):
            m = masks[c]
            full &= m
            open_dots += ROWS - popcount(m | self.spec[c])
        total = -open_dots
        if self.number == 1:
            total += popcount(full)
        for c, bit, v in self.values:
            if not masks[c] & bit:
                total += v
        for (c1, b1), (c2, b2) in self.pairs:
            n = (0 if masks[c1] & b1 else 1) + (0 if masks[c2] & b2 else 1)
            total += 3 if n == 2 else (-3 if n == 1 else 0)
        return total

    def evaluate(self, masks: "list[int]", tops: "list[int]", material: int, tiles_left: int) -> float:
        """The search's value of a board with `material` cells in `tiles_left` tiles
        still to come. Sheltered cells score as they will at the end; each open cell
        above the columns is left open with the chance that the remaining tiles, less
        their packing waste, cannot cover it; rough surfaces and sheltered holes cost
        extra, which the round's score does not take (lift() puts the value back on its
        scale)."""
        w_waste, w_hole, w_bump, w_well, w_row = self.weights
        spec = self.spec
        pop = _POP or _table()
        dead_open = 0
        live = 0
        live_spec = 0
        holed = 0
        full = FULL
        lo_top = ROWS
        hi_top = 0
        bump = 0
        well = 0
        prev = -1
        for c in range(COLS):
            t = tops[c]
            if t > ROWS:
                t = ROWS
            if t < lo_top:
                lo_top = t
            if t > hi_top:
                hi_top = t
            m = masks[c]
            dead = (1 << t) - 1
            open_dead = dead & ~m
            holed |= open_dead
            x = open_dead & ~spec[c]
            dead_open += pop[x & 63] + pop[x >> 6]
            live += ROWS - t
            x = spec[c] & ~dead
            live_spec += pop[x & 63] + pop[x >> 6]
            full &= m
            if prev >= 0:
                bump += t - prev if t > prev else prev - t
            left = tops[c - 1] if c > 0 else 99
            right = tops[c + 1] if c < COLS - 1 else 99
            d = (left if left < right else right) - t
            if d > 2:
                well += d - 2
            prev = t
        usable = material - w_waste * tiles_left
        if live <= 0:
            p_open = 0.0
        elif usable <= 0:
            p_open = 1.0
        else:
            p_open = 1.0 - usable / live
            if p_open < 0.0:
                p_open = 0.0
        score = -dead_open * (1.0 + w_hole) - (live - live_spec) * p_open - bump * w_bump - well * w_well
        if self.number == 1:
            score += popcount(full)
            # Rows above the lowest column that have no hole may still fill.
            r = lo_top
            while r < hi_top:
                bit = 1 << r
                if not holed & bit and not full & bit:
                    n = 0
                    for c in range(COLS):
                        if masks[c] & bit:
                            n += 1
                    score += w_row * (n * n) / 36.0
                r += 1
        # A special space is open at the end for sure when sheltered, else with p_open.
        for c, bit, v in self.values:
            if not masks[c] & bit:
                score += v if tops[c] >= ROWS or (1 << tops[c]) > bit else v * p_open
        for (c1, b1), (c2, b2) in self.pairs:
            if masks[c1] & b1:
                p1 = 0.0
            else:
                p1 = 1.0 if tops[c1] >= ROWS or (1 << tops[c1]) > b1 else p_open
            if masks[c2] & b2:
                p2 = 0.0
            else:
                p2 = 1.0 if tops[c2] >= ROWS or (1 << tops[c2]) > b2 else p_open
            score += 3.0 * p1 * p2 - 3.0 * (p1 * (1.0 - p2) + p2 * (1.0 - p1))
        return score
