"""Plain-text pictures of FITS things for the terminal: boards side by side, a tile's
orientations, a round's score breakdown. Rows 1..12 from the bottom (row 12 printed
first), columns 1..6 from the left, as everywhere in boardlight."""

from boardcore.fits import tiles as fits_tiles
from boardcore.fits.board import COLS, ROWS

CELL = 3  # characters per cell: tile ids and special values are at most 2 wide


def board_lines(board, layout) -> list:
    """One board as text lines: covered cells show their tile id, open ordinary dots
    '.', open special spaces their value or symbol; row labels left, columns below."""
    out = []
    for r in range(ROWS, 0, -1):
        cells = []
        for c in range(1, COLS + 1):
            if board.covered(r, c):
                tok = board.tile_at(r, c)
                tok = "#" if tok == "?" else tok
            else:
                tok = layout.token(r, c) or "."
            cells.append(tok.rjust(CELL))
        out.append("%2d" % r + "".join(cells))
    out.append("  " + "".join(str(c).rjust(CELL) for c in range(1, COLS + 1)))
    return out


def side_by_side(blocks, titles, gap=4, bottom=False, max_width=80) -> str:
    """Text blocks (lists of lines) next to each other under their titles; bottom=True
    lines the blocks up at their last line (tiles drawn as they would rest). Blocks that
    would pass `max_width` columns go on a new band below (four boards do not fit 80
    columns side by side: the terminal wrapped every row into two)."""
    blocks = [list(b) for b in blocks]
    titles = list(titles)
    width = [max([len(t)] + [len(line) for line in b]) for b, t in zip(blocks, titles)]
    bands = []
    start = 0
    used = 0
    for k in range(len(blocks)):
        if k > start and used + width[k] > max_width:
            bands.append((start, k))
            start, used = k, 0
        used += width[k] + gap
    bands.append((start, len(blocks)))
    if len(bands) > 1:
        return "\n\n".join(
            _band(blocks[a:b], titles[a:b], width[a:b], gap, bottom) for a, b in bands)
    return _band(blocks, titles, width, gap, bottom)


def _band(blocks, titles, width, gap, bottom):
    height = max(len(b) for b in blocks)
    if bottom:
        blocks = [[""] * (height - len(b)) + list(b) for b in blocks]
    rows = ["".join(t.ljust(w + gap) for t, w in zip(titles, width)).rstrip()]
    for i in range(height):
        parts = []
        for b, w in zip(blocks, width):
            parts.append((b[i] if i < len(b) else "").ljust(w + gap))
        rows.append("".join(parts).rstrip())
    return "\n".join(rows)


def orientation_lines(tile) -> str:
    """All orientations of a tile drawn side by side, numbered as the core numbers them."""
    n = fits_tiles.orientation_count(tile)
    blocks = []
    titles = []
    for o in range(1, n + 1):
        blocks.append([line.replace(".", " ") for line in fits_tiles.picture(tile, o)])
        titles.append(str(o))
    return side_by_side(blocks, titles, gap=3, bottom=True)


def score_lines(name, breakdown) -> list:
    """A player's round breakdown as readable lines."""
    b = breakdown
    out = ["%s: %+d on board %d" % (name, b["total"], b["board"])]
    out.append("  open dots: %d (%+d)" % (b["open_dots"], b["dots"]))
    if b["board"] == 1:
        out.append("  full rows: %d (%+d)" % (b["full_rows"], b["rows"]))
    for s in b.get("specials", ()):
        state = "covered" if s["covered"] else "open"
        out.append("  special %+d at row %d column %d: %s (%+d)" % (s["value"], s["row"], s["column"], state, s["points"]))
    for p in b.get("pairs", ()):
        cells = " and ".join("row %d column %d" % (r, c) for r, c in p["cells"])
        out.append("  symbol %s (%s): %d open (%+d)" % (p["symbol"], cells, p["open"], p["points"]))
    return out
